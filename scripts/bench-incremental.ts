// `npm run bench -- --incremental --search`: the daily rebuild, search included (every build indexes the parts of
// the search index whose pages changed, src/cli/builder/search-index.ts), against the bounds. Per round and archive (the
// three-year and the ten-year one, one language): a build on a Wednesday (not measured), the next day's build (same
// week: nothing a page shows changes), the first build of the next week, a `--full` build of that week, and plain
// Eleventy rendering the same pages from scratch (bench/plain/). Medians over the rounds. Then, once, on the
// ten-year archive: what one query downloads in Chromium (scripts/bench-search.ts), how the merged index ranks
// against one whole-archive index (scripts/lib/bench-ranking.ts), and a new week of the same site in six languages
// (scripts/bench-languages.ts's sites), against one language's new week.
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PeriodWindows } from '../src/data/config.ts';
import { BENCH_LANGUAGES, languageServices, projectWithLanguages } from './bench-languages.ts';
import { queryBytes, QUERY, type QueryBytes } from './bench-search.ts';
import { log, plainBuild, siteBuild, type BenchContext } from './lib/bench-builds.ts';
import { plainDataFrom } from './lib/bench-plain-data.ts';
import { rankingAgreement, type RankingAgreement } from './lib/bench-ranking.ts';
import { machineLine, median, megabytes, periodCount, ratio, seconds } from './lib/bench-report.ts';
import { DEFAULTS, TEN_YEAR_PERIODS, type ChildResult } from './lib/bench-settings.ts';

/** The bounds: each build's wall time over plain Eleventy's, one language. */
interface ArchiveTargets {
  nextDay: number;
  newWeek: number;
  full: number;
}

const ARCHIVES: { name: string; periods: PeriodWindows; targets: ArchiveTargets }[] = [
  { name: 'three-year archive', periods: DEFAULTS.periods, targets: { nextDay: 0.5, newWeek: 1.0, full: 2.5 } },
  { name: 'ten-year archive', periods: TEN_YEAR_PERIODS, targets: { nextDay: 0.25, newWeek: 0.5, full: 2.5 } },
];

const TARGETS = {
  /** Six languages' new week over one language's, on the ten-year archive. */
  languagesNewWeek: 6,
  /** Everything one query downloads on the ten-year archive, the page included, in kB (1,000 bytes). */
  queryKb: 300,
};

/** Wednesday and Thursday of ISO week 2026-w47, and the Monday of week 48. */
const DATES = { wednesday: '2026-11-18', thursday: '2026-11-19', nextMonday: '2026-11-23' };

interface ArchiveRuns {
  nextDay: ChildResult[];
  newWeek: ChildResult[];
  full: ChildResult[];
  plain: ChildResult[];
}

interface TenYearOnce {
  query: QueryBytes;
  ranking: RankingAgreement;
  /** The six-language site's first builds of a new week, and one language's taken in turn with them. */
  languages: { six: ChildResult[]; one: ChildResult[] };
}

export async function incrementalBench(context: BenchContext): Promise<string> {
  const { options, work } = context;
  const outputDir = path.join(work, 'dist-incremental');
  const runs: ArchiveRuns[] = [];
  for (const archive of ARCHIVES) runs.push(await archiveRounds(archive.periods, context));
  // The ten-year archive's last build is still in outputDir: a `--full` build of the new week.
  const query = await queryBytes(outputDir);
  log(
    `ten-year archive, one query: ${query.requests} responses, ${query.totalBytes} bytes, ${query.parts} parts of the index`,
  );
  const ranking = await rankingAgreement(outputDir);
  log(
    `ten-year archive, ranking: the first five agree on ${ranking.agreeing} of ${ranking.total} queries\n${ranking.disagreements.join('\n')}`,
  );
  const once: TenYearOnce = { query, ranking, languages: await languagesNewWeek(context) };
  const workDirFlag = options.workDir === os.tmpdir() ? '' : ` --work-dir ${options.workDir}`;
  return [
    `- Command: \`npm run bench -- --incremental --search --rounds ${options.rounds}${workDirFlag}\``,
    `- ${machineLine()}`,
    `- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; sample service latency ${options.latencyMs} ms; ASTRO_CONCURRENCY=${options.concurrency}`,
    `- Per round and archive (one language): a build on ${DATES.wednesday} (not measured), then, each taking unchanged pages and search parts from the build before it, the next day's build (${DATES.thursday}, the same ISO week: nothing a page shows changes) and the first build of the next week (${DATES.nextMonday}); then a \`--full\` build of that week, and plain Eleventy rendering the same pages from scratch (bench/plain/). Every build writes the search index (the parts whose pages changed). Medians of ${options.rounds} round(s); wall time of the whole process, Node's start-up included; every build asks the service again for its current periods.`,
    ...ARCHIVES.flatMap((archive, i) => ['', ...archiveTable(archive, runs[i]!)]),
    '',
    ...onceTables(once, runs[1]!),
    '',
    ...boundsTable(runs, once),
  ].join('\n');
}

