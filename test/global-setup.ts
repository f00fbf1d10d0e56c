// Builds the sites the built-site tests inspect, once per run, in this process: the tests' own site
// (test/fixtures/site) from the embedded sample service, and a small one in each other shipped language, each in a
// project copy. https://vitest.dev/config/#globalsetup
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { runBuild } from '../src/cli/builder/run-build.ts';
import { buildProject } from './helpers/build-project.ts';
import { copyProject } from './helpers/project-copy.ts';

export const TEST_BUILD_DATE = '2026-11-22';
/** The shipped languages besides English (content/i18n/), each built as a whole site of its own. */
export const OTHER_LANGUAGES = ['es', 'pt', 'fr', 'de', 'it'];
/** The language sites' windows: the current period of each kind, and next week (the tests read week 48). */
const LANGUAGE_PERIODS = { weekly: { past: 0, future: 1 }, monthly: { past: 0, future: 0 }, yearly: { past: 0, future: 0 }, ascendantYearly: { past: 0, future: 0 } };

export default async function setup(project: TestProject) {
  const work = await mkdtemp(path.join(tmpdir(), 'astro-site-'));
  const siteDir = path.join(work, 'dist');
  const defaultSite = copyProject();
  await runBuild({
    rootDir: defaultSite,
    env: { ASTRO_BUILD_DATE: TEST_BUILD_DATE },
    outputDir: siteDir,
    cacheDir: path.join(work, 'cache'),
    log: () => {},
  });
  const languageSites: { language: string; project: string }[] = [];
  for (const language of OTHER_LANGUAGES) languageSites.push(await buildLanguageSite(language));
  project.provide('siteDir', siteDir);
  project.provide('buildDate', TEST_BUILD_DATE);
  project.provide('languageSites', Object.fromEntries(languageSites.map(({ language, project: copy }) => [language, path.join(copy, 'dist')])));
  return async () => {
    await Promise.all([work, defaultSite, ...languageSites.map((site) => site.project)].map((dir) => rm(dir, { recursive: true, force: true })));
  };
}

/** The site in `language`: a project copy whose content/site.json says it, built there. */
async function buildLanguageSite(language: string): Promise<{ language: string; project: string }> {
  const project = copyProject({ periods: LANGUAGE_PERIODS });
  const siteFile = path.join(project, 'content/site.json');
  // Their tests read the pages and the feeds, never the JSON API or the card, which the default site has.
  await writeFile(siteFile, JSON.stringify({ ...JSON.parse(await readFile(siteFile, 'utf8')), language, api: false, card: false }));
  const run = await buildProject(project, { ASTRO_BUILD_DATE: TEST_BUILD_DATE });
  if (run.error) throw new Error(`the ${language} site did not build: ${run.error.message}`);
  return { language, project };
}

declare module 'vitest' {
  export interface ProvidedContext {
    siteDir: string;
    buildDate: string;
    /** Language → the built site's folder, for every language but English. */
    languageSites: Record<string, string>;
  }
}
