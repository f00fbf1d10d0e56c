// The client as the build uses it, on undici (transport.ts). Runtimes without undici use fetch-client.ts.
import { ServiceClient } from './client-core.ts';
import type { ClientOptions } from './options.ts';
import { Transport } from './transport.ts';

export { AUTH_ENDPOINT, CLIENT_DEFAULTS, NATAL_ENDPOINT, PLACES_ENDPOINT } from './options.ts';
export type { ClientEvent, ClientOptions, ClientStats } from './options.ts';
export { parseRetryAfter } from './exchange.ts';

export class AstroClient extends ServiceClient {
  constructor(options: ClientOptions) {
    super(options, (settings, baseUrl, errors, context) => new Transport(settings, baseUrl, errors, context));
  }
}
