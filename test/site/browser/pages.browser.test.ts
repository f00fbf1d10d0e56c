// Every page type of the built site (the shared sample build of 2026-11-22, test/site/helpers/test-sites.ts), opened in
// Debian's Chromium: it loads with status 200, one h1, no console error, no failed request, no CSP report; axe
// finds no serious or critical violation, in light and dark and at 375 px, where nothing may scroll sideways;
// the skip link and the keyboard path to the sign navigation work; a sign page keeps its desktop layout.
//
// The pages are served with the site's full Content-Security-Policy as a response header (what Netlify and
// Cloudflare Pages send from `_headers`), so anything inline or remote a template adds is caught here even
// when the page's own <meta> policy is missing.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blocking, formatViolations, ruleIds, runAxe } from './axe.ts';
import { FAVICON_PATH, type OpenPageOptions } from '../../../scripts/lib/open-page.ts';
import { focusedElement, hasFocusIndicator, overflowCulprits, scrollWidth, type Focused } from './page-checks.ts';
import { testSiteBrowser } from './test-site-browser.ts';

const DEFAULTS = {
  /** A common laptop size for the general checks. In CSS px. */
  desktopViewport: { width: 1280, height: 800 },
  /** The narrowest phone the issue asks for (iPhone mini / SE class). In CSS px. */
  phoneViewport: { width: 375, height: 812 },
  /** How many Tab presses may pass before the sign navigation must have focus (header links come first). */
  maxTabsToSignNav: 30,
  /** The sign page of the dark, keyboard and layout checks. */
  signPage: '/weekly/2026-w47/leo/',
};

const site = await testSiteBrowser({ viewport: DEFAULTS.desktopViewport });
const open = site.open;
const builtFile = (...parts: string[]) => existsSync(path.join(site.siteDir, ...parts));

interface PageType {
  name: string;
  path: string;
  status: number;
  /** The example in content/ the default build makes this page from: when it is gone the test fails, never skips. */
  from?: string;
}

const PAGE_TYPES: readonly PageType[] = [
  { name: 'home', path: '/', status: 200 },
  { name: 'sign hub', path: '/leo/', status: 200 },
  { name: 'period hub', path: '/weekly/2026-w47/', status: 200 },
  { name: 'weekly archive', path: '/weekly/', status: 200 },
  { name: 'weekly sign page', path: '/weekly/2026-w47/leo/', status: 200 },
  { name: 'monthly sign page', path: '/monthly/2026-11/leo/', status: 200 },
  { name: 'yearly sign page', path: '/yearly/2026/leo/', status: 200 },
  { name: 'ascendant sign page', path: '/ascendant/2026/leo/', status: 200 },
  { name: 'charts index', path: '/charts/', status: 200, from: 'content/charts/' },
  { name: 'chart page', path: '/charts/elizabeth-ii/', status: 200, from: 'content/charts/elizabeth-ii.md' },
  { name: 'about page', path: '/about/', status: 200, from: 'content/pages/about.md' },
  { name: 'calendar hub', path: '/calendar/', status: 200 },
  { name: 'calendar year', path: '/calendar/2026/', status: 200 },
  { name: 'calendar month', path: '/calendar/2026-11/', status: 200 },
  { name: '404 page', path: '/no-such-page-for-the-browser-test/', status: 404 },
];

/** Opens a page type's page; fails at once, naming the content it comes from, when the build lacks it. */
async function openPageType({ path: pathname, from }: PageType, options: OpenPageOptions = {}) {
  if (from)
    expect(builtFile(pathname, 'index.html'), `${pathname} is missing from the build (made from ${from})`).toBe(true);
  return open(pathname, options);
}

