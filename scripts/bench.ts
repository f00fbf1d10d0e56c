// `npm run bench`: the cost of a large archive build against Eleventy alone.
//
// Starts the sample service with a set latency, then per round builds the three-year archive cold (empty
// cache), warm (same cache, same date) and a plain Eleventy site with the same pages (bench/plain/), each in a
// child process of its own so CPU time and peak RSS are that build's alone: ours as `node scripts/bench.ts
// --child-site …` (Node running our TypeScript, as `npm run build` does), the plain one as `node bench/plain/build.js`.
// Medians over interleaved rounds, because this disk is noisy. Prints a table and writes it to docs/performance.md.
//
//   npm run bench -- [--rounds 3] [--latency 50] [--concurrency 6] [--date YYYY-MM-DD] [--no-write] [--work-dir DIR]
//   (--work-dir: where the builds write, default the system's temporary folder; /dev/shm takes the disk out)
//   npm run bench -- --pages 10000     the large-archive check: one cold build in Node's default heap
//   npm run bench -- --profile         also writes --cpu-prof profiles of one warm and one plain build to bench/profiles/
//   npm run bench -- --preview         the live preview on the same archive: edits of each kind, memory through 100
//                                      edits, next to warm builds (scripts/bench-preview.ts); with --languages 2, on
//                                      a site in English and Spanish, a Spanish override's edit too
//   npm run bench -- --languages N [--ten-year]   a site of the first N of en, es, pt, fr, de, it: cold and warm
//                                      builds of the three- (or ten-) year archive (scripts/bench-languages.ts)
//   npm run bench -- --incremental --search   the daily rebuild, search included, on the three- and ten-year
//                                      archives against plain Eleventy, six languages' new week, what one query
//                                      downloads and how the merged index ranks (scripts/bench-incremental.ts;
//                                      either flag alone runs the same)
//   npm run bench -- --syndication     what the JSON Feeds, the API and the card add to a build, and the card's
//                                      weight (scripts/bench-syndication.ts)
//   npm run bench -- --calendar        what the sky's calendar adds to a warm and a --full build (scripts/bench-calendar.ts)
//   npm run bench -- --shipped        content/ as shipped (the embedded sample service): cold and warm CPU against
//                                      plain Eleventy writing the same pages (scripts/bench-shipped.ts)
//   npm run bench -- --worker          the chart form's Worker: its bundle, and the wall and CPU time of a fresh and
//                                      a cached chart in the local runtime, workerd (scripts/bench-worker.ts)
import module from 'node:module';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PerformanceObserver, type PerformanceMark } from 'node:perf_hooks';
import v8 from 'node:v8';
import type { PeriodWindows } from '../src/data/config.ts';
import { log, plainBuild, siteBuild, type BenchContext, type SiteBuildRequest } from './lib/bench-builds.ts';
import { plainDataFrom } from './lib/bench-plain-data.ts';
import {
  archiveReport,
  machineLine,
  median,
  megabytes,
  periodCount,
  ratio,
  seconds,
  writeBenchmarkSection,
} from './lib/bench-report.ts';
import { HOME_TRANSFER_BEFORE, HOME_TRANSFER_TARGET, homeTransfer } from './lib/bench-home.ts';
import { DEFAULTS, type ArchiveRuns, type BenchOptions, type ChildResult } from './lib/bench-settings.ts';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// ---------------------------------------------------------------------------------------------- child side

