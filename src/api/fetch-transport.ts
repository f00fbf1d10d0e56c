// The client's transport on the runtime's own `fetch`, for runtimes without undici (a Cloudflare Worker): the
// same retry rules, backoff, Retry-After and concurrency cap as transport.ts, with the timeout and the body limit
// kept by hand, since fetch has neither. https://developer.mozilla.org/docs/Web/API/Window/fetch
import { attemptsSuffix } from './client-errors.ts';
import { ASTRO_ERROR_CODES, type AstroError } from './errors.ts';
import { backoff, parseRetryAfter, TRANSIENT_STATUSES, type EventData } from './exchange.ts';
import { LimitedTransport } from './limited-transport.ts';
import type { ClientErrors } from './client-errors.ts';
import type { TransportContext } from './exchange.ts';
import type { ClientSettings } from './options.ts';
import type { RawResponse } from './responses.ts';

/** What one caller adds to the transport of its own client. */
export interface FetchHooks {
  /**
   * The caller's wait: once aborted, the send in flight is cancelled (its connection and its body read), a retry's
   * wait ends, and nothing more is sent; the call fails with ASTRO_ABORTED.
   */
  signal?: AbortSignal | undefined;
  /**
   * Awaited right before each send, a retry's and a sign-in's too, with the endpoint about to be sent to: false
   * ends the call with ASTRO_SEND_REFUSED, and nothing is sent.
   */
  beforeSend?: ((endpoint: string) => Promise<boolean>) | undefined;
}

/** Why a send brought no answer. */
type SendFailure = 'timeout' | 'too-large' | 'network' | 'aborted';

class SendError extends Error {
  readonly failure: SendFailure;
  constructor(failure: SendFailure, message: string) {
    super(message);
    this.failure = failure;
  }
}

export class FetchTransport extends LimitedTransport {
  readonly #hooks: FetchHooks;

  constructor(
    settings: ClientSettings,
    baseUrl: string,
    errors: ClientErrors,
    context: TransportContext,
    hooks: FetchHooks = {},
  ) {
    super(settings, baseUrl, errors, context);
    this.#hooks = hooks;
  }

  async close(): Promise<void> {
    this.closed = true;
    // fetch keeps no connections of ours to close: wait for the exchanges in flight.
    while (this.limit.activeCount + this.limit.pendingCount > 0)
      await new Promise((resolve) => setTimeout(resolve, 10));
  }

