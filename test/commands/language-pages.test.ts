// Each language's editors' pages on a site of three with analytics on: a language without a privacy page of its own
// gets one made from the settings, in its words; each language's footer links its own about and privacy pages;
// a language without the about page the first one's footer links is named in one line.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, type ProjectBuild } from '../helpers/build-project.ts';
import { copyProject, CURRENT_PERIODS } from '../helpers/project-copy.ts';
import { removeDir } from '../helpers/remove-dir.ts';

let project = '';
let run: ProjectBuild;

const page = (url: string) => readFileSync(path.join(project, 'dist', url, 'index.html'), 'utf8');
const footer = (html: string) => /<footer[\s\S]*<\/footer>/.exec(html)![0];
const footerLinks = (html: string) =>
  [...footer(html).matchAll(/<a href="([^"]+)"[^>]*>([^<]*)<\/a>/g)].map((m) => `${m[1]} ${m[2]}`);

beforeAll(async () => {
  project = copyProject({ periods: CURRENT_PERIODS });
  const file = path.join(project, 'content/site.json');
  const { language: _language, ...site } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  writeFileSync(
    file,
    JSON.stringify({
      ...site,
      languages: ['en', 'es', 'it'],
      analytics: { provider: 'goatcounter', code: 'starlight' },
    }),
  );
  mkdirSync(path.join(project, 'content/pages/es'), { recursive: true });
  writeFileSync(
    path.join(project, 'content/pages/es/about.md'),
    '---\ntitle: Quiénes somos\norder: 1\n---\nEscribimos cada semana.\n',
  );
  run = await buildProject(project, { ASTRO_BUILD_DATE: '2026-11-22' }, { searchIndex: false });
  if (run.error) throw run.error;
}, 300_000);
afterAll(() => removeDir(project));

describe('the editors’ pages of each language', () => {
  it('gives a language with analytics and no privacy page one made from the settings, in its words', () => {
    const spanish = page('es/privacy');
    expect(spanish).toContain('<html lang="es"');
    expect(spanish).toContain('<h1>Privacidad</h1>');
    expect(spanish).toContain('GoatCounter');
    expect(spanish).toContain('href="https://www.goatcounter.com/help/privacy"');
    expect(page('it/privacy')).toContain('<h1>Privacy</h1>');
    expect(page('it/privacy')).toContain('Conta le visite con GoatCounter');
  });

  it("links each language's own about and privacy pages from its footer", () => {
    const links = footerLinks(page('es/weekly/2026-w47/leo'));
    expect(links).toContain('/es/about/ Quiénes somos');
    expect(links).toContain('/es/privacy/ Privacidad');
    expect(links.filter((link) => link.startsWith('/about/') || link.startsWith('/privacy/'))).toEqual([]);
    expect(footerLinks(page('it'))).toContain('/it/privacy/ Privacy');
  });

  it('names in one line the about page a language lacks, which the first language’s footer links', () => {
    expect(run.warnings.filter((line) => line.includes('about.md'))).toEqual([
      'warning: content/pages/it/about.md is missing: the en footer links its about page (content/pages/about.md), the it one has none',
    ]);
  });
});