async function archiveRounds(periods: PeriodWindows, { options, work, env }: BenchContext): Promise<ArchiveRuns> {
  const outputDir = path.join(work, 'dist-incremental');
  const cacheDir = path.join(work, 'cache-incremental');
  const plainDir = path.join(work, 'dist-plain');
  const plainData = path.join(work, 'plain-data-incremental.json');
  const build = (date: string, full = false) =>
    siteBuild({ outputDir, cacheDir, env: { ...env, ASTRO_BUILD_DATE: date }, periods, full });
  const runs: ArchiveRuns = { nextDay: [], newWeek: [], full: [], plain: [] };
  for (const dir of [outputDir, cacheDir]) rmSync(dir, { recursive: true, force: true });
  // Fills the cache with every period the rounds publish.
  await build(DATES.nextMonday, true);
  for (let round = 1; round <= options.rounds; round++) {
    await build(DATES.wednesday);
    runs.nextDay.push(await build(DATES.thursday));
    runs.newWeek.push(await build(DATES.nextMonday));
    runs.full.push(await build(DATES.nextMonday, true));
    if (round === 1) writeFileSync(plainData, JSON.stringify(plainDataFrom(outputDir)));
    rmSync(plainDir, { recursive: true, force: true });
    runs.plain.push(await plainBuild(plainDir, plainData, 'idiomatic'));
    const last = (list: ChildResult[]) =>
      `${seconds(list.at(-1)!.wallMs)} (${list.at(-1)!.rendered ?? list.at(-1)!.pages} rendered, index ${seconds(list.at(-1)!.searchIndexMs ?? 0)})`;
    log(
      `${periodCount(periods)} periods, round ${round}/${options.rounds}: next day ${last(runs.nextDay)}, new week ${last(runs.newWeek)}, full ${last(runs.full)}, plain ${seconds(runs.plain.at(-1)!.wallMs)}`,
    );
  }
  return runs;
}

/**
 * The ten-year archive in six languages (each from a sample service of its own): a `--full` build of the next week
 * (fills the cache), then per round Wednesday's build and the first build of the next week, measured, each followed
 * by the same two builds of the one-language ten-year archive (its folders from `archiveRounds`), so that the ratio
 * compares builds taken in turn.
 */
async function languagesNewWeek({ options, work, env }: BenchContext): Promise<TenYearOnce['languages']> {
  const rootDir = projectWithLanguages(path.join(work, 'project-languages'), BENCH_LANGUAGES);
  const { services, accounts } = await languageServices(BENCH_LANGUAGES, options.latencyMs);
  try {
    const request = {
      rootDir,
      outputDir: path.join(work, 'dist-languages'),
      cacheDir: path.join(work, 'cache-languages'),
      periods: TEN_YEAR_PERIODS,
    };
    const build = (date: string, full = false) =>
      siteBuild({ ...request, env: { ...env, ...accounts, ASTRO_BUILD_DATE: date }, full });
    const one = (date: string) =>
      siteBuild({
        outputDir: path.join(work, 'dist-incremental'),
        cacheDir: path.join(work, 'cache-incremental'),
        env: { ...env, ASTRO_BUILD_DATE: date },
        periods: TEN_YEAR_PERIODS,
      });
    log(
      `six languages, ten-year archive: filling the cache (${seconds((await build(DATES.nextMonday, true)).wallMs)})`,
    );
    const runs: TenYearOnce['languages'] = { six: [], one: [] };
    for (let round = 1; round <= options.rounds; round++) {
      await build(DATES.wednesday);
      runs.six.push(await build(DATES.nextMonday));
      await one(DATES.wednesday);
      runs.one.push(await one(DATES.nextMonday));
      const [six, single] = [runs.six.at(-1)!, runs.one.at(-1)!];
      log(
        `six languages, round ${round}/${options.rounds}: new week ${seconds(six.wallMs)} (${six.rendered} rendered, index ${seconds(six.searchIndexMs ?? 0)}); one language ${seconds(single.wallMs)}`,
      );
    }
    return runs;
  } finally {
    await Promise.all(services.map((service) => service.close()));
    rmSync(rootDir, { recursive: true, force: true });
  }
}

const m = (list: ChildResult[], key: keyof ChildResult) => median(list.map((r) => Number(r[key] ?? 0)));

