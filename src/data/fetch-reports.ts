// Fetching the reports of every published period, with the cache policy:
// - a final period (ended before the reference date) comes from the cache when it is there, and is never requested again;
// - a current or future period is requested on every build; if that fails (after the client's retries, or with
//   an answer that is not JSON, has the wrong shape or is too large), an earlier cached copy is used and the
//   period is reported stale with the reason; with no copy the build fails;
// - offline, everything comes from the cache and whatever is missing is named.
// Each report's HTML is sanitized once, when it arrives, and the cache keeps the result beside the answer. A final
// period whose answer's digest `copies` knows for the file as it is (src/incremental/answer-digests.ts) is not read
// until a page needs its HTML: a build that keeps the published output never reads it.
import { AstroError, REPORT_ENDPOINTS, type AstroClient, type ReportEntry } from '../api/index.ts';
import { isFinal, periodParams, type Period } from './periods.ts';
import { reportsOf, unreadReports, type PeriodReports, type ReportHtml } from './period-reports.ts';
import type { CacheEntry, ResponseCache } from './response-cache.ts';
import { reportHtml } from './sanitize.ts';
import { SANITIZER_VERSION } from './sanitizer-version.ts';

/** What may stand for a cached copy's HTML without reading it (src/incremental/answer-digests.ts). */
export interface CopyDigests {
  /** The digest of the HTML of the copy in `file`, when it is known without reading the file. */
  trusted(file: string): string | undefined;
  /** Told the digest of the HTML of the copy just read from `file`. */
  record(file: string, digest: string): void;
}

interface FetchReportsOptions {
  client: AstroClient | undefined;
  cache: ResponseCache;
  /** The cached copies' digests: those that hold stand for the copies, and the copies read are told. */
  digests?: CopyDigests;
  periods: Period[];
  buildDate: string;
  offline: boolean;
  /**
   * Live preview: any cached copy is good enough, only what is missing is requested, and a period that cannot be
   * had is left out (listed in `missing`) instead of failing: the editor keeps a running preview.
   */
  preview?: boolean;
  /** Called each time a period is settled, for the progress line: how many have their reports, how many failed. */
  onPeriodSettled?: (settled: { done: number; failed: number }) => void;
}

interface FetchReportsResult {
  reports: PeriodReports[];
  fromCache: number;
  stale: PeriodReports[];
  /** Preview only: the periods left out, with why. */
  missing: ReportsUnavailableError['failures'];
}

export class ReportsUnavailableError extends Error {
  readonly code = 'ASTRO_REPORTS_UNAVAILABLE';
  /** In the periods' order, whatever order they failed in: the message is the same every run. */
  readonly failures: { period: Period; endpoint: string; reason: string; status?: number; error?: AstroError }[];
  constructor(failures: ReportsUnavailableError['failures'], offline: boolean) {
    const first = failures[0]!;
    const more =
      failures.length > 1 ? ` (and ${failures.length - 1} more period${failures.length > 2 ? 's' : ''})` : '';
    super(
      offline
        ? `ASTRO_OFFLINE is set but the cache has no copy of ${failures.map((f) => `${f.endpoint} ${f.period.key}`).join(', ')}`
        : `${first.endpoint} for ${first.period.kind} ${first.period.key} failed: ${first.reason}; no cached copy${more}`,
    );
    this.name = 'ReportsUnavailableError';
    this.failures = failures;
  }
}

const SIGN_COUNT = 12;

/**
 * Any failed request for a period may be bridged with a stale copy: an outage, a timeout, a garbled, oversized or
 * wrongly shaped answer. Not bad credentials, a token the service keeps refusing or our own mistakes: those need
 * someone to fix them, and every other request would fail the same way.
 */
const NOT_BRIDGEABLE = new Set<string>([
  'ASTRO_AUTH_FAILED',
  'ASTRO_TOKEN_REJECTED',
  'ASTRO_INVALID_ARGUMENT',
  'ASTRO_INVALID_OPTION',
  'ASTRO_CLOSED',
]);
function isBridgeable(error: unknown): error is AstroError {
  return error instanceof AstroError && !NOT_BRIDGEABLE.has(error.code);
}

/** Orders an answer by sign_id; returns the ids it lacks. Duplicates keep the first entry. */
function bySign(entries: ReportEntry[]): { ordered: (ReportEntry | undefined)[]; missing: number[] } {
  const ordered: (ReportEntry | undefined)[] = new Array(SIGN_COUNT).fill(undefined);
  for (const entry of entries) ordered[entry.sign_id] ??= entry;
  const missing = ordered.flatMap((entry, id) => (entry ? [] : [id]));
  return { ordered, missing };
}

async function requestPeriod(client: AstroClient, period: Period): Promise<ReportEntry[]> {
  const params = periodParams(period);
  // One request answers all twelve signs; single-sign requests only fill what that answer lacked.
  const { ordered, missing } = bySign(await client.reports(period.kind, params));
  const filled = await Promise.all(missing.map((signId) => client.report(period.kind, params, signId)));
  missing.forEach((signId, i) => (ordered[signId] = filled[i]));
  return ordered as ReportEntry[];
}

function isCompleteCopy(entries: unknown): entries is ReportEntry[] {
  return Array.isArray(entries) && entries.length === SIGN_COUNT && entries.every((e, i) => e && e.sign_id === i);
}

