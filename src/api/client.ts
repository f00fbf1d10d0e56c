/**
 * The Astrology Interpretation Service client; the interface it speaks is described in docs/service-api.md.
 *
 * - Transport: undici `request` over one `Agent` composed with undici's own retry interceptor. The retry
 *   decision is ours (a `retry` function per request) so we can count retries, add jitter, honour
 *   Retry-After and refuse to retry once the response body has started (undici would try a Range resume,
 *   which a JSON POST API cannot serve); a failure while reading the body is retried here instead, from the
 *   same attempt budget.
 * - Concurrency: every HTTP exchange of the client, auth included, runs inside ONE p-limit limiter, so at
 *   most `concurrency` requests are in flight. Waiting for a token happens outside the limiter: holding a
 *   slot while waiting for an auth that itself needs a slot would deadlock.
 * - Tokens: one lazy authentication per client, shared by concurrent first calls. A 401 on any other call
 *   means the token expired: the first request that sees generation N rejected renews it, the others that
 *   were rejected with generation N wait for that same renewal, then all replay.
 */
import { STATUS_CODES } from 'node:http';
import { Agent, interceptors, request } from 'undici';
import type { Dispatcher } from 'undici';
import pLimit from 'p-limit';
import type { z } from 'zod';
import { ASTRO_ERROR_CODES, AstroError, type AstroErrorCode } from './errors.ts';
import { redact } from './redact.ts';
import { REPORT_ENDPOINTS, isReportKind, type ReportKind, type ReportParams } from './report-kinds.ts';
import {
  authResponseSchema,
  natalChartSchema,
  placesResponseSchema,
  recordListSchema,
  reportEntrySchemas,
  reportsResponseSchema,
  type NatalChart,
  type NatalRequest,
  type Place,
  type ReportEntry,
} from './schemas.ts';
import { describeShapeProblem } from './validate.ts';

// ---- Options and defaults ----

export interface RetryOptions {
  /** Retries after the first send; 3 means at most 4 sends per request. */
  maxRetries?: number;
  /** Backoff before the first retry, in milliseconds. */
  minDelayMs?: number;
  /** Cap on any single backoff, in milliseconds. A Retry-After longer than this is not waited for: the call fails. */
  maxDelayMs?: number;
  /** Backoff growth per retry: delay n = minDelayMs * factor^(n-1), capped at maxDelayMs. */
  factor?: number;
  /** Fraction 0..1 of each backoff that is randomised away (0 = none), so parallel builds do not retry in lockstep. */
  jitter?: number;
}

export interface ClientOptions {
  /** The service's base URL, e.g. 'https://astro.example' or 'https://x.example/base/'; endpoint paths start with /api. */
  baseUrl: string;
  username: string;
  password: string;
  /** Most HTTP requests in flight at once, auth included. */
  concurrency?: number;
  /** Time allowed for the response headers, and between body chunks, per send, in milliseconds. */
  timeoutMs?: number;
  retry?: RetryOptions;
  /** Largest response body accepted, in bytes; a larger one is abandoned as it streams in. */
  maxResponseBytes?: number;
  /** Progress hook (sends, retries, responses, renewals, errors). Exceptions thrown by it are ignored. */
  onEvent?: (event: ClientEvent) => void;
}

export const CLIENT_DEFAULTS = {
  concurrency: 4, // requests in flight
  timeoutMs: 30_000, // ms for headers, and between body chunks
  maxResponseBytes: 5 * 1024 * 1024, // bytes per response body (5 MiB); a report answer is a few kB
  retry: {
    maxRetries: 3, // retries after the first send (4 sends at most)
    minDelayMs: 500, // ms before the first retry
    maxDelayMs: 30_000, // ms, cap on one backoff and on an accepted Retry-After
    factor: 2, // exponential growth per retry
    jitter: 0.5, // up to half of each backoff is randomised away
  },
} as const;

export interface ClientEvent {
  /**
   * send: one HTTP send (attempt counts from 1 per request); response: an HTTP response arrived, with its
   * status (also a 503 that will be retried); retry: the last send failed transiently (status, or a
   * connection/timeout `code`) and is sent again after `delayMs`; reauth: a token renewal starts because
   * `endpoint` answered 401; error: a public call failed with the AstroError `code` (once per call).
   */
  type: 'send' | 'retry' | 'response' | 'reauth' | 'error';
  endpoint: string;
  /**
   * Requests of this client in progress right after the event: each holds one of the `concurrency` slots
   * from its first send to its final response or failure (backoff waits included). Use this for a progress
   * line rather than counting send/response pairs, which do not pair up when a connection fails.
   */
  inFlight: number;
  status?: number;
  attempt?: number;
  /** For retry: the transport error code (ECONNRESET, UND_ERR_HEADERS_TIMEOUT...); for error: the AstroError code. */
  code?: string;
  /** For retry: the wait before the next send, in milliseconds. */
  delayMs?: number;
}