async function childSiteBuild(json: string): Promise<void> {
  const started = performance.now();
  // The V8 heap's high-water mark, sampled: what a smaller default heap (a smaller machine) would have to hold.
  let peakHeapBytes = 0;
  // The process's resident memory at its highest in each phase of the build (src/cli/builder/build-phase.ts).
  const phaseRssMb: Record<string, number> = {};
  const { BUILD_PHASE } = await import('../src/cli/builder/build-phase.ts');
  let phase = 'start';
  const sampleHeap = () => {
    const { heapUsed, rss } = process.memoryUsage();
    peakHeapBytes = Math.max(peakHeapBytes, heapUsed);
    phaseRssMb[phase] = Math.max(phaseRssMb[phase] ?? 0, Math.round(rss / 2 ** 20));
  };
  // A phase that never yields to the event loop (the model, the hashing) is sampled as it ends.
  new PerformanceObserver((list) => {
    for (const mark of list.getEntriesByName(BUILD_PHASE)) {
      sampleHeap();
      phase = String((mark as PerformanceMark).detail);
    }
  }).observe({ entryTypes: ['mark'] });
  const sampler = setInterval(sampleHeap, 20).unref();
  module.enableCompileCache(); // as scripts/build.ts does, before importing the build
  const { runBuild } = await import('../src/cli/builder/run-build.ts');
  const request = JSON.parse(json) as SiteBuildRequest;
  const summary = await runBuild({ ...request, rootDir: request.rootDir ?? rootDir, log: () => {} });
  const { SEARCH_INDEX_MEASURE } = await import('../src/cli/builder/search-index.ts');
  const searchIndexMs = performance
    .getEntriesByName(SEARCH_INDEX_MEASURE, 'measure')
    .reduce((sum, entry) => sum + entry.duration, 0);
  clearInterval(sampler);
  sampleHeap();
  const usage = process.resourceUsage();
  const result: Omit<ChildResult, 'wallMs'> = {
    inProcessMs: performance.now() - started,
    userCpuMs: usage.userCPUTime / 1000,
    systemCpuMs: usage.systemCPUTime / 1000,
    maxRssKb: usage.maxRSS,
    requests: summary.requests,
    pages: summary.pages,
    rendered: summary.rendered,
    reused: summary.reused,
    fromCache: summary.fromCache,
    heapLimitMb: Math.round(v8.getHeapStatistics().heap_size_limit / 2 ** 20),
    peakHeapMb: Math.round(peakHeapBytes / 2 ** 20),
    phaseRssMb,
    searchIndexMs,
  };
  console.log(`BENCH_RESULT ${JSON.stringify(result)}`);
}

// --------------------------------------------------------------------------------------------- parent side

/** The command line; `childSite` is set in a child process started by siteBuild. */
function parseOptions(): { childSite?: string; options: BenchOptions } {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: String(DEFAULTS.rounds) },
      latency: { type: 'string', default: String(DEFAULTS.latencyMs) },
      concurrency: { type: 'string', default: String(DEFAULTS.concurrency) },
      date: { type: 'string', default: DEFAULTS.buildDate },
      pages: { type: 'string' },
      profile: { type: 'boolean', default: false },
      preview: { type: 'boolean', default: false },
      incremental: { type: 'boolean', default: false },
      search: { type: 'boolean', default: false },
      syndication: { type: 'boolean', default: false },
      calendar: { type: 'boolean', default: false },
      worker: { type: 'boolean', default: false },
      shipped: { type: 'boolean', default: false },
      languages: { type: 'string' },
      'ten-year': { type: 'boolean', default: false },
      'no-write': { type: 'boolean', default: false },
      'work-dir': { type: 'string', default: os.tmpdir() },
      'child-site': { type: 'string' },
    },
  });
  const whole = (name: string, value: string) => {
    if (!/^\d+$/.test(value)) throw new Error(`--${name}: "${value}" must be a whole number`);
    return Number(value);
  };
  return {
    childSite: values['child-site'],
    options: {
      rounds: Math.max(1, whole('rounds', values.rounds)),
      latencyMs: whole('latency', values.latency),
      concurrency: Math.max(1, whole('concurrency', values.concurrency)),
      buildDate: values.date,
      pagesWanted: values.pages === undefined ? undefined : whole('pages', values.pages),
      profile: values.profile,
      preview: values.preview,
      incremental: values.incremental,
      search: values.search,
      syndication: values.syndication,
      calendar: values.calendar,
      worker: values.worker,
      write: !values['no-write'],
      workDir: values['work-dir'],
      languages:
        values.languages === undefined ? undefined : Math.min(6, Math.max(1, whole('languages', values.languages))),
      tenYear: values['ten-year'],
      shipped: values.shipped,
    },
  };
}

