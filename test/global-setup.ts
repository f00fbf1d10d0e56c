// Builds the site once from the embedded sample service, for every test that inspects built pages.
// https://vitest.dev/config/#globalsetup
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { runBuild } from '../src/cli/run-build.ts';
import { copyProject } from './helpers/project-copy.ts';

export const TEST_BUILD_DATE = '2026-11-22';
/** The shipped languages besides English (content/i18n/), each built as a whole site of its own. */
export const OTHER_LANGUAGES = ['es', 'pt', 'fr', 'de', 'it'];

export default async function setup(project: TestProject) {
  const work = await mkdtemp(path.join(tmpdir(), 'astro-site-'));
  const siteDir = path.join(work, 'dist');
  await runBuild({
    rootDir: path.resolve(import.meta.dirname, '..'),
    env: { ASTRO_BUILD_DATE: TEST_BUILD_DATE },
    outputDir: siteDir,
    cacheDir: path.join(work, 'cache'),
    log: () => {},
  });
  project.provide('siteDir', siteDir);
  project.provide('buildDate', TEST_BUILD_DATE);
  project.provide('languageSites', await buildLanguageSites(work));
  return async () => {
    await rm(work, { recursive: true, force: true });
  };
}

/** The default site again in each other language: a copy of the project whose content/site.json says it. */
async function buildLanguageSites(work: string): Promise<Record<string, string>> {
  const sites: Record<string, string> = {};
  for (const language of OTHER_LANGUAGES) {
    const rootDir = copyProject();
    const siteFile = path.join(rootDir, 'content/site.json');
    await writeFile(siteFile, JSON.stringify({ ...JSON.parse(await readFile(siteFile, 'utf8')), language }));
    sites[language] = path.join(work, `dist-${language}`);
    await runBuild({
      rootDir,
      env: { ASTRO_BUILD_DATE: TEST_BUILD_DATE },
      outputDir: sites[language],
      cacheDir: path.join(work, `cache-${language}`),
      log: () => {},
      warn: () => {},
    });
    await rm(rootDir, { recursive: true, force: true });
  }
  return sites;
}

declare module 'vitest' {
  export interface ProvidedContext {
    siteDir: string;
    buildDate: string;
    /** Language → the built site's folder, for every language but English. */
    languageSites: Record<string, string>;
  }
}
