// The client's options, their defaults (one block, with units) and the checks a constructor runs on them;
// the endpoints it knows by name (docs/service-api.md).
import { ASTRO_ERROR_CODES, AstroError } from './errors.ts';

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
  /**
   * The sign-in clients share: a client given one starts with its token (no sign-in) and writes each token it is
   * issued into it, so short-lived clients sign in once between them.
   */
  session?: ClientSession;
  /**
   * What carries the requests: the runtime's global `fetch` unless given. The build gives undici's, bound to an
   * Agent of its own (index.ts).
   */
  fetch?: FetchFunction;
  /**
   * The caller's wait: once aborted, the send in flight is cancelled (its connection and its body read), a retry's
   * wait ends, and nothing more is sent; the call fails with ASTRO_ABORTED.
   */
  signal?: AbortSignal;
  /**
   * Awaited right before each send, a retry's and a sign-in's too, with the endpoint about to be sent to: false
   * ends the call with ASTRO_SEND_REFUSED, and nothing is sent.
   */
  beforeSend?: (endpoint: string) => Promise<boolean>;
}

/** The part of `fetch` the client uses; the global one and undici's both have it. */
export type FetchFunction = (url: string, init: SendInit) => Promise<FetchResponse>;

export interface SendInit {
  method: 'POST';
  headers: Record<string, string>;
  body: string;
  signal: AbortSignal;
  redirect: 'manual';
}

export interface FetchResponse {
  status: number;
  headers: { get(name: string): string | null };
  body: ReadableStream<Uint8Array> | null;
}

export interface ClientSession {
  token?: string;
  /** The sign-in one client of the session is making, which the others wait for, and when they stop waiting (ms since the epoch). */
  signIn?: { done: Promise<unknown>; until: number };
  /** The last sign-in failed (`failures` in a row): no client of the session asks for another before `until`. */
  failed?: { error: AstroError; until: number; failures: number };
}

/**
 * After a failed sign-in (refused, 5xx, 429, stalled, garbled), the clients of a session ask for none for `firstMs`,
 * twice as long after each further failure in a row, `maxMs` at most: a failing service gets few sign-ins.
 */
export const SIGN_IN_BACKOFF = { firstMs: 5000, maxMs: 60_000 };

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
  /** For retry: the transport error code (a connection failure's own, such as UND_ERR_SOCKET or ECONNRESET, else NETWORK; HEADERS_TIMEOUT or BODY_TIMEOUT); for error: the AstroError code. */
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

export const AUTH_ENDPOINT = '/api/auth';
export const PLACES_ENDPOINT = '/api/places';
export const NATAL_ENDPOINT = '/api/natal';

/** The options, checked, with their defaults filled in. */
export interface ClientSettings {
  base: URL;
  username: string;
  password: string;
  concurrency: number;
  timeoutMs: number;
  maxResponseBytes: number;
  retry: Required<RetryOptions>;
  onEvent: ((event: ClientEvent) => void) | undefined;
  session: ClientSession | undefined;
  fetch: FetchFunction;
  signal: AbortSignal | undefined;
  beforeSend: ((endpoint: string) => Promise<boolean>) | undefined;
}

function isPositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/** Checks `options` as the constructor receives them; an INVALID_OPTION AstroError names the first at fault. */
export function checkOptions(options: ClientOptions): ClientSettings {
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
  if (!isPositiveInteger(concurrency))
    fail('concurrency', `must be a positive integer, received ${String(concurrency)}`);
  const timeoutMs = options.timeoutMs ?? CLIENT_DEFAULTS.timeoutMs;
  if (!isPositiveInteger(timeoutMs))
    fail('timeoutMs', `must be a positive integer (ms), received ${String(timeoutMs)}`);
  const maxResponseBytes = options.maxResponseBytes ?? CLIENT_DEFAULTS.maxResponseBytes;
  if (!isPositiveInteger(maxResponseBytes))
    fail('maxResponseBytes', `must be a positive integer (bytes), received ${String(maxResponseBytes)}`);
  const retry = { ...CLIENT_DEFAULTS.retry, ...options.retry };
  if (!Number.isSafeInteger(retry.maxRetries) || retry.maxRetries < 0) {
    fail('retry.maxRetries', `must be an integer >= 0, received ${String(retry.maxRetries)}`);
  }
  for (const key of ['minDelayMs', 'maxDelayMs'] as const) {
    if (!Number.isFinite(retry[key]) || retry[key] < 0)
      fail(`retry.${key}`, `must be a number >= 0 (ms), received ${String(retry[key])}`);
  }
  if (!Number.isFinite(retry.factor) || retry.factor < 1)
    fail('retry.factor', `must be a number >= 1, received ${String(retry.factor)}`);
  if (!Number.isFinite(retry.jitter) || retry.jitter < 0 || retry.jitter > 1) {
    fail('retry.jitter', `must be a number from 0 to 1, received ${String(retry.jitter)}`);
  }
  if (options.onEvent !== undefined && typeof options.onEvent !== 'function') fail('onEvent', 'must be a function');
  if (options.session !== undefined && (options.session === null || typeof options.session !== 'object'))
    fail('session', 'must be an object');
  if (options.fetch !== undefined && typeof options.fetch !== 'function') fail('fetch', 'must be a function');
  if (options.beforeSend !== undefined && typeof options.beforeSend !== 'function')
    fail('beforeSend', 'must be a function');
  return {
    base,
    username: options.username,
    password: options.password,
    concurrency,
    timeoutMs,
    maxResponseBytes,
    retry,
    onEvent: options.onEvent,
    session: options.session,
    fetch: options.fetch ?? ((url, init) => fetch(url, init)),
    signal: options.signal,
    beforeSend: options.beforeSend,
  };
}