describe('built pages in Chromium', () => {
  describe.each(PAGE_TYPES)('$name', (type) => {
    const { name, path: pathname, status } = type;
    it(`opens cleanly (status ${status}, one h1, no console error, failed request or CSP report) and axe finds no serious or critical violation`, async () => {
      const { page, response, problems } = await openPageType(type);
      if (status === 404)
        expect.soft(builtFile('404.html'), 'the build has no 404.html for static hosts to serve').toBe(true);
      expect.soft(response?.status(), `HTTP status of ${pathname}`).toBe(status);
      expect.soft(await page.locator('h1').count(), `number of <h1> on the ${name}`).toBe(1);
      expect.soft(problems.consoleErrors, 'console errors').toEqual([]);
      expect.soft(problems.failedRequests, 'failed requests').toEqual([]);
      // Checked before axe runs: axe's own CSSOM preloading can add a style-src report of its own on some pages.
      expect.soft([...problems.cspReports], 'Content Security Policy reports').toEqual([]);
      const serious = blocking(await runAxe(page));
      expect.soft(ruleIds(serious), `axe on ${pathname}:\n${formatViolations(serious)}`).toEqual([]);
    });

    it('at 375 px wide nothing scrolls sideways, and axe still finds no serious or critical violation', async () => {
      const { page } = await openPageType(type, { viewport: DEFAULTS.phoneViewport });
      const width = await scrollWidth(page);
      const culprits = width > DEFAULTS.phoneViewport.width ? await overflowCulprits(page) : [];
      expect
        .soft(width, `${pathname} is ${width} px wide at 375 px; elements past the edge:\n  ${culprits.join('\n  ')}`)
        .toBeLessThanOrEqual(DEFAULTS.phoneViewport.width);
      // The phone layout is a different page to axe: boxes that scroll inside themselves (wide tables) and
      // rearranged navigation only exist at this width.
      const serious = blocking(await runAxe(page));
      expect(ruleIds(serious), `axe on ${pathname} at 375 px:\n${formatViolations(serious)}`).toEqual([]);
    });
  });

  it('a sign page in the dark colour scheme changes colours and axe finds no serious or critical violation', async () => {
    const pathname = DEFAULTS.signPage;
    const colours = 'getComputedStyle(document.body).backgroundColor + " / " + getComputedStyle(document.body).color';
    const light = await open(pathname, { colorScheme: 'light' });
    const lightColours = (await light.page.evaluate(colours)) as string;
    const dark = await open(pathname);
    await dark.page.emulateMedia({ colorScheme: 'dark' });
    const darkColours = (await dark.page.evaluate(colours)) as string;
    expect.soft(darkColours, 'body background / text colour: dark must differ from light').not.toBe(lightColours);
    const serious = blocking(await runAxe(dark.page));
    expect(ruleIds(serious), `axe on ${pathname} (dark):\n${formatViolations(serious)}`).toEqual([]);
  });

  it('the skip link is the first focusable element and moves focus to main', async () => {
    const { page } = await open(DEFAULTS.signPage);
    const mainId = (await page.evaluate('document.querySelector("main")?.id ?? null')) as string | null;
    expect(mainId, '<main> needs an id for the skip link to target').toBeTruthy();
    await page.keyboard.press('Tab');
    const first = await focusedElement(page);
    expect(first.href, `first Tab focused <${first.tag}> "${first.text}", not a skip link to #${mainId}`).toBe(
      `#${mainId}`,
    );
    expect(
      await page.evaluate('document.activeElement.getBoundingClientRect().height > 0'),
      'the skip link is visible when focused',
    ).toBe(true);
    await page.keyboard.press('Enter');
    // The fragment's navigation may land a moment after the key press returns.
    await expect.poll(() => new URL(page.url()).hash).toBe(`#${mainId}`);
    // Chrome focuses <main> when it is focusable (tabindex="-1"); otherwise it moves the sequential focus
    // starting point there. Either way the next Tab must land inside main, not back in the header.
    const afterSkip = await focusedElement(page);
    if (!afterSkip.isMain) {
      await page.keyboard.press('Tab');
      const next = await focusedElement(page);
      expect(next.inMain, `Tab after the skip link focused <${next.tag}> "${next.text}" outside main`).toBe(true);
    }
  });

  it('Tab reaches the sign navigation, with a visible focus indicator', async () => {
    const { page } = await open(DEFAULTS.signPage);
    let reached: Focused | undefined;
    const visited: string[] = [];
    for (let presses = 0; presses < DEFAULTS.maxTabsToSignNav && !reached; presses++) {
      await page.keyboard.press('Tab');
      const now = await focusedElement(page);
      visited.push(`<${now.tag}> ${now.text}`);
      if (now.inSignNav) reached = now;
    }
    expect(
      reached,
      `no link of the sign navigation (the <nav> linking all 12 sign hubs) within ${DEFAULTS.maxTabsToSignNav} Tabs: ` +
        visited.join(' → '),
    ).toBeDefined();
    expect(
      hasFocusIndicator(reached!),
      `focused sign link "${reached!.text}" shows no outline or box-shadow (outline: ${reached!.outline})`,
    ).toBe(true);
  });

  it('the icon browsers ask for exists (a declared <link rel="icon">, or /favicon.ico when none is declared)', async () => {
    const { page } = await open(DEFAULTS.signPage);
    const declared = (await page.evaluate(
      '[...document.querySelectorAll(\'link[rel~="icon"]\')].map((link) => link.href)',
    )) as string[];
    // Without a declared icon every browser requests /favicon.ico on a visitor's first page: a 404 in their
    // console and in the host's logs.
    const icons = declared.length > 0 ? declared : [new URL(FAVICON_PATH, site.url()).href];
    for (const icon of icons) {
      const answer = await fetch(icon);
      const label = `${new URL(icon).pathname} (${declared.length ? 'declared' : 'no icon declared'})`;
      expect(answer.status, label).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^image\//);
    }
  });

  it('at desktop width a sign page is one centred column at most 48rem wide, sign facts on one row, pager at both ends', async () => {
    const { page } = await open(DEFAULTS.signPage);
    const box = async (selector: string) => {
      const found = await page.locator(selector).boundingBox();
      expect(found, `${selector} is not laid out`).not.toBeNull();
      return found!;
    };
    const main = await box('main');
    const rightMargin = DEFAULTS.desktopViewport.width - (main.x + main.width);
    // 48rem at 16 px (less the body's 1rem padding on each side): lines of about 75 characters, not 1280 px.
    expect(main.width, 'width of <main>').toBeLessThanOrEqual(48 * 16);
    expect(main.width, 'width of <main>').toBeGreaterThan(40 * 16);
    expect(Math.abs(main.x - rightMargin), `<main> margins: left ${main.x}, right ${rightMargin}`).toBeLessThanOrEqual(
      1,
    );
    const facts = await page.locator('main .sign-facts > div').all();
    expect(facts).toHaveLength(4);
    const tops = await Promise.all(facts.map(async (fact) => (await fact.boundingBox())?.y));
    expect(new Set(tops).size, `tops of the four sign facts: ${tops.join(', ')}`).toBe(1);
    const previous = await box('main .pager-previous a');
    const next = await box('main .pager-next a');
    expect(previous.y, 'previous and next week on one row').toBe(next.y);
    expect(previous.x - main.x, 'previous week starts at the left edge of <main>').toBeLessThanOrEqual(1);
    expect(
      main.x + main.width - (next.x + next.width),
      'next week ends at the right edge of <main>',
    ).toBeLessThanOrEqual(1);
  });
});
