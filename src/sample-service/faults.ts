// Fault injection for the sample service: a small ordered list of rules plus a few scenario knobs, so that
// integration tests can reproduce bursts of 503, 429 with Retry-After, connection resets, slow answers,
// expiring tokens, hostile report content and a revised report against a real server. Nothing here is random: the same
// sequence of requests always meets the same faults, so tests can assert exact counts.

import type { SampleReportKind } from './report-writer.ts';

/** What a report entry looks like before `transformReport` sees it (docs/service-api.md#reports). */
export type SampleReportEntry = Record<string, unknown> & {
  year: number;
  sign_id: number;
  sign_name: string;
  intro: string;
  text: string;
};

/** One fault rule. The first rule whose `path`/`method` match and whose `times` are not used up applies. */
export interface FaultRule {
  /** A string matches as a path prefix (`'/api/weekly'`), a RegExp is tested on the path. Omitted: every path, /api/auth included. */
  path?: string | RegExp;
  /** `'GET'` or `'POST'`; omitted: any method. */
  method?: string;
  /** How many matching requests this rule affects before it stops applying; omitted: every matching request. */
  times?: number;
  /** Matching requests let through untouched before the rule starts applying (default 0). */
  after?: number;
  /** Wait this long (ms) before acting; alone (no status/body/reset) the request is then answered normally. */
  delayMs?: number;
  /** Destroy the connection with a TCP reset instead of answering. */
  reset?: boolean;
  /** Answer with this status (a JSON error body unless `body` is given). */
  status?: number;
  /** `Retry-After` header value: seconds (`'2'`, or a number) or an HTTP date (a string, or a Date). */
  retryAfter?: string | number | Date;
  /** Raw response body sent as is with `Content-Type: application/json` (status 200 unless `status` is set), e.g. malformed JSON. */
  body?: string;
  /** With `body`: send the headers (its full Content-Length) and the first half of it, then stall: never finish. */
  stall?: boolean;
}

export interface FaultOptions {
  rules?: FaultRule[];
  /**
   * "A share of requests fail once": every Nth DISTINCT request (same method, path and canonical JSON body) to a
   * `failFirstAttemptPath` endpoint fails on its first attempt only, rotating 503, 429 with Retry-After,
   * connection reset; its retries are answered normally. 3 means a third of the requests.
   */
  failFirstAttemptOfEveryNth?: number;
  /** Which requests `failFirstAttemptOfEveryNth` counts: a prefix or RegExp; default the four report endpoints. */
  failFirstAttemptPath?: string | RegExp;
  /** Retry-After sent with the 429 of `failFirstAttemptOfEveryNth` (default '1', in seconds; '0' keeps tests fast). */
  failFirstAttemptRetryAfter?: string;
  /** A token answers 401 (`token_expired`) once it has served this many authorised requests; a new /api/auth is needed. */
  tokenTtlRequests?: number;
  /** Rewrites every report entry before it is sent (both forms), e.g. to inject `<script>` or drop a field. */
  transformReport?: (entry: SampleReportEntry) => unknown;
  /** The service revises one report: its text gets one more paragraph, in both forms of the answer. */
  revise?: ReportRevision;
}

/** One sign's report of one period: `week` for a weekly one only, `month` for a monthly one only. */
interface ReportRevision {
  kind: SampleReportKind;
  year: number;
  week?: number;
  month?: number;
  signId: number;
}

/** The paragraph `revise` appends. */
export const REVISION_PARAGRAPH = '<p>Revised: the service has updated this reading.</p>';

/** The text `signId`'s entry is sent with: revised when `revision` names this report. */
export function revisedText(
  revision: ReportRevision | undefined,
  kind: SampleReportKind,
  period: { year: number; week?: number; month?: number },
  signId: number,
  text: string,
): string {
  const named =
    revision?.kind === kind &&
    revision.year === period.year &&
    revision.week === period.week &&
    revision.month === period.month &&
    revision.signId === signId;
  return named ? `${text}${REVISION_PARAGRAPH}` : text;
}

/** What the server must do for one request, decided before routing. */
export type FaultAction =
  | { kind: 'none'; delayMs: number }
  | { kind: 'reset'; delayMs: number; label: string }
  | {
      kind: 'respond';
      delayMs: number;
      status: number;
      retryAfter?: string;
      body?: string;
      stall?: boolean;
      label: string;
    };

const REPORT_PATH_PATTERN = /^\/api\/(weekly|monthly|yearly|ascendant-yearly)-reports$/;

export class FaultConfigError extends Error {
  readonly code = 'SAMPLE_FAULT_INVALID';
  constructor(setting: string, problem: string) {
    super(`Sample service faults: ${setting} ${problem}`);
    this.name = 'FaultConfigError';
  }
}

function checkCount(setting: string, value: number | undefined, min: number): void {
  if (value !== undefined && (!Number.isInteger(value) || value < min)) {
    throw new FaultConfigError(setting, `must be an integer >= ${min}, got ${String(value)}`);
  }
}

/** Rejects settings that would silently do nothing or something else than meant. */
function validateFaults(faults: FaultOptions): void {
  (faults.rules ?? []).forEach((rule, i) => {
    const at = `rules[${i}]`;
    checkCount(`${at}.times`, rule.times, 0);
    checkCount(`${at}.after`, rule.after, 0);
    checkCount(`${at}.delayMs`, rule.delayMs, 0);
    if (rule.status !== undefined && (!Number.isInteger(rule.status) || rule.status < 100 || rule.status > 599)) {
      throw new FaultConfigError(`${at}.status`, `must be an HTTP status 100..599, got ${String(rule.status)}`);
    }
    if (rule.stall && rule.body === undefined)
      throw new FaultConfigError(`${at}.stall`, 'needs a body to send half of');
    if (rule.reset && (rule.status !== undefined || rule.body !== undefined)) {
      throw new FaultConfigError(at, 'cannot both reset the connection and answer (status/body)');
    }
    if (typeof rule.path === 'string' && !rule.path.startsWith('/')) {
      throw new FaultConfigError(`${at}.path`, `must start with "/", got "${rule.path}"`);
    }
  });
  checkCount('failFirstAttemptOfEveryNth', faults.failFirstAttemptOfEveryNth, 1);
  checkCount('tokenTtlRequests', faults.tokenTtlRequests, 1);
  if (faults.revise) validateRevision(faults.revise);
}

