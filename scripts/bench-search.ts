// `npm run bench -- --search`: what the search costs. On the three-year archive, per round, the time each build
// spends in its search index step (src/cli/search-index.ts leaves it as a user timing entry): a `--full` build,
// which indexes every page, and the next day's build, which takes the published bundle; each against the rest of
// its build. On the ten-year archive, one `--full` build, then the bytes Chromium downloads for one query, the
// built site served with its `_headers` by scripts/lib/static-server.ts. Medians over the rounds.
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Response } from 'playwright-core';
import { log, siteBuild, type BenchContext } from './bench.ts';
import { launchChromium } from './lib/chromium.ts';
import { machineLine, median, periodCount, ratio, seconds } from './lib/bench-report.ts';
import { DEFAULTS, TEN_YEAR_PERIODS, type ChildResult } from './lib/bench-settings.ts';
import { parseHeadersFile } from '../src/eleventy/security-headers.ts';
import { startStaticServer } from './lib/static-server.ts';

const TARGETS = {
  /** The index step's time over the rest of the next day's build. */
  nextDayAdded: 0.15,
  /** Everything one query downloads, the page included, in kB (1,000 bytes). */
  queryKb: 300,
};

/** Wednesday and Thursday of ISO week 2026-w47: the next day's build shows the same pages. */
const DATES = { wednesday: '2026-11-18', thursday: '2026-11-19' };
const QUERY = 'retrograde';

interface Query {
  /** Bytes of every response, and of those under /pagefind/ (as the server sent them: uncompressed). */
  totalBytes: number;
  pagefindBytes: number;
  requests: number;
  pagefindRequests: number;
  status: string;
}

export async function searchBench(context: BenchContext): Promise<string> {
  const { options } = context;
  const rounds = await threeYearRounds(context);
  const { build, query } = await tenYearQuery(context);
  const m = (list: ChildResult[], key: keyof ChildResult) => median(list.map((r) => Number(r[key] ?? 0)));
  const row = (label: string, list: ChildResult[]) => {
    const wall = m(list, 'wallMs');
    const index = m(list, 'searchIndexMs');
    return { text: `| ${label} | ${seconds(wall)} | ${seconds(index)} | ${seconds(wall - index)} |`, added: index / (wall - index) };
  };
  const full = row('`--full` (indexes every page)', rounds.full);
  const nextDay = row('next day, same week (takes the published bundle)', rounds.nextDay);
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
  return [
    `- Command: \`npm run bench -- --search --rounds ${options.rounds}${options.workDir === os.tmpdir() ? '' : ` --work-dir ${options.workDir}`}\``,
    `- ${machineLine()}`,
    `- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; sample service latency ${options.latencyMs} ms; ASTRO_CONCURRENCY=${options.concurrency}`,
    `- Three-year archive (${periodCount(DEFAULTS.periods)} periods, ${m(rounds.full, 'pages')} HTML pages), per round: a build on ${DATES.wednesday} (not measured), the next day's build (${DATES.thursday}) taking unchanged pages and the bundle from it, then a \`--full\` build of that day. "Index step": the build's time in writeSearchIndex (src/cli/search-index.ts), from a user timing entry; "the rest": wall time of the whole process, Node's start-up included, less that step. Medians of ${options.rounds} rounds.`,
    '',
    '| build | wall time | index step | the rest |',
    '|---|---|---|---|',
    full.text,
    nextDay.text,
    '',
    '| what the index adds | value |',
    '|---|---|',
    `| \`--full\` build | ${percent(full.added)} |`,
    `| next-day build | ${ratio(nextDay.added, TARGETS.nextDayAdded)} |`,
    '',
    `Ten-year archive (${periodCount(TEN_YEAR_PERIODS)} periods, ${build.pages} HTML pages): one \`--full\` build, ${seconds(build.wallMs)}, of which the index step ${seconds(build.searchIndexMs ?? 0)}. Then \`/search/?q=${QUERY}\` in Chromium (a fresh profile, so nothing cached), the built site served with its \`_headers\`, until the results are listed ("${query.status}"); bytes of the responses' bodies as the server sent them (uncompressed; a host's gzip shrinks \`pagefind.js\`, the index files are compressed already):`,
    '',
    '| one query | requests | bytes |',
    '|---|---|---|',
    `| Pagefind (\`/pagefind/\`: its script and worker, WebAssembly, metadata, index chunks, fragments) | ${query.pagefindRequests} | ${kb(query.pagefindBytes)} |`,
    `| everything, the page, stylesheet and \`search.js\` included | ${query.requests} | ${kb(query.totalBytes)} |`,
    '',
    '| ratio | value |',
    '|---|---|',
    `| one query, kB, everything | ${ratio(query.totalBytes / 1000, TARGETS.queryKb)} |`,
  ].join('\n');
}

