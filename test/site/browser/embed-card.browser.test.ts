// The embeddable card in Debian's Chromium, on a partner's page served from another local origin with a strict
// policy (the lines docs/syndication.md gives): `<horoscope-card>` renders a sign's current report in two languages
// in its shadow root, in the site's colours, links back to the report, and raises no CSP violation; fed hostile
// texts it runs nothing and holds only the elements report pages allow; the page of a sign and kind loads framed
// there, and the site's other pages refuse to be framed; axe finds nothing on that page; and a cross-origin fetch
// reads /api/ and nothing else.
// The site (English and Spanish, one period of each kind) is built here for an address on a loopback port, which
// serves it with its `_headers`: the browser's own CSP, framing and CORS checks decide, as on a real host.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../scripts/lib/chromium.ts';
import { openPage, type OpenedPage } from '../../../scripts/lib/open-page.ts';
import { ALLOWED_TAGS } from '../../../src/data/sanitize.ts';
import { runAxe } from './axe.ts';
import { XSS_VECTORS } from '../../fixtures/xss-vectors.ts';
import { serveCopy, type ServedCopy } from './served-copy.ts';

/** The site's address: its own loopback port, another origin than the partner's. */
let SITE = '';
/** The partner's policy: nothing but the site's script, its API and its framed pages. */
const partnerPolicy = () => `default-src 'none'; script-src ${SITE}; connect-src ${SITE}; frame-src ${SITE}`;
const CARDS = `<horoscope-card sign="leo" kind="weekly"></horoscope-card>
<horoscope-card sign="virgo" kind="monthly" lang="es"></horoscope-card>
<horoscope-card sign="aries" kind="weekly"></horoscope-card>`;
const PAGES: Record<string, () => string> = {
  '/cards': () => `${CARDS}\n<iframe name="embed" title="Leo" src="${SITE}/es/embed/leo/weekly/"></iframe>`,
  '/framing-a-page': () => `<iframe name="page" title="Leo" src="${SITE}/leo/"></iframe>`,
};
/** Aries's weekly answer is replaced by one whose every text is the sanitizer's XSS corpus. */
const HOSTILE = XSS_VECTORS.map((vector) => vector.html).join('\n\n');

