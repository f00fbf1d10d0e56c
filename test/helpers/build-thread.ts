// The build of test/helpers/build-project.ts on a thread of its own (https://nodejs.org/api/worker_threads.html): a
// test that compares two builds of each state runs them side by side, on both cores, each with its own Eleventy.
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import type { BuildSummary } from '../../src/cli/build/build-summary.ts';
import { buildProject } from './build-project.ts';

interface Request {
  rootDir: string;
  env: Record<string, string>;
  full: boolean;
}

/** What the thread sends back: the summary, or why the build failed. */
interface Answer {
  summary?: BuildSummary;
  error?: string;
}

// On the thread: one build a message, answered in turn.
if (!isMainThread) {
  parentPort!.on('message', async ({ rootDir, env, full }: Request) => {
    const run = await buildProject(rootDir, env, { full });
    parentPort!.postMessage({ summary: run.summary, error: run.error?.message } satisfies Answer);
  });
}

/** A thread that builds a project on request, one build at a time; `close` ends it. */
export function buildThread(): { build(request: Request): Promise<BuildSummary>; close(): Promise<number> } {
  const worker = new Worker(fileURLToPath(import.meta.url));
  let pending: { resolve(summary: BuildSummary): void; reject(error: Error): void } | undefined;
  const settle = (answer: Answer | Error) => {
    const request = pending;
    pending = undefined;
    if (answer instanceof Error) request?.reject(answer);
    else if (answer.summary) request?.resolve(answer.summary);
    else request?.reject(new Error(answer.error));
  };
  worker.on('message', settle);
  worker.on('error', settle);
  return {
    build: (request) =>
      new Promise((resolve, reject) => {
        pending = { resolve, reject };
        worker.postMessage(request);
      }),
    close: () => worker.terminate(),
  };
}
