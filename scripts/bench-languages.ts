// `npm run bench -- --languages N`: a site of the first N of en, es, pt, fr, de and it (content/site.json
// `languages`), each language from its own account on a sample service of its own. The sample service writes
// English and Spanish reports; pt, fr, de and it get its English texts (every word around them is in their own
// language), which costs the same to render. Per round, a cold and a warm `--full` build of the three-year
// archive, or the ten-year one with `--ten-year`, in a copy of the project and in Node's default heap; with several
// languages, also the next day's build (nothing a page shows changes) and, for the ratios, a warm `--full` build of
// the same site in its default language alone, from the same cache.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { accountVariables, type PeriodWindows } from '../src/data/config.ts';
import type { SampleService } from '../src/sample-service/server.ts';
import { log, siteBuild, type BenchContext } from './lib/bench-builds.ts';
import { copyProject } from './lib/copy-project.ts';
import { machineLine, median, megabytes, periodCount, ratio, seconds } from './lib/bench-report.ts';
import { DEFAULTS, TEN_YEAR_PERIODS, type ChildResult } from './lib/bench-settings.ts';

export const BENCH_LANGUAGES = ['en', 'es', 'pt', 'fr', 'de', 'it'] as const;

/** Wednesday and Thursday of the reference date's ISO week (2026-w47). */
const NEXT_DAY = { before: '2026-11-18', after: '2026-11-19' };

interface LanguageRuns {
  cold: ChildResult[];
  warm: ChildResult[];
  nextDay: ChildResult[];
  /** Warm `--full` builds of the default language alone. */
  oneLanguage: ChildResult[];
}

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
export async function languageServices(
  languages: readonly string[],
  latencyMs: number,
): Promise<{ services: SampleService[]; accounts: Record<string, string> }> {
  const { startSampleService } = await import('../src/sample-service/server.ts');
  const services: SampleService[] = [];
  const accounts: Record<string, string> = {};
  for (const [i, language] of languages.entries()) {
    const account = { username: `bench-${language}`, password: `bench-password-${language}` };
    const service = await startSampleService({ ...account, language, latencyMs });
    services.push(service);
    const names = accountVariables(language, i === 0);
    Object.assign(accounts, {
      [names.url]: service.url,
      [names.username]: account.username,
      [names.password]: account.password,
    });
  }
  return { services, accounts };
}

export async function languagesBench({ options, work, env }: BenchContext): Promise<string> {
  const languages = BENCH_LANGUAGES.slice(0, options.languages);
  const periods: PeriodWindows = options.tenYear ? TEN_YEAR_PERIODS : DEFAULTS.periods;
  const archive = options.tenYear ? 'ten-year archive' : 'three-year archive';
  const rootDir = projectWithLanguages(path.join(work, 'project'), languages);
  const oneLanguageRoot = copyProject(path.join(work, 'project-one-language'));
  const { services, accounts } = await languageServices(languages, options.latencyMs);
  try {
    const cacheDir = path.join(work, 'cache');
    const runs: LanguageRuns = { cold: [], warm: [], nextDay: [], oneLanguage: [] };
    const several = languages.length > 1;
    for (let round = 1; round <= options.rounds; round++) {
      rmSync(cacheDir, { recursive: true, force: true });
      const request = {
        rootDir,
        outputDir: path.join(work, 'dist'),
        cacheDir,
        env: { ...env, ...accounts },
        periods,
        full: true,
      };
      const report = (name: string, list: ChildResult[]) =>
        log(
          `round ${round}/${options.rounds}: ${name} ${seconds(list.at(-1)!.wallMs)} (${list.at(-1)!.pages} pages, ${megabytes(list.at(-1)!.maxRssKb)})`,
        );
      runs.cold.push(await siteBuild(request));
      report('cold', runs.cold);
      runs.warm.push(await siteBuild(request));
      report('warm', runs.warm);
      if (!several) continue;
      // The default language alone, from the same cache (its answers are the same account's).
      runs.oneLanguage.push(
        await siteBuild({ ...request, rootDir: oneLanguageRoot, outputDir: path.join(work, 'dist-one-language') }),
      );
      report('one language, warm', runs.oneLanguage);
      // Wednesday, then Thursday of the reference date's week: the same periods, nothing a page shows changes.
      await siteBuild({ ...request, full: false, env: { ...request.env, ASTRO_BUILD_DATE: NEXT_DAY.before } });
      runs.nextDay.push(
        await siteBuild({ ...request, full: false, env: { ...request.env, ASTRO_BUILD_DATE: NEXT_DAY.after } }),
      );
      report('next day', runs.nextDay);
    }
    const row = (name: string, results: ChildResult[]) => {
      const m = (pick: (r: ChildResult) => number) => median(results.map(pick));
      return `| ${languages.length} (${languages.join(', ')}) | ${name} | ${results[0]!.pages} | ${m((r) => r.requests)} | ${seconds(m((r) => r.wallMs))} | ${seconds(m((r) => r.userCpuMs))} | ${megabytes(m((r) => r.maxRssKb))} | ${m((r) => r.peakHeapMb ?? 0)} MB | ${results[0]!.heapLimitMb} MB |`;
    };
    const m = (list: ChildResult[], pick: (r: ChildResult) => number) => median(list.map(pick));
    const ratios = several
      ? [
          '',
          '| ratio | value |',
          '|---|---|',
          `| next day, ${languages.length} languages / \`--full\`, the default language alone | ${ratio(m(runs.nextDay, (r) => r.wallMs) / m(runs.oneLanguage, (r) => r.wallMs), 1.0)} |`,
          `| peak RSS, ${languages.length} languages \`--full\` (warm) / the default language alone | ${ratio(m(runs.warm, (r) => r.maxRssKb) / m(runs.oneLanguage, (r) => r.maxRssKb), 1.5)} |`,
        ]
      : [];
    return [
      `- Command: \`npm run bench -- --languages ${languages.length}${options.tenYear ? ' --ten-year' : ''} --rounds ${options.rounds} --latency ${options.latencyMs} --concurrency ${options.concurrency} --date ${options.buildDate}\``,
      `- ${machineLine()}`,
      `- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; the ${archive} (${periodCount(periods)} periods a language), medians of ${options.rounds} round(s), builds in ${options.workDir}`,
      '',
      '| languages | build | HTML pages | requests | wall time | user CPU | peak RSS | peak V8 heap used | V8 heap limit (default) |',
      '|---|---|---|---|---|---|---|---|---|',
      row('cold', runs.cold),
      row('warm', runs.warm),
      ...(several
        ? [
            row(`next day (${NEXT_DAY.after}, after ${NEXT_DAY.before})`, runs.nextDay),
            row('warm, the default language alone', runs.oneLanguage).replace(/^\| \d+ \([^)]*\)/, '| 1 (en)'),
          ]
        : []),
      ...ratios,
    ].join('\n');
  } finally {
    await Promise.all(services.map((service) => service.close()));
    for (const dir of [rootDir, oneLanguageRoot]) rmSync(dir, { recursive: true, force: true });
  }
}
