// The analytics service named in content/site.json, as pages need it: the script tag every page carries, and
// the sources the Content-Security-Policy adds for it (src/eleventy/security-headers.ts). Both come from the same
// settings here, so the policy always allows exactly what the tag loads and where its script sends.
// Each tag is the provider's documented snippet, one external script with data attributes; where the snippet has an
// inline part, that part is a small file of ours (templates/assets/) loaded just before it, never inline code.
import type { AnalyticsSettings } from '../data/config.ts';

/** The `<script>` tag: `src`, `defer` or `async`, then the data attributes in the provider's order. */
export interface AnalyticsScript {
  src: string;
  defer?: true;
  async?: true;
  data: Record<`data-${string}`, string>;
}

/** Origins each fetch directive adds to the site's own `'self'`. */
export type PolicyAdditions = Partial<Record<'script-src' | 'connect-src' | 'img-src', string[]>>;

export interface Analytics {
  provider: AnalyticsSettings['provider'];
  /** Our asset (templates/assets/) holding the snippet's inline part, loaded `defer` just before the script. */
  stub?: string;
  script: AnalyticsScript;
  policy: PolicyAdditions;
}

// The legacy script reads `data-domain`; the per-site script (`pa-….js`, given as `src` with no domain) reads the
// queue and options its snippet's inline part sets up, which our plausible-init.js does instead. Both send to their
// own origin's /api/event. https://plausible.io/docs/script-update-guide
const PLAUSIBLE_SCRIPT = 'https://plausible.io/js/script.js';
const PLAUSIBLE_STUB = 'plausible-init.js';
/** Our assets that only an analytics snippet loads. */
const ANALYTICS_STUBS: readonly string[] = [PLAUSIBLE_STUB];

/** The analytics stubs (templates/assets/) no page of a site with `analytics` loads: left unpublished. */
export function unusedAnalyticsAssets(analytics: Analytics | undefined): string[] {
  return ANALYTICS_STUBS.filter((name) => name !== analytics?.stub);
}
// count.js counts with navigator.sendBeacon, or an image where that is missing. https://www.goatcounter.com/help/csp
const GOATCOUNTER_SCRIPT = 'https://gc.zgo.at/count.js';
// https://developers.cloudflare.com/fundamentals/reference/policies-compliances/content-security-policies/
const CLOUDFLARE_SCRIPT = 'https://static.cloudflareinsights.com/beacon.min.js';
const CLOUDFLARE_BEACON = 'https://cloudflareinsights.com';
// Umami's script sends to the folder it was loaded from, except Umami Cloud's, which sends to the gateway built
// into it: named here as data-host-url, so the tag says where it sends. https://umami.is/docs/tracker-configuration
const UMAMI_CLOUD = { script: 'https://cloud.umami.is', gateway: 'https://gateway.umami.is' };

const origin = (url: string) => new URL(url).origin;

/** The tag and policy additions for `settings`; none when the site has no analytics. */
export function siteAnalytics(settings: AnalyticsSettings | undefined): Analytics | undefined {
  switch (settings?.provider) {
    case undefined:
      return undefined;
    case 'plausible': {
      const src = settings.src ?? PLAUSIBLE_SCRIPT;
      const policy = { 'script-src': [origin(src)], 'connect-src': [origin(src)] };
      // Deferred, where the snippet has it async: deferred scripts run in document order, so our stub runs first.
      if (settings.domain === undefined)
        return { provider: 'plausible', stub: PLAUSIBLE_STUB, script: { src, defer: true, data: {} }, policy };
      return { provider: 'plausible', script: { src, defer: true, data: { 'data-domain': settings.domain } }, policy };
    }
    case 'goatcounter': {
      const counter = `https://${settings.code}.goatcounter.com`;
      const script: AnalyticsScript = {
        src: GOATCOUNTER_SCRIPT,
        async: true,
        data: { 'data-goatcounter': `${counter}/count` },
      };
      const policy = { 'script-src': [origin(GOATCOUNTER_SCRIPT)], 'connect-src': [counter], 'img-src': [counter] };
      return { provider: 'goatcounter', script, policy };
    }
    case 'umami': {
      const hostUrl =
        settings.hostUrl ?? (origin(settings.src) === UMAMI_CLOUD.script ? UMAMI_CLOUD.gateway : undefined);
      const data = { 'data-website-id': settings.websiteId, ...(hostUrl ? { 'data-host-url': hostUrl } : {}) };
      const policy = { 'script-src': [origin(settings.src)], 'connect-src': [origin(hostUrl ?? settings.src)] };
      return { provider: 'umami', script: { src: settings.src, defer: true, data }, policy };
    }
    case 'cloudflare': {
      const script: AnalyticsScript = {
        src: CLOUDFLARE_SCRIPT,
        defer: true,
        data: { 'data-cf-beacon': JSON.stringify({ token: settings.token }) },
      };
      return {
        provider: 'cloudflare',
        script,
        policy: { 'script-src': [origin(CLOUDFLARE_SCRIPT)], 'connect-src': [CLOUDFLARE_BEACON] },
      };
    }
  }
}
