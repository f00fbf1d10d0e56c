// The client's one transport, over the fetch API: the build hands it undici's fetch on an Agent (index.ts), a
// Worker its runtime's own. Every exchange runs inside one p-limit limiter and one retry loop (transient statuses
// and failed sends, jittered backoff, Retry-After); each send has one timer, for the headers and between body
// chunks, and one size limit, since fetch keeps neither. https://developer.mozilla.org/docs/Web/API/Window/fetch
import pLimit from 'p-limit';
import { ASTRO_ERROR_CODES, attemptsSuffix, type AstroError, type ClientErrors } from './errors.ts';
import type { ClientEvent, ClientSettings, ClientStats } from './options.ts';

/** Statuses that say "try again later"; other 4xx are the request's fault and are not retried. */
export const TRANSIENT_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);

/** One exchange's final answer, whatever its status. */
export interface RawResponse {
  status: number;
  text: string;
  /** Sends made for this exchange (1 + retries). */
  attempts: number;
  /** Set when a Retry-After longer than retry.maxDelayMs stopped the retries. */
  retryAfterMs?: number;
}

/** An event before the client stamps `inFlight` on it. */
export type EventData = Omit<ClientEvent, 'inFlight'>;

/** What the transport reports to its client. */
export interface TransportContext {
  stats: ClientStats;
  emit(event: EventData): void;
}

/** Why a send brought no answer; `code` names it in retry events and messages. */
class SendFailure extends Error {
  readonly kind: 'timeout' | 'too-large' | 'network' | 'aborted';
  readonly code: string;
  constructor(kind: SendFailure['kind'], code: string, message = code) {
    super(message);
    this.kind = kind;
    this.code = code;
  }
}

/** Retry-After in seconds or as an HTTP date, in milliseconds from now; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  const text = value?.trim();
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
function backoff(retry: ClientSettings['retry'], failedSends: number): number {
  const { minDelayMs, maxDelayMs, factor, jitter } = retry;
  const base = Math.min(maxDelayMs, minDelayMs * factor ** (failedSends - 1));
  return Math.round(base * (1 - jitter * Math.random()));
}

/** A connection failure's own code: fetch rejects with a TypeError whose cause carries it (undici's, Node's). */
function failureCode(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; errors?: { code?: unknown }[] } } | null)?.cause;
  const code = cause?.code ?? cause?.errors?.[0]?.code ?? (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code !== '' ? code : 'NETWORK';
}

/** What went wrong underneath fetch's own TypeError ('fetch failed', 'terminated'). */
function rootCause(error: unknown): unknown {
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause instanceof Error ? cause : error;
}

export class Transport {
  readonly #settings: ClientSettings;
  readonly #baseUrl: string;
  readonly #errors: ClientErrors;
  readonly #context: TransportContext;
  readonly #limit: ReturnType<typeof pLimit>;
  readonly #running = new Set<Promise<unknown>>();
  /** Exchanges holding a limiter slot (see ClientEvent.inFlight). */
  inFlight = 0;
  closed = false;

  constructor(settings: ClientSettings, baseUrl: string, errors: ClientErrors, context: TransportContext) {
    this.#settings = settings;
    this.#baseUrl = baseUrl;
    this.#errors = errors;
    this.#context = context;
    this.#limit = pLimit(settings.concurrency);
  }

