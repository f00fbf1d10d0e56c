// What the Worker is given (wrangler.jsonc): the site's files, the two rate limits, the form's ledger
// (form-ledger.ts) and the service account of each language as secrets under the build's own variable names (src/data/config.ts accountVariables). The few
// types of the Workers runtime it uses are declared here, so the project's typecheck needs no second library.
// https://developers.cloudflare.com/workers/runtime-apis/bindings/
import type { LedgerStub } from './form-ledger.ts';

/** The static-assets binding: `dist/` as published, `_headers` applied. https://developers.cloudflare.com/workers/static-assets/binding/ */
export interface Fetcher {
  fetch(input: Request | string, init?: RequestInit): Promise<Response>;
}

/** https://developers.cloudflare.com/workers/runtime-apis/bindings/rate-limit/ */
export interface RateLimit {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

/** https://developers.cloudflare.com/durable-objects/api/namespace/ */
export interface DurableObjectNamespace<Stub> {
  idFromName(name: string): unknown;
  get(id: unknown): Stub;
}

export interface Env {
  ASSETS: Fetcher;
  /** The form's record: the daily count, the kept answers, the token key (form-ledger.ts). */
  FORM_LEDGER: DurableObjectNamespace<LedgerStub>;
  /** Chart requests (POST) per visitor. */
  CHART_LIMITER: RateLimit;
  /** Place suggestions (GET) per visitor. */
  PLACES_LIMITER: RateLimit;
  /** ASTRO_API_URL, ASTRO_API_USERNAME, ASTRO_API_PASSWORD and each other language's `_ES`, `_PT_BR`, ... */
  [variable: string]: unknown;
}

interface ElementHandler {
  element(element: {
    setInnerContent(content: string, options?: { html: boolean }): void;
    setAttribute(name: string, value: string): void;
  }): void;
}

/** The runtime's streaming HTML rewriter. https://developers.cloudflare.com/workers/runtime-apis/html-rewriter/ */
interface HtmlRewriter {
  on(selector: string, handler: ElementHandler): HtmlRewriter;
  transform(response: Response): Response;
}

/** The globals of the Workers runtime the Worker uses. */
export const runtime = globalThis as unknown as {
  HTMLRewriter: new () => HtmlRewriter;
};
