// `npm run bench -- --incremental`: what the daily rebuild costs when it takes unchanged pages from the last
// build's output, on the three-year and the ten-year archive, against plain Eleventy rendering the same pages from
// scratch in the same run (bench/plain/). Per round and archive: a build on a Wednesday (not measured), the next
// day's build (same week: no report page changes), the first build of the next week, a `--full` build of that
// week, and the plain site. Medians over the rounds.
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PeriodWindows } from '../src/data/config.ts';
import { log, plainBuild, siteBuild, type BenchContext } from './bench.ts';
import { plainDataFrom } from './lib/bench-plain-data.ts';
import { machineLine, median, megabytes, periodCount, ratio, seconds } from './lib/bench-report.ts';
import { DEFAULTS, TEN_YEAR_PERIODS, type ChildResult } from './lib/bench-settings.ts';

const ARCHIVES: { name: string; periods: PeriodWindows; targets: { unchanged: number; newWeek: number; newWeekS?: number } }[] = [
  {
    name: 'three-year archive',
    periods: DEFAULTS.periods,
    targets: { unchanged: 0.5, newWeek: 0.8 },
  },
  {
    name: 'ten-year archive',
    periods: TEN_YEAR_PERIODS,
    targets: { unchanged: 0.25, newWeek: 0.35, newWeekS: 1.5 },
  },
];

/** Wednesday and Thursday of ISO week 2026-w47, and the Monday of week 48. */
const DATES = { wednesday: '2026-11-18', thursday: '2026-11-19', nextMonday: '2026-11-23' };

interface ArchiveRuns {
  unchanged: ChildResult[];
  newWeek: ChildResult[];
  full: ChildResult[];
  plain: ChildResult[];
}

export async function incrementalBench({ options, work, env }: BenchContext): Promise<string> {
  const sections: string[] = [
    `- Command: \`npm run bench -- --incremental --rounds ${options.rounds}${options.workDir === (await import('node:os')).tmpdir() ? '' : ` --work-dir ${options.workDir}`}\``,
    `- ${machineLine()}`,
    `- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; sample service latency ${options.latencyMs} ms; ASTRO_CONCURRENCY=${options.concurrency}`,
    `- Per round and archive: a build on ${DATES.wednesday} (not measured), then, each taking unchanged pages from the build before it, the next day's build (${DATES.thursday}, the same ISO week: nothing a page shows changes) and the first build of the next week (${DATES.nextMonday}); then a \`--full\` build of that week, and plain Eleventy rendering the same pages from scratch (bench/plain/). Medians of ${options.rounds} rounds; wall time of the whole process, Node's start-up included; every build asks the service again for its current periods.`,
  ];
  for (const archive of ARCHIVES) sections.push('', ...archiveReport(archive, await archiveRounds(archive.periods, { options, work, env }), options.rounds));
  return sections.join('\n');
}

async function archiveRounds(periods: PeriodWindows, { options, work, env }: BenchContext): Promise<ArchiveRuns> {
  const outputDir = path.join(work, 'dist-incremental');
  const cacheDir = path.join(work, 'cache-incremental');
  const plainDir = path.join(work, 'dist-plain');
  const plainData = path.join(work, 'plain-data-incremental.json');
  const build = (date: string, full = false) => siteBuild({ outputDir, cacheDir, env: { ...env, ASTRO_BUILD_DATE: date }, periods, full });
  const runs: ArchiveRuns = { unchanged: [], newWeek: [], full: [], plain: [] };
  for (const dir of [outputDir, cacheDir]) rmSync(dir, { recursive: true, force: true });
  // Fills the cache with every period the rounds publish.
  await build(DATES.nextMonday, true);
  for (let round = 1; round <= options.rounds; round++) {
    await build(DATES.wednesday);
    runs.unchanged.push(await build(DATES.thursday));
    runs.newWeek.push(await build(DATES.nextMonday));
    runs.full.push(await build(DATES.nextMonday, true));
    if (round === 1) writeFileSync(plainData, JSON.stringify(plainDataFrom(outputDir)));
    rmSync(plainDir, { recursive: true, force: true });
    runs.plain.push(await plainBuild(plainDir, plainData, 'idiomatic'));
    const last = (list: ChildResult[]) => `${seconds(list.at(-1)!.wallMs)} (${list.at(-1)!.rendered ?? list.at(-1)!.pages} rendered)`;
    log(`${periodCount(periods)} periods, round ${round}/${options.rounds}: unchanged ${last(runs.unchanged)}, new week ${last(runs.newWeek)}, full ${last(runs.full)}, plain ${seconds(runs.plain.at(-1)!.wallMs)}`);
  }
  return runs;
}

function archiveReport({ name, periods, targets }: (typeof ARCHIVES)[number], runs: ArchiveRuns, rounds: number): string[] {
  const m = (list: ChildResult[], key: keyof ChildResult) => median(list.map((r) => Number(r[key] ?? 0)));
  const plainMs = m(runs.plain, 'wallMs');
  const row = (label: string, list: ChildResult[]) =>
    `| ${label} | ${seconds(m(list, 'wallMs'))} | ${(m(list, 'wallMs') / plainMs).toFixed(2)} | ${seconds(m(list, 'searchIndexMs'))} | ${seconds(m(list, 'userCpuMs'))} | ${m(list, 'rendered')} | ${m(list, 'reused')} | ${megabytes(m(list, 'maxRssKb'))} |`;
  // The parts of the search index whose pages changed are indexed again (src/cli/search-index.ts).
  const withoutIndex = median(runs.newWeek.map((r) => r.wallMs - (r.searchIndexMs ?? 0)));
  const newWeekS = m(runs.newWeek, 'wallMs') / 1000;
  return [
    `**${name}**: ${periodCount(periods)} periods, ${m(runs.full, 'pages')} HTML pages; ${rounds} rounds`,
    '',
    '| build | wall time | / plain | of which the search index | user CPU | pages rendered | pages reused | peak RSS |',
    '|---|---|---|---|---|---|---|---|',
    row('next day, same week', runs.unchanged),
    row('first build of a new week', runs.newWeek),
    row('`--full`', runs.full),
    `| plain Eleventy (same pages, from scratch) | ${seconds(plainMs)} | 1.00 | | ${seconds(m(runs.plain, 'userCpuMs'))} | ${m(runs.plain, 'pages')} | 0 | ${megabytes(m(runs.plain, 'maxRssKb'))} |`,
    '',
    '| ratio | value |',
    '|---|---|',
    `| next day / plain | ${ratio(m(runs.unchanged, 'wallMs') / plainMs, targets.unchanged)} |`,
    `| new week / plain | ${ratio(m(runs.newWeek, 'wallMs') / plainMs, targets.newWeek)} |`,
    ...(targets.newWeekS ? [`| new week, seconds | ${ratio(newWeekS, targets.newWeekS)} |`] : []),
    `| new week less its search index step / plain | ${ratio(withoutIndex / plainMs, targets.newWeek)} |`,
  ];
}