/** The cache's sanitized HTML of a copy, if the sanitizer that made it is the one running now. */
function sanitizedCopy(entry: CacheEntry | undefined): ReportHtml[] | undefined {
  const { version, value } = entry?.sanitized ?? {};
  const complete =
    Array.isArray(value) &&
    value.length === SIGN_COUNT &&
    value.every((h: Partial<ReportHtml> | null) => typeof h?.intro === 'string' && typeof h.text === 'string');
  return version === SANITIZER_VERSION && complete ? (value as ReportHtml[]) : undefined;
}

/** The HTML of a period whose digest was trusted, read when a page needs it. */
function readCopy(cache: ResponseCache, endpoint: string, body: Record<string, unknown>): ReportHtml[] {
  const cached = cache.readSync<ReportEntry[]>(endpoint, body);
  const html = cached && isCompleteCopy(cached.response) ? sanitizedCopy(cached) : undefined;
  if (!html)
    throw new Error(
      `the cached answer ${cache.fileFor(endpoint, body)} changed while the build ran; run the build again`,
    );
  return html;
}

function sanitizeEntries(entries: ReportEntry[]): ReportHtml[] {
  return entries.map((entry) => ({ intro: reportHtml(entry.intro), text: reportHtml(entry.text) }));
}

/** One period's request: its endpoint and parameters, and the cache file that keeps its answer. */
interface PeriodRequest {
  period: Period;
  endpoint: string;
  body: Record<string, unknown>;
  file: string;
}

/** How a period went: its reports, a failure a stale copy could not bridge, or an error that stops the build. */
type PeriodOutcome = { reports: PeriodReports } | { failure: Failure } | { fatal: unknown };
type Failure = ReportsUnavailableError['failures'][number];

export async function fetchReports(options: FetchReportsOptions): Promise<FetchReportsResult> {
  const settled = { done: 0, failed: 0 };
  // In the periods' order, whatever order they settle in: the first fatal error and the failures are the same every run.
  const outcomes = await Promise.all(
    options.periods.map(async (period) => {
      const outcome = await periodReports(options, period);
      settled['reports' in outcome ? 'done' : 'failed']++;
      options.onPeriodSettled?.({ ...settled });
      return outcome;
    }),
  );
  const fatal = outcomes.find((outcome) => 'fatal' in outcome);
  if (fatal) throw fatal.fatal;
  const failures = outcomes.flatMap((outcome) => ('failure' in outcome ? [outcome.failure] : []));
  if (failures.length > 0 && !options.preview) throw new ReportsUnavailableError(failures, options.offline);
  const reports = outcomes.flatMap((outcome) => ('reports' in outcome ? [outcome.reports] : []));
  const stale = reports.filter((report) => report.source === 'stale');
  return { reports, fromCache: reports.filter((report) => report.source === 'cache').length, stale, missing: failures };
}

/**
 * One period's reports, by the cache policy (above): a final period (or, offline or in the preview, any) from the
 * cache when it has a copy, every other one requested, and a stale copy when the request fails.
 */
async function periodReports(options: FetchReportsOptions, period: Period): Promise<PeriodOutcome> {
  const { client, cache, offline } = options;
  const endpoint = REPORT_ENDPOINTS[period.kind];
  const body = { ...periodParams(period) };
  const request: PeriodRequest = { period, endpoint, body, file: cache.fileFor(endpoint, body) };
  const fromCopy = offline || options.preview || isFinal(period, options.buildDate);
  const trusted = fromCopy ? options.digests?.trusted(request.file) : undefined;
  if (trusted) return { reports: unreadReports(period, 'cache', trusted, () => readCopy(cache, endpoint, body)) };
  const cached = await cache.read<ReportEntry[]>(endpoint, body);
  const copy =
    cached && isCompleteCopy(cached.response)
      ? (extra?: Stale) => copyReports(options, request, cached, extra)
      : undefined;
  try {
    if (copy && fromCopy) return { reports: await copy() };
    if (offline || !client) return { failure: { period, endpoint, reason: 'not in the cache' } };
    const entries = await requestPeriod(client, period);
    const html = sanitizeEntries(entries);
    await cache.set(endpoint, body, entries, { version: SANITIZER_VERSION, value: html });
    return { reports: reportsOf(period, 'network', html) };
  } catch (error) {
    if (!isBridgeable(error)) return { fatal: error };
    if (!copy) return { failure: { period, endpoint, reason: error.message, status: error.status, error } };
    const shapeChanged = error.code === 'ASTRO_INVALID_RESPONSE' && error.field !== undefined;
    return { reports: await copy({ problem: error.message, shapeChanged }) };
  }
}

/** Why a stale copy is served instead of the answer. */
type Stale = Required<Pick<PeriodReports, 'problem' | 'shapeChanged'>>;

/**
 * The reports of a complete cached copy (stale with `stale`): its HTML as the cache keeps it (its digest then told
 * to `digests`), or sanitized again when another version of the sanitizer made it. Sanitizing the archive is a large
 * share of a build (docs/performance.md), so the new HTML is kept (best effort: a read-only cache only costs the
 * next build time).
 */
async function copyReports(
  options: FetchReportsOptions,
  { period, endpoint, body, file }: PeriodRequest,
  cached: CacheEntry<ReportEntry[]>,
  stale?: Stale,
): Promise<PeriodReports> {
  const source = stale ? 'stale' : 'cache';
  const kept = sanitizedCopy(cached);
  if (kept) {
    const reports = reportsOf(period, source, kept, stale);
    options.digests?.record(file, reports.digest);
    return reports;
  }
  const html = sanitizeEntries(cached.response);
  await options.cache
    .set(endpoint, body, cached.response, { version: SANITIZER_VERSION, value: html }, cached.storedAt)
    .catch(() => {});
  return reportsOf(period, source, html, stale);
}
