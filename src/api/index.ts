/**
 * Public entry of the Astrology Interpretation Service client, for the build. See docs/architecture.md for the
 * contract. A Worker imports ServiceClient from client.ts instead, which runs on its own fetch: this file alone
 * imports undici, so the Worker's bundle carries none of it.
 */
import { Agent, fetch } from 'undici';
import { ServiceClient } from './client.ts';
import { checkOptions, type ClientOptions } from './options.ts';

export { AUTH_ENDPOINT, CLIENT_DEFAULTS, NATAL_ENDPOINT, PLACES_ENDPOINT } from './options.ts';
export type { ClientEvent, ClientOptions, ClientStats } from './options.ts';
export { parseRetryAfter } from './transport.ts';
export { AstroError, ASTRO_ERROR_CODES } from './errors.ts';
export { redact, redactWords } from './redact.ts';
export { REPORT_KINDS, REPORT_ENDPOINTS, serviceLanguage } from './requests.ts';
export type { ReportKind, ReportParams } from './requests.ts';
export { reportEntrySchemas, placeSchema, natalChartSchema } from './schemas.ts';
export type { ReportEntry, Place, NatalChart, NatalRequest } from './schemas.ts';

/**
 * The client as the build uses it: undici's fetch over an Agent of its own, which keeps its connections alive
 * between requests and opens no more of them than the client has slots (`concurrency`).
 * https://undici.nodejs.org/#/docs/api/Agent
 */
export class AstroClient extends ServiceClient {
  readonly #agent: Agent;
  #closing: Promise<void> | undefined;

  constructor(options: Omit<ClientOptions, 'fetch'>) {
    // Checked first, so that a bad concurrency is named as our option, not as undici's.
    const agent = new Agent({ connections: checkOptions(options).concurrency });
    super({ ...options, fetch: (url, init) => fetch(url, { ...init, dispatcher: agent }) });
    this.#agent = agent;
  }

  /** Stops new calls, then closes the connections once the requests in flight are done. */
  override close(): Promise<void> {
    this.#closing ??= super.close().then(() => this.#agent.close());
    return this.#closing;
  }
}