function buildRow(label: string, list: ChildResult[], plainMs: number): string {
  return `| ${label} | ${seconds(m(list, 'wallMs'))} | ${(m(list, 'wallMs') / plainMs).toFixed(2)} | ${seconds(m(list, 'searchIndexMs'))} | ${seconds(m(list, 'userCpuMs'))} | ${m(list, 'rendered')} | ${m(list, 'reused')} | ${megabytes(m(list, 'maxRssKb'))} |`;
}

const BUILD_HEADER = [
  '| build | wall time | / plain | of which the search index | user CPU | pages rendered | pages reused | peak RSS |',
  '|---|---|---|---|---|---|---|---|',
];

function archiveTable({ name, periods }: (typeof ARCHIVES)[number], runs: ArchiveRuns): string[] {
  const plainMs = m(runs.plain, 'wallMs');
  return [
    `**${name}**: ${periodCount(periods)} periods, ${m(runs.full, 'pages')} HTML pages`,
    '',
    ...BUILD_HEADER,
    buildRow('next day, same week', runs.nextDay, plainMs),
    buildRow('first build of a new week', runs.newWeek, plainMs),
    buildRow('`--full`', runs.full, plainMs),
    `| plain Eleventy (same pages, from scratch) | ${seconds(plainMs)} | 1.00 | | ${seconds(m(runs.plain, 'userCpuMs'))} | ${m(runs.plain, 'pages')} | 0 | ${megabytes(m(runs.plain, 'maxRssKb'))} |`,
  ];
}

function onceTables({ query, languages }: TenYearOnce, tenYear: ArchiveRuns): string[] {
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  return [
    `**ten-year archive, six languages** (${BENCH_LANGUAGES.join(', ')}, each from a sample service of its own): a \`--full\` build of ${DATES.nextMonday} (fills the cache), then per round ${DATES.wednesday}'s build and the first build of the new week, measured, each followed by the same two builds of the one-language ten-year archive above; medians of ${languages.six.length}; "/ plain" is over the one language's plain Eleventy above.`,
    '',
    ...BUILD_HEADER,
    buildRow(
      `first build of a new week, ${BENCH_LANGUAGES.length} languages`,
      languages.six,
      m(tenYear.plain, 'wallMs'),
    ),
    buildRow(
      'first build of a new week, one language (taken in turn with them)',
      languages.one,
      m(tenYear.plain, 'wallMs'),
    ),
    '',
    `**One query on the ten-year archive**: \`/search/?q=${QUERY}\` in Chromium (a fresh profile, so nothing cached), the built site served with its \`_headers\`, until the results are listed ("${query.status}"); the page merges every part of the index (${query.parts} fetched from). Bytes of the responses' bodies as the server sent them (uncompressed; a host's gzip shrinks \`pagefind.js\`, the index files are compressed already):`,
    '',
    '| one query | requests | bytes |',
    '|---|---|---|',
    `| the index's parts (\`/pagefind/\`, \`/pagefind-closed/\`, \`/pagefind-quarters/\`: Pagefind's script and worker, WebAssembly, \`parts.json\`, each part's entry, metadata and index chunks, fragments) | ${query.pagefindRequests} | ${kb(query.pagefindBytes)} |`,
    `| everything, the page, stylesheet and \`search.js\` included | ${query.requests} | ${kb(query.totalBytes)} |`,
  ];
}

function boundsTable(runs: ArchiveRuns[], { query, ranking, languages }: TenYearOnce): string[] {
  const cell = (i: number, key: 'nextDay' | 'newWeek' | 'full') =>
    ratio(m(runs[i]![key], 'wallMs') / m(runs[i]!.plain, 'wallMs'), ARCHIVES[i]!.targets[key]);
  const percent = ranking.total === 0 ? 0 : Math.round((100 * ranking.agreeing) / ranking.total);
  return [
    '| bound | three-year | ten-year |',
    '|---|---|---|',
    `| next day / plain | ${cell(0, 'nextDay')} | ${cell(1, 'nextDay')} |`,
    `| first build of a new week / plain | ${cell(0, 'newWeek')} | ${cell(1, 'newWeek')} |`,
    `| \`--full\` / plain | ${cell(0, 'full')} | ${cell(1, 'full')} |`,
    `| new week, six languages / one language | | ${ratio(m(languages.six, 'wallMs') / m(languages.one, 'wallMs'), TARGETS.languagesNewWeek)} |`,
    `| one query, kB, everything | | ${ratio(query.totalBytes / 1000, TARGETS.queryKb)} |`,
    `| ranking: queries whose merged first five are the whole-archive index's (ties counted) | | ${ranking.agreeing} of ${ranking.total} (${percent} %) |`,
  ];
}