export interface ClientStats {
  /** HTTP sends, retries and auth included. */
  requests: number;
  /** Sends that repeated a failed one (transient status or connection failure). */
  retries: number;
  /** Token renewals after a 401 (the first authentication is not counted). */
  reauths: number;
}

// ---- Transport classification ----

export const AUTH_ENDPOINT = '/api/auth';
export const PLACES_ENDPOINT = '/api/places';
export const NATAL_ENDPOINT = '/api/natal';
export const SIGNS_ENDPOINT = '/api/signs';
export const PLANETS_ENDPOINT = '/api/planets';

/** Statuses that say "try again later"; other 4xx are the request's fault and are not retried. */
const TRANSIENT_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);

const TIMEOUT_CODES: ReadonlySet<string> = new Set([
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** Connection failures worth another send: the server may well answer the next one. */
const TRANSIENT_CODES: ReadonlySet<string> = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETDOWN',
  'ENETUNREACH',
  'EHOSTDOWN',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  ...TIMEOUT_CODES,
]);

const CLOSED_CODES: ReadonlySet<string> = new Set(['UND_ERR_DESTROYED', 'UND_ERR_CLOSED']);

/** Requests sent with one token: in flight, and whether any of them was accepted (answered other than 401). */
interface TokenUse {
  pending: number;
  accepted: boolean;
  waiters: (() => void)[];
}

/** An event before the client stamps `inFlight` on it. */
type EventData = Omit<ClientEvent, 'inFlight'>;

interface RawResponse {
  status: number;
  text: string;
  /** Sends made for this exchange (1 + retries). */
  attempts: number;
  /** Set when a Retry-After longer than retry.maxDelayMs stopped the retries. */
  retryAfterMs?: number;
}

/** Per-exchange bookkeeping shared by the retry decision and the body reader. */
interface ExchangeState {
  endpoint: string;
  sends: number;
  /** True once undici handed us the response: from then on a failure is ours to retry, not undici's. */
  delivered: boolean;
  retryAfterMs?: number;
}

type RetryCallback = (err?: Error | null) => void;

interface TransportError extends Error {
  code?: string;
  statusCode?: number;
  headers?: Record<string, string | string[] | undefined>;
}

/** Retry-After in seconds or as an HTTP date, in milliseconds from now; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

function statusLine(status: number): string {
  const reason = STATUS_CODES[status];
  return reason ? `${status} ${reason}` : String(status);
}

function attemptsSuffix(attempts: number): string {
  return attempts > 1 ? ` after ${attempts} attempts` : '';
}

/** A short one-line excerpt of an error body, to show what the service said. */
function bodyExcerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line === '') return '';
  return `: ${line.length > 160 ? `${line.slice(0, 157)}...` : line}`;
}

/** The headers of every request; all but /api/auth also carry the token (docs/service-api.md#headers). */
function requestHeaders(token: string | undefined): Record<string, string> {
  return {
    // The service's interface asks for this to answer in JSON; it names no compression (docs/service-api.md#headers).
    'Accept-Encoding': 'application/json',
    'Content-Type': 'application/json',
    ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
  };
}

function isPositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

export class AstroClient {
  readonly #origin: string;
  readonly #basePath: string;
  /** baseUrl without credentials or query, for messages. */
  readonly #displayBase: string;
  readonly #username: string;
  readonly #password: string;
  readonly #timeoutMs: number;
  readonly #maxResponseBytes: number;
  readonly #retry: Required<RetryOptions>;
  readonly #onEvent: ((event: ClientEvent) => void) | undefined;
  readonly #agent: Agent;
  readonly #dispatcher: Dispatcher;
  readonly #limit: ReturnType<typeof pLimit>;
  readonly #stats: ClientStats = { requests: 0, retries: 0, reauths: 0 };

  #token: string | undefined;
  /** Every token ever issued, so that old ones are redacted too. */
  readonly #tokens = new Set<string>();
  /** Bumped on each successful authentication; a 401 is tied to the generation of the token it rejected. */
  #generation = 0;
  #authInFlight: Promise<void> | undefined;
  /** How the current token fares: a token that was ever accepted and then meets a 401 has expired. */
  #tokenUse: TokenUse = { pending: 0, accepted: false, waiters: [] };
  /** Wrong credentials do not fix themselves: every later call fails with the same error. */
  #authFailure: AstroError | undefined;
  #closed = false;
  /** Exchanges holding a limiter slot (see ClientEvent.inFlight). */
  #inFlight = 0;

