// `npm start` with site.json's `chartForm`: the form's routes (its POST and its place suggestions, in every
// language) are answered by the real Worker in workerd over the preview's output folder, against the account in
// `.env` or the embedded sample service (src/cli/chart-form-worker.ts), as Cloudflare answers them in front of the
// published site (`run_worker_first` in wrangler.jsonc). Every other request stays the dev server's, which takes
// this as a middleware. https://www.11ty.dev/docs/dev-server/
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PreviewMiddleware } from '../../eleventy/site-source.ts';
import { startFormWorker, type FormWorker } from '../chart-form-worker.ts';

/** A site path of the form's folder in any language (`/charts/yours/`, `/es/charts/yours/places`), as the Worker routes it. */
const FORM_ROUTE = /^\/(?:[^/]+\/)*?charts\/yours\/(places)?$/;

/** Keep no more: the Worker refuses any body over 4 kB (src/worker/form-input.ts), so a longer one is cut here. */
const MAX_BODY_BYTES = 64 * 1024;

/** Headers of the Worker's answer that describe how it travelled, not what it is: the dev server sets its own. */
const HOP_HEADERS = new Set(['connection', 'content-encoding', 'content-length', 'keep-alive', 'transfer-encoding']);

// A site with the form is at its host's root, as its Worker serves it (src/data/config.ts refuses a path).
export class FormProxy {
  #worker: FormWorker | undefined;

  /** Starts the Worker over `outputDir` (the files it reads there, the form page and form.json, must be written). */
  async start(outputDir: string, env: NodeJS.ProcessEnv): Promise<FormWorker> {
    this.#worker = await startFormWorker({ dist: outputDir, env });
    return this.#worker;
  }

  /** Hands the form's routes to the Worker (the page itself, a GET, stays the dev server's, live-reloaded). */
  readonly middleware: PreviewMiddleware = async (request, response, next) => {
    const url = new URL(request.url ?? '/', 'http://preview.invalid');
    const route = FORM_ROUTE.exec(url.pathname);
    const worker = this.#worker;
    if (!worker || !route || (!route[1] && (request.method === 'GET' || request.method === 'HEAD'))) return next();
    try {
      await forward(worker.url, request, response, `${url.pathname}${url.search}`);
    } catch {
      response.statusCode = 502;
      response.setHeader('Content-Type', 'text/plain; charset=utf-8');
      response.end("The chart form's Worker did not answer: see the preview's terminal.\n");
    }
  };
}

async function forward(worker: URL, request: IncomingMessage, response: ServerResponse, target: string): Promise<void> {
  const headers = new Headers();
  for (const name of ['accept', 'accept-language', 'content-type']) {
    const value = request.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  // The Worker refuses a POST whose Origin is not its own: a page of the preview stands for one of the Worker's,
  // any other origin is sent as it came, and refused.
  const origin = request.headers.origin;
  if (origin) headers.set('Origin', origin === `http://${request.headers.host}` ? worker.origin : origin);
  // Cloudflare's header for the visitor's address, which the per-visitor limits count.
  headers.set('CF-Connecting-IP', request.socket.remoteAddress ?? 'unknown');
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await readBody(request);
  const answer = await fetch(new URL(target, worker), { method: request.method, headers, body, redirect: 'manual' });
  response.statusCode = answer.status;
  answer.headers.forEach((value, name) => {
    if (!HOP_HEADERS.has(name)) response.setHeader(name, value);
  });
  // As a string, an HTML page gets the dev server's reload script, as its own pages do.
  const html = answer.headers.get('content-type')?.startsWith('text/html');
  response.end(html ? await answer.text() : Buffer.from(await answer.arrayBuffer()));
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    size += chunk.length;
  }
  return Buffer.concat(chunks);
}
