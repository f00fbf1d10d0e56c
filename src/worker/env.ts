// What the Worker is given (wrangler.jsonc): the site's files, the two rate limits and the form's ledger, typed
// by `wrangler types` (worker-configuration.d.ts, over runtime-types.d.ts), and the service account of each
// language as secrets under the build's own variable names (src/data/config.ts accountVariables), which
// wrangler.jsonc does not list. https://developers.cloudflare.com/workers/runtime-apis/bindings/

export type Env = Cloudflare.Env & {
  /** ASTRO_API_URL, ASTRO_API_USERNAME, ASTRO_API_PASSWORD and each other language's `_ES`, `_PT_BR`, ...; ASTRO_TIMEOUT_MS */
  [variable: string]: unknown;
};

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
