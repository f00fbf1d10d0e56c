// `npm run bench -- --calendar`: what the sky's calendar adds to a build (docs/calendar.md). Per round, on the
// three-year archive, a warm `--full` build and a warm build of the same day (nothing to render) of the project as
// it is, and of a copy with `"calendar": false`, interleaved; the ratios are the bounds.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { log, siteBuild, type BenchContext } from './lib/bench-builds.ts';
import { copyProject } from './lib/copy-project.ts';
import { machineLine, median, periodCount, ratio, seconds } from './lib/bench-report.ts';
import { DEFAULTS, type ChildResult } from './lib/bench-settings.ts';

/** Each build with the calendar at most this many times the one without. */
const BOUND = 1.05;

function projectWithoutCalendar(into: string): string {
  const rootDir = copyProject(into);
  const siteFile = path.join(rootDir, 'content/site.json');
  writeFileSync(
    siteFile,
    `${JSON.stringify({ ...(JSON.parse(readFileSync(siteFile, 'utf8')) as object), calendar: false }, null, 2)}\n`,
  );
  return rootDir;
}

export async function calendarBench({ options, work, env }: BenchContext): Promise<string> {
  const periods = DEFAULTS.periods;
  const roots = {
    with: copyProject(path.join(work, 'project')),
    without: projectWithoutCalendar(path.join(work, 'project-without')),
  };
  const cacheDir = path.join(work, 'cache');
  const request = { cacheDir, env, periods };
  const runs = {
    withFull: [] as ChildResult[],
    withoutFull: [] as ChildResult[],
    withWarm: [] as ChildResult[],
    withoutWarm: [] as ChildResult[],
  };
  // Fills the cache both share: every measured build is warm.
  await siteBuild({ ...request, rootDir: roots.with, outputDir: path.join(work, 'dist-fill'), full: true });
  for (let round = 1; round <= options.rounds; round++) {
    for (const [name, full, warm] of [
      ['with', runs.withFull, runs.withWarm],
      ['without', runs.withoutFull, runs.withoutWarm],
    ] as const) {
      const outputDir = path.join(work, `dist-${name}`);
      full.push(await siteBuild({ ...request, rootDir: roots[name], outputDir, full: true }));
      warm.push(await siteBuild({ ...request, rootDir: roots[name], outputDir, full: false }));
      log(
        `round ${round}/${options.rounds} ${name}: --full ${seconds(full.at(-1)!.wallMs)} (${seconds(full.at(-1)!.userCpuMs)} user CPU), warm ${seconds(warm.at(-1)!.wallMs)} (${seconds(warm.at(-1)!.userCpuMs)})`,
      );
    }
  }
  const m = (list: ChildResult[], pick: (r: ChildResult) => number) => median(list.map(pick));
  const row = (name: string, list: ChildResult[]) =>
    `| ${name} | ${seconds(m(list, (r) => r.wallMs))} | ${seconds(m(list, (r) => r.userCpuMs))} | ${m(list, (r) => r.rendered ?? 0)} |`;
  const perRound = (a: ChildResult[], b: ChildResult[], pick: (r: ChildResult) => number) =>
    median(a.map((r, i) => pick(r) / pick(b[i]!)));
  return [
    `- Command: \`npm run bench -- --calendar --rounds ${options.rounds} --latency ${options.latencyMs} --concurrency ${options.concurrency} --date ${options.buildDate}\``,
    `- ${machineLine()}`,
    `- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; the three-year archive (${periodCount(periods)} periods), warm cache, medians of ${options.rounds} interleaved round(s)`,
    '',
    '| build | wall time | user CPU | pages rendered |',
    '|---|---|---|---|',
    row('`--full`, with the calendar', runs.withFull),
    row('`--full`, `"calendar": false`', runs.withoutFull),
    row('warm, with the calendar', runs.withWarm),
    row('warm, `"calendar": false`', runs.withoutWarm),
    '',
    '| bound | value |',
    '|---|---|',
    `| \`--full\` with / without (wall time, median of the rounds' ratios) | ${ratio(
      perRound(runs.withFull, runs.withoutFull, (r) => r.wallMs),
      BOUND,
    )} |`,
    `| \`--full\` with / without (user CPU, median of the rounds' ratios) | ${ratio(
      perRound(runs.withFull, runs.withoutFull, (r) => r.userCpuMs),
      BOUND,
    )} |`,
    `| warm with / without (wall time, median of the rounds' ratios) | ${ratio(
      perRound(runs.withWarm, runs.withoutWarm, (r) => r.wallMs),
      BOUND,
    )} |`,
    `| warm with / without (user CPU, median of the rounds' ratios) | ${ratio(
      perRound(runs.withWarm, runs.withoutWarm, (r) => r.userCpuMs),
      BOUND,
    )} |`,
  ].join('\n');
}
