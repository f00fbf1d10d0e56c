// The build as a test calls it: `runBuild` (src/cli/builder/run-build.ts) in the test's own process, on a project copy,
// with its log lines kept instead of printed. Tests that assert what a process does (exit codes, signals, its
// output, the lock) run `npm run build` instead (project-copy.ts `runScript`).
import type { BuildSummary } from '../../src/cli/builder/build-summary.ts';
import { runBuild, type BuildOptions } from '../../src/cli/builder/run-build.ts';

/** Fetching's progress lines, which are the terminal's, not the test's: a build a test calls writes them here. */
export const quietProgress = { isTTY: false, write: () => true } as unknown as NodeJS.WriteStream;

export interface ProjectBuild {
  /** The build's summary; undefined when it failed. */
  summary?: BuildSummary;
  /** Why it failed. */
  error?: Error;
  /** Its info lines and its warnings, as `npm run build` would print them. */
  logs: string[];
  warnings: string[];
}

/** Builds `rootDir` (its dist/ and .cache/ unless `options` say otherwise) with `env` alone, never `.env`. */
export async function buildProject(
  rootDir: string,
  env: Record<string, string>,
  options: Omit<BuildOptions, 'rootDir' | 'env' | 'log' | 'warn'> = {},
): Promise<ProjectBuild> {
  const logs: string[] = [];
  const warnings: string[] = [];
  try {
    const summary = await runBuild({
      ...options,
      rootDir,
      env,
      progressStream: quietProgress,
      log: (line) => logs.push(line),
      warn: (line) => warnings.push(line),
    });
    return { summary, logs, warnings };
  } catch (error) {
    return { error: error as Error, logs, warnings };
  }
}
