// Pagefind on every core: its Node API runs one service per loaded module, and a service parses one page at a time,
// so each service is a thread that loads the module afresh (https://nodejs.org/api/worker_threads.html). A part is
// indexed whole by one service in sorted page order, so its bytes never depend on which service took it.
// https://pagefind.app/docs/node-api/ (what it saves: docs/performance.md, "Search")
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type * as PagefindApi from 'pagefind';
import type { SearchPart } from '../../model/search-parts.ts';
import { servedPath } from '../../model/urls.ts';
import { searchedDocument } from './search-document.ts';

/** Pages sent to Pagefind at once: enough to keep it busy, few enough to hold little of the archive in memory. */
const IN_FLIGHT = 128;
/**
 * Each service's young generation, in MB: its pages pass through it once, and V8's default let each thread hold far
 * more at the build's peak (docs/performance.md, "Peak memory"). https://nodejs.org/api/worker_threads.html#new-workerfilename-options
 */
const YOUNG_GENERATION_MB = 4;

/** A thread's answer to a part: nothing, or why it failed. */
interface Answer {
  error?: string;
}

/** What a service's thread is sent: a part to index, or nothing more to do. */
type Request = { outputDir: string; part: SearchPart } | { done: true };

// On a service's thread: one part a message, answered in turn, until it is told it is done.
if (!isMainThread && (workerData as { searchService?: boolean } | undefined)?.searchService) {
  const pagefind = await import('pagefind');
  parentPort!.on('message', async (request: Request) => {
    if ('done' in request) {
      await pagefind.close();
      return parentPort!.close();
    }
    try {
      await indexPart(pagefind, request.outputDir, request.part);
      parentPort!.postMessage({} satisfies Answer);
    } catch (error) {
      parentPort!.postMessage({ error: (error as Error).message } satisfies Answer);
    }
  });
}

/** A service's thread, and what became of it: the error it stopped with, kept for the part it is asked next. */
interface Service {
  worker: Worker;
  exited: Promise<unknown>;
  failure?: Error;
}

function startService(): Service {
  const worker = new Worker(fileURLToPath(import.meta.url), {
    workerData: { searchService: true },
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  });
  const service: Service = { worker, exited: new Promise((resolve) => worker.once('exit', resolve)) };
  worker.on('error', (error) => (service.failure ??= error));
  return service;
}

async function stopService({ worker, exited }: Service): Promise<void> {
  worker.postMessage({ done: true } satisfies Request);
  await exited;
}

/**
 * A service started before its part is known, while Eleventy renders on the main thread (render-site.ts): its
 * thread's start-up and Pagefind's loading take the other core then, not the build's time. `indexParts` takes it;
 * `close` stops it if nothing did.
 */
export class StartedService {
  #service: Service | undefined;

  start(): void {
    this.#service ??= startService();
  }

  take(): Service | undefined {
    const service = this.#service;
    this.#service = undefined;
    return service;
  }

  async close(): Promise<void> {
    const service = this.take();
    if (service) await stopService(service);
  }
}

/**
 * Writes each part's bundle into its folder of `outputDir` (emptied by the caller), `services` at once (one per core
 * unless told; at most one a part; `started` the first), the largest parts first so that the services finish
 * together. Rejects with the first part's error, once every service has stopped.
 */
export async function indexParts(
  outputDir: string,
  parts: readonly SearchPart[],
  services = availableParallelism(),
  started?: StartedService,
): Promise<void> {
  const queue = [...parts].sort((a, b) => b.pages.length - a.pages.length || a.folder.localeCompare(b.folder));
  const errors: string[] = [];
  const service = async () => {
    const running = started?.take() ?? startService();
    for (let part = queue.shift(); part && !errors.length; part = queue.shift()) {
      const answer = await ask(running, { outputDir, part });
      if (answer.error) errors.push(answer.error);
    }
    await stopService(running);
  };
  await Promise.all(Array.from({ length: Math.min(parts.length, services) }, service));
  if (errors.length) throw new Error(errors[0]);
}

/** Sends the service one part and waits for its answer, or for the thread's own failure. */
function ask({ worker, failure }: Service, request: Extract<Request, { part: SearchPart }>): Promise<Answer> {
  const failed = (error: Error): Answer => ({
    error: `the search index (Pagefind), ${request.part.folder}: ${error.message}`,
  });
  if (failure) return Promise.resolve(failed(failure));
  return new Promise((resolve) => {
    const settle = (answer: Answer) => {
      worker.off('message', settle);
      worker.off('error', stopped);
      resolve(answer);
    };
    const stopped = (error: Error) => settle(failed(error));
    worker.on('message', settle);
    worker.on('error', stopped);
    worker.postMessage(request);
  });
}

async function indexPart(
  pagefind: typeof PagefindApi,
  outputDir: string,
  { folder, pages }: SearchPart,
): Promise<void> {
  const fail = (errors: string[]) => new Error(`the search index (Pagefind), ${folder}: ${errors.join('; ')}`);
  const created = await pagefind.createIndex({});
  if (!created.index) throw fail(created.errors);
  const { index } = created;
  // Pages sent in the same order every build: Pagefind numbers pages as they arrive, so the order is part of the
  // bytes it writes. Many in flight at once (one at a time takes twice as long), the next batch read while Pagefind
  // parses the one before, so that its service never waits for this thread.
  let previous: Promise<string[]> = Promise.resolve([]);
  for (let start = 0; start < pages.length; start += IN_FLIGHT) {
    const batch = pages.slice(start, start + IN_FLIGHT);
    const contents = await Promise.all(batch.map((page) => readFile(path.join(outputDir, page), 'utf8')));
    const added = Promise.all(
      batch.map((page, i) => index.addHTMLFile({ url: servedPath(page), content: searchedDocument(contents[i]!) })),
    ).then(
      (answers) => answers.flatMap((answer, i) => answer.errors.map((error) => `${batch[i]}: ${error}`)),
      (error: Error) => [error.message],
    );
    const errors = await previous;
    if (errors.length) throw fail(errors);
    previous = added;
  }
  const errors = await previous;
  if (errors.length) throw fail(errors);
  const written = await index.writeFiles({ outputPath: path.join(outputDir, folder) });
  if (written.errors.length) throw fail(written.errors);
  await index.deleteIndex();
}
