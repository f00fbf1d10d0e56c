// `npm run bench -- --shipped`: the site a new owner builds first, content/ as shipped with its own periods and the
// embedded sample service, against plain Eleventy writing the same pages (bench/plain/). Per round: a cold build
// (empty cache), a warm one (the same cache and day: nothing to render) and the plain site; CPU is user + system.
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { log, plainBuild, siteBuild, type BenchContext } from './lib/bench-builds.ts';
import { plainDataFrom } from './lib/bench-plain-data.ts';
import { machineLine, median, ratio, seconds } from './lib/bench-report.ts';
import type { ChildResult } from './lib/bench-settings.ts';

/** The bounds, as ratios of CPU time to plain Eleventy's for the same pages. */
export const SHIPPED_BOUNDS = { cold: 3.0, warm: 1.2 };

const cpu = (r: ChildResult) => r.userCpuMs + r.systemCpuMs;

export async function shippedBench({ options, work }: BenchContext): Promise<string> {
  // No service URL: the embedded sample service, as on a fresh clone.
  const env = { ASTRO_BUILD_DATE: options.buildDate, ASTRO_CONCURRENCY: String(options.concurrency) };
  const cacheDir = path.join(work, 'cache');
  const plainData = path.join(work, 'plain-data.json');
  const plainDir = path.join(work, 'dist-plain');
  const runs = { cold: [] as ChildResult[], warm: [] as ChildResult[], plain: [] as ChildResult[] };
  for (let round = 1; round <= options.rounds; round++) {
    rmSync(cacheDir, { recursive: true, force: true });
    const outputDir = path.join(work, 'dist');
    rmSync(outputDir, { recursive: true, force: true });
    runs.cold.push(await siteBuild({ outputDir, cacheDir, env }));
    if (round === 1) writeFileSync(plainData, JSON.stringify(plainDataFrom(outputDir)));
    runs.warm.push(await siteBuild({ outputDir, cacheDir, env }));
    rmSync(plainDir, { recursive: true, force: true });
    runs.plain.push(await plainBuild(plainDir, plainData, 'idiomatic'));
    log(
      `round ${round}/${options.rounds}: cold ${seconds(cpu(runs.cold.at(-1)!))} CPU (${runs.cold.at(-1)!.pages} pages), warm ${seconds(cpu(runs.warm.at(-1)!))}, plain ${seconds(cpu(runs.plain.at(-1)!))}`,
    );
  }
  const m = (list: ChildResult[], pick: (r: ChildResult) => number) => median(list.map(pick));
  const row = (name: string, list: ChildResult[]) =>
    `| ${name} | ${seconds(m(list, (r) => r.wallMs))} | ${seconds(m(list, (r) => r.userCpuMs))} | ${seconds(m(list, (r) => r.systemCpuMs))} | ${seconds(m(list, cpu))} | ${m(list, (r) => r.pages)} |`;
  const plainCpu = m(runs.plain, cpu);
  return [
    `- Command: \`npm run bench -- --shipped --rounds ${options.rounds} --date ${options.buildDate}${options.workDir.startsWith('/dev/shm') ? ' --work-dir /dev/shm' : ''}\``,
    `- ${machineLine()}`,
    `- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; content/ as shipped, the embedded sample service; medians of ${options.rounds} interleaved round(s)`,
    '',
    '| build | wall time | user CPU | system CPU | CPU | HTML pages |',
    '|---|---|---|---|---|---|',
    row('cold (empty cache)', runs.cold),
    row('warm (same cache and day)', runs.warm),
    row('plain Eleventy (same pages)', runs.plain),
    '',
    '| bound (CPU) | value |',
    '|---|---|',
    `| cold / plain | ${ratio(m(runs.cold, cpu) / plainCpu, SHIPPED_BOUNDS.cold)} |`,
    `| warm / plain | ${ratio(m(runs.warm, cpu) / plainCpu, SHIPPED_BOUNDS.warm)} |`,
  ].join('\n');
}
