// Fetching the reports of every published period, with the cache policy:
// - a final period (ended before the reference date) comes from the cache when it is there, and is never requested again;
// - a current or future period is requested on every build; if that fails (after the client's retries, or with
//   an answer that is not JSON, has the wrong shape or is too large), an earlier cached copy is used and the
//   period is reported stale with the reason; with no copy the build fails;
// - offline, everything comes from the cache and whatever is missing is named.
// Each report's HTML is sanitized once, when it arrives, and the cache keeps the result beside the answer. A final
// period whose answer's digest is recorded for the file as it is (answer-digests.ts) is not read until its HTML is
// needed: a build that keeps the published output never reads it.
import { AstroError, REPORT_ENDPOINTS, type AstroClient, type ReportEntry } from '../api/index.ts';
import { isFinal, periodParams, type Period } from './periods.ts';
import { htmlDigest, type AnswerDigests } from './answer-digests.ts';
import type { CacheEntry, ResponseCache } from './response-cache.ts';
import { reportHtml } from './sanitize.ts';
import { SANITIZER_VERSION } from './sanitizer-version.ts';

export type ReportSource = 'network' | 'cache' | 'stale';

/** A report's `intro` and `text` as pages show them (sanitize.ts `reportHtml`), before any editor's override. */
export interface ReportHtml {
  intro: string;
  text: string;
}

export interface PeriodReports {
  period: Period;
  /** Twelve entries, indexed by sign_id. */
  entries: ReportEntry[];
  /** Their HTML as published, indexed by sign_id. */
  html: ReportHtml[];
  /** `htmlDigest(html)`, when the cache records it. */
  digest?: string;
  source: ReportSource;
  /** Why a stale copy was served: the failed request's one-line message. */
  problem?: string;
  /** The answer was JSON of the wrong shape: the service may have changed its format. */
  shapeChanged?: boolean;
}

/** A period from the cache whose answer was not read: its recorded digest stands for its HTML until `read`. */
export interface UnreadReports {
  period: Period;
  digest: string;
  source: 'cache';
  read: () => Promise<ReportHtml[]>;
}

interface FetchReportsOptions {
  client: AstroClient | undefined;
  cache: ResponseCache;
  /** The cached answers' digests: those that hold are trusted, and the answers read are recorded. */
  digests?: AnswerDigests;
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
  reports: (PeriodReports | UnreadReports)[];
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
    const more = failures.length > 1 ? ` (and ${failures.length - 1} more period${failures.length > 2 ? 's' : ''})` : '';
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
const NOT_BRIDGEABLE = new Set<string>(['ASTRO_AUTH_FAILED', 'ASTRO_TOKEN_REJECTED', 'ASTRO_INVALID_ARGUMENT', 'ASTRO_INVALID_OPTION', 'ASTRO_CLOSED']);
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
  const complete = Array.isArray(value) && value.length === SIGN_COUNT &&
    value.every((h: Partial<ReportHtml> | null) => typeof h?.intro === 'string' && typeof h.text === 'string');
  return version === SANITIZER_VERSION && complete ? (value as ReportHtml[]) : undefined;
}

/** The HTML of a period whose digest was trusted, read when the model needs it. */
async function readCopy(cache: ResponseCache, endpoint: string, body: Record<string, unknown>): Promise<ReportHtml[]> {
  const cached = await cache.get<ReportEntry[]>(endpoint, body);
  const html = cached && isCompleteCopy(cached.response) ? sanitizedCopy(cached) : undefined;
  if (!html) throw new Error(`the cached answer ${cache.fileFor(endpoint, body)} changed while the build ran; run the build again`);
  return html;
}

function sanitizeEntries(entries: ReportEntry[]): ReportHtml[] {
  return entries.map((entry) => ({ intro: reportHtml(entry.intro), text: reportHtml(entry.text) }));
}

export async function fetchReports(options: FetchReportsOptions): Promise<FetchReportsResult> {
  const { client, cache, periods, buildDate, offline } = options;
  const failures: ReportsUnavailableError['failures'] = [];
  const stale: PeriodReports[] = [];
  let fromCache = 0;
  const settled = { done: 0, failed: 0 };
  let fatal: unknown;

  const settleOne = async (period: Period): Promise<PeriodReports | UnreadReports | undefined> => {
    const result = await periodReports(period);
    if (result) settled.done++;
    else settled.failed++;
    options.onPeriodSettled?.({ ...settled });
    return result;
  };

  const periodReports = async (period: Period): Promise<PeriodReports | UnreadReports | undefined> => {
    const endpoint = REPORT_ENDPOINTS[period.kind];
    const body = { ...periodParams(period) };
    const file = cache.fileFor(endpoint, body);
    const fromCopy = offline || options.preview || isFinal(period, buildDate);
    const trusted = fromCopy ? options.digests?.trusted(file) : undefined;
    if (trusted) {
      fromCache++;
      return { period, digest: trusted, source: 'cache', read: () => readCopy(cache, endpoint, body) };
    }
    const { entry: cached, stat } = await cache.read<ReportEntry[]>(endpoint, body);
    const copy = cached && isCompleteCopy(cached.response) ? cached.response : undefined;
    // Sanitizing the archive is a large share of a build (docs/performance.md); a copy made by another version of
    // the sanitizer is sanitized again and kept (best effort: a read-only cache only costs the next build time).
    const copyHtml = async (): Promise<Pick<PeriodReports, 'html' | 'digest'>> => {
      const kept = sanitizedCopy(cached);
      if (kept) {
        const digest = htmlDigest(kept);
        if (stat) options.digests?.record(file, stat, digest);
        return { html: kept, digest };
      }
      const html = sanitizeEntries(copy!);
      await cache.set(endpoint, body, copy, { version: SANITIZER_VERSION, value: html }, cached!.storedAt).catch(() => {});
      return { html };
    };
    try {
      if (copy && fromCopy) {
        fromCache++;
        return { period, entries: copy, ...(await copyHtml()), source: 'cache' };
      }
      if (offline || !client) {
        failures.push({ period, endpoint, reason: 'not in the cache' });
        return undefined;
      }
      const entries = await requestPeriod(client, period);
      const html = sanitizeEntries(entries);
      await cache.set(endpoint, body, entries, { version: SANITIZER_VERSION, value: html });
      return { period, entries, html, source: 'network' };
    } catch (error) {
      if (isBridgeable(error) && copy) {
        const shapeChanged = error.code === 'ASTRO_INVALID_RESPONSE' && error.field !== undefined;
        const result: PeriodReports = { period, entries: copy, ...(await copyHtml()), source: 'stale', problem: error.message, shapeChanged };
        stale.push(result);
        return result;
      }
      if (isBridgeable(error)) {
        failures.push({ period, endpoint, reason: error.message, status: error.status, error });
        return undefined;
      }
      fatal ??= error;
      return undefined;
    }
  };

  const results = await Promise.all(periods.map(settleOne));
  if (fatal) throw fatal;
  failures.sort((a, b) => periods.indexOf(a.period) - periods.indexOf(b.period));
  if (failures.length > 0 && !options.preview) throw new ReportsUnavailableError(failures, offline);
  const reports = results.filter((result) => result !== undefined);
  return { reports, fromCache, stale, missing: failures };
}
