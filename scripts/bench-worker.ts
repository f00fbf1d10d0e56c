// `npm run bench -- --worker`: the chart form Worker's figures (docs/performance.md, "The chart form's Worker"): its
// bundle as `wrangler deploy` would upload it (a dry run, offline), compressed; and, in the local runtime (workerd),
// over a small site built with the form on against the embedded sample service on loopback, the wall time and the
// CPU time of a fresh chart, a cached one and the form page as a static asset. workerd does not report a request's
// CPU time locally, so it is read from outside: the CPU the runtime's process spent over a run of requests
// (/proc/PID/stat, Linux), divided by their number. That counts the runtime's own work (HTTP, and Miniflare's
// workers for the assets, the form's ledger (a Durable Object) and the rate limits) too: an upper bound of the Worker's CPU time, which
// Cloudflare limits to 10 ms a request on the free plan. https://developers.cloudflare.com/workers/platform/limits/#cpu-time
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { runBuild } from '../src/cli/builder/run-build.ts';
import { startWorker, type LocalWorker } from '../src/cli/chart-form-worker.ts';
import { startSampleService } from '../src/sample-service/server.ts';
import { copyProject } from './lib/copy-project.ts';
import type { BenchContext } from './lib/bench-builds.ts';
import { machineLine, median } from './lib/bench-report.ts';

/** Requests of each kind: enough that the CPU clock's tick (10 ms) is a fraction of a millisecond a request. */
const REQUESTS = 60;
/** The free plan's CPU time a request. */
const FREE_PLAN_CPU_MS = 10;
/** The bound on a cached chart's runtime CPU beyond the static page's, locally: the Worker's own share (docs/performance.md). */
const CACHED_OWN_MS = 10;
/** The bound on the bundle, gzipped, in bytes. */
const BUNDLE_BYTES = 1_000_000;
const repo = path.resolve(import.meta.dirname, '..');

/** The CPU (user and system) spent so far by the processes under this one named `name`, in ms (Linux's /proc). */
function descendantsCpuMs(name: string): number {
  const ticksPerSecond = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;
  const processes = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        // pid (comm) state ppid … utime stime: fields 14 and 15, counted after the command's closing parenthesis.
        const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return [{ pid: Number(pid), ppid: Number(fields[1]), comm, ticks: Number(fields[11]) + Number(fields[12]) }];
      } catch {
        return []; // gone meanwhile
      }
    });
  const under = new Set([process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of processes) if (under.has(p.ppid) && !under.has(p.pid)) grew = Boolean(under.add(p.pid));
  }
  const ticks = processes.filter((p) => under.has(p.pid) && p.comm === name).reduce((sum, p) => sum + p.ticks, 0);
  return (ticks / ticksPerSecond) * 1000;
}

interface Run {
  wallMs: number;
  cpuMs: number;
}

/** `count` requests one after another: the median wall time, and the runtime's CPU time a request. */
async function measure(count: number, request: (i: number) => Promise<void>): Promise<Run> {
  const walls: number[] = [];
  const cpuBefore = descendantsCpuMs('workerd');
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await request(i);
    walls.push(performance.now() - started);
  }
  return { wallMs: median(walls), cpuMs: (descendantsCpuMs('workerd') - cpuBefore) / count };
}

async function bundleSize(work: string): Promise<string> {
  const outdir = path.join(work, 'bundle');
  const dry = spawnSync(
    process.execPath,
    [
      path.join(repo, 'node_modules/wrangler/bin/wrangler.js'),
      'deploy',
      '--dry-run',
      '--outdir',
      outdir,
      '--assets',
      work,
    ],
    {
      cwd: repo,
      env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' },
      encoding: 'utf8',
    },
  );
  if (dry.status !== 0) throw new Error(dry.stderr);
  const code = Buffer.concat(
    readdirSync(outdir)
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(path.join(outdir, file))),
  );
  const gzipped = gzipSync(code).length;
  return `${(gzipped / 1024).toFixed(0)} KiB gzip (${(code.length / 1024).toFixed(0)} KiB raw; bound 1 MB: ${gzipped <= BUNDLE_BYTES ? 'met' : 'NOT met'}; the free plan 3 MB)`;
}