const REVISION_KINDS: readonly SampleReportKind[] = ['weekly', 'monthly', 'yearly', 'ascendantYearly'];

/** A revision that names no report the service can send would silently change nothing. */
function validateRevision(revision: ReportRevision): void {
  if (!REVISION_KINDS.includes(revision.kind))
    throw new FaultConfigError(
      'revise.kind',
      `must be one of ${REVISION_KINDS.join(', ')}, got ${String(revision.kind)}`,
    );
  checkCount('revise.year', revision.year, 0);
  if (!Number.isInteger(revision.signId) || revision.signId < 0 || revision.signId > 11) {
    throw new FaultConfigError('revise.signId', `must be an integer 0..11, got ${String(revision.signId)}`);
  }
  const needs = { week: revision.kind === 'weekly', month: revision.kind === 'monthly' };
  for (const field of ['week', 'month'] as const) {
    if (needs[field] !== (revision[field] !== undefined)) {
      throw new FaultConfigError(
        `revise.${field}`,
        needs[field] ? `is required for a ${revision.kind} report` : `does not apply to a ${revision.kind} report`,
      );
    }
    checkCount(`revise.${field}`, revision[field], 1);
  }
}

function pathMatches(pattern: string | RegExp | undefined, path: string): boolean {
  if (pattern === undefined) return true;
  if (typeof pattern === 'string') return path.startsWith(pattern);
  pattern.lastIndex = 0; // a /g or /y RegExp would otherwise remember its last match between requests
  return pattern.test(path);
}

function formatRetryAfter(value: string | number | Date | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value instanceof Date) return value.toUTCString();
  return String(value);
}

/** JSON with object keys sorted at every level, so `{a,b}` and `{b,a}` are the same request. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const members = Object.keys(record)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const ROTATION = ['503', '429', 'reset'] as const;

/** The fault state of one server: the options plus the counters they need. `setFaults` makes a new one. */
export class FaultPlan {
  readonly options: FaultOptions;
  private readonly ruleMatches: number[];
  /** request key -> attempts seen, for failFirstAttemptOfEveryNth */
  private readonly attemptsByKey = new Map<string, number>();
  private distinctRequests = 0;
  private failuresInjected = 0;

  constructor(options: FaultOptions = {}) {
    validateFaults(options);
    this.options = options;
    this.ruleMatches = (options.rules ?? []).map(() => 0);
  }

  /** Decides, and counts, the fault for one request. `body` is the parsed JSON body (undefined if none or invalid). */
  decide(method: string, path: string, rawBody: string, body: unknown): { action: FaultAction; attempt: number } {
    let attempt = 1;
    const every = this.options.failFirstAttemptOfEveryNth;
    const firstAttemptPath = this.options.failFirstAttemptPath ?? REPORT_PATH_PATTERN;
    if (every !== undefined && pathMatches(firstAttemptPath, path)) {
      const key = `${method} ${path} ${body === undefined ? rawBody : canonicalJson(body)}`;
      attempt = (this.attemptsByKey.get(key) ?? 0) + 1;
      this.attemptsByKey.set(key, attempt);
      if (attempt === 1) {
        this.distinctRequests += 1;
        if (this.distinctRequests % every === 0) {
          const kind = ROTATION[this.failuresInjected % ROTATION.length]!;
          this.failuresInjected += 1;
          const label = `failFirstAttemptOfEveryNth(${every}): ${kind}`;
          if (kind === 'reset') return { action: { kind: 'reset', delayMs: 0, label }, attempt };
          if (kind === '429') {
            const retryAfter = this.options.failFirstAttemptRetryAfter ?? '1';
            return { action: { kind: 'respond', delayMs: 0, status: 429, retryAfter, label }, attempt };
          }
          return { action: { kind: 'respond', delayMs: 0, status: 503, label }, attempt };
        }
      }
    }

    const rules = this.options.rules ?? [];
    for (const [index, rule] of rules.entries()) {
      if (rule.method !== undefined && rule.method.toUpperCase() !== method) continue;
      if (!pathMatches(rule.path, path)) continue;
      const seen = this.ruleMatches[index]!;
      const after = rule.after ?? 0;
      if (rule.times !== undefined && seen >= after + rule.times) continue;
      this.ruleMatches[index] = seen + 1;
      if (seen < after) return { action: { kind: 'none', delayMs: 0 }, attempt };
      const delayMs = rule.delayMs ?? 0;
      const label = `rules[${index}]`;
      if (rule.reset) return { action: { kind: 'reset', delayMs, label }, attempt };
      if (rule.status !== undefined || rule.body !== undefined) {
        return {
          action: {
            kind: 'respond',
            delayMs,
            status: rule.status ?? 200,
            retryAfter: formatRetryAfter(rule.retryAfter),
            body: rule.body,
            ...(rule.stall ? { stall: true } : {}),
            label,
          },
          attempt,
        };
      }
      return { action: { kind: 'none', delayMs }, attempt };
    }
    return { action: { kind: 'none', delayMs: 0 }, attempt };
  }
}
