// Builds the site once from the embedded sample service, for every test that inspects built pages.
// https://vitest.dev/config/#globalsetup
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { runBuild } from '../src/cli/run-build.ts';

export const TEST_BUILD_DATE = '2026-11-22';

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
  return async () => {
    await rm(work, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    siteDir: string;
    buildDate: string;
  }
}
