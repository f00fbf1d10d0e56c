// `npm run worker [-- --port 8788]`: the chart form's Worker (src/worker/) in the real local runtime, workerd, over
// the built dist/ (`npm run build` first, with "chartForm" in content/site.json), against the account in `.env`
// or, without ASTRO_API_URL, the embedded sample service on a port of its own. Ctrl-C stops both.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadDotEnv } from '../src/data/config.ts';
import { startFormWorker } from '../src/cli/chart-form-worker.ts';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const portArg = process.argv.indexOf('--port');
const port = portArg > 0 ? Number(process.argv[portArg + 1]) : 8788;

function fail(message: string): never {
  console.error(`npm run worker: ${message}`);
  process.exit(1);
}

try {
  loadDotEnv(root);
} catch (error) {
  fail((error as Error).message);
}
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be a whole number from 0 to 65535, got "${process.argv[portArg + 1]}"`);
if (!existsSync(path.join(dist, 'charts/yours/form.json'))) {
  fail('dist/ has no chart form: add "chartForm": {"dailyLimit": 500} to content/site.json, then npm run build');
}
const worker = await startFormWorker({ dist, env: process.env, port });
console.log(`The Worker serves dist/ on ${worker.url.href} (the form: ${new URL('charts/yours/', worker.url).href}), ${worker.sample ? 'from the embedded sample service' : 'from the account in ASTRO_API_URL'}; Ctrl-C stops it.`);
process.once('SIGINT', async () => {
  await worker.close();
  process.exit(0);
});
