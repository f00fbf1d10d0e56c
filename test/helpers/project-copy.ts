// Running the real commands in a throwaway copy of the project (copy-project.ts), for tests: without touching
// the work tree's dist/, .cache/ or .preview/.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startSampleService, type SampleService } from '../../src/sample-service/server.ts';
import { copyProject } from '../../scripts/lib/copy-project.ts';
import { removeDir } from './remove-dir.ts';

export { copyProject };

/**
 * What a command the tests start sees of the outer environment: PATH, HOME, the run's temporary folder and its
 * compile cache (vitest.config.ts), plus `env`.
 */
export function commandEnv(env: Record<string, string>): Record<string, string> {
  const { PATH = '', HOME = '', NODE_COMPILE_CACHE } = process.env;
  return { PATH, HOME, TMPDIR: tmpdir(), ...(NODE_COMPILE_CACHE ? { NODE_COMPILE_CACHE } : {}), ...env };
}

/**
 * Runs `scripts/<script>` as the npm scripts do (`node scripts/<script> [args]`), with `commandEnv(env)`.
 */
export function spawnScript(project: string, script: string, env: Record<string, string>, args: readonly string[] = []): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [path.join('scripts', script), ...args], { cwd: project, env: commandEnv(env) });
}

/**
 * For a test file: a copy of the project and a sample service on a loopback port with these credentials, made
 * before its tests and removed after them. The fields are set once `beforeAll` has run.
 */
export function useProjectAndService(credentials: { username: string; password: string }): { project: string; service: SampleService } {
  const context = {} as { project: string; service: SampleService };
  beforeAll(async () => {
    context.project = copyProject();
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
