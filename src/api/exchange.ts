// What every transport of the client shares, whatever carries its requests (undici in Node, the runtime's fetch
// elsewhere): which answers are worth another send, the backoff, Retry-After, the headers and the interface the
// client drives.
import type { ClientErrors } from './client-errors.ts';
import type { ClientEvent, ClientSettings, ClientStats } from './options.ts';
import type { RawResponse } from './responses.ts';

/** Statuses that say "try again later"; other 4xx are the request's fault and are not retried. */
export const TRANSIENT_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);

/** An event before the client stamps `inFlight` on it. */
export type EventData = Omit<ClientEvent, 'inFlight'>;

/** What the transport reports to its client. */
export interface TransportContext {
  stats: ClientStats;
  emit(event: EventData): void;
}

/** The part of a transport the client drives (transport.ts on undici, fetch-transport.ts on fetch). */
export interface ClientTransport {
  /** Exchanges holding a limiter slot (see ClientEvent.inFlight). */
  readonly inFlight: number;
  readonly closed: boolean;
  /**
   * One request with its retries, inside the concurrency limiter. Resolves with the final response, whatever its
   * status; rejects only when no response arrived. `headersFor` runs once the slot is granted; returning
   * undefined gives the slot back unused (resolves undefined).
   */
  exchange(
    method: 'GET' | 'POST',
    endpoint: string,
    body: string | undefined,
    headersFor: () => Record<string, string> | undefined,
  ): Promise<RawResponse | undefined>;
  /** Stops new exchanges; resolves once the requests in flight are done. */
  close(): Promise<void>;
}

export type TransportFactory = (
  settings: ClientSettings,
  baseUrl: string,
  errors: ClientErrors,
  context: TransportContext,
) => ClientTransport;

/** Retry-After in seconds or as an HTTP date, in milliseconds from now; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | null | undefined, now = Date.now()): number | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** The headers of every request; all but /api/auth also carry the token (docs/service-api.md#headers). */
export function requestHeaders(token: string | undefined): Record<string, string> {
  return {
    // The service's interface asks for this to answer in JSON; it names no compression (docs/service-api.md#headers).
    'Accept-Encoding': 'application/json',
    'Content-Type': 'application/json',
    ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
  };
}

/** The wait before the send after `failedSends` failed ones: exponential, capped, jittered. */
export function backoff(retry: ClientSettings['retry'], failedSends: number): number {
  const { minDelayMs, maxDelayMs, factor, jitter } = retry;
  const base = Math.min(maxDelayMs, minDelayMs * factor ** (failedSends - 1));
  return Math.round(base * (1 - jitter * Math.random()));
}

/** Whether a Retry-After is too long to wait for: the answer is then delivered as it is. */
export function waitsTooLong(retry: ClientSettings['retry'], retryAfterMs: number | undefined): boolean {
  return retryAfterMs !== undefined && retryAfterMs > retry.maxDelayMs;
}
