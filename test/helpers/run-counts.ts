// What a test run starts, counted across its workers, their threads and every command they start: a file per kind
// in the run's shared folder (vitest.config.ts), a byte appended per event (appends of one byte never interleave),
// summed by the run's count line (test/count-reporter.ts). Counting only: nothing here changes what a process does.
import { appendFileSync, chmodSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The environment variable naming the counts' folder in the commands the tests start (test/helpers/project-copy.ts). */
export const COUNTS_VARIABLE = 'TEST_RUN_COUNTS';

export type Counted =
  'builds in process' | 'builds as processes' | 'Pagefind runs' | 'Chromium pages' | 'workerd starts';

/** The run's counts folder: named by the variable in a command, under the run's temporary folder in a worker. */
export function countsDir(): string | undefined {
  const run = process.env.ASTRO_TEST_TMPDIR;
  return process.env[COUNTS_VARIABLE] ?? (run ? path.join(run, 'shared', 'counts') : undefined);
}

export function count(kind: Counted): void {
  const dir = countsDir();
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  appendFileSync(path.join(dir, kind), '.');
}

/** Every kind counted so far in the run. */
export function readCounts(dir: string): Record<string, number> {
  try {
    return Object.fromEntries(readdirSync(dir).map((kind) => [kind, statSync(path.join(dir, kind)).size]));
  } catch {
    return {};
  }
}

/**
 * The variables by which Pagefind's and Miniflare's packages take the program they start (pagefind/lib/resolveBinary.js,
 * miniflare's MINIFLARE_WORKERD_PATH), each naming the real program: whatever thread or process starts one, the
 * variable passed down, it runs `wrapPrograms`'s wrapper, which counts the start and becomes the program (`exec`).
 */
export const PROGRAM_VARIABLES = ['PAGEFIND_EXTENDED_BINARY_PATH', 'MINIFLARE_WORKERD_PATH'] as const;

/** Writes the wrappers into `runDir` and sets their variables in this process, which its workers inherit. */
export function wrapPrograms(runDir: string): void {
  const require = createRequire(import.meta.url);
  const real = {
    PAGEFIND_EXTENDED_BINARY_PATH: [
      'Pagefind runs',
      require.resolve(
        `@pagefind/${process.platform}-${process.env.npm_config_arch || process.arch}/bin/pagefind_extended`,
      ),
    ],
    MINIFLARE_WORKERD_PATH: ['workerd starts', (require('workerd') as { default: string }).default],
  } satisfies Record<(typeof PROGRAM_VARIABLES)[number], [Counted, string]>;
  const bin = path.join(runDir, 'shared', 'counted-programs');
  const counts = path.join(runDir, 'shared', 'counts');
  mkdirSync(bin, { recursive: true });
  mkdirSync(counts, { recursive: true });
  for (const [variable, [kind, program]] of Object.entries(real)) {
    const wrapper = path.join(bin, path.basename(program));
    writeFileSync(wrapper, `#!/bin/sh\nprintf . >> '${path.join(counts, kind)}'\nexec '${program}' "$@"\n`);
    chmodSync(wrapper, 0o755);
    process.env[variable] = wrapper;
  }
}
