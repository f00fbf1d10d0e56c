// `npm run bench -- --syndication`: what the JSON Feeds, the JSON API and the card cost (docs/syndication.md). Per
// round, on the three-year archive, a warm `--full` build and the next day's build of the project as it is, and of
// a copy without them (content/site.json `"api": false`, which also drops the card, and without the JSON Feed's
// template), interleaved; then the card's weight from the output: its script, and the largest answer it reads
// (a `card.json`).
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { log, siteBuild, type BenchContext } from './lib/bench-builds.ts';
import { copyProject } from './lib/copy-project.ts';
import { machineLine, median, periodCount, ratio, seconds } from './lib/bench-report.ts';
import { DEFAULTS, type ChildResult } from './lib/bench-settings.ts';

/** Wednesday, then Thursday of the reference date's week: the same periods, nothing a page shows changes. */
const NEXT_DAY = { before: '2026-11-18', after: '2026-11-19' };
/** The bounds: the card's script gzipped, one card's requests and bytes, the build's added cost. */
const BOUNDS = { scriptGzipBytes: 5 * 1024, cardRequests: 2, cardBytes: 12 * 1024, fullBuildRatio: 1.15 };

/** A copy of the project at `into` that publishes no JSON Feed, no API and no card. */
function projectWithout(into: string): string {
  const rootDir = copyProject(into);
  const siteFile = path.join(rootDir, 'content/site.json');
  writeFileSync(
    siteFile,
    `${JSON.stringify({ ...(JSON.parse(readFileSync(siteFile, 'utf8')) as object), api: false }, null, 2)}\n`,
  );
  rmSync(path.join(rootDir, 'templates/feed-json.njk'));
  return rootDir;
}

/** The card's script and the largest answer it reads (in any language's API), raw and gzipped as hosts send them. */
function cardWeight(dist: string): {
  script: number;
  scriptGzip: number;
  answer: number;
  answerGzip: number;
  largest: string;
} {
  const script = readFileSync(path.join(dist, 'embed/card.js'));
  const answers = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) =>
    /(^|\/)api\/v1\/.+\/card\.json$/.test(file.split(path.sep).join('/')),
  );
  const sized = answers.map((file) => {
    const bytes = readFileSync(path.join(dist, file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes).length };
  });
  const largest = sized.reduce((a, b) => (b.gzip > a.gzip ? b : a));
  return {
    script: script.length,
    scriptGzip: gzipSync(script).length,
    answer: largest.raw,
    answerGzip: largest.gzip,
    largest: largest.file,
  };
}

export async function syndicationBench({ options, work, env }: BenchContext): Promise<string> {
  const periods = DEFAULTS.periods;
  const withRoot = copyProject(path.join(work, 'project'));
  const withoutRoot = projectWithout(path.join(work, 'project-without'));
  const cacheDir = path.join(work, 'cache');
  const request = { outputDir: path.join(work, 'dist'), cacheDir, env, periods, full: true };
  const runs = {
    withFull: [] as ChildResult[],
    withoutFull: [] as ChildResult[],
    withNext: [] as ChildResult[],
    withoutNext: [] as ChildResult[],
  };
  // Fills the cache both share: every measured build is warm.
  await siteBuild({ ...request, rootDir: withRoot });
  for (let round = 1; round <= options.rounds; round++) {
    for (const [rootDir, full, next, name] of [
      [withRoot, runs.withFull, runs.withNext, 'with'],
      [withoutRoot, runs.withoutFull, runs.withoutNext, 'without'],
    ] as const) {
      const outputDir = path.join(work, `dist-${name}`);
      full.push(await siteBuild({ ...request, rootDir, outputDir }));
      await siteBuild({
        ...request,
        rootDir,
        outputDir,
        full: false,
        env: { ...env, ASTRO_BUILD_DATE: NEXT_DAY.before },
      });
      next.push(
        await siteBuild({
          ...request,
          rootDir,
          outputDir,
          full: false,
          env: { ...env, ASTRO_BUILD_DATE: NEXT_DAY.after },
        }),
      );
      log(
        `round ${round}/${options.rounds} ${name}: --full ${seconds(full.at(-1)!.wallMs)} (${seconds(full.at(-1)!.userCpuMs)} user CPU), next day ${seconds(next.at(-1)!.wallMs)} (${seconds(next.at(-1)!.userCpuMs)})`,
      );
    }
  }
  const card = cardWeight(path.join(work, 'dist-with'));
  const m = (list: ChildResult[], pick: (r: ChildResult) => number) => median(list.map(pick));
  const row = (name: string, list: ChildResult[]) =>
    `| ${name} | ${seconds(m(list, (r) => r.wallMs))} | ${seconds(m(list, (r) => r.userCpuMs))} | ${m(list, (r) => r.rendered ?? 0)} |`;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  return [
    `- Command: \`npm run bench -- --syndication --rounds ${options.rounds} --latency ${options.latencyMs} --concurrency ${options.concurrency} --date ${options.buildDate}\``,
    `- ${machineLine()}`,
    `- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; the three-year archive (${periodCount(periods)} periods), warm, medians of ${options.rounds} interleaved round(s)`,
    '',
    '| build | wall time | user CPU | pages rendered |',
    '|---|---|---|---|',
    row('`--full`, with JSON Feeds, API and card', runs.withFull),
    row('`--full`, without them', runs.withoutFull),
    row(`next day (${NEXT_DAY.after}), with them`, runs.withNext),
    row(`next day (${NEXT_DAY.after}), without them`, runs.withoutNext),
    '',
    '| bound | value |',
    '|---|---|',
    `| \`--full\` with / without (wall time) | ${ratio(m(runs.withFull, (r) => r.wallMs) / m(runs.withoutFull, (r) => r.wallMs), BOUNDS.fullBuildRatio)} |`,
    // On a machine shared with other work the wall times swing by a third from round to round; user CPU far less,
    // and the median of each round's ratio (the two builds one after the other) less again.
    `| \`--full\` with / without (user CPU, median of the rounds' ratios) | ${ratio(median(runs.withFull.map((r, i) => r.userCpuMs / runs.withoutFull[i]!.userCpuMs)), BOUNDS.fullBuildRatio)} |`,
    `| next day with − without (wall time) | ${seconds(m(runs.withNext, (r) => r.wallMs) - m(runs.withoutNext, (r) => r.wallMs))} |`,
    `| next day with − without (user CPU) | ${seconds(m(runs.withNext, (r) => r.userCpuMs) - m(runs.withoutNext, (r) => r.userCpuMs))} |`,
    `| the card's script, gzipped | ${kb(card.scriptGzip)} (${kb(card.script)} raw; bound ${kb(BOUNDS.scriptGzipBytes)}: ${card.scriptGzip <= BOUNDS.scriptGzipBytes ? 'met' : 'NOT met'}) |`,
    `| one card: requests | ${BOUNDS.cardRequests} (the script, then its answer) |`,
    `| one card: bytes, gzipped (raw), the largest answer (${card.largest}) | ${kb(card.scriptGzip + card.answerGzip)} (${kb(card.script + card.answer)}; bound ${kb(BOUNDS.cardBytes)}: ${card.script + card.answer <= BOUNDS.cardBytes ? 'met raw' : card.scriptGzip + card.answerGzip <= BOUNDS.cardBytes ? 'met gzipped' : 'NOT met'}) |`,
  ].join('\n');
}
