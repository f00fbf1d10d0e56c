// The run's count line, printed once at its end beside Vitest's own report: what the run started (builds in the
// tests' processes and as processes of their own, Pagefind processes, Chromium pages, workerd runtimes), counted
// in the run's shared folder (test/helpers/run-counts.ts), and its slowest file. docs/performance.md keeps the figures.
// https://vitest.dev/advanced/api/reporters
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { countsDir, readCounts, type Counted } from './helpers/run-counts.ts';

const KINDS: Counted[] = [
  'builds in process',
  'builds as processes',
  'Pagefind runs',
  'Chromium pages',
  'workerd starts',
];

export default class CountReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const dir = countsDir();
    const counts = dir ? readCounts(dir) : {};
    const slowest = [...testModules].sort((a, b) => b.diagnostic().duration - a.diagnostic().duration)[0];
    const file = slowest
      ? `${path.relative(process.cwd(), slowest.moduleId)} ${(slowest.diagnostic().duration / 1000).toFixed(1)} s`
      : 'none';
    const builds = `site builds ${(counts['builds in process'] ?? 0) + (counts['builds as processes'] ?? 0)} (${counts['builds in process'] ?? 0} in process, ${counts['builds as processes'] ?? 0} as processes)`;
    const rest = KINDS.slice(2).map((kind) => `${kind} ${counts[kind] ?? 0}`);
    process.stdout.write(`Run counts: ${[builds, ...rest, `slowest file ${file}`].join(', ')}\n`);
  }
}
