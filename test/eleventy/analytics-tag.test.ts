// Each provider's analytics tag as the real layout (templates/_layouts/base.njk and _includes/analytics.njk) prints
// it, rendered by Eleventy with the project's .eleventy.js from a model naming that provider, and the policy in the
// same page's meta element: the tags and the policy worked out by hand from each provider's documented snippet.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnalyticsSettings } from '../../src/data/config.ts';
import { newEleventy } from '../../src/eleventy/new-eleventy.ts';
import { provideSite } from '../../src/eleventy/site-source.ts';
import type { PageLists } from '../../src/incremental/page-fingerprints.ts';
import { tempDir } from '../helpers/temp-dir.ts';
import { modelOf, site } from '../model/fixture.ts';

const PROJECT = path.resolve(import.meta.dirname, '../..');
/** The inline part of Plausible's per-site snippet, as its dashboard's Site Installation gives it. */
const PLAUSIBLE_STUB =
  'window.plausible=window.plausible||function(){(plausible.q=plausible.q||[]).push(arguments)},plausible.init=plausible.init||function(i){plausible.o=i||{}};plausible.init()';

/** The home page rendered with the real layout from a model with `analytics`; its HTML and the output folder. */
async function renderHome(analytics?: AnalyticsSettings): Promise<{ html: string; output: string }> {
  const dir = tempDir('analytics-tag-');
  const input = path.join(dir, 'templates');
  mkdirSync(path.join(input, '_layouts'), { recursive: true });
  mkdirSync(path.join(input, '_includes'), { recursive: true });
  copyFileSync(path.join(PROJECT, 'templates/_layouts/base.njk'), path.join(input, '_layouts/base.njk'));
  copyFileSync(path.join(PROJECT, 'templates/_includes/analytics.njk'), path.join(input, '_includes/analytics.njk'));
  writeFileSync(path.join(input, 'index.njk'), '---\nlayout: base.njk\npermalink: /index.html\n---\n<h1>Home</h1>\n');
  const model = Object.freeze(modelOf([], { site: analytics ? { ...site, analytics } : site }));
  const round = { model, pageLists: {} as PageLists, imageFiles: [] };
  const output = path.join(dir, 'dist');
  const eleventy = newEleventy(input, output, {
    quietMode: true,
    configPath: path.join(PROJECT, '.eleventy.js'),
    config: (eleventyConfig: object) => provideSite(eleventyConfig, { round: async () => round }),
  });
  await eleventy.write();
  return { html: readFileSync(path.join(output, 'index.html'), 'utf8'), output };
}

/** The analytics stubs in the output's assets, as paths from its root. */
const publishedStubs = (output: string) =>
  readdirSync(path.join(output, 'assets'))
    .filter((file) => file.startsWith('plausible-init.'))
    .map((file) => `assets/${file}`);

/** The `<script>` elements of the page's head, but its JSON-LD data. */
const headScripts = (html: string) =>
  (html.split('</head>')[0]!.match(/<script\b[^>]*><\/script>/g) ?? []).filter(
    (tag) => !tag.includes('application/ld+json'),
  );
/** The policy of the page's meta element, its attribute value decoded. */
const metaPolicy = (html: string) =>
  /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)![1]!.replaceAll('&#39;', "'");

/** The site's meta policy with these origins after 'self' in script-src, img-src and connect-src. */
function policy({ script, image = '', connect }: { script: string; image?: string; connect: string }): string {
  return (
    `default-src 'self'; script-src 'self' ${script}; style-src 'self'; img-src 'self'${image ? ` ${image}` : ''}; object-src 'none'; ` +
    `base-uri 'self'; form-action 'self'; connect-src 'self' ${connect}`
  );
}

