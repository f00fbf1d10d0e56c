// The build without ASTRO_API_URL for a site in another language: the embedded sample service writes the
// site's language when it can (a Brazilian demo site end to end: a regional tag with a bank of its own), else English
// (a Dutch site whose owner wrote content/i18n/nl.json), and the build says so once.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject } from '../helpers/build-project.ts';
import { CURRENT_PERIODS, copyProject } from '../helpers/project-copy.ts';
import { removeDir } from '../helpers/remove-dir.ts';

const NOTE =
  'The sample service writes en, es, de, fr, it, pt and pt-BR only: its reports and charts for this nl site are in English.';

let project: string;

beforeAll(() => {
  // Three past weeks: week 44 is one, fetched again in the second language.
  project = copyProject({ periods: { ...CURRENT_PERIODS, weekly: { past: 3, future: 0 } } });
});
afterAll(() => removeDir(project));

function setLanguage(language: string): void {
  const file = path.join(project, 'content/site.json');
  writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), language }, null, 2));
}

async function build(language: string) {
  setLanguage(language);
  // No assertion here reads the search index.
  const run = await buildProject(project, { ASTRO_BUILD_DATE: '2026-11-22' }, { searchIndex: false });
  expect(run.error).toBeUndefined();
  return run;
}

const page = (file: string) => readFileSync(path.join(project, 'dist', file), 'utf8');

describe("a build from the sample service, in the site's language", () => {
  it('builds a Brazilian site with Brazilian reports and charts, and no note', async () => {
    const run = await build('pt-BR');
    expect([...run.logs, ...run.warnings].join('\n')).not.toContain('The sample service writes');
    const weekly = page('weekly/2026-w47/aries/index.html');
    expect(weekly).toContain(
      'Áries: a semana de 16 a 22 de novembro de 2026 gira em torno da entrada do Sol em Sagitário no dia 22 de novembro, na sua nona casa',
    );
    expect(weekly).toContain('Datas-chave');
    expect(weekly).not.toContain('your 9th house');
    expect(page('weekly/2026-w47/cancer/index.html')).toContain('Câncer:');
    expect(page('charts/elizabeth-ii/index.html')).toContain(
      'nascimento no dia 21 de abril de 1926, às 2h40, em London; Sol em Touro, Lua em Leão, ascendente em Capricórnio.',
    );
  });

  it('builds a Dutch site in English, saying so in one line, even after a Brazilian build filled the cache', async () => {
    // The owner's own message file for a language the project does not ship (the English words, for the test).
    copyFileSync(path.join(project, 'content/i18n/en.json'), path.join(project, 'content/i18n/nl.json'));
    const run = await build('nl');
    const lines = [...run.logs, ...run.warnings].join('\n').split('\n');
    expect(lines.filter((line) => line.includes('The sample service writes'))).toEqual([NOTE]);
    const weekly = page('weekly/2026-w47/aries/index.html');
    expect(weekly).toContain('in your 9th house of travel, study and belief');
    // A past period is never fetched again: this one must not come from the Brazilian build's cache.
    for (const file of ['weekly/2026-w44/aries/index.html', 'weekly/2026-w47/aries/index.html']) {
      expect(page(file)).toMatch(/your \d+(st|nd|rd|th) house/);
      expect(page(file)).not.toContain('casa');
    }
    expect(page('charts/elizabeth-ii/index.html')).toContain('born on 1926-04-21 at 02:40 in London');
  });
});