/** The report the options ask for, and the section of docs/performance.md it is written to. */
async function benchReport(
  context: BenchContext,
): Promise<[section: Parameters<typeof writeBenchmarkSection>[0], report: string]> {
  const { options } = context;
  if (options.pagesWanted !== undefined) return ['pages', await largeArchive(context, options.pagesWanted)];
  if (options.languages !== undefined && !options.preview)
    return ['languages', await (await import('./bench-languages.ts')).languagesBench(context)];
  if (options.incremental || options.search)
    return ['incremental', await (await import('./bench-incremental.ts')).incrementalBench(context)];
  if (options.shipped) return ['shipped', await (await import('./bench-shipped.ts')).shippedBench(context)];
  if (options.worker) return ['worker', await (await import('./bench-worker.ts')).workerBench(context)];
  if (options.calendar) return ['calendar', await (await import('./bench-calendar.ts')).calendarBench(context)];
  if (options.syndication)
    return ['syndication', await (await import('./bench-syndication.ts')).syndicationBench(context)];
  if (options.preview)
    return [options.languages === undefined ? 'preview' : 'preview-languages', await previewBench(context)];
  const runs = await archiveRounds(context);
  if (options.profile) await profileBuilds(context);
  const home = homeTransfer(path.join(context.work, 'dist-warm'));
  const homeLine = `- Home page transfer (HTML + CSS + JS + fonts, gzipped): ${home.total} B / ${HOME_TRANSFER_BEFORE} B before the sign grid and today's sky = ${ratio(home.total / HOME_TRANSFER_BEFORE, HOME_TRANSFER_TARGET)}`;
  // A run with --work-dir has a section of its own, beside the default run's.
  return [options.workDir === os.tmpdir() ? 'table' : 'table-work-dir', `${archiveReport(options, runs)}\n${homeLine}`];
}

