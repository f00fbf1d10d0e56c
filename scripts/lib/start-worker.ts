// The chart form's Worker (src/worker/) in the real local runtime, workerd, through wrangler's API: over a built
// site folder, with the service account as its secrets. Used by `npm run worker`, the tests and the benchmarks.
// Offline: no metrics, and no download of Cloudflare's request metadata (cf.json) at start.
// https://developers.cloudflare.com/workers/wrangler/api/#unstable_startworker
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '../..');

export interface LocalWorker {
  url: URL;
  close(): Promise<void>;
}

export async function startWorker({ dist, secrets, port = 0, host = '127.0.0.1' }: { dist: string; secrets: Record<string, string>; port?: number; host?: string }): Promise<LocalWorker> {
  process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';
  process.env.WRANGLER_SEND_METRICS = 'false';
  const { unstable_startWorker } = await import('wrangler');
  const worker = await unstable_startWorker({
    config: path.join(repo, 'wrangler.jsonc'),
    assets: path.resolve(dist),
    bindings: Object.fromEntries(Object.entries(secrets).map(([name, value]) => [name, { type: 'secret_text', value }])),
    dev: { server: { hostname: host, port }, inspector: false, watch: false, persist: false, logLevel: 'error' },
  });
  return { url: await worker.url, close: () => worker.dispose() };
}