async function chartRuns(worker: LocalWorker): Promise<{ fresh: Run; cached: Run; asset: Run }> {
  const ask = async (fields: Record<string, string>, visitor: number) => {
    const response = await fetch(new URL('/charts/yours/', worker.url), {
      method: 'POST',
      body: new URLSearchParams(fields),
      // Each request a visitor of its own: the per-visitor limit (10 a minute) is not what is measured.
      headers: {
        Origin: worker.url.origin,
        'Content-Type': 'application/x-www-form-urlencoded',
        'CF-Connecting-IP': `198.51.${Math.floor(visitor / 250)}.${visitor % 250}`,
      },
    });
    await response.text();
    if (response.status !== 200) throw new Error(`the chart form answered ${response.status}`);
  };
  const suggestions = await fetch(new URL('/charts/yours/places', worker.url), {
    method: 'POST',
    body: new URLSearchParams({ q: 'Madrid' }),
    headers: { Origin: worker.url.origin },
  });
  const found = (await suggestions.json()) as { places: { token: string }[] };
  const place = found.places[0]!.token;
  const chart = (i: number) => ({
    date: `19${String(10 + Math.floor(i / 28)).padStart(2, '0')}-01-${String((i % 28) + 1).padStart(2, '0')}`,
    time: '12:00',
    q: 'Madrid',
    place,
  });
  await ask({ date: '1990-01-01', time: '12:00', q: 'Madrid', place }, 0); // the sign-in and the isolate's start
  const fresh = await measure(REQUESTS, (i) => ask(chart(i), i + 1));
  const cached = await measure(REQUESTS, (i) => ask(chart(i), i + 1 + REQUESTS));
  const asset = await measure(
    REQUESTS,
    async () => void (await (await fetch(new URL('/charts/yours/', worker.url))).text()),
  );
  return { fresh, cached, asset };
}

export async function workerBench({ options, work }: BenchContext): Promise<string> {
  const bundle = await bundleSize(work);
  const project = copyProject(path.join(work, 'site'), path.join(repo, 'test/fixtures/site/content'));
  const siteFile = path.join(project, 'content/site.json');
  const zero = { past: 0, future: 0 };
  writeFileSync(
    siteFile,
    JSON.stringify({
      ...JSON.parse(readFileSync(siteFile, 'utf8')),
      periods: { weekly: zero, monthly: zero, yearly: zero, ascendantYearly: zero },
      chartForm: { dailyLimit: 100_000 },
    }),
  );
  await runBuild({
    rootDir: project,
    env: { ASTRO_BUILD_DATE: options.buildDate },
    log: () => {},
    warn: () => {},
    progressStream: { isTTY: false, write: () => true } as unknown as NodeJS.WriteStream,
  });
  const service = await startSampleService({ username: 'u', password: 'p' });
  const worker = await startWorker({
    dist: path.join(project, 'dist'),
    secrets: { ASTRO_API_URL: service.url, ASTRO_API_USERNAME: 'u', ASTRO_API_PASSWORD: 'p' },
  });
  try {
    const { fresh, cached, asset } = await chartRuns(worker);
    const fits = (ms: number) =>
      `${ms.toFixed(1)} ms (${ms <= FREE_PLAN_CPU_MS ? 'fits' : 'does NOT fit'} ${FREE_PLAN_CPU_MS} ms)`;
    const row = (name: string, run: Run, beyond = fits(run.cpuMs - asset.cpuMs)) =>
      `| ${name} | ${run.wallMs.toFixed(1)} ms | ${fits(run.cpuMs)} | ${beyond} |`;
    const own = cached.cpuMs - asset.cpuMs;
    return [
      '- Command: `npm run bench -- --worker`',
      `- ${machineLine()}`,
      `- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; the tests' site with the form on (current periods), the embedded sample service on loopback, no latency`,
      `- Wall time: the median of ${REQUESTS} requests one after another, as the visitor waits on this machine. Runtime CPU: what the local runtime's process (workerd: the Worker, and Miniflare's own workers for the assets, the form's ledger and the rate limits) spent over the ${REQUESTS}, a request, read from /proc: an upper bound of the Worker's own. Beyond the static page: that less the same figure for the form page served as a static asset through the Worker, an estimate of the Worker's own work.`,
      `- Bundle: ${bundle}`,
      '',
      `| request | wall time | runtime CPU a request (free plan: ${FREE_PLAN_CPU_MS} ms) | beyond the static page |`,
      '|---|---|---|---|',
      `| the form page, a static asset (the runtime's own overhead) | ${asset.wallMs.toFixed(1)} ms | ${asset.cpuMs.toFixed(1)} ms | |`,
      row('a fresh chart (one natal call to the service)', fresh),
      row(
        'a cached chart',
        cached,
        `${own.toFixed(1)} ms (bound ${CACHED_OWN_MS} ms: ${own <= CACHED_OWN_MS ? 'met' : 'NOT met'}), beside the static page's ${asset.cpuMs.toFixed(1)} ms`,
      ),
    ].join('\n');
  } finally {
    await worker.close();
    await service.close();
  }
}