  constructor(options: ClientOptions) {
    const fail = (setting: string, problem: string): never => {
      throw new AstroError(ASTRO_ERROR_CODES.INVALID_OPTION, `AstroClient option ${setting} ${problem}`, {
        endpoint: '',
        field: setting,
      });
    };
    if (options === null || typeof options !== 'object') fail('options', 'must be an object');
    const base = URL.canParse(String(options.baseUrl)) ? new URL(String(options.baseUrl)) : undefined;
    if (!base) throw fail('baseUrl', `must be an absolute http(s) URL, received ${JSON.stringify(options.baseUrl)}`);
    if (base.protocol !== 'http:' && base.protocol !== 'https:') {
      fail('baseUrl', `must use http or https, received ${base.protocol}`);
    }
    if (typeof options.username !== 'string' || options.username === '') fail('username', 'must be a non-empty string');
    if (typeof options.password !== 'string' || options.password === '') fail('password', 'must be a non-empty string');

    const concurrency = options.concurrency ?? CLIENT_DEFAULTS.concurrency;
    if (!isPositiveInteger(concurrency)) fail('concurrency', `must be a positive integer, received ${String(concurrency)}`);
    const timeoutMs = options.timeoutMs ?? CLIENT_DEFAULTS.timeoutMs;
    if (!isPositiveInteger(timeoutMs)) fail('timeoutMs', `must be a positive integer (ms), received ${String(timeoutMs)}`);
    const maxResponseBytes = options.maxResponseBytes ?? CLIENT_DEFAULTS.maxResponseBytes;
    if (!isPositiveInteger(maxResponseBytes)) fail('maxResponseBytes', `must be a positive integer (bytes), received ${String(maxResponseBytes)}`);
    const retry = { ...CLIENT_DEFAULTS.retry, ...options.retry };
    if (!Number.isSafeInteger(retry.maxRetries) || retry.maxRetries < 0) {
      fail('retry.maxRetries', `must be an integer >= 0, received ${String(retry.maxRetries)}`);
    }
    for (const key of ['minDelayMs', 'maxDelayMs'] as const) {
      if (!Number.isFinite(retry[key]) || retry[key] < 0) fail(`retry.${key}`, `must be a number >= 0 (ms), received ${String(retry[key])}`);
    }
    if (!Number.isFinite(retry.factor) || retry.factor < 1) fail('retry.factor', `must be a number >= 1, received ${String(retry.factor)}`);
    if (!Number.isFinite(retry.jitter) || retry.jitter < 0 || retry.jitter > 1) {
      fail('retry.jitter', `must be a number from 0 to 1, received ${String(retry.jitter)}`);
    }
    if (options.onEvent !== undefined && typeof options.onEvent !== 'function') fail('onEvent', 'must be a function');

    this.#origin = base.origin;
    // 'https://x/y/' and 'https://x/y' both mean the paths live under /y.
    this.#basePath = base.pathname.replace(/\/+$/, '');
    this.#displayBase = `${base.origin}${this.#basePath}`;
    this.#username = options.username;
    this.#password = options.password;
    this.#timeoutMs = timeoutMs;
    this.#retry = retry;
    this.#onEvent = options.onEvent;
    this.#limit = pLimit(concurrency);
    this.#maxResponseBytes = maxResponseBytes;
    // undici counts the body as it arrives and destroys the connection past the limit (UND_ERR_RES_EXCEEDED_MAX_SIZE).
    // https://undici.nodejs.org/#/docs/api/Client?id=parameter-clientoptions
    this.#agent = new Agent({ headersTimeout: timeoutMs, bodyTimeout: timeoutMs, connectTimeout: timeoutMs, maxResponseSize: maxResponseBytes });
    this.#dispatcher = this.#agent.compose(
      interceptors.retry({
        // Deliver the last failed response instead of throwing, so we can report its status and body.
        throwOnError: false,
        // POST is retried on purpose: every endpoint of the service is a read, safe to repeat. (Our own retry
        // function below makes the decisions; these lists document them for undici's defaults.)
        methods: ['GET', 'POST'],
        maxRetries: retry.maxRetries,
        statusCodes: [...TRANSIENT_STATUSES],
        errorCodes: [...TRANSIENT_CODES],
      }),
    );
  }

  /** Counters for the build summary; a live view, read it any time. */
  get stats(): Readonly<ClientStats> {
    return this.#stats;
  }

  // ---- Public endpoints ----

  /** Authenticates once (later calls resolve at once); the other methods call it lazily. */
  authenticate(): Promise<void> {
    return this.#guard(AUTH_ENDPOINT, async () => {
      if (this.#generation === 0) await this.#renew(0, undefined);
    });
  }

  /** All-signs form (no sign_id sent): the `reports` array, each entry checked against the request. */
  reports(kind: ReportKind, params: ReportParams): Promise<ReportEntry[]> {
    const endpoint = this.#reportEndpoint(kind);
    return this.#guard(endpoint, async () => {
      const body = this.#reportBody(kind, endpoint, params);
      const data = await this.#callJson('POST', endpoint, body);
      const { reports } = this.#validate(endpoint, reportsResponseSchema(kind), data);
      // Which signs the array covers (all twelve? duplicates?) is left to the caller, which completes a partial
      // answer with single-sign requests (docs/service-api.md#assumptions).
      reports.forEach((entry, index) => this.#checkEntry(endpoint, `reports[${index}]`, entry, body));
      return reports;
    });
  }

  /** Single-sign form (sign_id sent): a bare entry, checked against the request including its sign_id. */
  report(kind: ReportKind, params: ReportParams, signId: number): Promise<ReportEntry> {
    const endpoint = this.#reportEndpoint(kind);
    return this.#guard(endpoint, async () => {
      const body = this.#reportBody(kind, endpoint, params);
      this.#requireInteger(endpoint, 'sign_id', signId, 0, 11);
      body.sign_id = signId;
      const data = await this.#callJson('POST', endpoint, body);
      const entry = this.#validate(endpoint, reportEntrySchemas[kind], data);
      this.#checkEntry(endpoint, '', entry, body);
      return entry;
    });
  }

  /**
   * Places matching `name`, most populous first. The no-match answer is not described: both `{ data: [] }`
   * and a 404 from /api/places are taken as "no places" and return [] (docs/service-api.md#assumptions).
   */
  places(name: string): Promise<Place[]> {
    return this.#guard(PLACES_ENDPOINT, async () => {
      if (typeof name !== 'string' || name.trim() === '') {
        throw this.#invalidArgument(PLACES_ENDPOINT, 'name', `must be a non-empty string, received ${JSON.stringify(name)}`);
      }
      const response = await this.#authorized('POST', PLACES_ENDPOINT, JSON.stringify({ name }));
      if (response.status === 404) return [];
      const data = this.#parseJson(PLACES_ENDPOINT, this.#requireOk(PLACES_ENDPOINT, response));
      return this.#validate(PLACES_ENDPOINT, placesResponseSchema, data).data;
    });
  }

  /** Natal chart (docs/service-api.md#natal-charts). All five request fields are sent: which are required is not described. */
  natal(req: NatalRequest): Promise<NatalChart> {
    return this.#guard(NATAL_ENDPOINT, async () => {
      if (req === null || typeof req !== 'object') throw this.#invalidArgument(NATAL_ENDPOINT, 'request', 'must be an object');
      for (const key of ['name', 'lang'] as const) {
        if (typeof req[key] !== 'string') throw this.#invalidArgument(NATAL_ENDPOINT, key, `must be a string, received ${typeof req[key]}`);
      }
      if (typeof req.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(req.date)) {
        throw this.#invalidArgument(NATAL_ENDPOINT, 'date', `must be YYYY-MM-DD, received ${JSON.stringify(req.date)}`);
      }
      if (typeof req.time !== 'string' || !/^\d{2}:\d{2}$/.test(req.time)) {
        throw this.#invalidArgument(NATAL_ENDPOINT, 'time', `must be HH:MM, received ${JSON.stringify(req.time)}`);
      }
      this.#requireInteger(NATAL_ENDPOINT, 'place_id', req.place_id);
      const body = { name: req.name, date: req.date, time: req.time, place_id: req.place_id, lang: req.lang };
      const data = await this.#callJson('POST', NATAL_ENDPOINT, body);
      return this.#validate(NATAL_ENDPOINT, natalChartSchema, data);
    });
  }

  /** GET /api/signs; record fields are not described, so the records come back as they are. */
  signs(): Promise<unknown[]> {
    return this.#recordList(SIGNS_ENDPOINT);
  }

  /** GET /api/planets; record fields are not described, so the records come back as they are. */
  planets(): Promise<unknown[]> {
    return this.#recordList(PLANETS_ENDPOINT);
  }

  /** Any other endpoint (docs/service-api.md#other-endpoints): sends `body` as JSON (POST only), returns the parsed JSON answer. */
  call(method: 'GET' | 'POST', path: string, body?: object): Promise<unknown> {
    const endpoint = typeof path === 'string' ? path : String(path);
    return this.#guard(endpoint, async () => {
      if (method !== 'GET' && method !== 'POST') throw this.#invalidArgument(endpoint, 'method', `must be GET or POST, received ${String(method)}`);
      if (!endpoint.startsWith('/api/')) throw this.#invalidArgument(endpoint, 'path', 'must start with /api/');
      if (method === 'GET' && body !== undefined) throw this.#invalidArgument(endpoint, 'body', 'is not allowed on GET');
      if (body !== undefined && (body === null || typeof body !== 'object')) throw this.#invalidArgument(endpoint, 'body', 'must be an object');
      return this.#callJson(method, endpoint, body);
    });
  }

  /** Stops new calls and closes the connections once the requests in flight are done. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#agent.close();
  }

  // ---- Token handling ----

  /**
   * Authenticates unless a token newer than `seenGeneration` exists already. Concurrent callers share one
   * authentication. `expiredAt` names the endpoint whose 401 asked for the renewal (undefined for the first).
   */
  #renew(seenGeneration: number, expiredAt: string | undefined): Promise<void> {
    if (this.#authFailure) return Promise.reject(this.#authFailure);
    if (this.#generation > seenGeneration) return Promise.resolve();
    if (!this.#authInFlight) {
      if (expiredAt !== undefined) {
        this.#stats.reauths += 1;
        this.#emit({ type: 'reauth', endpoint: expiredAt });
      }
      this.#authInFlight = this.#fetchToken().finally(() => {
        this.#authInFlight = undefined;
      });
    }
    return this.#authInFlight;
  }

  async #fetchToken(): Promise<void> {
    const body = JSON.stringify({ username: this.#username, password: this.#password });
    const response = await this.#exchange('POST', AUTH_ENDPOINT, body, () => requestHeaders(undefined));
    if (response === undefined) throw new Error('unreachable: auth headers are always ready');
    if (response.status === 401 || response.status === 403) {
      this.#authFailure = this.#error(
        ASTRO_ERROR_CODES.AUTH_FAILED,
        AUTH_ENDPOINT,
        `authentication failed for ${this.#displayBase}: ${AUTH_ENDPOINT} answered ${statusLine(response.status)} (check the username and password)`,
        { status: response.status },
      );
      throw this.#authFailure;
    }
    const data = this.#parseJson(AUTH_ENDPOINT, this.#requireOk(AUTH_ENDPOINT, response));
    const token = (data as { accessToken?: unknown } | null)?.accessToken;
    if (token === undefined || token === null || token === '') {
      // A successful sign-in answer holds accessToken (docs/service-api.md#signing-in); without it, it failed.
      this.#authFailure = this.#error(
        ASTRO_ERROR_CODES.AUTH_FAILED,
        AUTH_ENDPOINT,
        `authentication failed for ${this.#displayBase}: ${AUTH_ENDPOINT} answered ${statusLine(response.status)} without an accessToken`,
        { status: response.status, field: 'accessToken' },
      );
      throw this.#authFailure;
    }
    const { accessToken } = this.#validate(AUTH_ENDPOINT, authResponseSchema, data);
    this.#token = accessToken;
    this.#tokens.add(accessToken);
    this.#tokenUse = { pending: 0, accepted: false, waiters: [] };
    this.#generation += 1;
  }

  /** Waits for a usable token: the first authentication, or a renewal that is under way. */
  async #currentToken(): Promise<void> {
    if (this.#generation === 0) await this.#renew(0, undefined);
    while (this.#authInFlight) await this.#authInFlight;
    if (this.#authFailure) throw this.#authFailure;
  }

  /**
   * One authorized exchange with token renewal. A 401 for generation N renews (shared with every other
   * request rejected with N) and replays; if someone else renewed meanwhile, the replay uses their token.
   * A replay that meets a 401 again renews again only if its token was accepted by some request in between
   * (it expired through use, as long builds see); a fresh token that is never accepted means the service
   * rejects our tokens, and the request stops with ASTRO_TOKEN_REJECTED. Each renewal thus needs the previous
   * token to have served at least one request, so the loop always ends.
   */
  async #authorized(method: 'GET' | 'POST', endpoint: string, body: string | undefined): Promise<RawResponse> {
    let renewedForThisRequest = false;
    for (;;) {
      await this.#currentToken();
      let generation = 0;
      let use: TokenUse | undefined;
      let response: RawResponse | undefined;
      try {
        // Headers are made when the request gets its slot, not when it queued for one: a renewal may have
        // finished meanwhile. If one is still running, give the slot back and wait for it rather than send a
        // token that is known to be expired.
        response = await this.#exchange(method, endpoint, body, () => {
          if (this.#authInFlight || this.#token === undefined) return undefined;
          generation = this.#generation;
          use = this.#tokenUse;
          use.pending += 1;
          return requestHeaders(this.#token);
        });
      } finally {
        if (use) this.#settleUse(use, response !== undefined && response.status !== 401);
      }
      if (response === undefined || use === undefined) continue;
      if (response.status !== 401) return response;
      if (this.#generation > generation) continue;
      if (renewedForThisRequest && !use.accepted && use.pending > 0) {
        // Other requests with this token are still out: if one of them is accepted, the token did work and
        // this 401 is an expiry (e.g. a token good for N requests), not a rejection. Wait to know which.
        await new Promise<void>((resolve) => use?.waiters.push(resolve));
        if (this.#generation > generation) continue;
      }
      if (renewedForThisRequest && !use.accepted) {
        throw this.#error(
          ASTRO_ERROR_CODES.TOKEN_REJECTED,
          endpoint,
          `${endpoint} answered 401 Unauthorized again right after the access token was renewed: the service rejects fresh tokens for ${this.#displayBase}`,
          { status: 401, attempts: response.attempts },
        );
      }
      renewedForThisRequest = true;
      await this.#renew(generation, endpoint);
    }
  }

  #settleUse(use: TokenUse, accepted: boolean): void {
    use.pending -= 1;
    if (accepted) use.accepted = true;
    if (use.pending === 0 || use.accepted) {
      for (const wake of use.waiters.splice(0)) wake();
    }
  }

  // ---- Transport ----

  /**
   * One request with its retries, inside the concurrency limiter. Resolves with the final response,
   * whatever its status; rejects only when no response arrived (network failure or timeout on every send).
   * `headersFor` runs once the slot is granted; returning undefined gives the slot back unused (resolves
   * undefined).
   */
  #exchange(
    method: 'GET' | 'POST',
    endpoint: string,
    body: string | undefined,
    headersFor: () => Record<string, string> | undefined,
  ): Promise<RawResponse | undefined> {
    return this.#limit(async () => {
      const state: ExchangeState = { endpoint, sends: 0, delivered: false };
      if (this.#closed) throw this.#closedError(endpoint);
      const headers = headersFor();
      if (headers === undefined) return undefined;
      this.#inFlight += 1;
      let response: RawResponse;
      try {
        response = await this.#sendWithRetries(method, endpoint, body, headers, state);
      } finally {
        this.#inFlight -= 1;
      }
      // Emitted once the request no longer counts as in flight, so a progress line ends at 0.
      this.#emit({ type: 'response', endpoint, status: response.status, attempt: response.attempts });
      return response;
    });
  }

  async #sendWithRetries(
    method: 'GET' | 'POST',
    endpoint: string,
    body: string | undefined,
    headers: Record<string, string>,
    state: ExchangeState,
  ): Promise<RawResponse> {
    for (;;) {
      if (this.#closed) throw this.#closedError(endpoint);
      this.#countSend(state);
      let response: Dispatcher.ResponseData;
      try {
        // `retryOptions` is read by the retry interceptor; undici's request types do not list it.
        const options = {
          dispatcher: this.#dispatcher,
          method,
          headers,
          body: method === 'GET' ? null : (body ?? null),
          retryOptions: { retry: this.#retryDecision(state) },
        };
        response = await request(`${this.#origin}${this.#basePath}${endpoint}`, options);
      } catch (error) {
        throw this.#transportError(state, error);
      }
      state.delivered = true;
      try {
        const text = await response.body.text();
        const raw: RawResponse = { status: response.statusCode, text, attempts: state.sends };
        if (state.retryAfterMs !== undefined) raw.retryAfterMs = state.retryAfterMs;
        return raw;
      } catch (error) {
        // The body broke off (reset, body timeout). undici would try a Range resume; we resend instead.
        const code = (error as TransportError).code;
        if (this.#closed || !code || !TRANSIENT_CODES.has(code) || state.sends > this.#retry.maxRetries) {
          throw this.#transportError(state, error);
        }
        const delayMs = this.#backoff(state.sends);
        this.#stats.retries += 1;
        this.#emit({ type: 'retry', endpoint, attempt: state.sends, code, delayMs });
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        state.delivered = false;
      }
    }
  }

  /** The `retry` function handed to undici's retry handler for one exchange. */
  #retryDecision(state: ExchangeState) {
    return (err: Error, _context: unknown, callback: RetryCallback): void => {
      const error = err as TransportError;
      if (state.delivered || this.#closed) return callback(err);
      // undici reports a retryable-looking status as a RequestRetryError carrying statusCode and headers.
      const status = error.code === 'UND_ERR_REQ_RETRY' ? error.statusCode : undefined;
      const transient = status !== undefined ? TRANSIENT_STATUSES.has(status) : TRANSIENT_CODES.has(error.code ?? '');
      if (!transient || state.sends > this.#retry.maxRetries) return callback(err);
      let delayMs = this.#backoff(state.sends);
      const retryAfterMs = status !== undefined ? parseRetryAfter(error.headers?.['retry-after']) : undefined;
      if (retryAfterMs !== undefined) {
        // Waiting less than Retry-After would only earn another 429; waiting far longer stalls the build.
        if (retryAfterMs > this.#retry.maxDelayMs) {
          state.retryAfterMs = retryAfterMs;
          return callback(err);
        }
        delayMs = Math.max(delayMs, retryAfterMs);
      }
      this.#stats.retries += 1;
      if (status !== undefined) this.#emit({ type: 'response', endpoint: state.endpoint, status, attempt: state.sends });
      const event: EventData = { type: 'retry', endpoint: state.endpoint, attempt: state.sends, delayMs };
      if (status !== undefined) event.status = status;
      else if (error.code) event.code = error.code;
      this.#emit(event);
      setTimeout(() => {
        if (this.#closed) return callback(err);
        this.#countSend(state);
        callback(null);
      }, delayMs);
    };
  }

  #backoff(failedSends: number): number {
    const { minDelayMs, maxDelayMs, factor, jitter } = this.#retry;
    const base = Math.min(maxDelayMs, minDelayMs * factor ** (failedSends - 1));
    return Math.round(base * (1 - jitter * Math.random()));
  }

  #countSend(state: ExchangeState): void {
    state.sends += 1;
    this.#stats.requests += 1;
    this.#emit({ type: 'send', endpoint: state.endpoint, attempt: state.sends });
  }

  #transportError(state: ExchangeState, error: unknown): AstroError {
    if (error instanceof AstroError) return error;
    const { endpoint, sends } = state;
    const failure = error as TransportError;
    const code = failure?.code ?? '';
    if (this.#closed || CLOSED_CODES.has(code)) return this.#closedError(endpoint);
    const after = attemptsSuffix(sends);
    if (code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') {
      const limit = `${(this.#maxResponseBytes / 2 ** 20).toFixed(this.#maxResponseBytes % 2 ** 20 ? 2 : 0)} MiB`;
      return this.#error(ASTRO_ERROR_CODES.RESPONSE_TOO_LARGE, endpoint, `${endpoint}: response body exceeds the ${limit} limit (maxResponseBytes ${this.#maxResponseBytes})`, {
        attempts: sends,
      });
    }
    if (TIMEOUT_CODES.has(code)) {
      return this.#error(ASTRO_ERROR_CODES.TIMEOUT, endpoint, `${endpoint}: no response within ${this.#timeoutMs} ms (${code})${after}`, {
        attempts: sends,
        cause: error,
      });
    }
    const reason = code ? `${code}: ${failure.message}` : String(failure?.message ?? error);
    return this.#error(ASTRO_ERROR_CODES.NETWORK, endpoint, `${endpoint}: request to ${this.#displayBase} failed (${reason})${after}`, {
      attempts: sends,
      cause: error,
    });
  }

  #closedError(endpoint: string): AstroError {
    return this.#error(ASTRO_ERROR_CODES.CLOSED, endpoint, `${endpoint}: the client is closed`, {});
  }

  // ---- Responses ----

  async #callJson(method: 'GET' | 'POST', endpoint: string, body: object | undefined): Promise<unknown> {
    const response = await this.#authorized(method, endpoint, body === undefined ? undefined : JSON.stringify(body));
    return this.#parseJson(endpoint, this.#requireOk(endpoint, response));
  }

  #requireOk(endpoint: string, response: RawResponse): RawResponse {
    if (response.status >= 200 && response.status < 300) return response;
    const waited =
      response.retryAfterMs !== undefined
        ? ` (Retry-After ${Math.ceil(response.retryAfterMs / 1000)} s exceeds retry.maxDelayMs ${this.#retry.maxDelayMs} ms)`
        : '';
    throw this.#error(
      ASTRO_ERROR_CODES.HTTP_STATUS,
      endpoint,
      `${endpoint} answered ${statusLine(response.status)}${attemptsSuffix(response.attempts)}${waited}${bodyExcerpt(redact(response.text, this.#secrets()))}`,
      { status: response.status, attempts: response.attempts },
    );
  }

  #parseJson(endpoint: string, response: RawResponse): unknown {
    try {
      return JSON.parse(response.text);
    } catch (error) {
      // V8 quotes the start of the text in its message; a cut-off secret there would escape redaction.
      const reason =
        response.text.trim() === '' ? 'empty body' : (error as Error).message.replace(/, ".*"(\.\.\.)? is not valid JSON$/s, '');
      throw this.#error(ASTRO_ERROR_CODES.INVALID_RESPONSE, endpoint, `${endpoint}: response is not valid JSON (${reason})`, {
        status: response.status,
      });
    }
  }

  #validate<T extends z.ZodType>(endpoint: string, schema: T, data: unknown): z.infer<T> {
    const result = schema.safeParse(data);
    if (result.success) return result.data;
    const problem = describeShapeProblem(result.error, data, (text) => redact(text, this.#secrets()));
    throw this.#error(ASTRO_ERROR_CODES.INVALID_RESPONSE, endpoint, `${endpoint}: invalid response: ${problem.description}`, {
      field: problem.field,
    });
  }

  /** Each entry echoes the request's year and week/month, and sign_id when one was sent (docs/service-api.md#reports). */
  #checkEntry(endpoint: string, prefix: string, entry: ReportEntry, sent: Record<string, number>): void {
    for (const key of ['year', 'week', 'month', 'sign_id'] as const) {
      const expected = sent[key];
      if (expected === undefined || entry[key] === expected) continue;
      const field = prefix === '' ? key : `${prefix}.${key}`;
      throw this.#invalidResponse(endpoint, field, `expected ${expected} (as requested), received ${JSON.stringify(entry[key])}`);
    }
  }

  async #recordList(endpoint: string): Promise<unknown[]> {
    return this.#guard(endpoint, async () => {
      const data = await this.#callJson('GET', endpoint, undefined);
      const list = this.#validate(endpoint, recordListSchema, data);
      return Array.isArray(list) ? list : list.data;
    });
  }

  // ---- Arguments ----

  #reportEndpoint(kind: ReportKind): string {
    return isReportKind(kind) ? REPORT_ENDPOINTS[kind] : `report kind ${JSON.stringify(kind)}`;
  }

  /** The JSON body for a report request: only the members the endpoint takes, integers checked. */
  #reportBody(kind: ReportKind, endpoint: string, params: ReportParams): Record<string, number> {
    if (!isReportKind(kind)) {
      throw this.#invalidArgument(endpoint, 'kind', `must be one of weekly, monthly, yearly, ascendantYearly`);
    }
    if (params === null || typeof params !== 'object') throw this.#invalidArgument(endpoint, 'params', 'must be an object');
    this.#requireInteger(endpoint, 'year', params.year);
    const body: Record<string, number> = {};
    if (kind === 'weekly') {
      this.#requireInteger(endpoint, 'week', params.week, 1);
      body.week = params.week as number;
    } else if (kind === 'monthly') {
      this.#requireInteger(endpoint, 'month', params.month, 1, 12);
      body.month = params.month as number;
    }
    body.year = params.year;
    return body;
  }

  #requireInteger(endpoint: string, field: string, value: unknown, min?: number, max?: number): void {
    const range =
      min !== undefined && max !== undefined ? ` from ${min} to ${max}` : min !== undefined ? ` >= ${min}` : '';
    const ok =
      typeof value === 'number' &&
      Number.isSafeInteger(value) &&
      (min === undefined || value >= min) &&
      (max === undefined || value <= max);
    if (!ok) {
      const received = typeof value === 'string' ? JSON.stringify(value) : String(value);
      throw this.#invalidArgument(endpoint, field, `must be an integer${range}, received ${received}`);
    }
  }

  // ---- Errors and events ----

  #invalidArgument(endpoint: string, field: string, problem: string): AstroError {
    return this.#error(ASTRO_ERROR_CODES.INVALID_ARGUMENT, endpoint, `${endpoint}: ${field} ${problem}`, { field });
  }

  #invalidResponse(endpoint: string, field: string, problem: string): AstroError {
    return this.#error(ASTRO_ERROR_CODES.INVALID_RESPONSE, endpoint, `${endpoint}: invalid response: ${field}: ${problem}`, { field });
  }

  /** Every AstroError the client creates goes through here, so its message is always redacted. */
  #error(
    code: AstroErrorCode,
    endpoint: string,
    message: string,
    details: { status?: number; field?: string; attempts?: number; cause?: unknown },
  ): AstroError {
    const secrets = this.#secrets();
    const cause = details.cause instanceof Error ? new Error(redact(details.cause.message, secrets)) : undefined;
    if (cause) Object.assign(cause, { code: (details.cause as TransportError).code });
    return new AstroError(code, redact(message, secrets), {
      endpoint,
      ...(details.status !== undefined ? { status: details.status } : {}),
      ...(details.field !== undefined ? { field: details.field } : {}),
      ...(details.attempts !== undefined ? { attempts: details.attempts } : {}),
      ...(cause ? { cause } : {}),
    });
  }

  #secrets(): string[] {
    return [this.#password, ...this.#tokens];
  }

  /** Runs a public call: every failure leaves as an AstroError and is reported as an 'error' event. */
  async #guard<T>(endpoint: string, run: () => Promise<T>): Promise<T> {
    try {
      if (this.#closed) throw this.#closedError(endpoint);
      return await run();
    } catch (error) {
      const failure =
        error instanceof AstroError
          ? error
          : this.#error(ASTRO_ERROR_CODES.NETWORK, endpoint, `${endpoint}: request failed (${(error as Error)?.message ?? String(error)})`, {
              cause: error,
            });
      const event: EventData = { type: 'error', endpoint, code: failure.code };
      if (failure.status !== undefined) event.status = failure.status;
      this.#emit(event);
      throw failure;
    }
  }

  #emit(event: EventData): void {
    if (!this.#onEvent) return;
    try {
      this.#onEvent({ ...event, inFlight: this.#inFlight });
    } catch {
      // A broken progress display must not break the build.
    }
  }
}
