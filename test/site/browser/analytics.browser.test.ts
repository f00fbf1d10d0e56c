// A site with Plausible's per-site script named in site.json, built by the build command (one period of each kind)
// and served with its own `_headers`, opened in Debian's Chromium: every page carries our file of the snippet's
// inline part, then Plausible's tag, and the policy the browser enforces (the header and the page's meta element
// both) lets both load, in that order, and the script send its page view. The legacy form's tag and policy are
// rendered in test/eleventy/analytics-tag.test.ts.
//
// There is no network here: Chromium's requests to https://plausible.io are answered by the test (context.route)
// after the browser's own CSP checks, with a stand-in script that sends a page view the way Plausible's does
// (a POST to /api/event on the script's origin, https://plausible.io/docs/events-api), so connect-src is
// exercised as well as script-src.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../scripts/lib/chromium.ts';
import { openPage } from '../../../scripts/lib/open-page.ts';
import type { StaticServer } from '../../../scripts/lib/static-server.ts';
import { serveCopy, type ServedCopy } from './served-copy.ts';

const SCRIPT = 'https://plausible.io/js/pa-AbC123.js';
/** Our stub, then Plausible's script, both deferred so that they run in this order. */
const TAGS =
  /<script src="\/assets\/plausible-init\.[0-9a-f]{8}\.js" defer><\/script>\n<script src="https:\/\/plausible\.io\/js\/pa-AbC123\.js" defer><\/script>/g;
/** The site's policy with Plausible's origin in script-src and connect-src, written out by hand. */
const POLICY =
  "default-src 'self'; script-src 'self' https://plausible.io; style-src 'self'; img-src 'self'; object-src 'none'; " +
  "base-uri 'self'; form-action 'self'; frame-ancestors 'none'; connect-src 'self' https://plausible.io";
const META_POLICY = POLICY.replace(" frame-ancestors 'none';", '').replaceAll("'", '&#39;');

/**
 * What Plausible's per-site script does on load, reduced to the request the policy decides on: it reads the options
 * plausible.init() left, which our stub has set up only if it ran first, and sends the page view.
 */
const STAND_IN_SCRIPT = `(function () {
  var script = document.currentScript;
  var event = { n: 'pageview', u: location.href, o: window.plausible ? window.plausible.o : 'no stub ran before' };
  fetch(new URL('/api/event', script.src), { method: 'POST', body: JSON.stringify(event) });
})();`;

let project: string;
let served: ServedCopy | undefined;
let browser: Browser;
let server: StaticServer;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  served = await serveCopy({ site: { analytics: { provider: 'plausible', src: SCRIPT } } });
  ({ project, server } = served);
  browser = await launchChromium();
});

afterAll(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
  await browser?.close();
  await served?.close();
});

describe("a site with Plausible's per-site script", () => {
  it("gives every page our stub and Plausible's tag once, in that order, and the policy with its origin", () => {
    const dist = path.join(project, 'dist');
    const html = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
    // The card's pages, which partners frame, load no script: no analytics either (docs/syndication.md).
    const cards = html.filter((file) => file.startsWith('embed/'));
    expect(cards).toHaveLength(48);
    for (const file of cards) expect(readFileSync(path.join(dist, file), 'utf8').match(TAGS), file).toBeNull();
    const pages = html.filter((file) => !file.startsWith('embed/'));
    // One period of each kind: 48 reports, 4 period hubs, 12 sign hubs, 4 archives, 4 chart pages, 2 editors'
    // pages, the home page, the search page, the 404 page, the API's page (api/v1/) and the calendar's 27 (its hub,
    // the years 2026–2027 and their 24 months).
    expect(pages).toHaveLength(78 + 27);
    for (const file of pages) {
      const html = readFileSync(path.join(dist, file), 'utf8');
      expect(html.match(TAGS), file).toHaveLength(1);
      // The search page's policy also lets Pagefind's WebAssembly run.
      const policy =
        file === 'search/index.html'
          ? META_POLICY.replace('script-src &#39;self&#39;', 'script-src &#39;self&#39; &#39;wasm-unsafe-eval&#39;')
          : META_POLICY;
      expect(html, file).toContain(`<meta http-equiv="Content-Security-Policy" content="${policy}">`);
    }
  });

  it('runs our stub, then the script, which sends its page view in Chromium, with no policy violation', async () => {
    const requests: string[] = [];
    let sent: (outcome: string) => void;
    const outcome = new Promise<string>((resolve) => (sent = resolve));
    const { response, problems, context } = await openPage(browser, server.url, '/weekly/2026-w47/leo/', {
      prepare: async (context) => {
        // The first console error ends the wait too: a CSP refusal is one, so a broken policy fails at once.
        context.on('console', (message) => message.type() === 'error' && sent(message.text()));
        await context.route('https://plausible.io/**', async (route) => {
          const request = route.request();
          requests.push(`${request.method()} ${request.url()}`);
          if (request.url() === SCRIPT) {
            await route.fulfill({ contentType: 'text/javascript', body: STAND_IN_SCRIPT });
          } else {
            await route.fulfill({ status: 202, headers: { 'Access-Control-Allow-Origin': '*' }, body: 'ok' });
            sent(`sent ${request.postData()}`);
          }
        });
      },
    });
    contexts.push(context);
    expect(await outcome).toBe(`sent {"n":"pageview","u":"${server.url}/weekly/2026-w47/leo/","o":{}}`);
    expect(requests).toEqual([`GET ${SCRIPT}`, 'POST https://plausible.io/api/event']);
    expect(problems.cspReports).toEqual([]);
    // The policy the browser enforced came as a header too, as Netlify and Cloudflare Pages send it.
    expect(response?.headers()['content-security-policy']).toBe(POLICY);
  });
});
