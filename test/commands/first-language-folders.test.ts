// A change of the first language when languages have folders of their own, as the German-first, Italian-second
// owner had them: German pages at the root of content/pages/, Italian ones in content/pages/it/. Each language's
// pages come from its own folder whenever it exists, whichever language is first, and the lines that name what
// now publishes where never advise a move onto a file already there.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerWarnings } from '../../src/cli/check/owner-warnings.ts';
import { loadConfig } from '../../src/data/config.ts';
import { buildProject, type ProjectBuild } from '../helpers/build-project.ts';
import { copyProject, CURRENT_PERIODS } from '../helpers/project-copy.ts';
import { removeDir } from '../helpers/remove-dir.ts';

let project = '';
const builds: Record<string, ProjectBuild & { headings: Record<string, string | undefined> }> = {};

function setLanguages(languages: string[]): void {
  const file = path.join(project, 'content/site.json');
  const {
    language: _language,
    languages: _languages,
    ...site
  } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  writeFileSync(file, JSON.stringify({ ...site, languages }));
}

function writePage(file: string, title: string, text: string): void {
  mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
  writeFileSync(path.join(project, file), `---\ntitle: ${title}\n---\n${text}\n`);
}

const page = (url: string) => readFileSync(path.join(project, 'dist', url, 'index.html'), 'utf8');
const h1 = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
/** Builds, keeping the about pages' headings and languages as this build published them. */
const build = async (name: string) => {
  const result = await buildProject(project, { ASTRO_BUILD_DATE: '2026-11-22' }, { searchIndex: false });
  if (result.error) throw result.error;
  const headings = Object.fromEntries(
    ['about', 'de/about', 'it/about'].map((url) => {
      try {
        const html = page(url);
        return [url, `${/<html lang="([^"]+)"/.exec(html)?.[1]}: ${h1(html)}`];
      } catch {
        return [url, undefined];
      }
    }),
  );
  builds[name] = { ...result, headings };
};
const languageLines = (warnings: string[]) => warnings.filter((line) => line.includes('first language'));

beforeAll(async () => {
  project = copyProject({ periods: CURRENT_PERIODS });
  rmSync(path.join(project, 'content/pages'), { recursive: true });
  rmSync(path.join(project, 'content/overrides'), { recursive: true });
  writePage('content/pages/about.md', 'Über Sternenweg', 'Wir schreiben jede Woche für dich.');
  writePage('content/pages/it/about.md', 'Chi siamo', 'Scriviamo per te ogni settimana.');
  setLanguages(['de', 'it']);
  await build('german first');
  setLanguages(['it', 'de']);
  await build('italian first');
}, 600_000);
afterAll(() => removeDir(project));

describe('a first language with a folder of its own', () => {
  it('publishes its folder at the root, not the root files, whichever language was first before', () => {
    expect(builds['german first']!.headings).toEqual({
      about: 'de: Über Sternenweg',
      'de/about': undefined,
      'it/about': 'it: Chi siamo',
    });
    expect(languageLines(builds['german first']!.warnings)).toEqual([]);
    // Italian first: its own folder, at the root, in Italian; the German file is nobody's and says where it goes.
    expect(builds['italian first']!.headings).toEqual({
      about: 'it: Chi siamo',
      'de/about': undefined,
      'it/about': undefined,
    });
  });

  it('names in one line per file what now publishes where, the German file with where to keep it in German', () => {
    expect(languageLines(builds['italian first']!.warnings)).toEqual([
      "warning: content/pages/it/about.md now publishes at the site's root, in it, the first language",
      'warning: content/pages/about.md is not published: it, the first language, has its own folder content/pages/it/: move it to content/pages/de/about.md to publish it in de',
    ]);
    expect(ownerWarnings(loadConfig(project, {}))).toEqual([
      'warning: content/pages/about.md is not published: it, the first language, has its own folder content/pages/it/: move it into the folder of the language it is written in (content/pages/{tag}/), or remove it',
    ]);
  });

  it('back to German first with the German file still at the root: German at the root, no advice to overwrite the Italian page', async () => {
    setLanguages(['de', 'it']);
    await build('german again');
    expect(builds['german again']!.headings).toEqual({
      about: 'de: Über Sternenweg',
      'de/about': undefined,
      'it/about': 'it: Chi siamo',
    });
    const lines = languageLines(builds['german again']!.warnings);
    expect(lines).toEqual([
      'warning: content/pages/it/about.md now publishes under /it/, in it, no longer the first language',
      'warning: content/pages/about.md now publishes in de, the first language: check that it is written in de',
    ]);
    expect(lines.join('\n')).not.toContain('move it to content/pages/it/');
  });

  it('with both languages in folders of their own, each page stays in its language at every change', async () => {
    mkdirSync(path.join(project, 'content/pages/de'));
    renameSync(path.join(project, 'content/pages/about.md'), path.join(project, 'content/pages/de/about.md'));
    setLanguages(['it', 'de']);
    await build('both in folders');
    expect(builds['both in folders']!.headings).toEqual({
      about: 'it: Chi siamo',
      'de/about': 'de: Über Sternenweg',
      'it/about': undefined,
    });
    expect(languageLines(builds['both in folders']!.warnings)).toEqual([
      "warning: content/pages/it/about.md now publishes at the site's root, in it, the first language",
      'warning: content/pages/de/about.md now publishes under /de/, in de, no longer the first language',
    ]);
    expect(ownerWarnings(loadConfig(project, {}))).toEqual([]);
  });
});
