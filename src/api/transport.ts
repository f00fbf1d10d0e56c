// The client's transport: undici `request` over one `Agent` composed with undici's retry interceptor, every
// exchange inside one p-limit limiter. The retry decision is ours (a `retry` function per request), so retries are
// counted, jittered and wait for Retry-After, and a failure while reading a body is retried here, from the same
// attempt budget (undici would try a Range resume, which a JSON POST API cannot serve).
// https://undici.nodejs.org/#/docs/api/RetryHandler
import { Agent, interceptors, request } from 'undici';
import type { Dispatcher } from 'undici';
import { attemptsSuffix, type ClientErrors, type TransportError } from './client-errors.ts';
import { ASTRO_ERROR_CODES, AstroError } from './errors.ts';
import { backoff, parseRetryAfter, TRANSIENT_STATUSES, type EventData, type TransportContext } from './exchange.ts';
import { LimitedTransport } from './limited-transport.ts';
import type { ClientSettings } from './options.ts';
import type { RawResponse } from './responses.ts';

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

/** Per-exchange bookkeeping shared by the retry decision and the body reader. */
interface ExchangeState {
  endpoint: string;
  sends: number;
  /** True once undici handed us the response: from then on a failure is ours to retry, not undici's. */
  delivered: boolean;
  retryAfterMs?: number;
}

type RetryCallback = (err?: Error | null) => void;

export { parseRetryAfter, requestHeaders } from './exchange.ts';

export class Transport extends LimitedTransport {
  readonly #agent: Agent;
  readonly #dispatcher: Dispatcher;

  constructor(settings: ClientSettings, baseUrl: string, errors: ClientErrors, context: TransportContext) {
    super(settings, baseUrl, errors, context);
    // undici counts the body as it arrives and destroys the connection past the limit (UND_ERR_RES_EXCEEDED_MAX_SIZE).
    // https://undici.nodejs.org/#/docs/api/Client?id=parameter-clientoptions
    this.#agent = new Agent({
      headersTimeout: settings.timeoutMs,
      bodyTimeout: settings.timeoutMs,
      connectTimeout: settings.timeoutMs,
      maxResponseSize: settings.maxResponseBytes,
    });
    this.#dispatcher = this.#agent.compose(
      interceptors.retry({
        // Deliver the last failed response instead of throwing, so we can report its status and body.
        throwOnError: false,
        // POST is retried on purpose: every endpoint of the service is a read, safe to repeat. (Our own retry
        // function below makes the decisions; these lists document them for undici's defaults.)
        methods: ['GET', 'POST'],
        maxRetries: settings.retry.maxRetries,
        statusCodes: [...TRANSIENT_STATUSES],
        errorCodes: [...TRANSIENT_CODES],
      }),
    );
  }

  /** Stops new exchanges and closes the connections once the requests in flight are done. */
  async close(): Promise<void> {
    this.closed = true;
    await this.#agent.close();
  }

  protected async sendWithRetries(
    method: 'GET' | 'POST',
    endpoint: string,
    body: string | undefined,
    headers: Record<string, string>,
  ): Promise<RawResponse> {
    const state: ExchangeState = { endpoint, sends: 0, delivered: false };
    for (;;) {
      if (this.closed) throw this.errors.closed(endpoint);
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
        response = await request(`${this.baseUrl}${endpoint}`, options);
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
        if (this.closed || !code || !TRANSIENT_CODES.has(code) || state.sends > this.settings.retry.maxRetries) {
          throw this.#transportError(state, error);
        }
        const delayMs = this.#backoff(state.sends);
        this.context.stats.retries += 1;
        this.context.emit({ type: 'retry', endpoint, attempt: state.sends, code, delayMs });
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        state.delivered = false;
      }
    }
  }

  /** The `retry` function handed to undici's retry handler for one exchange. */
  #retryDecision(state: ExchangeState) {
    return (err: Error, _context: unknown, callback: RetryCallback): void => {
      const error = err as TransportError;
      if (state.delivered || this.closed) return callback(err);
      // undici reports a retryable-looking status as a RequestRetryError carrying statusCode and headers.
      const status = error.code === 'UND_ERR_REQ_RETRY' ? error.statusCode : undefined;
      const transient = status !== undefined ? TRANSIENT_STATUSES.has(status) : TRANSIENT_CODES.has(error.code ?? '');
      if (!transient || state.sends > this.settings.retry.maxRetries) return callback(err);
      let delayMs = this.#backoff(state.sends);
      const retryAfterMs = status !== undefined ? parseRetryAfter(error.headers?.['retry-after']) : undefined;
      if (retryAfterMs !== undefined) {
        // Waiting less than Retry-After would only earn another 429; waiting far longer stalls the build.
        if (retryAfterMs > this.settings.retry.maxDelayMs) {
          state.retryAfterMs = retryAfterMs;
          return callback(err);
        }
        delayMs = Math.max(delayMs, retryAfterMs);
      }
      this.context.stats.retries += 1;
      if (status !== undefined)
        this.context.emit({ type: 'response', endpoint: state.endpoint, status, attempt: state.sends });
      const event: EventData = { type: 'retry', endpoint: state.endpoint, attempt: state.sends, delayMs };
      if (status !== undefined) event.status = status;
      else if (error.code) event.code = error.code;
      this.context.emit(event);
      setTimeout(() => {
        if (this.closed) return callback(err);
        this.#countSend(state);
        callback(null);
      }, delayMs);
    };
  }

  #backoff(failedSends: number): number {
    return backoff(this.settings.retry, failedSends);
  }

  #countSend(state: ExchangeState): void {
    state.sends += 1;
    this.context.stats.requests += 1;
    this.context.emit({ type: 'send', endpoint: state.endpoint, attempt: state.sends });
  }

  #transportError(state: ExchangeState, error: unknown): AstroError {
    if (error instanceof AstroError) return error;
    const { endpoint, sends } = state;
    const failure = error as TransportError;
    const code = failure?.code ?? '';
    if (this.closed || CLOSED_CODES.has(code)) return this.errors.closed(endpoint);
    const after = attemptsSuffix(sends);
    if (code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') return this.tooLarge(endpoint, sends);
    if (TIMEOUT_CODES.has(code)) {
      return this.errors.error(
        ASTRO_ERROR_CODES.TIMEOUT,
        endpoint,
        `${endpoint}: no response within ${this.settings.timeoutMs} ms (${code})${after}`,
        {
          attempts: sends,
          cause: error,
        },
      );
    }
    const reason = code ? `${code}: ${failure.message}` : String(failure?.message ?? error);
    return this.errors.error(
      ASTRO_ERROR_CODES.NETWORK,
      endpoint,
      `${endpoint}: request to ${this.baseUrl} failed (${reason})${after}`,
      {
        attempts: sends,
        cause: error,
      },
    );
  }
}
