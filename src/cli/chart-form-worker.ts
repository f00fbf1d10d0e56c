// The chart form's Worker (src/worker/) in the real local runtime, workerd, through wrangler's API: over a built
// site folder, with the service account as its secrets. Used by `npm run worker`, `npm start` (when site.json has
// `chartForm`), the tests and the benchmarks. Offline: no metrics, and no download of Cloudflare's request metadata
// (cf.json) at start. https://developers.cloudflare.com/workers/wrangler/api/#unstable_startworker
import { once } from 'node:events';
import path from 'node:path';
import { parsePositiveInt } from '../data/config.ts';
import { startSampleService } from '../sample-service/server.ts';

const repo = path.resolve(import.meta.dirname, '../..');

export interface LocalWorker {
  url: URL;
  close(): Promise<void>;
}

/** wrangler's log levels; `log` shows the Worker's console.log lines, the day's call count among them. */
export type WorkerLogLevel = 'error' | 'warn' | 'info' | 'log';

/** A Worker that can run again over other input, at the same address. */
export interface RestartableWorker extends LocalWorker {
  restart(input: WorkerInput): Promise<void>;
}

/** The site folder and the secrets a Worker runs with. */
export interface WorkerInput {
  dist: string;
  secrets: Record<string, string>;
  /** wrangler.jsonc's unless given: another name is another Worker, with Durable Objects, and so a ledger, of its own. */
  name?: string;
}

/** Wrangler's options for `input`: the site as its static assets, each secret a `secret_text` binding. */
function workerConfig({ dist, secrets, name }: WorkerInput) {
  return {
    ...(name ? { name } : {}),
    assets: path.resolve(dist),
    bindings: Object.fromEntries(
      Object.entries(secrets).map(([name, value]) => [name, { type: 'secret_text' as const, value }]),
    ),
  };
}

export async function startWorker({
  dist,
  secrets,
  name,
  port = 0,
  host = '127.0.0.1',
  logLevel = 'error',
}: WorkerInput & {
  port?: number;
  host?: string;
  logLevel?: WorkerLogLevel;
}): Promise<RestartableWorker> {
  process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';
  process.env.WRANGLER_SEND_METRICS = 'false';
  const { unstable_startWorker } = await import('wrangler');
  const worker = await unstable_startWorker({
    config: path.join(repo, 'wrangler.jsonc'),
    ...workerConfig({ dist, secrets, name }),
    dev: { server: { hostname: host, port }, inspector: false, watch: false, persist: false, logLevel },
  });
  return {
    url: await worker.url,
    close: () => worker.dispose(),
    /**
     * The Worker run again over `input`, at the same address: wrangler reloads a new configuration in a new workerd
     * process (Miniflare's setOptions), a new isolate; under the same name its Durable Objects are kept, as across a
     * deploy, and under a new name they are new. Resolves once it serves.
     */
    async restart(input) {
      const reloaded = once(worker.raw, 'reloadComplete');
      await worker.patchConfig(workerConfig(input));
      await reloaded;
    },
  };
}

/** The Worker as an owner runs it locally, and which service it asks. */
export interface FormWorker extends LocalWorker {
  /** True: the embedded sample service, started for it (and closed with it); false: the account in ASTRO_API_URL. */
  sample: boolean;
}

/**
 * What the Worker is given of `env`, as Cloudflare would hold it: every ASTRO_API_* variable as a secret, and
 * ASTRO_TIMEOUT_MS as the build takes it (a ConfigError naming it when it is no whole number of ms).
 */
export function workerSecrets(env: NodeJS.ProcessEnv): Record<string, string> {
  const secrets = Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] =>
        /^ASTRO_API_(URL|USERNAME|PASSWORD)(_|$)/.test(entry[0]) && entry[1] !== undefined,
    ),
  );
  const timeout = env.ASTRO_TIMEOUT_MS?.trim();
  if (timeout) secrets.ASTRO_TIMEOUT_MS = String(parsePositiveInt('ASTRO_TIMEOUT_MS', timeout, 600_000));
  return secrets;
}

/**
 * The Worker over `dist` with `workerSecrets(env)`, its console lines shown (the day's call count); without
 * ASTRO_API_URL, against an embedded sample service of its own on a loopback port.
 */
export async function startFormWorker({
  dist,
  env,
  port = 0,
}: {
  dist: string;
  env: NodeJS.ProcessEnv;
  port?: number;
}): Promise<FormWorker> {
  const secrets = workerSecrets(env);
  const sample = secrets.ASTRO_API_URL
    ? undefined
    : await startSampleService({ username: 'sample', password: 'sample' });
  if (sample)
    Object.assign(secrets, { ASTRO_API_URL: sample.url, ASTRO_API_USERNAME: 'sample', ASTRO_API_PASSWORD: 'sample' });
  try {
    const worker = await startWorker({ dist, secrets, port, logLevel: 'log' });
    return {
      url: worker.url,
      sample: sample !== undefined,
      async close() {
        await worker.close();
        await sample?.close();
      },
    };
  } catch (error) {
    await sample?.close();
    throw error;
  }
}
