// Running the real commands in a throwaway copy of the project (copy-project.ts), for tests: without touching
// the work tree's dist/, .cache/ or .preview/.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startSampleService, type SampleService } from '../../src/sample-service/server.ts';
import { copyProject } from '../../scripts/lib/copy-project.ts';
import { removeDir } from './remove-dir.ts';

export { copyProject };

/**
 * Runs `scripts/<script>` as the npm scripts do (`node scripts/<script> [args]`), with only
 * PATH and HOME from the outer environment, plus `env`.
 */
export function spawnScript(project: string, script: string, env: Record<string, string>, args: readonly string[] = []): ChildProcessWithoutNullStreams {
  // Node's compile cache (which the scripts enable) inside the copy, so it goes with it, not into the temporary folder.
  const childEnv = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_COMPILE_CACHE: path.join(project, '.compile-cache'), ...env };
  return spawn(process.execPath, [path.join('scripts', script), ...args], { cwd: project, env: childEnv });
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
