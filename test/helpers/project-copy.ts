// Running the real commands in a throwaway copy of the project (copy-project.ts), for tests: without touching
// the work tree's dist/, .cache/ or .preview/.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import type { SiteConfig } from '../../src/data/config.ts';
import { startSampleService, type SampleService } from '../../src/sample-service/server.ts';
import { copyProject as copyProjectInto } from '../../scripts/lib/copy-project.ts';
import { removeDir } from './remove-dir.ts';
import { COUNTS_VARIABLE, countsDir, PROGRAM_VARIABLES } from './run-counts.ts';

/**
 * The tests' own site (test/fixtures/site/content): what a build reads from content/, as a site owner would write
 * it. No test reads the project's content/, which belongs to the owner who copies the project.
 */
export const FIXTURE_CONTENT = path.resolve(import.meta.dirname, '../fixtures/site/content');

/** The current period of each kind alone: 4 periods and 76 pages, for a test that needs no archive. */
export const CURRENT_PERIODS: SiteConfig['periods'] = {
  weekly: { past: 0, future: 0 },
  monthly: { past: 0, future: 0 },
  yearly: { past: 0, future: 0 },
  ascendantYearly: { past: 0, future: 0 },
};

/**
 * Builds with `cacheDir` keep what they derive from content alone (share images, the sky's years) in the run's
 * shared folder (vitest.config.ts), where the builds of every test, in process or not, find what one drew or
 * computed before: each is made once a run. Both are kept under content keys (src/incremental/content-key.ts).
 */
export function shareRunImages(cacheDir: string): void {
  mkdirSync(cacheDir, { recursive: true });
  for (const folder of ['share-images', 'sky']) {
    const shared = path.join(tmpdir(), 'shared', folder);
    mkdirSync(shared, { recursive: true });
    symlinkSync(shared, path.join(cacheDir, folder), 'dir');
  }
}

/**
 * A copy of the project's code in a new temporary folder (scripts/lib/copy-project.ts) with the tests' own site as
 * its content/, sharing the run's share images, with `periods` as the windows of its content/site.json when given.
 */
export function copyProject({ periods }: { periods?: SiteConfig['periods'] } = {}): string {
  const project = copyProjectInto(undefined, FIXTURE_CONTENT);
  shareRunImages(path.join(project, '.cache'));
  if (periods) {
    const siteFile = path.join(project, 'content/site.json');
    writeFileSync(siteFile, JSON.stringify({ ...JSON.parse(readFileSync(siteFile, 'utf8')), periods }, null, 2));
  }
  return project;
}

/**
 * A copy of the project (`copyProject`) in English and Spanish, with `periods`, built on `buildDate` in this process
 * into its dist/ (its cache in .cache/), with `settings` added to its content/site.json and `edit` run on the copy first;
 * without its search index when `searchIndex` is false (for tests that read none).
 */
export async function builtInTwoLanguages(
  periods: SiteConfig['periods'],
  buildDate: string,
  settings: Record<string, unknown> = {},
  edit?: (project: string) => void,
  { searchIndex = true } = {},
): Promise<string> {
  const project = copyProject({ periods });
  const siteFile = path.join(project, 'content/site.json');
  const { language: _language, ...site } = JSON.parse(readFileSync(siteFile, 'utf8')) as Record<string, unknown>;
  writeFileSync(siteFile, JSON.stringify({ ...site, languages: ['en', 'es'], ...settings }));
  edit?.(project);
  // Loaded here: most tests of this module run the commands as processes.
  const { runBuild } = await import('../../src/cli/builder/run-build.ts');
  const { quietProgress } = await import('./build-project.ts');
  await runBuild({
    rootDir: project,
    env: { ASTRO_BUILD_DATE: buildDate },
    outputDir: path.join(project, 'dist'),
    cacheDir: path.join(project, '.cache'),
    log: () => {},
    warn: () => {},
    progressStream: quietProgress,
    searchIndex,
  });
  return project;
}

/** Preloaded into each command, counting what it starts for the run's count line (test/helpers/count-child.ts). */
const COUNT_CHILD = pathToFileURL(path.resolve(import.meta.dirname, 'count-child.ts')).href;

/**
 * What a command the tests start sees of the outer environment: PATH, HOME, the run's temporary folder and its
 * compile cache (vitest.config.ts), the run's counter, plus `env`.
 */
export function commandEnv(env: Record<string, string>): Record<string, string> {
  const { PATH = '', HOME = '', NODE_COMPILE_CACHE } = process.env;
  const dir = countsDir();
  const counting: Record<string, string> = dir
    ? { [COUNTS_VARIABLE]: dir, NODE_OPTIONS: `--import=${COUNT_CHILD}` }
    : {};
  const programs = Object.fromEntries(
    PROGRAM_VARIABLES.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
  );
  return {
    PATH,
    HOME,
    TMPDIR: tmpdir(),
    ...(NODE_COMPILE_CACHE ? { NODE_COMPILE_CACHE } : {}),
    ...counting,
    ...programs,
    ...env,
  };
}

/**
 * Runs `scripts/<script>` as the npm scripts do (`node scripts/<script> [args]`), with `commandEnv(env)`.
 */
export function spawnScript(
  project: string,
  script: string,
  env: Record<string, string>,
  args: readonly string[] = [],
): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [path.join('scripts', script), ...args], { cwd: project, env: commandEnv(env) });
}

/**
 * For a test file: a copy of the project and a sample service on a loopback port with these credentials, made
 * before its tests and removed after them. The fields are set once `beforeAll` has run.
 */
export function useProjectAndService(
  credentials: { username: string; password: string },
  options: Parameters<typeof copyProject>[0] = {},
): { project: string; service: SampleService } {
  const context = {} as { project: string; service: SampleService };
  beforeAll(async () => {
    context.project = copyProject(options);
    context.service = await startSampleService(credentials);
  });
  afterAll(async () => {
    await context.service?.close();
    await removeDir(context.project);
  });
  return context;
}

export interface ScriptRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** `spawnScript`, with its output collected and a promise of how it ended. */
export function runScript(
  project: string,
  script: string,
  env: Record<string, string>,
  args: readonly string[] = [],
): { child: ChildProcessWithoutNullStreams; done: Promise<ScriptRun> } {
  const child = spawnScript(project, script, env, args);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d));
  child.stderr.on('data', (d: Buffer) => (stderr += d));
  const done = new Promise<ScriptRun>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, done };
}
