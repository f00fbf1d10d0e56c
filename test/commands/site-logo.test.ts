// The owner's logo, end to end through the build: named in site.json, it is sanitized, published under
// a hashed name, shown in the header, used as the favicon, drawn into the site's share image and named as the
// reports' publisher logo.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { HtmlValidate } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, type ProjectBuild } from '../helpers/build-project.ts';
import { CURRENT_PERIODS, copyProject } from '../helpers/project-copy.ts';
import { removeDir } from '../helpers/remove-dir.ts';

const LOGO = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="80" onload="alert(1)">',
  '<script>alert(2)</script>',
  '<defs><mask id="m"><rect width="160" height="80" fill="#fff"/><circle cx="100" cy="30" r="28" fill="#000"/></mask></defs>',
  '<rect width="160" height="80" fill="#00a86b" mask="url(#m)"/>',
  '<image href="https://evil.example/track.png" width="1" height="1"/>',
  '</svg>',
].join('\n');

let project: string;
let run: ProjectBuild;
const read = (file: string) => readFileSync(path.join(project, 'dist', file), 'utf8');

beforeAll(async () => {
  project = copyProject({ periods: CURRENT_PERIODS });
  writeFileSync(path.join(project, 'content/logo.svg'), LOGO);
  const site = JSON.parse(readFileSync(path.join(project, 'content/site.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(path.join(project, 'content/site.json'), JSON.stringify({ ...site, logo: 'logo.svg' }));
  // No assertion here reads the search index.
  run = await buildProject(project, { ASTRO_BUILD_DATE: '2026-11-22' }, { searchIndex: false });
});
afterAll(() => removeDir(project));

describe('a logo named in site.json', () => {
  it('builds', () => {
    expect(run.warnings).toEqual([]);
    expect(run.error).toBeUndefined();
  });

  it('is published sanitized under a hashed name, in the header 80 × 40 with no alt of its own, and as the favicon', async () => {
    const [published] = readdirSync(path.join(project, 'dist/assets')).filter((f) => f.startsWith('logo.'));
    expect(published).toMatch(/^logo\.[0-9a-f]{8}\.svg$/);
    const svg = read(`assets/${published}`);
    expect(svg).toContain('mask="url(#m)"');
    expect(svg).not.toMatch(/script|onload|evil\.example|<image/);
    const page = read('leo/index.html');
    const url = `/assets/${published}`;
    // The link's text is the site's name: the logo beside it is decoration.
    expect(page).toContain(
      `<a class="site-title" href="/"><img class="site-logo" src="${url}" width="80" height="40" alt="">Starlight Horoscopes</a>`,
    );
    expect(page).toContain(`<link rel="icon" href="${url}" type="image/svg+xml">`);
    // The project's own mark is the favicon of a site without a logo only: here it is not published.
    expect(readdirSync(path.join(project, 'dist/assets')).filter((f) => f.startsWith('favicon.'))).toEqual([]);
    const report = await new HtmlValidate({ extends: ['html-validate:standard'] }).validateString(
      page,
      'leo/index.html',
    );
    expect(report.results.flatMap((r) => r.messages.map((m) => m.message))).toEqual([]);
  });

  it("is drawn into the site's share image and JSON-LD's publisher logo", () => {
    const home = read('index.html');
    expect(home).toContain(
      '<meta property="og:image:alt" content="The logo of Starlight Horoscopes beside its title">',
    );
    const logo =
      /"logo":\{"@type":"ImageObject","url":"https:\/\/horoscopes\.example\.com\/(assets\/share\/logo\.[0-9a-f]{10}\.png)"/.exec(
        read('weekly/2026-w47/leo/index.html'),
      );
    expect(logo).not.toBeNull();
    expect(readFileSync(path.join(project, 'dist', logo![1]!)).readUInt32BE(16)).toBe(512);
  });
});
