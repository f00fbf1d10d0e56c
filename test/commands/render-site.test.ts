// Eleventy run in-process on a project beside the working directory, as the suite's builds of project copies
// are: with `TMPDIR=/x/site-tmp` for a checkout at `/x/site`, Eleventy cut `/x/site` off the copy's paths.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { runBuild } from '../../src/cli/builder/run-build.ts';
import { copyProject } from '../../scripts/lib/copy-project.ts';
import { CURRENT_PERIODS, FIXTURE_CONTENT } from '../helpers/project-copy.ts';
import { tempDir } from '../helpers/temp-dir.ts';
import { quietProgress } from '../helpers/build-project.ts';

const workingDir = process.cwd();
afterEach(() => process.chdir(workingDir));

it('builds a project in a folder whose path starts with the working directory’s path', async () => {
  const base = tempDir('render-site-');
  const checkout = path.join(base, 'site');
  mkdirSync(checkout);
  const project = copyProject(path.join(base, 'site-tmp'), FIXTURE_CONTENT);
  const siteFile = path.join(project, 'content/site.json');
  const site = { ...JSON.parse(readFileSync(siteFile, 'utf8')), periods: CURRENT_PERIODS };
  writeFileSync(siteFile, JSON.stringify(site));
  process.chdir(checkout);
  const summary = await runBuild({
    rootDir: project,
    env: { ASTRO_BUILD_DATE: '2026-11-22' },
    outputDir: path.join(project, 'dist'),
    cacheDir: path.join(project, '.cache'),
    log: () => {},
    warn: () => {},
    progressStream: quietProgress,
  });
  // One period of each kind: 4 × 12 reports and 4 period hubs, 12 sign hubs, 4 archives, 3 charts and their
  // index, 2 editors' pages, the home, search and 404 pages, the card's page of each report (/embed/…) and the
  // API's page (/api/v1/), and the calendar's hub, its 2 years (2026–2027) and their 24 months.
  expect(summary.pages).toBe(48 + 4 + 12 + 4 + 4 + 2 + 3 + 48 + 1 + 27);
  expect(readFileSync(path.join(project, 'dist/weekly/2026-w47/leo/index.html'), 'utf8')).toContain('<h1');
});

it('reads a template edited since the last build in the same process, as a build in a new process would', async () => {
  const project = copyProject(tempDir('render-site-'), FIXTURE_CONTENT);
  const siteFile = path.join(project, 'content/site.json');
  writeFileSync(siteFile, JSON.stringify({ ...JSON.parse(readFileSync(siteFile, 'utf8')), periods: CURRENT_PERIODS }));
  const layout = path.join(project, 'templates/_layouts/report.njk');
  const page = () => readFileSync(path.join(project, 'dist/weekly/2026-w47/leo/index.html'), 'utf8');
  const build = () =>
    runBuild({
      rootDir: project,
      env: { ASTRO_BUILD_DATE: '2026-11-22' },
      full: true,
      log: () => {},
      warn: () => {},
      progressStream: quietProgress,
      // No search index: the assertions read a page alone.
      searchIndex: false,
    });
  for (const words of ['First edit.', 'Second edit.']) {
    writeFileSync(layout, readFileSync(layout, 'utf8').replace('</article>', `<p>${words}</p></article>`));
    await build();
    expect(page()).toContain(words);
  }
});
