// Fetching one language's content: its account's service (or the embedded sample service in its language), its
// cache folder, the reports of every published period and the charts' data, shown as progress.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ASTRO_ERROR_CODES, AstroClient, AstroError, AUTH_ENDPOINT, type ClientStats } from '../../api/index.ts';
import type { BuildConfig, LanguageAccount } from '../../data/config.ts';
import { resolveCharts, type ChartInput } from '../../data/charts.ts';
import { AnswerDigests } from '../../incremental/answer-digests.ts';
import { fetchReports, ReportsUnavailableError } from '../../data/fetch-reports.ts';
import { allPeriods } from '../../data/periods.ts';
import { cacheNamespace, ResponseCache } from '../../data/response-cache.ts';
import { SANITIZER_VERSION } from '../../data/sanitizer-version.ts';
import { writeFileAtomic } from '../../data/write-atomic.ts';
import type { SampleService } from '../../sample-service/server.ts';
import { createProgress } from './progress.ts';

interface FetchOptions {
  progressStream?: NodeJS.WriteStream;
  preview?: boolean;
}

/**
 * In a service's plain cache folder, the tag of the language whose answers and page dates it holds; the dot keeps
 * it apart from the endpoints' folders, whose names have none (response-cache.ts).
 */
const LANGUAGE_MARKER = 'language.txt';

/**
 * The cache's folder for one account (in `cacheDir`), holding one language's answers and page dates alone, as
 * report requests carry no language: past periods are never fetched again, and no language gets another's. The
 * sample service's: `sample-service` for English, `sample-service-<tag>` for any other tag. A service's: its plain
 * folder for the language its marker names, `<service>-<tag>` for every other; an unmarked plain folder, as older
 * caches have, is the default language's unless that language has a folder of its own (docs/languages.md).
 */
export async function cacheFolder(cacheDir: string, account: LanguageAccount, isDefault: boolean): Promise<string> {
  const tag = account.language.toLowerCase();
  if (!account.apiUrl) return tag === 'en' ? cacheNamespace(undefined) : `${cacheNamespace(undefined)}-${tag}`;
  const plain = cacheNamespace(account.apiUrl);
  const own = `${plain}-${tag}`;
  const marker = path.join(cacheDir, plain, LANGUAGE_MARKER);
  // A marker that cannot be read is another language's as far as this one knows.
  const holds = await readFile(marker, 'utf8').then(
    (text) => text.trim(),
    (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? undefined : ''),
  );
  if (holds === tag) return plain;
  if (holds !== undefined || !isDefault || existsSync(path.join(cacheDir, own))) return own;
  await writeFileAtomic(marker, `${tag}\n`);
  return plain;
}

/** The service to talk to: the account's, or the embedded sample service started for this build in its language. */
async function openService(config: BuildConfig, account: LanguageAccount, log: (line: string) => void) {
  if (account.apiUrl || config.offline) {
    return { baseUrl: account.apiUrl, username: account.username, password: account.password, sample: undefined };
  }
  // Imported only when used: a build against a real service needs none of the sample service's modules.
  const { startSampleService, SAMPLE_LANGUAGES } = await import('../../sample-service/server.ts');
  const { language } = account;
  const sample: SampleService = await startSampleService({ language });
  const several = config.accounts.length > 1;
  log(
    `${account.variables.url} is not set: using the embedded sample service at ${sample.url} (sample content${several ? `, ${language}` : ''}).`,
  );
  const primary = language.split('-')[0]!;
  if (sample.language.split('-')[0] !== primary) {
    log(
      `The sample service writes ${listed(SAMPLE_LANGUAGES)} only: its reports and charts for this ${primary} site are in English.`,
    );
  }
  return { baseUrl: sample.url, username: 'sample', password: 'sample', sample };
}

/** 'en and es', 'en, es and pt'. */
function listed(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The reports of every published period and the charts' data, from the service or the cache, shown as progress. */
export async function fetchContent(
  config: BuildConfig,
  account: LanguageAccount,
  chartInputs: ChartInput[],
  options: FetchOptions,
  log: (line: string) => void,
) {
  const periods = allPeriods(config.buildDate, config.site.periods);
  const cache = new ResponseCache(
    config.cacheDir,
    await cacheFolder(config.cacheDir, account, account === config.accounts[0]),
  );
  const digests = await AnswerDigests.load(cache.dir, SANITIZER_VERSION);
  const service = await openService(config, account, log);
  const progress = createProgress(options.progressStream ?? process.stderr);
  // The client's own count of requests in progress (backoff waits included): send/response events do not pair
  // up when a connection fails, so counting them here would drift.
  let inFlight = 0;
  let settled = { done: 0, failed: 0 };
  const showProgress = () =>
    progress.update({ ...settled, total: periods.length, inFlight, retries: client?.stats.retries ?? 0 });
  const client = service.baseUrl
    ? new AstroClient({
        baseUrl: service.baseUrl,
        username: service.username,
        password: service.password,
        concurrency: config.concurrency,
        timeoutMs: config.timeoutMs,
        onEvent(event) {
          inFlight = event.inFlight;
          showProgress();
        },
      })
    : undefined;
  try {
    const [fetched, resolved] = await Promise.allSettled([
      fetchReports({
        client,
        cache,
        digests,
        periods,
        buildDate: config.buildDate,
        offline: config.offline,
        preview: options.preview,
        onPeriodSettled(now) {
          settled = now;
          showProgress();
        },
      }),
      resolveCharts(chartInputs, client, cache),
    ]);
    if (fetched.status === 'rejected' || resolved.status === 'rejected')
      throw oneFailure(service.baseUrl, [fetched, resolved]);
    await digests.save();
    const stats: ClientStats = { ...(client?.stats ?? { requests: 0, retries: 0, reauths: 0 }) };
    return {
      ...fetched.value,
      charts: resolved.value.charts,
      stats,
      unreadable: cache.unreadable,
      fromSampleService: service.sample !== undefined,
      cacheDir: cache.dir,
    };
  } finally {
    progress.finish();
    await client?.close();
    await service.sample?.close();
  }
}

/**
 * The one failure a build reports, the same whichever request failed first: a service that could not be signed
 * in to (unreachable, or refusing the credentials) before anything else, then the reports', then the charts'.
 */
function oneFailure(baseUrl: string | undefined, results: PromiseSettledResult<unknown>[]): unknown {
  const errors = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
  const signIn = errors.flatMap(serviceErrors).find((error) => error.endpoint === AUTH_ENDPOINT);
  // Refused credentials say so themselves; a service that cannot be reached is named.
  if (signIn?.code === ASTRO_ERROR_CODES.AUTH_FAILED) return signIn;
  if (signIn) return new Error(`the service at ${baseUrl} could not be signed in to: ${signIn.message}`);
  return errors[0];
}

/** The service's own errors behind a failure of the reports or the charts. */
function serviceErrors(error: unknown): AstroError[] {
  if (error instanceof AstroError) return [error];
  if (error instanceof ReportsUnavailableError)
    return error.failures.flatMap((failure) => (failure.error ? [failure.error] : []));
  const origin = (error as { origin?: unknown } | undefined)?.origin;
  return origin instanceof AstroError ? [origin] : [];
}
