// The chart form's Worker where the Cache API does nothing, for the tests that must hold without it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RestartableWorker, WorkerInput } from '../../src/cli/chart-form-worker.ts';

const repo = path.resolve(import.meta.dirname, '../..');

/**
 * The same Worker as it runs on `*.workers.dev`, where Cache API operations do nothing
 * (https://developers.cloudflare.com/workers/runtime-apis/cache/): the bundle `wrangler deploy` would upload, run
 * by Miniflare with its no-op cache (`cacheAPI: false`, which wrangler's API does not expose) and the bindings of
 * wrangler.jsonc. Miniflare is pinned to the version wrangler itself runs.
 */
export async function startWorkerWithoutCache({ dist, secrets }: WorkerInput): Promise<RestartableWorker> {
  const bundle = mkdtempSync(path.join(tmpdir(), 'astro-worker-bundle-'));
  try {
    const built = spawnSync(
      process.execPath,
      [
        path.join(repo, 'node_modules/wrangler/bin/wrangler.js'),
        'deploy',
        '--dry-run',
        '--outdir',
        bundle,
        '--assets',
        path.resolve(dist),
      ],
      {
        cwd: repo,
        // No banner, so no check of npm for a newer wrangler, which leaves its answer in the temporary folder.
        env: {
          ...process.env,
          CLOUDFLARE_CF_FETCH_ENABLED: 'false',
          WRANGLER_SEND_METRICS: 'false',
          WRANGLER_HIDE_BANNER: 'true',
        },
        encoding: 'utf8',
      },
    );
    if (built.status !== 0)
      throw new Error(`wrangler deploy --dry-run failed: ${built.stderr.trim().split('\n').at(-1)}`);
    const { unstable_getMiniflareWorkerOptions } = await import('wrangler');
    const { Miniflare, convertV4MiniflareOptions } = await import('miniflare');
    // Module rules are for wrangler's own bundling, done already.
    const {
      workerOptions: { modulesRules: _rules, ...options },
    } = unstable_getMiniflareWorkerOptions(path.join(repo, 'wrangler.jsonc'));
    const miniflareOptions = (input: WorkerInput) =>
      convertV4MiniflareOptions({
        ...options,
        name: input.name ?? 'horoscope-site',
        modulesRoot: bundle,
        modules: [{ type: 'ESModule', path: path.join(bundle, 'index.js') }],
        assets: { ...options.assets!, directory: path.resolve(input.dist) },
        bindings: input.secrets,
        cacheAPI: false,
        host: '127.0.0.1',
        port: 0,
      } as Parameters<typeof convertV4MiniflareOptions>[0]);
    const miniflare = new Miniflare(miniflareOptions({ dist, secrets }));
    let url = await miniflare.ready;
    return {
      get url() {
        return url;
      },
      // A new workerd process, a new isolate; its Durable Objects kept unless `input` names another Worker.
      async restart(input) {
        await miniflare.setOptions(miniflareOptions(input));
        url = await miniflare.ready;
      },
      async close() {
        await miniflare.dispose();
        rmSync(bundle, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(bundle, { recursive: true, force: true });
    throw error;
  }
}