async function threeYearRounds({ options, work, env }: BenchContext): Promise<{ full: ChildResult[]; nextDay: ChildResult[] }> {
  const outputDir = path.join(work, 'dist-search');
  const cacheDir = path.join(work, 'cache-search');
  const build = (date: string, full = false) => siteBuild({ outputDir, cacheDir, env: { ...env, ASTRO_BUILD_DATE: date }, periods: DEFAULTS.periods, full });
  const runs = { full: [] as ChildResult[], nextDay: [] as ChildResult[] };
  for (const dir of [outputDir, cacheDir]) rmSync(dir, { recursive: true, force: true });
  // Fills the cache with every period the rounds publish.
  await build(DATES.thursday, true);
  for (let round = 1; round <= options.rounds; round++) {
    await build(DATES.wednesday);
    runs.nextDay.push(await build(DATES.thursday));
    runs.full.push(await build(DATES.thursday, true));
    const last = (list: ChildResult[]) => `${seconds(list.at(-1)!.wallMs)} (index step ${seconds(list.at(-1)!.searchIndexMs ?? 0)})`;
    log(`three-year archive, round ${round}/${options.rounds}: next day ${last(runs.nextDay)}, --full ${last(runs.full)}`);
  }
  return runs;
}

async function tenYearQuery({ work, env }: BenchContext): Promise<{ build: ChildResult; query: Query }> {
  const outputDir = path.join(work, 'dist-search-ten');
  const build = await siteBuild({ outputDir, cacheDir: path.join(work, 'cache-search-ten'), env, periods: TEN_YEAR_PERIODS, full: true });
  log(`ten-year archive: --full ${seconds(build.wallMs)} (index step ${seconds(build.searchIndexMs ?? 0)}), ${build.pages} pages`);
  const server = await startStaticServer(outputDir, { headerRules: parseHeadersFile(readFileSync(path.join(outputDir, '_headers'), 'utf8')) });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const bodies: Promise<{ url: string; bytes: number }>[] = [];
    page.on('response', (response: Response) => {
      const url = response.url();
      // A redirect has no body to read.
      bodies.push(response.body().then((body) => ({ url, bytes: body.length }), () => ({ url, bytes: 0 })));
    });
    await page.goto(`${server.url}/search/?q=${QUERY}`);
    const status = page.locator('#search-results [role="status"]');
    await status.filter({ hasNotText: /^(Searching…)?$/ }).waitFor({ timeout: 60_000 });
    const text = (await status.textContent()) ?? '';
    if (!/^Pages found: \d+$/.test(text)) throw new Error(`the search page said "${text}" for ?q=${QUERY}, not a list of results`);
    const responses = await Promise.all(bodies);
    const pagefind = responses.filter(({ url }) => new URL(url).pathname.startsWith('/pagefind/'));
    const sum = (list: typeof responses) => list.reduce((total, { bytes }) => total + bytes, 0);
    log(`ten-year archive, one query: ${responses.length} responses, ${sum(responses)} bytes`);
    return { build, query: { totalBytes: sum(responses), pagefindBytes: sum(pagefind), requests: responses.length, pagefindRequests: pagefind.length, status: text } };
  } finally {
    await browser.close();
    await server.close();
  }
}
