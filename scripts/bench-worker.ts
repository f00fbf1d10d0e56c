// `node scripts/bench-worker.ts`: the chart form Worker's figures (docs/performance.md, "The chart form's Worker"):
// its bundle as `wrangler deploy` would upload it (a dry run, offline), compressed; and the time a fresh chart and a
// cached one take in the local runtime (workerd), over a small site built with the form on, against the embedded
// sample service. The time is measured from outside, as the visitor's wait on this machine: it bounds the Worker's
// CPU time from above (workerd does not report CPU time locally; Cloudflare's dashboard does once deployed).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { runBuild } from '../src/cli/build/run-build.ts';
import { startSampleService } from '../src/sample-service/server.ts';
import { copyProject } from './lib/copy-project.ts';
import { startWorker } from '../src/cli/chart-form-worker.ts';

const ROUNDS = 30;
const repo = path.resolve(import.meta.dirname, '..');
const work = mkdtempSync(path.join(os.tmpdir(), 'bench-worker-'));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  const outdir = path.join(work, 'bundle');
  const dry = spawnSync(process.execPath, [path.join(repo, 'node_modules/wrangler/bin/wrangler.js'), 'deploy', '--dry-run', '--outdir', outdir, '--assets', path.join(work)], {
    cwd: repo, env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' }, encoding: 'utf8',
  });
  if (dry.status !== 0) throw new Error(dry.stderr);
  const code = Buffer.concat(readdirSync(outdir).filter((file) => file.endsWith('.js')).map((file) => readFileSync(path.join(outdir, file))));
  console.log(`bundle: ${(code.length / 1024).toFixed(0)} KiB, ${(gzipSync(code).length / 1024).toFixed(0)} KiB gzip`);

  const project = copyProject(path.join(work, 'site'), path.join(repo, 'test/fixtures/site/content'));
  const siteFile = path.join(project, 'content/site.json');
  const zero = { past: 0, future: 0 };
  writeFileSync(siteFile, JSON.stringify({ ...JSON.parse(readFileSync(siteFile, 'utf8')), periods: { weekly: zero, monthly: zero, yearly: zero, ascendantYearly: zero }, chartForm: { dailyLimit: 100_000 } }));
  await runBuild({ rootDir: project, env: { ASTRO_BUILD_DATE: '2026-11-22' }, log: () => {}, warn: () => {}, progressStream: { isTTY: false, write: () => true } as unknown as NodeJS.WriteStream });
  const service = await startSampleService({ username: 'u', password: 'p' });
  const worker = await startWorker({ dist: path.join(project, 'dist'), secrets: { ASTRO_API_URL: service.url, ASTRO_API_USERNAME: 'u', ASTRO_API_PASSWORD: 'p' } });
  try {
    const ask = async (fields: Record<string, string>, visitor: number) => {
      const started = performance.now();
      const response = await fetch(new URL('/charts/yours/', worker.url), {
        method: 'POST', body: new URLSearchParams(fields),
        headers: { Origin: worker.url.origin, 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': `198.51.100.${visitor % 250}` },
      });
      await response.text();
      if (response.status !== 200) throw new Error(`status ${response.status}`);
      return performance.now() - started;
    };
    const places = (await (await fetch(new URL('/charts/yours/places?q=Madrid', worker.url))).json()) as { places: { token: string }[] };
    const place = places.places[0]!.token;
    await ask({ date: '1990-01-01', time: '12:00', q: 'Madrid', place }, 0); // the sign-in and the isolate's start
    const fresh: number[] = [];
    const cached: number[] = [];
    for (let i = 1; i <= ROUNDS; i++) {
      const fields = { date: `1991-01-${String(i).padStart(2, '0')}`, time: '12:00', q: 'Madrid', place };
      fresh.push(await ask(fields, i));
      cached.push(await ask(fields, i + 100));
    }
    const asset: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const started = performance.now();
      await (await fetch(new URL('/charts/yours/', worker.url))).text();
      asset.push(performance.now() - started);
    }
    console.log(`the form page as a static asset (the local runtime's own overhead): median ${median(asset).toFixed(1)} ms`);
    console.log(`fresh chart (service on loopback): median ${median(fresh).toFixed(1)} ms; cached chart: median ${median(cached).toFixed(1)} ms (${ROUNDS} each)`);
  } finally {
    await worker.close();
    await service.close();
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
