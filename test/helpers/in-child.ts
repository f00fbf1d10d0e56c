// Calling the project's code in a child process that is killed after a few seconds: for inputs (a named pipe, a
// device) that the code would block on or read without end if it read them, so such a fault fails the test
// instead of hanging the run.
import { spawnSync } from 'node:child_process';

const TIMEOUT_MS = 10_000;

/**
 * For each argument list (JSON values), the message of the error `exported(...args)` throws (or rejects with), or
 * `returned` when it succeeds; the calls run one after the other in one child process.
 */
export function callsInChild(module: URL, exported: string, calls: unknown[][]): string[] {
  const script = `const module = await import(${JSON.stringify(module.href)});
    for (const args of ${JSON.stringify(calls)}) {
      try { await module[${JSON.stringify(exported)}](...args); console.log('returned'); } catch (error) { console.log(error.message); }
    }`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: TIMEOUT_MS,
    killSignal: 'SIGKILL',
  });
  if (child.signal)
    throw new Error(`${exported}(${JSON.stringify(calls)}) did not return within ${TIMEOUT_MS / 1000} s: it hung`);
  if (child.status !== 0) throw new Error(child.stderr);
  return child.stdout.trim().split('\n');
}
