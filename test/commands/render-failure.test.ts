// Atomic output when rendering itself fails: a template that throws for one page, or a filter that throws on one
// report, leaves the published dist/ byte for byte as it was, no staging folder behind and the page dates unsaved.
// And the next good build replaces dist/ whole: pages of periods that left the window are gone.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeFailure } from '../../src/cli/describe-failure.ts';
import { buildProject } from '../helpers/build-project.ts';
import { snapshot } from '../helpers/files.ts';
import { copyProject, runScript } from '../helpers/project-copy.ts';
import { removeDir } from '../helpers/remove-dir.ts';

let project: string;
let pristine: Record<string, string>;
const BUILD = { ASTRO_BUILD_DATE: '2026-11-22' };

/** Two weeks, and one period of each other kind: enough for a page that fails and a week that leaves the window. */
const PERIODS = {
  weekly: { past: 1, future: 0 },
  monthly: { past: 0, future: 0 },
  yearly: { past: 0, future: 0 },
  ascendantYearly: { past: 0, future: 0 },
};

beforeAll(() => {
  project = copyProject({ periods: PERIODS });
  pristine = Object.fromEntries(
    ['.eleventy.js', 'templates/_layouts/report.njk', 'content/site.json'].map((file) => [
      file,
      readFileSync(path.join(project, file), 'utf8'),
    ]),
  );
});
afterAll(() => removeDir(project));
beforeEach(async () => {
  expect((await build()).error).toBeUndefined();
});
afterEach(() => {
  for (const [file, text] of Object.entries(pristine)) writeFileSync(path.join(project, file), text);
});

/** Every file under dist/ with its bytes. */
const published = () => snapshot(path.join(project, 'dist'));

const stagingFolders = () =>
  readdirSync(project).filter((name) => name.startsWith('.dist-build-') && !name.endsWith('-previous'));

function edit(file: string, change: (text: string) => string): void {
  writeFileSync(path.join(project, file), change(readFileSync(path.join(project, file), 'utf8')));
}

// No assertion here reads the search index.
const build = (env: Record<string, string> = {}) => buildProject(project, { ...BUILD, ...env }, { searchIndex: false });

/** The one line `npm run build` ends with when this build fails. */
async function failingBuild(env: Record<string, string> = {}): Promise<string> {
  const run = await build(env);
  expect(run.error).toBeDefined();
  return `Build failed: ${describeFailure(run.error)}`;
}

/** The one line `npm run build` ends with, in a process of its own: the process imports the edited `.eleventy.js`. */
async function failingBuildProcess(): Promise<string> {
  const run = await runScript(project, 'build.ts', BUILD).done;
  expect(run.code).toBe(1);
  return run.stderr.split('\n').find((line) => line.startsWith('Build failed:')) ?? '';
}

describe('a render that fails part-way', () => {
  it('from a template that throws on one page leaves dist/ byte for byte as it was', async () => {
    const before = published();
    // Printing an undefined variable throws (the strict Nunjucks environment), for the weekly Leo page only.
    edit(
      'templates/_layouts/report.njk',
      (text) => `{% if report.url == '/weekly/2026-w47/leo/' %}{{ noSuchVariable }}{% endif %}\n${text}`,
    );
    expect(await failingBuild()).toMatch(
      /^Build failed: Having trouble writing to \d+ pages from "[^"]*templates\/report\.njk": .*report\.njk\) \[Line 1, Column \d+\] attempted to output null or undefined value$/,
    );
    expect(published()).toEqual(before);
    expect(stagingFolders()).toEqual([]);
  });

  it('from a filter that throws on one report leaves dist/ byte for byte as it was', async () => {
    const before = published();
    edit('.eleventy.js', (text) =>
      text.replace(
        'export default function (eleventyConfig) {',
        "export default function (eleventyConfig) {\n  eleventyConfig.addFilter('boom', (url) => { if (url === '/monthly/2026-11/virgo/') throw new Error('boom on ' + url); return ''; });",
      ),
    );
    edit('templates/_layouts/report.njk', (text) => `{{ report.url | boom }}\n${text}`);
    expect(await failingBuildProcess()).toMatch(/^Build failed: .*boom on \/monthly\/2026-11\/virgo\/$/);
    expect(published()).toEqual(before);
    expect(stagingFolders()).toEqual([]);
  });
});

describe('page dates', () => {
  const history = () => readFileSync(path.join(project, '.cache/sample-service/page-dates.json'), 'utf8');

  it('a failed build records no page as published: the history is byte for byte as it was', async () => {
    const before = history();
    expect(before).toContain('"/weekly/2026-w47/leo/"');
    // A day later week 2026-w49 would be new, and week 48's pages current: a saved history would show both.
    edit(
      'templates/_layouts/report.njk',
      (text) => `{% if report.url == '/weekly/2026-w47/leo/' %}{{ noSuchVariable }}{% endif %}\n${text}`,
    );
    expect(await failingBuild({ ASTRO_BUILD_DATE: '2026-11-23' })).toMatch(/^Build failed: /);
    expect(history()).toBe(before);
    expect(history()).not.toContain('2026-w49');
  });
});

describe('the next good build', () => {
  it('drops the pages of periods that left the window', async () => {
    // Built by beforeEach with one past week: 2026-w46 is the oldest.
    expect(existsSync(path.join(project, 'dist/weekly/2026-w46/aries/index.html'))).toBe(true);
    edit('content/site.json', (text) =>
      JSON.stringify({ ...JSON.parse(text), periods: { ...PERIODS, weekly: { past: 0, future: 0 } } }),
    );
    expect((await build()).error).toBeUndefined();
    expect(existsSync(path.join(project, 'dist/weekly/2026-w46/aries/index.html'))).toBe(false);
    expect(existsSync(path.join(project, 'dist/weekly/2026-w46/index.html'))).toBe(false);
    expect(existsSync(path.join(project, 'dist/weekly/2026-w47/aries/index.html'))).toBe(true);
  });
});
