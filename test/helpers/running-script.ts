// A long-running command (`npm start`) for a test: its output collected, waits for the lines it prints, and a stop
// that returns only once the process is gone. A wait ends at the line it needs, or fails at once, with the output so
// far, when the command exits first or the wait's bound passes: never a poll that outlives the test.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { spawnScript } from './project-copy.ts';

/** How long a wait lasts before it fails: a guard against a command that hangs, far above what a loaded machine takes. */
const HANG_GUARD_MS = 300_000;

export interface RunningScript {
  readonly child: ChildProcessWithoutNullStreams;
  /** Its stdout and stderr so far, as printed. */
  readonly output: string;
  /**
   * The first match of `pattern` in the complete lines printed after offset `from` of `output` (so a line is never
   * matched half-printed), its `index` an offset of `output`. Rejects when the command exits first or after
   * `timeoutMs`.
   */
  waitFor(pattern: RegExp, timeoutMs?: number, from?: number): Promise<RegExpExecArray>;
  /** SIGTERM (SIGKILL if it is still running after `graceMs`), then waits until it has exited and its output closed. */
  stop(graceMs?: number): Promise<void>;
}

/** Starts `scripts/<script>` in `project` as spawnScript does. */
export function startScript(
  project: string,
  script: string,
  env: Record<string, string>,
  args: readonly string[] = [],
): RunningScript {
  const child = spawnScript(project, script, env, args);
  let output = '';
  let ended: string | undefined; // how it ended, once it has
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of [...listeners]) listener();
  };
  const append = (data: Buffer) => {
    output += data.toString();
    changed();
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  const closed = new Promise<void>((resolve) => {
    child.once('close', (code, signal) => {
      ended = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      resolve();
      changed();
    });
  });
  child.once('error', (error) => {
    ended = `could not run: ${error.message}`;
    changed();
  });

  return {
    child,
    get output() {
      return output;
    },
    waitFor(pattern, timeoutMs = HANG_GUARD_MS, from = 0) {
      return new Promise((resolve, reject) => {
        const fail = (why: string) => new Error(`${script} ${why}; its output:\n${output}`);
        const check = () => {
          const match = new RegExp(pattern.source, pattern.flags.replace('g', '')).exec(
            output.slice(from, output.lastIndexOf('\n') + 1),
          );
          if (match) settle(() => resolve(Object.assign(match, { index: from + match.index })));
          else if (ended) settle(() => reject(fail(`${ended} before printing a line matching ${pattern}`)));
        };
        const timer = setTimeout(
          () => settle(() => reject(fail(`printed no line matching ${pattern} within ${timeoutMs / 1000} s`))),
          timeoutMs,
        );
        const settle = (then: () => void) => {
          clearTimeout(timer);
          listeners.delete(check);
          then();
        };
        listeners.add(check);
        check();
      });
    },
    async stop(graceMs = 10_000) {
      if (child.pid === undefined) return; // never started: nothing to wait for
      if (!ended) child.kill('SIGTERM');
      const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await closed;
      clearTimeout(kill);
    },
  };
}

/**
 * `npm start`'s line for its first render finished after offset `from` of its output (src/cli/preview/serve.ts), once
 * Eleventy's "Wrote" line follows it: Eleventy prints that after every `eleventy.after` listener is done, the
 * share images' copy included.
 */
export async function previewRendered(
  preview: RunningScript,
  from: number,
  timeoutMs = HANG_GUARD_MS,
): Promise<string> {
  const rendered = await preview.waitFor(/^Preview: rendered \d+ of \d+ .*$/m, timeoutMs, from);
  await preview.waitFor(/^\[11ty\] Wrote /m, HANG_GUARD_MS, rendered.index + rendered[0].length);
  return rendered[0];
}
