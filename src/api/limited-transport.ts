// What both transports share (transport.ts on undici, fetch-transport.ts on the runtime's fetch): every exchange
// inside one p-limit limiter, the count of those in flight, and the error for a body over the size limit.
import pLimit from 'p-limit';
import type { ClientErrors } from './client-errors.ts';
import { ASTRO_ERROR_CODES, type AstroError } from './errors.ts';
import type { ClientTransport, TransportContext } from './exchange.ts';
import type { ClientSettings } from './options.ts';
import type { RawResponse } from './responses.ts';

export abstract class LimitedTransport implements ClientTransport {
  protected readonly settings: ClientSettings;
  protected readonly baseUrl: string;
  protected readonly errors: ClientErrors;
  protected readonly context: TransportContext;
  protected readonly limit: ReturnType<typeof pLimit>;
  /** Exchanges holding a limiter slot (see ClientEvent.inFlight). */
  inFlight = 0;
  closed = false;

  constructor(settings: ClientSettings, baseUrl: string, errors: ClientErrors, context: TransportContext) {
    this.settings = settings;
    this.baseUrl = baseUrl;
    this.errors = errors;
    this.context = context;
    this.limit = pLimit(settings.concurrency);
  }

  abstract close(): Promise<void>;

  /** One request with its retries: the final response, whatever its status; rejects when no response arrived. */
  protected abstract sendWithRetries(
    method: 'GET' | 'POST',
    endpoint: string,
    body: string | undefined,
    headers: Record<string, string>,
  ): Promise<RawResponse>;

  exchange(
    method: 'GET' | 'POST',
    endpoint: string,
    body: string | undefined,
    headersFor: () => Record<string, string> | undefined,
  ): Promise<RawResponse | undefined> {
    return this.limit(async () => {
      if (this.closed) throw this.errors.closed(endpoint);
      const headers = headersFor();
      if (headers === undefined) return undefined;
      this.inFlight += 1;
      let response: RawResponse;
      try {
        response = await this.sendWithRetries(method, endpoint, body, headers);
      } finally {
        this.inFlight -= 1;
      }
      // Emitted once the request no longer counts as in flight, so a progress line ends at 0.
      this.context.emit({ type: 'response', endpoint, status: response.status, attempt: response.attempts });
      return response;
    });
  }

  protected tooLarge(endpoint: string, sends: number): AstroError {
    const { maxResponseBytes } = this.settings;
    const limit = `${(maxResponseBytes / 2 ** 20).toFixed(maxResponseBytes % 2 ** 20 ? 2 : 0)} MiB`;
    return this.errors.error(
      ASTRO_ERROR_CODES.RESPONSE_TOO_LARGE,
      endpoint,
      `${endpoint}: response body exceeds the ${limit} limit (maxResponseBytes ${maxResponseBytes})`,
      { attempts: sends },
    );
  }
}
