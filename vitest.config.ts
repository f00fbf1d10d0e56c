import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { wrapPrograms } from './test/helpers/run-counts.ts';

/**
 * Tests that build a site, run a command or drive a browser live in test/site/ and test/commands/, and those of the
 * search index run Pagefind's process: `npm test` runs them, `npm run test:quick` runs every other file.
 */
const SLOW = ['test/site/**', 'test/commands/**', 'test/cli/builder/search-*.test.ts'];
/** Files that replace a module (`vi.mock`): only a fresh module registry, a worker of their own, applies it. */
const MOCKING = ['test/commands/published-output.test.ts'];
/** Every file's setup (test/setup-file.ts), and the count of what it starts where it builds sites. */
const COUNTED = ['test/setup-file.ts', 'test/count-setup.ts'];

// The run's own temporary folder, TMPDIR for every worker and every command the tests start, removed whole when
// the run ends: what other programs write in the system's folder never meets the suite. In memory where the system
// has a tmpfs (/dev/shm): the tests' builds write some 100,000 files, and a disk takes more time over them than
// the software does (docs/performance.md). test/temporary-folder.ts
// fails the run if a test left anything in it but `shared/`: Node's compile cache for the commands the tests start,
// and the share images their builds draw (test/helpers/project-copy.ts).
if (!process.env.ASTRO_TEST_TMPDIR) {
  const runDir = mkdtempSync(path.join(inMemory() ?? tmpdir(), 'astro-tests-'));
  process.env.ASTRO_TEST_TMPDIR = process.env.TMPDIR = runDir;
  process.env.NODE_COMPILE_CACHE = path.join(runDir, 'shared', 'node-compile-cache');
  // Pagefind and workerd started through wrappers that count them for the run's count line.
  wrapPrograms(runDir);
  process.once('exit', () => rmSync(runDir, { recursive: true, force: true }));
}

/** /dev/shm when this system has it and it can be written; undefined otherwise. */
function inMemory(): string | undefined {
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return undefined;
  }
}

// https://vitest.dev/guide/projects
export default defineConfig({
  test: {
    // Guards against a hang, never a measure of speed (that is `npm run bench`): far above what any test takes on a
    // 2-core machine loaded with other work, so a slow machine never fails a test whose code is right.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    // Vitest's default runs one file at a time here (cores − 1 on 2 cores); most files wait on servers, child
    // processes and Chromium, so three at once keep both cores busy. https://vitest.dev/config/#maxworkers
    maxWorkers: 3,
    // A passing run prints Vitest's report and the count line alone: a build's, a command's or a Worker's own
    // output is kept and shown only with a test that failed. https://vitest.dev/config/#silent
    silent: 'passed-only',
    // The run's count line: what it started and its slowest file (test/count-reporter.ts).
    reporters: ['default', './test/count-reporter.ts'],
    // Vitest queues the projects' files in the order of the projects' names: the built site's long browser
    // files first, the commands next, the short quick files last, filling the cores to the end of the run.
    projects: [
      // Every project's files share a worker's modules (no isolation: https://vitest.dev/config/#isolate): a file
      // in a fresh worker spent more time importing Eleventy, Pagefind and playwright than testing. Files that
      // replace a module run isolated, in a project of their own. The three projects that build sites count what
      // they start (test/count-setup.ts); the sites their tests read are built once a run and shared
      // (test/helpers/shared-sites.ts), and must be as built at the run's end (test/shared-sites-check.ts).
      {
        extends: true,
        test: {
          name: 'built-site',
          include: ['test/site/**/*.test.ts'],
          isolate: false,
          setupFiles: COUNTED,
          globalSetup: ['test/shared-sites-check.ts', 'test/browser-server.ts'],
        },
      },
      // The commands, run as site owners run them. Both projects' browser tests share one Chromium
      // (test/browser-server.ts).
      {
        extends: true,
        test: {
          name: 'commands',
          include: ['test/commands/**/*.test.ts', 'test/cli/builder/search-*.test.ts'],
          exclude: MOCKING,
          isolate: false,
          setupFiles: COUNTED,
          globalSetup: ['test/shared-sites-check.ts', 'test/browser-server.ts'],
        },
      },
      { extends: true, test: { name: 'commands-isolated', include: MOCKING, setupFiles: COUNTED } },
      // Unit and HTTP tests: no site build, no browser (`npm run test:quick`). The temporary-folder check runs
      // here, once for the whole run (https://vitest.dev/config/globalsetup).
      {
        extends: true,
        test: {
          name: 'quick',
          include: ['test/**/*.test.ts'],
          exclude: SLOW,
          isolate: false,
          setupFiles: ['test/setup-file.ts'],
          globalSetup: ['test/temporary-folder.ts'],
        },
      },
    ],
  },
});