  protected async sendWithRetries(
    method: 'GET' | 'POST',
    endpoint: string,
    body: string | undefined,
    headers: Record<string, string>,
  ): Promise<RawResponse> {
    const { retry } = this.settings;
    for (let sends = 1; ; sends += 1) {
      if (this.closed) throw this.errors.closed(endpoint);
      this.#stopIfAborted(endpoint, sends - 1);
      if ((await this.#hooks.beforeSend?.(endpoint)) === false) {
        throw this.errors.error(
          ASTRO_ERROR_CODES.SEND_REFUSED,
          endpoint,
          `${endpoint}: not sent, as the caller asked`,
          { attempts: sends - 1 },
        );
      }
      this.#stopIfAborted(endpoint, sends - 1);
      this.context.stats.requests += 1;
      this.context.emit({ type: 'send', endpoint, attempt: sends });
      let answer: { raw: RawResponse; retryAfter: string | null };
      try {
        answer = await this.#send(method, endpoint, body, headers, sends);
      } catch (error) {
        const failure =
          error instanceof SendError ? error : new SendError('network', String((error as Error)?.message ?? error));
        if (failure.failure === 'too-large' || failure.failure === 'aborted' || sends > retry.maxRetries)
          throw this.#sendError(endpoint, sends, failure);
        await this.#wait({
          type: 'retry',
          endpoint,
          attempt: sends,
          code: failure.failure === 'timeout' ? 'TIMEOUT' : 'NETWORK',
          delayMs: backoff(retry, sends),
        });
        continue;
      }
      const { raw, retryAfter } = answer;
      if (!TRANSIENT_STATUSES.has(raw.status) || sends > retry.maxRetries) return raw;
      const retryAfterMs = parseRetryAfter(retryAfter);
      // Waiting less than Retry-After would only earn another 429; waiting far longer stalls the caller.
      if (retryAfterMs !== undefined && retryAfterMs > retry.maxDelayMs) return { ...raw, retryAfterMs };
      this.context.emit({ type: 'response', endpoint, status: raw.status, attempt: sends });
      await this.#wait({
        type: 'retry',
        endpoint,
        attempt: sends,
        status: raw.status,
        delayMs: Math.max(backoff(retry, sends), retryAfterMs ?? 0),
      });
    }
  }

  async #wait(event: EventData & { delayMs: number }): Promise<void> {
    this.context.stats.retries += 1;
    this.context.emit(event);
    const { signal } = this.#hooks;
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

  /** After the caller's signal, nothing more is sent. */
  #stopIfAborted(endpoint: string, sends: number): void {
    if (this.#hooks.signal?.aborted) throw this.#sendError(endpoint, sends, new SendError('aborted', 'aborted'));
  }

  /** One send: the answer within `timeoutMs` for the headers and between body chunks, at most maxResponseBytes. */
  async #send(
    method: string,
    endpoint: string,
    body: string | undefined,
    headers: Record<string, string>,
    sends: number,
  ): Promise<{ raw: RawResponse; retryAfter: string | null }> {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => controller.abort(new SendError('timeout', 'timeout')), this.settings.timeoutMs);
    };
    arm();
    // The caller's end cancels the fetch and its body read alike; a body left pending would outlive the caller.
    const { signal } = this.#hooks;
    const abandon = () => controller.abort(new SendError('aborted', 'aborted'));
    if (signal?.aborted) abandon();
    else signal?.addEventListener('abort', abandon, { once: true });
    try {
      const response = await fetch(`${this.baseUrl}${endpoint}`, {
        method,
        headers,
        body: method === 'GET' ? null : (body ?? null),
        signal: controller.signal,
        redirect: 'manual',
      });
      const chunks: Uint8Array[] = [];
      let size = 0;
      if (response.body) {
        const reader = response.body.getReader();
        for (;;) {
          arm();
          const { done, value } = await reader.read();
          if (done) break;
          size += value.byteLength;
          if (size > this.settings.maxResponseBytes) {
            await reader.cancel();
            throw new SendError('too-large', 'too large');
          }
          chunks.push(value);
        }
      }
      // A body cut short by an abort is no answer, whatever the reader said.
      if (controller.signal.aborted) throw controller.signal.reason;
      const bytes = new Uint8Array(size);
      let at = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, at);
        at += chunk.byteLength;
      }
      return {
        raw: { status: response.status, text: new TextDecoder().decode(bytes), attempts: sends },
        retryAfter: response.headers.get('retry-after'),
      };
    } catch (error) {
      if (controller.signal.aborted && controller.signal.reason instanceof SendError) throw controller.signal.reason;
      throw error;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abandon);
    }
  }

  #sendError(endpoint: string, sends: number, failure: SendError): AstroError {
    const after = attemptsSuffix(sends);
    if (failure.failure === 'too-large') return this.tooLarge(endpoint, sends);
    if (failure.failure === 'aborted')
      return this.errors.error(ASTRO_ERROR_CODES.ABORTED, endpoint, `${endpoint}: the caller stopped waiting${after}`, {
        attempts: sends,
      });
    if (failure.failure === 'timeout') {
      return this.errors.error(
        ASTRO_ERROR_CODES.TIMEOUT,
        endpoint,
        `${endpoint}: no response within ${this.settings.timeoutMs} ms${after}`,
        { attempts: sends },
      );
    }
    return this.errors.error(
      ASTRO_ERROR_CODES.NETWORK,
      endpoint,
      `${endpoint}: request to ${this.baseUrl} failed (${failure.message})${after}`,
      { attempts: sends, cause: failure },
    );
  }
}
