// `npm run worker [-- --port 8788]`: the chart form's Worker (src/worker/) in the real local runtime, workerd, over
// the built dist/ (`npm run build` first, with "chartForm" in content/site.json), against the account in `.env`
// or, without ASTRO_API_URL, the embedded sample service on a port of its own. A busy port gives the next free one,
// as `npm start` does. Ctrl-C stops both.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadDotEnv } from '../src/data/config.ts';
import { startFormWorker } from '../src/cli/chart-form-worker.ts';
import { portIsFree } from './lib/free-port.ts';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const HOST = '127.0.0.1';
/** The port asked for first, and how many after a busy one are tried. */
const DEFAULTS = { port: 8788, portsToTry: 10 };
const portArg = process.argv.indexOf('--port');
const asked = portArg > 0 ? Number(process.argv[portArg + 1]) : DEFAULTS.port;

function fail(message: string): never {
  console.error(`npm run worker: ${message}`);
  process.exit(1);
}

/** `port` or the next free one of a few; wrangler's own server waits on a busy port without a word. */
async function firstFreePort(port: number): Promise<number> {
  if (port === 0) return 0;
  for (let next = port; next < Math.min(port + DEFAULTS.portsToTry, 65536); next += 1) {
    if (await portIsFree(next, HOST)) return next;
  }
  return fail(`port ${port} and the ${DEFAULTS.portsToTry - 1} after it are in use; choose another with -- --port`);
}

try {
  loadDotEnv(root);
} catch (error) {
  fail((error as Error).message);
}
if (!Number.isInteger(asked) || asked < 0 || asked > 65535)
  fail(`--port must be a whole number from 0 to 65535, got "${process.argv[portArg + 1]}"`);
if (!existsSync(path.join(dist, 'charts/yours/form.json'))) {
  fail('dist/ has no chart form: add "chartForm": {"dailyLimit": 500} to content/site.json, then npm run build');
}
const port = await firstFreePort(asked);
const worker = await startFormWorker({ dist, env: process.env, port }).catch((error: unknown) =>
  fail((error as Error).message),
);
const taken = port === asked ? '' : ` (port ${asked} was in use)`;
console.log(
  `The Worker serves dist/ on ${worker.url.href}${taken} (the form: ${new URL('charts/yours/', worker.url).href}), ${worker.sample ? 'from the embedded sample service' : 'from the account in ASTRO_API_URL'}; Ctrl-C stops it.`,
);
process.once('SIGINT', async () => {
  await worker.close();
  process.exit(0);
});