  /**
   * One POST with its retries, inside the concurrency limiter. Resolves with the final response, whatever its
   * status; rejects only when no response arrived. `headersFor` runs once the slot is granted; returning
   * undefined gives the slot back unused (resolves undefined).
   */
  exchange(
    endpoint: string,
    body: string,
    headersFor: () => Record<string, string> | undefined,
  ): Promise<RawResponse | undefined> {
    const run = this.#limit(async () => {
      if (this.closed) throw this.#errors.closed(endpoint);
      const headers = headersFor();
      if (headers === undefined) return undefined;
      this.inFlight += 1;
      let response: RawResponse;
      try {
        response = await this.#sendWithRetries(endpoint, body, headers);
      } finally {
        this.inFlight -= 1;
      }
      // Emitted once the request no longer counts as in flight, so a progress line ends at 0.
      this.#context.emit({ type: 'response', endpoint, status: response.status, attempt: response.attempts });
      return response;
    });
    this.#running.add(run);
    const forget = () => this.#running.delete(run);
    run.then(forget, forget);
    return run;
  }

  /** Stops new exchanges; resolves once the exchanges in flight are done. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.#running]);
  }

  async #sendWithRetries(endpoint: string, body: string, headers: Record<string, string>): Promise<RawResponse> {
    const { retry } = this.#settings;
    for (let sends = 1; ; sends += 1) {
      await this.#mayStillSend(endpoint, sends - 1);
      this.#context.stats.requests += 1;
      this.#context.emit({ type: 'send', endpoint, attempt: sends });
      let answer: { raw: RawResponse; retryAfter: string | null };
      try {
        answer = await this.#send(endpoint, body, headers, sends);
      } catch (error) {
        const failure = error instanceof SendFailure ? error : new SendFailure('network', failureCode(error));
        if (failure.kind === 'too-large' || failure.kind === 'aborted' || sends > retry.maxRetries) {
          throw this.#sendError(endpoint, sends, failure, error);
        }
        await this.#wait({
          type: 'retry',
          endpoint,
          attempt: sends,
          code: failure.code,
          delayMs: backoff(retry, sends),
        });
        continue;
      }
      const { raw, retryAfter } = answer;
      if (!TRANSIENT_STATUSES.has(raw.status) || sends > retry.maxRetries) return raw;
      const retryAfterMs = parseRetryAfter(retryAfter);
      // Waiting less than Retry-After would only earn another 429; waiting far longer stalls the build or the visitor.
      if (retryAfterMs !== undefined && retryAfterMs > retry.maxDelayMs) return { ...raw, retryAfterMs };
      this.#context.emit({ type: 'response', endpoint, status: raw.status, attempt: sends });
      const delayMs = Math.max(backoff(retry, sends), retryAfterMs ?? 0);
      await this.#wait({ type: 'retry', endpoint, attempt: sends, status: raw.status, delayMs });
    }
  }

  /** Before each send: not once the client is closed or the caller stopped waiting, nor when beforeSend says no. */
  async #mayStillSend(endpoint: string, sends: number): Promise<void> {
    if (this.closed) throw this.#errors.closed(endpoint);
    this.#stopIfAborted(endpoint, sends);
    const { beforeSend } = this.#settings;
    if (beforeSend && (await beforeSend(endpoint)) === false) {
      throw this.#errors.error(ASTRO_ERROR_CODES.SEND_REFUSED, endpoint, `${endpoint}: not sent, as the caller asked`, {
        attempts: sends,
      });
    }
    this.#stopIfAborted(endpoint, sends);
  }

  /** The backoff before a retry, cut short by the caller's signal. */
  async #wait(event: EventData & { delayMs: number }): Promise<void> {
    this.#context.stats.retries += 1;
    this.#context.emit(event);
    const { signal } = this.#settings;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, event.delayMs);
      signal?.addEventListener('abort', done, { once: true });
    });
  }

  #stopIfAborted(endpoint: string, sends: number): void {
    if (this.#settings.signal?.aborted) throw this.#sendError(endpoint, sends, new SendFailure('aborted', 'ABORTED'));
  }

  /** One send: the answer within `timeoutMs` for the headers and between body chunks, at most maxResponseBytes. */
  async #send(
    endpoint: string,
    body: string,
    headers: Record<string, string>,
    sends: number,
  ): Promise<{ raw: RawResponse; retryAfter: string | null }> {
    const { timeoutMs, maxResponseBytes, signal } = this.#settings;
    const controller = new AbortController();
    let phase = 'HEADERS_TIMEOUT';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => controller.abort(new SendFailure('timeout', phase)), timeoutMs);
    };
    // The caller's end cancels the fetch and its body read alike; a body left pending would outlive the caller.
    const abandon = () => controller.abort(new SendFailure('aborted', 'ABORTED'));
    if (signal?.aborted) abandon();
    else signal?.addEventListener('abort', abandon, { once: true });
    try {
      arm();
      const url = `${this.#baseUrl}${endpoint}`;
      const response = await this.#settings.fetch(url, {
        method: 'POST',
        headers,
        body,
        signal: controller.signal,
        redirect: 'manual',
      });
      phase = 'BODY_TIMEOUT';
      const chunks: Uint8Array[] = [];
      let size = 0;
      const reader = response.body?.getReader();
      for (;;) {
        arm();
        const chunk = reader ? await reader.read() : { done: true as const };
        if (chunk.done) break;
        size += chunk.value.byteLength;
        if (size > maxResponseBytes) {
          await reader?.cancel();
          throw new SendFailure('too-large', 'TOO_LARGE');
        }
        chunks.push(chunk.value);
      }
      // A body cut short by an abort is no answer, whatever the reader said.
      if (controller.signal.aborted) throw controller.signal.reason;
      const bytes = new Uint8Array(size);
      let at = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, at);
        at += chunk.byteLength;
      }
      const text = new TextDecoder().decode(bytes);
      return {
        raw: { status: response.status, text, attempts: sends },
        retryAfter: response.headers.get('retry-after'),
      };
    } catch (error) {
      if (controller.signal.reason instanceof SendFailure) throw controller.signal.reason;
      throw error;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abandon);
    }
  }

  #sendError(endpoint: string, sends: number, failure: SendFailure, cause?: unknown): AstroError {
    const after = attemptsSuffix(sends);
    const details = { attempts: sends };
    switch (failure.kind) {
      case 'too-large': {
        const { maxResponseBytes } = this.#settings;
        const limit = `${(maxResponseBytes / 2 ** 20).toFixed(maxResponseBytes % 2 ** 20 ? 2 : 0)} MiB`;
        const message = `${endpoint}: response body exceeds the ${limit} limit (maxResponseBytes ${maxResponseBytes})`;
        return this.#errors.error(ASTRO_ERROR_CODES.RESPONSE_TOO_LARGE, endpoint, message, details);
      }
      case 'aborted':
        return this.#errors.error(
          ASTRO_ERROR_CODES.ABORTED,
          endpoint,
          `${endpoint}: the caller stopped waiting${after}`,
          details,
        );
      case 'timeout': {
        const message = `${endpoint}: no response within ${this.#settings.timeoutMs} ms (${failure.code})${after}`;
        return this.#errors.error(ASTRO_ERROR_CODES.TIMEOUT, endpoint, message, details);
      }
      default: {
        const root = rootCause(cause);
        const said = root instanceof Error ? root.message : String(root);
        const reason = `${failure.code === 'NETWORK' ? '' : `${failure.code}: `}${said}`;
        const message = `${endpoint}: request to ${this.#baseUrl} failed (${reason})${after}`;
        return this.#errors.error(ASTRO_ERROR_CODES.NETWORK, endpoint, message, { ...details, cause: root });
      }
    }
  }
}