const CASES: { name: string; settings: AnalyticsSettings; tags: (string | RegExp)[]; policy: string }[] = [
  {
    name: 'plausible, the legacy script with data-domain',
    settings: { provider: 'plausible', domain: 'horoscopes.example.com' },
    tags: ['<script src="https://plausible.io/js/script.js" defer data-domain="horoscopes.example.com"></script>'],
    policy: policy({ script: 'https://plausible.io', connect: 'https://plausible.io' }),
  },
  {
    name: "plausible, the per-site script after our file of its snippet's inline part",
    settings: { provider: 'plausible', src: 'https://plausible.io/js/pa-AbC123_x-9.js' },
    tags: [
      /^<script src="\/assets\/plausible-init\.[0-9a-f]{8}\.js" defer><\/script>$/,
      '<script src="https://plausible.io/js/pa-AbC123_x-9.js" defer></script>',
    ],
    policy: policy({ script: 'https://plausible.io', connect: 'https://plausible.io' }),
  },
  {
    name: 'plausible, the per-site script through a proxy',
    settings: { provider: 'plausible', src: 'https://stats.example.com/js/pa-AbC123.js' },
    tags: [
      /^<script src="\/assets\/plausible-init\.[0-9a-f]{8}\.js" defer><\/script>$/,
      '<script src="https://stats.example.com/js/pa-AbC123.js" defer></script>',
    ],
    policy: policy({ script: 'https://stats.example.com', connect: 'https://stats.example.com' }),
  },
  {
    name: 'goatcounter',
    settings: { provider: 'goatcounter', code: 'starlight' },
    tags: [
      '<script src="https://gc.zgo.at/count.js" async data-goatcounter="https://starlight.goatcounter.com/count"></script>',
    ],
    policy: policy({
      script: 'https://gc.zgo.at',
      image: 'https://starlight.goatcounter.com',
      connect: 'https://starlight.goatcounter.com',
    }),
  },
  {
    name: 'umami cloud',
    settings: {
      provider: 'umami',
      websiteId: '94db1cb1-74f4-4a40-ad6c-962362670409',
      src: 'https://cloud.umami.is/script.js',
    },
    tags: [
      '<script src="https://cloud.umami.is/script.js" defer data-website-id="94db1cb1-74f4-4a40-ad6c-962362670409" data-host-url="https://gateway.umami.is"></script>',
    ],
    policy: policy({ script: 'https://cloud.umami.is', connect: 'https://gateway.umami.is' }),
  },
  {
    name: 'umami, self-hosted',
    settings: {
      provider: 'umami',
      websiteId: '94db1cb1-74f4-4a40-ad6c-962362670409',
      src: 'https://stats.example.com/umami/script.js',
    },
    tags: [
      '<script src="https://stats.example.com/umami/script.js" defer data-website-id="94db1cb1-74f4-4a40-ad6c-962362670409"></script>',
    ],
    policy: policy({ script: 'https://stats.example.com', connect: 'https://stats.example.com' }),
  },
  {
    name: 'cloudflare, its JSON attribute escaped',
    settings: { provider: 'cloudflare', token: '0123456789abcdef0123456789abcdef' },
    tags: [
      '<script src="https://static.cloudflareinsights.com/beacon.min.js" defer data-cf-beacon="{&quot;token&quot;:&quot;0123456789abcdef0123456789abcdef&quot;}"></script>',
    ],
    policy: policy({ script: 'https://static.cloudflareinsights.com', connect: 'https://cloudflareinsights.com' }),
  },
];

describe("the layout's analytics tag and the same page's policy", () => {
  it.each(CASES)('$name', async ({ settings, tags, policy }) => {
    const { html, output } = await renderHome(settings);
    const scripts = headScripts(html);
    expect(scripts).toHaveLength(tags.length);
    tags.forEach((tag, i) =>
      typeof tag === 'string' ? expect(scripts[i]).toBe(tag) : expect(scripts[i]).toMatch(tag),
    );
    expect(metaPolicy(html)).toBe(policy);
    // Our stub is published where a tag loads it, and only there.
    const loaded = scripts.flatMap((tag) => /src="\/(assets\/[^"]+)"/.exec(tag)?.[1] ?? []);
    expect(publishedStubs(output)).toEqual(loaded);
  });

  it("publishes Plausible's stub as the very inline part of its snippet, from the site's own files", async () => {
    const { html, output } = await renderHome({ provider: 'plausible', src: 'https://plausible.io/js/pa-AbC123.js' });
    const stub = /<script src="\/(assets\/plausible-init\.[0-9a-f]{8}\.js)" defer>/.exec(html)![1]!;
    const code = readFileSync(path.join(output, stub), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('//') && !line.startsWith('/*'));
    expect(code).toEqual([PLAUSIBLE_STUB]);
  });

  it('prints no script, adds nothing to the policy and publishes no stub without analytics', async () => {
    const { html, output } = await renderHome();
    expect(publishedStubs(output)).toEqual([]);
    expect(headScripts(html)).toEqual([]);
    expect(metaPolicy(html)).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'",
    );
  });
});
