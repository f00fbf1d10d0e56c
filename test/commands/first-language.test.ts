// A change of the site's first language, as an owner makes it: `languages` from ["en", "es"] to ["pt-BR", "en"].
// The editors' files at the roots of content/pages/ and content/overrides/ then publish in pt-BR: the build that
// sees the change names each in one line with where to move it to keep it in English, `npm run check` names those
// still there, and nothing once they are moved or the site is built again.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerWarnings } from '../../src/cli/check/owner-warnings.ts';
import { loadConfig } from '../../src/data/config.ts';
import { buildProject, type ProjectBuild } from '../helpers/build-project.ts';
import { copyProject, CURRENT_PERIODS, runScript } from '../helpers/project-copy.ts';
import { removeDir } from '../helpers/remove-dir.ts';

const FILES = ['content/overrides/weekly/2026-w47/leo.md', 'content/pages/about.md', 'content/pages/privacy.md'];
const line = (file: string, to: string) =>
  `warning: ${file} now publishes in pt-BR, the first language, where the last build published it in en: move it to ${to} to keep it in en`;
const EXPECTED = [
  line(FILES[0]!, 'content/overrides/en/weekly/2026-w47/leo.md'),
  line(FILES[1]!, 'content/pages/en/about.md'),
  line(FILES[2]!, 'content/pages/en/privacy.md'),
];

let project = '';
let second: ProjectBuild;

function setLanguages(languages: string[]): void {
  const file = path.join(project, 'content/site.json');
  const {
    language: _language,
    languages: _languages,
    ...site
  } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  writeFileSync(file, JSON.stringify({ ...site, languages }));
}

const build = () => buildProject(project, { ASTRO_BUILD_DATE: '2026-11-22' }, { searchIndex: false });
const checkWarnings = () => ownerWarnings(loadConfig(project, {}));
const moved = (warnings: string[]) => warnings.filter((warning) => warning.includes('the first language'));

beforeAll(async () => {
  project = copyProject({ periods: CURRENT_PERIODS });
  setLanguages(['en', 'es']);
  const first = await build();
  if (first.error) throw first.error;
  expect(moved(first.warnings)).toEqual([]);
  setLanguages(['pt-BR', 'en']);
  second = await build();
  if (second.error) throw second.error;
}, 300_000);
afterAll(() => removeDir(project));

describe('a change of the first language', () => {
  it('names each root file that now publishes in the new language, in one line, with where to keep it in the old one', () => {
    expect(moved(second.warnings)).toEqual(EXPECTED);
  });

  it('is named by npm run check too, first, as warnings that are no problems of the site', async () => {
    const run = await runScript(project, 'check.ts', {}).done;
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines.slice(0, 3)).toEqual(EXPECTED);
    // This build wrote no search index, the check's one problem: the warnings are not counted among problems.
    expect(lines.slice(3, -1).every((text) => text.includes('pagefind'))).toBe(true);
    expect(lines.at(-1)).toMatch(new RegExp(`^Check failed: ${lines.length - 4} problems? in dist/`));
  });

  it('names only the files still at the root once some are moved, and none once all are', () => {
    const move = (file: string, to: string) => {
      mkdirSync(path.dirname(path.join(project, to)), { recursive: true });
      renameSync(path.join(project, file), path.join(project, to));
    };
    move(FILES[1]!, 'content/pages/en/about.md');
    expect(checkWarnings()).toEqual([EXPECTED[0], EXPECTED[2]]);
    move(FILES[0]!, 'content/overrides/en/weekly/2026-w47/leo.md');
    move(FILES[2]!, 'content/pages/en/privacy.md');
    expect(checkWarnings()).toEqual([]);
  });

  it('says nothing at the next build, which publishes the moved files in English again', async () => {
    // A page written in Portuguese for the root, now the Portuguese site's: nothing to say of it.
    writeFileSync(path.join(project, 'content/pages/contato.md'), '---\ntitle: Contato\n---\nEscreva para nós.\n');
    const third = await build();
    if (third.error) throw third.error;
    expect(moved(third.warnings)).toEqual([]);
    expect(checkWarnings()).toEqual([]);
    expect(readFileSync(path.join(project, 'dist/en/about/index.html'), 'utf8')).toContain('<html lang="en"');
    expect(readFileSync(path.join(project, 'dist/contato/index.html'), 'utf8')).toContain('<html lang="pt-BR"');
  });
});
