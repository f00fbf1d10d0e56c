// Each provider's policy additions, worked out by hand from its documented snippet and endpoints, and checked to
// agree with its tag: the finished policy lets the tag's script load and lets it send where that script sends. The
// tags as the layout prints them: test/eleventy/analytics-tag.test.ts.
import { describe, expect, it } from 'vitest';
import type { AnalyticsSettings } from '../../src/data/config.ts';
import { contentSecurityPolicy } from '../../src/eleventy/security-headers.ts';
import { siteAnalytics } from '../../src/model/analytics.ts';
import { modelOf, site } from './fixture.ts';

/** The sources a policy gives `directive` (default-src's when it has none of its own). */
function sources(policy: string, directive: string): string[] {
  const directives = new Map(policy.split('; ').map((part) => [part.split(' ')[0]!, part.split(' ').slice(1)]));
  return directives.get(directive) ?? directives.get('default-src')!;
}

/** Whether `directive` lets the page, served from another site, load `url`: only an exact origin may. */
const allows = (policy: string, directive: string, url: string) =>
  sources(policy, directive).includes(new URL(url).origin);

interface Case {
  settings: AnalyticsSettings;
  /** Where the provider's script sends each page view (its documentation, or its source where that is silent). */
  sendsTo: string;
  /** Whether it may count with an image (GoatCounter's count.js without navigator.sendBeacon). */
  image?: true;
  policy: string;
}

const CASES: Record<string, Case> = {
  plausible: {
    settings: { provider: 'plausible', domain: 'horoscopes.example.com' },
    sendsTo: 'https://plausible.io/api/event',
    policy:
      "default-src 'self'; script-src 'self' https://plausible.io; style-src 'self'; img-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'; connect-src 'self' https://plausible.io",
  },
  'plausible through a proxy': {
    settings: {
      provider: 'plausible',
      domain: 'horoscopes.example.com',
      src: 'https://stats.example.com/js/script.js',
    },
    sendsTo: 'https://stats.example.com/api/event',
    policy:
      "default-src 'self'; script-src 'self' https://stats.example.com; style-src 'self'; img-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'; connect-src 'self' https://stats.example.com",
  },
  'plausible, the per-site script': {
    settings: { provider: 'plausible', src: 'https://plausible.io/js/pa-AbC123.js' },
    sendsTo: 'https://plausible.io/api/event',
    policy:
      "default-src 'self'; script-src 'self' https://plausible.io; style-src 'self'; img-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'; connect-src 'self' https://plausible.io",
  },
  goatcounter: {
    settings: { provider: 'goatcounter', code: 'starlight' },
    sendsTo: 'https://starlight.goatcounter.com/count?p=%2F',
    image: true,
    policy:
      "default-src 'self'; script-src 'self' https://gc.zgo.at; style-src 'self'; img-src 'self' https://starlight.goatcounter.com; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'; connect-src 'self' https://starlight.goatcounter.com",
  },
  'umami, self-hosted': {
    settings: {
      provider: 'umami',
      websiteId: '94db1cb1-74f4-4a40-ad6c-962362670409',
      src: 'https://stats.example.com/umami/script.js',
    },
    sendsTo: 'https://stats.example.com/umami/api/send',
    policy:
      "default-src 'self'; script-src 'self' https://stats.example.com; style-src 'self'; img-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'; connect-src 'self' https://stats.example.com",
  },
  'umami cloud': {
    settings: {
      provider: 'umami',
      websiteId: '94db1cb1-74f4-4a40-ad6c-962362670409',
      src: 'https://cloud.umami.is/script.js',
    },
    sendsTo: 'https://gateway.umami.is/api/send',
    policy:
      "default-src 'self'; script-src 'self' https://cloud.umami.is; style-src 'self'; img-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'; connect-src 'self' https://gateway.umami.is",
  },
  'umami with its own host url': {
    settings: {
      provider: 'umami',
      websiteId: '94db1cb1-74f4-4a40-ad6c-962362670409',
      src: 'https://cdn.example.com/u.js',
      hostUrl: 'https://collect.example.com',
    },
    sendsTo: 'https://collect.example.com/api/send',
    policy:
      "default-src 'self'; script-src 'self' https://cdn.example.com; style-src 'self'; img-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'; connect-src 'self' https://collect.example.com",
  },
  cloudflare: {
    settings: { provider: 'cloudflare', token: '0123456789abcdef0123456789abcdef' },
    sendsTo: 'https://cloudflareinsights.com/cdn-cgi/rum',
    policy:
      "default-src 'self'; script-src 'self' https://static.cloudflareinsights.com; style-src 'self'; img-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'; connect-src 'self' https://cloudflareinsights.com",
  },
};

describe.each(Object.entries(CASES))('%s', (_name, expected) => {
  const analytics = siteAnalytics(expected.settings)!;
  const policy = contentSecurityPolicy(analytics.policy);

  it('adds exactly its origins to the policy', () => {
    expect(policy).toBe(expected.policy);
  });

  it("lets the tag's script load and send where it sends, with an image only where it may count with one", () => {
    expect(allows(policy, 'script-src', analytics.script.src)).toBe(true);
    expect(allows(policy, 'connect-src', expected.sendsTo)).toBe(true);
    expect(allows(policy, 'img-src', expected.sendsTo)).toBe(expected.image ?? false);
  });
});

describe('the site model', () => {
  it('carries no analytics unless site.json names one', () => {
    expect(siteAnalytics(undefined)).toBeUndefined();
    expect('analytics' in modelOf([])).toBe(false);
  });

  it("carries the named provider's tag and additions", () => {
    const model = modelOf([], { site: { ...site, analytics: CASES.plausible!.settings } });
    expect(model.analytics).toEqual({
      provider: 'plausible',
      script: {
        src: 'https://plausible.io/js/script.js',
        defer: true,
        data: { 'data-domain': 'horoscopes.example.com' },
      },
      policy: { 'script-src': ['https://plausible.io'], 'connect-src': ['https://plausible.io'] },
    });
  });

  it("loads Plausible's per-site script, without data-domain, after our file of its snippet's inline part", () => {
    expect(siteAnalytics({ provider: 'plausible', src: 'https://plausible.io/js/pa-AbC123.js' })).toEqual({
      provider: 'plausible',
      stub: 'plausible-init.js',
      script: { src: 'https://plausible.io/js/pa-AbC123.js', defer: true, data: {} },
      policy: { 'script-src': ['https://plausible.io'], 'connect-src': ['https://plausible.io'] },
    });
  });
});
