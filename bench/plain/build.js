// One build of the plain Eleventy comparison site, plain JavaScript with no data pipeline: what Eleventy alone
// costs for the same pages. Run by scripts/bench.ts as `node bench/plain/build.js OUTPUT_DIR`; prints one
// `BENCH_RESULT {json}` line with the process's CPU time and peak RSS.
import path from 'node:path';
import Eleventy from '@11ty/eleventy';

const started = performance.now();
const outputDir = process.argv[2];
if (!outputDir) throw new Error('usage: node bench/plain/build.js OUTPUT_DIR');
const here = import.meta.dirname;
const eleventy = new Eleventy(path.join(here, 'templates'), outputDir, {
  configPath: path.join(here, 'eleventy.config.js'),
  quietMode: true,
});
const results = await eleventy.write();
const pages = (results[1] ?? []).filter(
  (t) => typeof t.outputPath === 'string' && t.outputPath.endsWith('.html'),
).length;
const usage = process.resourceUsage();
console.log(
  `BENCH_RESULT ${JSON.stringify({
    inProcessMs: performance.now() - started,
    userCpuMs: usage.userCPUTime / 1000,
    systemCpuMs: usage.systemCPUTime / 1000,
    maxRssKb: usage.maxRSS,
    requests: 0,
    pages,
  })}`,
);
