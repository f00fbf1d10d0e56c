// `npm run bench -- --languages N`: a site of the first N of en, es, pt, fr, de and it (content/site.json
// `languages`), each language from its own account on a sample service of its own. The sample service writes
// English and Spanish reports; pt, fr, de and it get its English texts (every word around them is in their own
// language), which costs the same to render. Per round, a cold and a warm `--full` build of the three-year
// archive, or the ten-year one with `--ten-year`, in a copy of the project and in Node's default heap.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { accountVariables, type PeriodWindows } from '../src/data/config.ts';
import type { SampleService } from '../src/sample-service/server.ts';
import { log, siteBuild, type BenchContext } from './bench.ts';
import { copyProject } from './lib/copy-project.ts';
import { machineLine, median, megabytes, periodCount, seconds } from './lib/bench-report.ts';
import { DEFAULTS, TEN_YEAR_PERIODS, type ChildResult } from './lib/bench-settings.ts';

export const BENCH_LANGUAGES = ['en', 'es', 'pt', 'fr', 'de', 'it'] as const;

/** A copy of the project at `into` whose content/site.json publishes `languages`. */
export function projectWithLanguages(into: string, languages: readonly string[]): string {
  const rootDir = copyProject(into);
  const siteFile = path.join(rootDir, 'content/site.json');
  const { language: _language, ...site } = JSON.parse(readFileSync(siteFile, 'utf8')) as Record<string, unknown>;
  // One language stays a site of one language (`language`), as main builds it.
  if (languages.length > 1) writeFileSync(siteFile, `${JSON.stringify({ ...site, languages }, null, 2)}\n`);
  return rootDir;
}

/** A sample service per language, in its language, with the ASTRO_API_* variables of each one's account. */
export async function languageServices(languages: readonly string[], latencyMs: number): Promise<{ services: SampleService[]; accounts: Record<string, string> }> {
  const { startSampleService } = await import('../src/sample-service/server.ts');
  const services: SampleService[] = [];
  const accounts: Record<string, string> = {};
  for (const [i, language] of languages.entries()) {
    const account = { username: `bench-${language}`, password: `bench-password-${language}` };
    const service = await startSampleService({ ...account, language, latencyMs });
    services.push(service);
    const names = accountVariables(language, i === 0);
    Object.assign(accounts, { [names.url]: service.url, [names.username]: account.username, [names.password]: account.password });
  }
  return { services, accounts };
}

export async function languagesBench({ options, work, env }: BenchContext): Promise<string> {
  const languages = BENCH_LANGUAGES.slice(0, options.languages);
  const periods: PeriodWindows = options.tenYear ? TEN_YEAR_PERIODS : DEFAULTS.periods;
  const archive = options.tenYear ? 'ten-year archive' : 'three-year archive';
  const rootDir = projectWithLanguages(path.join(work, 'project'), languages);
  const { services, accounts } = await languageServices(languages, options.latencyMs);
  try {
    const cacheDir = path.join(work, 'cache');
    const runs: { cold: ChildResult[]; warm: ChildResult[] } = { cold: [], warm: [] };
    for (let round = 1; round <= options.rounds; round++) {
      rmSync(cacheDir, { recursive: true, force: true });
      const request = { rootDir, outputDir: path.join(work, 'dist'), cacheDir, env: { ...env, ...accounts }, periods, full: true };
      runs.cold.push(await siteBuild(request));
      log(`round ${round}/${options.rounds}: cold ${seconds(runs.cold.at(-1)!.wallMs)} (${runs.cold.at(-1)!.pages} pages, ${megabytes(runs.cold.at(-1)!.maxRssKb)})`);
      runs.warm.push(await siteBuild(request));
      log(`round ${round}/${options.rounds}: warm ${seconds(runs.warm.at(-1)!.wallMs)} (${megabytes(runs.warm.at(-1)!.maxRssKb)})`);
    }
    const row = (name: string, results: ChildResult[]) => {
      const m = (pick: (r: ChildResult) => number) => median(results.map(pick));
      return `| ${languages.length} (${languages.join(', ')}) | ${name} | ${results[0]!.pages} | ${m((r) => r.requests)} | ${seconds(m((r) => r.wallMs))} | ${seconds(m((r) => r.userCpuMs))} | ${megabytes(m((r) => r.maxRssKb))} | ${m((r) => r.peakHeapMb ?? 0)} MB | ${results[0]!.heapLimitMb} MB |`;
    };
    return [
      `- Command: \`npm run bench -- --languages ${languages.length}${options.tenYear ? ' --ten-year' : ''} --rounds ${options.rounds} --latency ${options.latencyMs} --concurrency ${options.concurrency} --date ${options.buildDate}\``,
      `- ${machineLine()}`,
      `- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; the ${archive} (${periodCount(periods)} periods a language), medians of ${options.rounds} round(s), builds in ${options.workDir}`,
      '',
      '| languages | build | HTML pages | requests | wall time | user CPU | peak RSS | peak V8 heap used | V8 heap limit (default) |',
      '|---|---|---|---|---|---|---|---|---|',
      row('cold', runs.cold),
      row('warm', runs.warm),
    ].join('\n');
  } finally {
    await Promise.all(services.map((service) => service.close()));
    rmSync(rootDir, { recursive: true, force: true });
  }
}