let served: ServedCopy | undefined;
let browser: Browser;
let partner: Server;
let partnerOrigin = '';
let site: Server;

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  // The site's port first, so that the site is built for its address; it passes every request to the server
  // serveCopy starts once the site is built.
  site = createServer((request, response) => {
    void fetch(`${served!.server.url}${request.url}`).then(async (answer) => {
      response.writeHead(answer.status, Object.fromEntries(answer.headers));
      response.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  SITE = await listen(site);
  served = await serveCopy({ site: { language: null, url: SITE, languages: ['en', 'es'] } });
  partner = createServer((request, response) => {
    const body = PAGES[request.url ?? ''];
    if (!body) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': partnerPolicy() });
    response.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner</title><script src="${SITE}/embed/card.js" defer></script></head><body>${body()}</body></html>`,
    );
  });
  partnerOrigin = await listen(partner);
  browser = await launchChromium();
});

afterAll(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
  await browser?.close();
  await new Promise((resolve) => partner?.close(resolve));
  await new Promise((resolve) => site?.close(resolve));
  await served?.close();
});

/** The partner's page; Aries's weekly answer replaced by a hostile one. */
async function openPartner(pathname: string): Promise<OpenedPage & { dialogs: string[] }> {
  const dialogs: string[] = [];
  const opened = await openPage(browser, partnerOrigin, pathname, {
    prepare: async (context) => {
      await context.route(`${SITE}/api/v1/aries/weekly/card.json`, async (route) => {
        const real = (await (await route.fetch()).json()) as Record<string, unknown>;
        const hostile = {
          heading: HOSTILE,
          title: HOSTILE,
          sign: { glyph: HOSTILE },
          period: { label: HOSTILE },
          intro: { text: HOSTILE },
        };
        await route.fulfill({
          headers: { 'access-control-allow-origin': '*' },
          contentType: 'application/json',
          body: JSON.stringify({ ...real, ...hostile }),
        });
      });
    },
  });
  contexts.push(opened.context);
  opened.page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { ...opened, dialogs };
}

interface CardView {
  lang: string;
  heading: string;
  links: string[];
  elements: string[];
  attributes: string[];
  background: string;
}

/** What each card's shadow root shows, once every card has rendered its answer (run in the page: no DOM types here). */
async function cards(page: Page): Promise<CardView[]> {
  // Polled from here: waitForFunction polls a string with eval in the page, which the partner's policy refuses.
  await expect
    .poll(
      () =>
        page.evaluate(
          "[...document.querySelectorAll('horoscope-card')].every((card) => Boolean(card.shadowRoot?.querySelector('a')))",
        ),
      { timeout: 300_000 },
    )
    .toBe(true);
  return (await page.evaluate(`[...document.querySelectorAll('horoscope-card')].map((card) => {
    const root = card.shadowRoot;
    const all = [...root.querySelectorAll('*')];
    return {
      lang: root.firstElementChild.getAttribute('lang') ?? '',
      heading: root.querySelector('h2').textContent ?? '',
      links: [...root.querySelectorAll('a')].map((a) => a.href),
      elements: [...new Set(all.map((element) => element.localName))],
      attributes: [...new Set(all.flatMap((element) => element.getAttributeNames()))],
      background: getComputedStyle(root.firstElementChild).backgroundColor,
    };
  })`)) as CardView[];
}

describe('the embeddable card on a partner page with a strict policy', () => {
  it('renders the current report in each language, in the site colours, links back to it, and raises no CSP violation', async () => {
    const { page, problems } = await openPartner('/cards');
    const [leo, virgo] = await cards(page);
    expect(leo).toMatchObject({ lang: 'en', heading: '♌Leo weekly horoscope' });
    expect(leo!.links).toEqual([`${SITE}/weekly/2026-w47/leo/`, `${SITE}/`]);
    expect(virgo!.lang).toBe('es');
    expect(virgo!.heading).toMatch(/^♍.*Virgo/);
    expect(virgo!.links).toEqual([`${SITE}/es/monthly/2026-11/virgo/`, `${SITE}/es/`]);
    // The theme's --card colour (test/fixtures/site/content/theme.css), from the adopted style sheet.
    expect(leo!.background).toBe('rgb(243, 240, 250)');
    expect(problems.cspReports).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
  });

  it('runs nothing from hostile texts and holds only the elements report pages allow', async () => {
    const { page, dialogs } = await openPartner('/cards');
    const views = await cards(page);
    expect(views[2]!.heading).toContain('<script');
    for (const view of views) {
      expect(view.elements.filter((name) => !ALLOWED_TAGS.includes(name))).toEqual([]);
      expect(view.attributes.filter((name) => !['href', 'class', 'lang'].includes(name))).toEqual([]);
    }
    expect(dialogs).toEqual([]);
  });

  it("loads the page of a sign and kind framed, and the site's other pages refuse to be framed", async () => {
    const embedded = await openPartner('/cards');
    const frame = embedded.page.frame({ name: 'embed' })!;
    await expect.poll(() => frame.locator('h1').textContent()).toMatch(/Leo/);
    expect(await frame.locator('.more a').getAttribute('href')).toBe(`${SITE}/es/weekly/2026-w47/leo/`);
    expect(embedded.problems.cspReports).toEqual([]);
    const refused = await openPartner('/framing-a-page');
    await expect.poll(() => refused.problems.cspReports.join('\n')).toMatch(/frame-ancestors 'none'/);
    // Chromium shows its error page in the frame instead.
    expect(refused.page.frame({ name: 'page' })!.url()).toBe('chrome-error://chromewebdata/');
  });

  it('gives the framed page no accessibility violation (axe), in light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const opened = await openPage(browser, SITE, '/es/embed/leo/weekly/', { colorScheme });
      contexts.push(opened.context);
      expect(opened.problems.cspReports).toEqual([]);
      expect(await runAxe(opened.page), colorScheme).toEqual([]);
    }
  });

  it('reads /api/ across origins, and nothing else of the site', async () => {
    const { page } = await openPartner('/cards');
    const status = (address: string) =>
      page.evaluate(`fetch(${JSON.stringify(`${SITE}${address}`)}).then((answer) => answer.status, () => 'blocked')`);
    expect(await status('/api/v1/index.json')).toBe(200);
    expect(await status('/es/api/v1/leo/weekly/current.json')).toBe(200);
    expect(await status('/leo/feed.json')).toBe('blocked');
    expect(await status('/es/leo/')).toBe('blocked');
  });
});
