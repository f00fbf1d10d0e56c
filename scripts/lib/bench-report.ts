// The benchmarks' figures as tables: medians, ratios to their bounds, and docs/performance.md's generated sections.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PeriodWindows } from '../../src/data/config.ts';
import { DEFAULTS, TARGETS, type ArchiveRuns, type BenchOptions, type ChildResult } from './bench-settings.ts';

const rootDir = path.resolve(import.meta.dirname, '../..');

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function periodCount(windows: PeriodWindows): number {
  return Object.values(windows).reduce((sum, w) => sum + w.past + 1 + w.future, 0);
}

export const machineLine = () =>
  `Machine: ${os.availableParallelism()} CPUs (nproc), ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, ${os.type()} ${os.release()}`;
export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
export const megabytes = (kb: number) => `${Math.round(kb / 1024)} MB`;
export const ratio = (value: number, target: number) =>
  `${value.toFixed(3)} (target ≤ ${target}: ${value <= target ? 'met' : 'NOT met'})`;

/** The table of medians and the ratios to the targets, as written to docs/performance.md. */
export function archiveReport(options: BenchOptions, runs: ArchiveRuns): string {
  const { rounds, latencyMs, concurrency, buildDate } = options;
  const periodTotal = periodCount(DEFAULTS.periods);
  const m = (list: ChildResult[], key: keyof ChildResult) => median(list.map((r) => Number(r[key] ?? 0)));
  const networkFloorMs = Math.ceil(periodTotal / concurrency) * latencyMs;
  const plainMs = m(runs.plain, 'wallMs');
  const row = (name: string, list: ChildResult[]) =>
    `| ${name} | ${seconds(m(list, 'wallMs'))} | ${seconds(m(list, 'inProcessMs'))} | ${seconds(m(list, 'userCpuMs'))} | ${seconds(m(list, 'systemCpuMs'))} | ${m(list, 'requests')} | ${m(list, 'pages')} | ${megabytes(m(list, 'maxRssKb'))} |`;
  const workDirFlag = options.workDir === os.tmpdir() ? '' : ` --work-dir ${options.workDir}`;
  return [
    `- Command: \`npm run bench -- --rounds ${rounds} --latency ${latencyMs} --concurrency ${concurrency} --date ${buildDate}${workDirFlag}\``,
    `- ${machineLine()}`,
    `- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; reference date of the builds ${buildDate}`,
    `- Archive: ${periodTotal} periods (weekly past 155, monthly past 35, yearly past 2, ascendant-yearly past 2, future 0, each with its current period) → ${periodTotal * DEFAULTS.signs} sign pages; sample service latency ${latencyMs} ms; ASTRO_CONCURRENCY=${concurrency}`,
    `- Medians of ${rounds} interleaved rounds (cold, warm, plain, plain compiled once), each build started after \`sync\`. Wall time is the whole child process (Node start-up included); "in process" is from the child's first line to the end of its build, module loading included.`,
    "- Our builds run as `npm run build` does, with Node's compile cache (src/cli's entry points enable it; the earlier builds fill it); the plain site runs as a plain Eleventy script, without it.",
    `- The output a build replaces is removed after the swap by a detached process (src/cli/builder/swap-output.ts), which then records the published files' stats in the manifest after two seconds' settling, outside these figures; the benchmark waits for it before the next build. It went on for a median ${seconds(m(runs.warm.slice(rounds > 1 ? 1 : 0), 'backgroundRemovalMs'))} after a warm build exited (rounds after the first, where there was an output to replace).`,
    '',
    '| build | wall time | in process | user CPU | system CPU | requests | HTML pages | peak RSS |',
    '|---|---|---|---|---|---|---|---|',
    row('cold (empty cache)', runs.cold),
    row('warm (cache, same date)', runs.warm),
    row('plain Eleventy (same pages)', runs.plain),
    row('plain Eleventy, compiled once (same pages)', runs.plainOnce),
    '',
    '| ratio | value |',
    '|---|---|',
    `| cold / (plain + ceil(${periodTotal} / ${concurrency}) × ${latencyMs} ms = ${seconds(plainMs + networkFloorMs)}) | ${ratio(m(runs.cold, 'wallMs') / (plainMs + networkFloorMs), TARGETS.cold)} |`,
    `| warm / plain | ${ratio(m(runs.warm, 'wallMs') / plainMs, TARGETS.warm)} |`,
    `| warm user CPU / plain user CPU | ${ratio(m(runs.warm, 'userCpuMs') / m(runs.plain, 'userCpuMs'), TARGETS.warmCpu)} |`,
    `| warm peak RSS / plain peak RSS | ${ratio(m(runs.warm, 'maxRssKb') / m(runs.plain, 'maxRssKb'), TARGETS.rss)} |`,
    `| cold peak RSS / plain peak RSS | ${ratio(m(runs.cold, 'maxRssKb') / m(runs.plain, 'maxRssKb'), TARGETS.rss)} |`,
    '',
    ...phaseTable(runs),
    '',
    'Against the plain site written the way our report templates are (the "compiled once" row: the same pages, with no',
    'template compiled per page), which is what our own pipeline costs on top of Eleventy at its fastest:',
    '',
    '| ratio | value |',
    '|---|---|',
    `| warm / plain compiled once | ${(m(runs.warm, 'wallMs') / m(runs.plainOnce, 'wallMs')).toFixed(2)} |`,
    `| warm user CPU / plain compiled once user CPU | ${(m(runs.warm, 'userCpuMs') / m(runs.plainOnce, 'userCpuMs')).toFixed(2)} |`,
    `| cold / (plain compiled once + ${seconds(networkFloorMs)}) | ${(m(runs.cold, 'wallMs') / (m(runs.plainOnce, 'wallMs') + networkFloorMs)).toFixed(2)} |`,
  ].join('\n');
}

/** Where the peak is: the medians of each phase's largest RSS (src/cli/builder/build-phase.ts), cold and warm. */
function phaseTable(runs: ArchiveRuns): string[] {
  const phases = ['start', 'fetch', 'model', 'render', 'search', 'files', 'swap'];
  const phase = (list: ChildResult[], name: string) => median(list.map((run) => run.phaseRssMb?.[name] ?? 0));
  return [
    `| peak RSS by phase (sampled every 20 ms) | ${phases.join(' | ')} |`,
    `|---|${phases.map(() => '---').join('|')}|`,
    ...(['cold', 'warm'] as const).map(
      (name) => `| ${name} | ${phases.map((p) => `${phase(runs[name], p)} MB`).join(' | ')} |`,
    ),
  ];
}

/** Replaces one generated section of docs/performance.md (`table`, `table-work-dir` or `pages`), keeping the prose around it. */
export function writeBenchmarkSection(
  name:
    | 'table'
    | 'table-work-dir'
    | 'pages'
    | 'preview'
    | 'preview-languages'
    | 'incremental'
    | 'languages'
    | 'syndication'
    | 'calendar'
    | 'worker'
    | 'shipped',
  report: string,
): void {
  const file = path.join(rootDir, 'docs/performance.md');
  const begin = `<!-- bench:${name}:begin (written by \`npm run bench\`) -->`;
  const end = `<!-- bench:${name}:end -->`;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    text = `# Performance\n\n${begin}\n${end}\n`;
  }
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  const section = `${begin}\n${report}\n${end}`;
  text =
    from >= 0 && to > from
      ? `${text.slice(0, from)}${section}${text.slice(to + end.length)}`
      : `${text.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, text);
  console.error(`Wrote the table to ${path.relative(rootDir, file)} (${statSync(file).size} bytes).`);
}