async function main(): Promise<void> {
  const { childSite, options } = parseOptions();
  if (childSite !== undefined) return childSiteBuild(childSite);
  // Not imported at the top: a child must load the build's modules only after enabling the compile cache.
  const { startSampleService } = await import('../src/sample-service/server.ts');
  const service = await startSampleService({
    latencyMs: options.latencyMs,
    username: 'bench',
    password: 'bench-password',
  });
  const work = mkdtempSync(path.join(options.workDir, 'astro-bench-'));
  const env = {
    ASTRO_API_URL: service.url,
    ASTRO_API_USERNAME: 'bench',
    ASTRO_API_PASSWORD: 'bench-password',
    ASTRO_BUILD_DATE: options.buildDate,
    ASTRO_CONCURRENCY: String(options.concurrency),
  };
  try {
    const [section, report] = await benchReport({ options, work, env });
    console.log(report);
    if (options.write) writeBenchmarkSection(section, report);
  } finally {
    await service.close();
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * `--preview`: fills the cache with a cold build, times warm builds (the reference for edits that re-render
 * everything), then edits of each kind in the live preview and its memory through 100 edits.
 */
async function previewBench(context: BenchContext): Promise<string> {
  const { BENCH_LANGUAGES, languageServices } = await import('./bench-languages.ts');
  const languages = BENCH_LANGUAGES.slice(0, context.options.languages ?? 1);
  if (languages.length === 1) return previewReport(context, languages);
  // A site of several languages: each from its own sample service, as `--languages N` builds them.
  const { services, accounts } = await languageServices(languages, context.options.latencyMs);
  try {
    return await previewReport({ ...context, env: { ...context.env, ...accounts } }, languages);
  } finally {
    await Promise.all(services.map((service) => service.close()));
  }
}

async function previewReport({ options, work, env }: BenchContext, languages: readonly string[]): Promise<string> {
  const { previewRounds, PREVIEW_TARGETS, MEMORY } = await import('./bench-preview.ts');
  const { projectWithLanguages } = await import('./bench-languages.ts');
  const { cacheDir } = archivePaths(work);
  const periods = DEFAULTS.periods;
  const rootDir = projectWithLanguages(path.join(work, 'preview-project'), languages);
  await siteBuild({ rootDir, outputDir: path.join(work, 'dist'), cacheDir, env, periods });
  const warm: ChildResult[] = [];
  for (let round = 1; round <= options.rounds; round++) {
    warm.push(await siteBuild({ rootDir, outputDir: path.join(work, 'dist'), cacheDir, env, periods, full: true }));
    log(`warm build ${round}/${options.rounds}: ${seconds(warm.at(-1)!.wallMs)}`);
  }
  const warmS = median(warm.map((r) => r.wallMs)) / 1000;
  const runs = await previewRounds(rootDir, languages, cacheDir, periods, env, options.rounds, log);
  const row = ({ kind, seconds: list, rendered }: (typeof runs.edits)[number]) => {
    const m = median(list);
    const verdict = kind.full
      ? ratio(m / warmS, PREVIEW_TARGETS.fullEditToWarmBuild)
      : `${m.toFixed(2)} s (target ≤ ${PREVIEW_TARGETS.singleEditS} s: ${m <= PREVIEW_TARGETS.singleEditS ? 'met' : 'NOT met'})`;
    return `| ${kind.name} | ${m.toFixed(2)} s | ${Math.min(...list).toFixed(2)}–${Math.max(...list).toFixed(2)} s | ${rendered} | ${kind.full ? 'edit / warm build: ' : ''}${verdict} |`;
  };
  const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;
  const at = (i: number) => runs.memory[i - 1]!;
  const growth = (key: 'heapUsed' | 'rss') => at(MEMORY.memoryEdits)[key] / at(MEMORY.memoryBaseline)[key] - 1;
  const percent = (value: number) =>
    `${(value * 100).toFixed(1)} % (target ≤ ${PREVIEW_TARGETS.memoryGrowth * 100} %: ${value <= PREVIEW_TARGETS.memoryGrowth ? 'met' : 'NOT met'})`;
  return [
    `- Command: \`npm run bench -- --preview${languages.length > 1 ? ` --languages ${languages.length}` : ''} --rounds ${options.rounds} --date ${options.buildDate}\``,
    `- ${machineLine()}`,
    `- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; reference date ${options.buildDate}; the three-year archive (${runs.pages})${languages.length > 1 ? ` in ${languages.join(', ')}` : ''}`,
    `- Each edit's time runs from writing the file to the end of the preview's render (its \`Preview: rendered …\` line, printed before the browser is told to reload), the 50 ms a saved file must stay unchanged before the rebuild (chokidar's \`awaitWriteFinish\`, src/cli/preview/serve.ts) included; the page is then fetched and must show the edit. Medians of ${options.rounds} edits per kind; warm build: median wall time of ${options.rounds} \`npm run build -- --full\`s of the same archive from the same cache (every page rendered), ${warmS.toFixed(2)} s.`,
    '',
    '| edit | median | range | rendered | target |',
    '|---|---|---|---|---|',
    ...runs.edits.map(row),
    '',
    `Memory through ${MEMORY.memoryEdits} more override edits (V8 heap after a forced garbage collection, and RSS, after each render):`,
    '',
    '| after edit | V8 heap used | RSS |',
    '|---|---|---|',
    ...[1, MEMORY.memoryBaseline, 50, MEMORY.memoryEdits].map(
      (i) => `| ${i} | ${mb(at(i).heapUsed)} | ${mb(at(i).rss)} |`,
    ),
    '',
    `| growth from edit ${MEMORY.memoryBaseline} to edit ${MEMORY.memoryEdits} | value |`,
    '|---|---|',
    `| V8 heap used | ${percent(growth('heapUsed'))} |`,
    `| RSS | ${percent(growth('rss'))} |`,
  ].join('\n');
}

/** `--pages N`: one cold build of an archive of about N sign pages, in Node's default heap. */
async function largeArchive({ options, work, env }: BenchContext, pagesWanted: number): Promise<string> {
  // Weekly periods fill the archive; the other kinds publish their current period only.
  const weeklyPast = Math.max(0, Math.ceil(pagesWanted / DEFAULTS.signs) - 4);
  const periods: PeriodWindows = {
    weekly: { past: weeklyPast, future: 0 },
    monthly: { past: 0, future: 0 },
    yearly: { past: 0, future: 0 },
    ascendantYearly: { past: 0, future: 0 },
  };
  log(`Large archive: ${periodCount(periods)} periods (${weeklyPast + 1} weeks), cold, Node's default heap…`);
  const cold = await siteBuild({
    outputDir: path.join(work, 'dist'),
    cacheDir: path.join(work, 'cache'),
    env,
    periods,
  });
  const signPages = periodCount(periods) * DEFAULTS.signs;
  return [
    `- Command: \`npm run bench -- --pages ${pagesWanted} --latency ${options.latencyMs} --concurrency ${options.concurrency} --date ${options.buildDate}\``,
    `- ${machineLine()}`,
    `- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    '| sign pages | HTML pages | periods | requests | wall time | user CPU | peak RSS | peak V8 heap used | V8 heap limit (default, no --max-old-space-size) |',
    '|---|---|---|---|---|---|---|---|---|',
    `| ${signPages} | ${cold.pages} | ${periodCount(periods)} (${weeklyPast + 1} weeks + 3 current) | ${cold.requests} | ${seconds(cold.wallMs)} | ${seconds(cold.userCpuMs)} | ${megabytes(cold.maxRssKb)} | ${cold.peakHeapMb} MB | ${cold.heapLimitMb} MB |`,
  ].join('\n');
}

const archivePaths = (work: string) => ({
  cacheDir: path.join(work, 'cache'),
  plainData: path.join(work, 'plain-data.json'),
  plainDir: path.join(work, 'dist-plain'),
});

/** The three-year archive, round after round: cold, warm, plain, plain compiled once. */
async function archiveRounds({ options, work, env }: BenchContext): Promise<ArchiveRuns> {
  const periods = DEFAULTS.periods;
  const { cacheDir, plainData, plainDir } = archivePaths(work);
  const runs: ArchiveRuns = { cold: [], warm: [], plain: [], plainOnce: [] };
  const rounds = options.rounds;
  for (let round = 1; round <= rounds; round++) {
    rmSync(cacheDir, { recursive: true, force: true });
    const cold = await siteBuild({ outputDir: path.join(work, 'dist-cold'), cacheDir, env, periods, full: true });
    runs.cold.push(cold);
    log(`round ${round}/${rounds}: cold ${seconds(cold.wallMs)} (${cold.requests} requests, ${cold.pages} pages)`);
    if (round === 1) writeFileSync(plainData, JSON.stringify(plainDataFrom(path.join(work, 'dist-cold'))));
    const warm = await siteBuild({ outputDir: path.join(work, 'dist-warm'), cacheDir, env, periods, full: true });
    runs.warm.push(warm);
    log(`round ${round}/${rounds}: warm ${seconds(warm.wallMs)} (${warm.requests} requests)`);
    // Into an empty folder, as ours renders into a fresh staging folder (creating 2,600 folders costs more than
    // finding them there).
    rmSync(plainDir, { recursive: true, force: true });
    const plain = await plainBuild(plainDir, plainData, 'idiomatic');
    runs.plain.push(plain);
    log(`round ${round}/${rounds}: plain Eleventy ${seconds(plain.wallMs)} (${plain.pages} pages)`);
    rmSync(plainDir, { recursive: true, force: true });
    const plainOnce = await plainBuild(plainDir, plainData, 'compiled-once');
    runs.plainOnce.push(plainOnce);
    log(
      `round ${round}/${rounds}: plain Eleventy, compiled once ${seconds(plainOnce.wallMs)} (${plainOnce.pages} pages)`,
    );
  }
  return runs;
}

/** `--profile`: CPU profiles of one warm build and one plain build, after the rounds (which left the cache warm). */
async function profileBuilds({ work, env }: BenchContext): Promise<void> {
  const { cacheDir, plainData, plainDir } = archivePaths(work);
  const profileDir = path.join(rootDir, 'bench/profiles');
  mkdirSync(profileDir, { recursive: true });
  // A folder each: Node names a profile after its process, so the folder tells the two builds apart.
  await siteBuild({ outputDir: path.join(work, 'dist-warm'), cacheDir, env, periods: DEFAULTS.periods }, [
    '--cpu-prof',
    '--cpu-prof-dir',
    path.join(profileDir, 'warm'),
  ]);
  rmSync(plainDir, { recursive: true, force: true });
  await plainBuild(plainDir, plainData, 'idiomatic', ['--cpu-prof', '--cpu-prof-dir', path.join(profileDir, 'plain')]);
  log(
    `CPU profiles of a warm build and of the plain build written to ${path.relative(rootDir, profileDir)}/warm/ and plain/`,
  );
}

main().catch((error: unknown) => {
  console.error(`Benchmark failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
