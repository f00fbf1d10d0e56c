// The client on the runtime's own fetch (fetch-transport.ts), for runtimes without undici such as a Cloudflare
// Worker; the same calls, checks, schemas and token handling as AstroClient (client-core.ts).
import { ServiceClient } from './client-core.ts';
import { FetchTransport, type FetchHooks } from './fetch-transport.ts';
import type { ClientOptions } from './options.ts';

export type { ClientOptions, ClientSession } from './options.ts';
export { AstroError, ASTRO_ERROR_CODES } from './errors.ts';
export type { NatalChart, NatalRequest, Place } from './schemas.ts';

/** A client for one caller's wait: `signal` cancels its sends, and `beforeSend` is asked before each (fetch-transport.ts). */
export interface FetchClientOptions extends ClientOptions, FetchHooks {}

export class FetchClient extends ServiceClient {
  constructor({ signal, beforeSend, ...options }: FetchClientOptions) {
    super(
      options,
      (settings, baseUrl, errors, context) =>
        new FetchTransport(settings, baseUrl, errors, context, { signal, beforeSend }),
      signal,
    );
  }
}
