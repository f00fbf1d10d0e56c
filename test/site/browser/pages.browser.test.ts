// Every page type of the built site (the shared sample build of 2026-11-22, test/global-setup.ts), opened in
// Debian's Chromium: it loads with status 200, one h1, no console error, no failed request, no CSP report; axe
// finds no serious or critical violation, in light and dark; nothing scrolls sideways at 375 px; the skip link
// and the keyboard path to the sign navigation work. Also writes the README's screenshot of a sign page.
//
// The pages are served with the site's full Content-Security-Policy as a response header (what Netlify and
// Cloudflare Pages send from `_headers`), so anything inline or remote a template adds is caught here even
// when the page's own <meta> policy is missing.
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SECURITY_HEADERS } from '../../../src/eleventy/security-headers.ts';
import { blocking, formatViolations, runAxe } from './axe.ts';
import { launchChromium } from './chromium.ts';
import { startStaticServer, type StaticServer } from './static-server.ts';

const DEFAULTS = {
  /** A common laptop size for the general checks. In CSS px. */
  desktopViewport: { width: 1280, height: 800 },
  /** The narrowest phone the issue asks for (iPhone mini / SE class). In CSS px. */
  phoneViewport: { width: 375, height: 812 },
  /** The README screenshot: wide enough for the desktop layout, tall enough to show the text. In CSS px. */
  screenshotViewport: { width: 1000, height: 1400 },
  /** How many Tab presses may pass before the sign navigation must have focus (header links come first). */
  maxTabsToSignNav: 30,
  /** The page shown in the README. */
  screenshotPath: '/weekly/2026-w47/leo/',
};

const repoRoot = path.resolve(import.meta.dirname, '../../..');
/** Always written; test-results/ is git-ignored, so CI never dirties the tree. */
const SCREENSHOT_RESULT = path.join(repoRoot, 'test-results/screenshot-sign-page.png');
/** Written only with UPDATE_SCREENSHOT=1: the copy the README shows. */
const SCREENSHOT_DOCS = path.join(repoRoot, 'docs/screenshot-sign-page.png');

const siteDir = inject('siteDir');
const builtFile = (...parts: string[]) => existsSync(path.join(siteDir, ...parts));

/** A chart page slug from the build, if the build has charts (found at run time: slugs come from content/). */
function firstChartSlug(): string | undefined {
  if (!builtFile('charts')) return undefined;
  return readdirSync(path.join(siteDir, 'charts'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && builtFile('charts', entry.name, 'index.html'))
    .map((entry) => entry.name)
    .sort()[0];
}

function aboutPath(): string | undefined {
  if (builtFile('about', 'index.html')) return '/about/';
  if (builtFile('about.html')) return '/about.html';
  return undefined;
}

interface PageType {
  name: string;
  /** undefined: this build has no such page (optional page types only); the test shows as skipped. */
  path: string | undefined;
  status: number;
}

const chartSlug = firstChartSlug();
const PAGE_TYPES: readonly PageType[] = [
  { name: 'home', path: '/', status: 200 },
  { name: 'sign hub', path: '/leo/', status: 200 },
  { name: 'period hub', path: '/weekly/2026-w47/', status: 200 },
  { name: 'weekly sign page', path: '/weekly/2026-w47/leo/', status: 200 },
  { name: 'monthly sign page', path: '/monthly/2026-11/leo/', status: 200 },
  { name: 'yearly sign page', path: '/yearly/2026/leo/', status: 200 },
  { name: 'ascendant sign page', path: '/ascendant/2026/leo/', status: 200 },
  { name: 'charts index', path: builtFile('charts', 'index.html') ? '/charts/' : undefined, status: 200 },
  { name: 'chart page', path: chartSlug ? `/charts/${chartSlug}/` : undefined, status: 200 },
  { name: 'about page', path: aboutPath(), status: 200 },
  { name: '404 page', path: '/no-such-page-for-the-browser-test/', status: 404 },
];

/** What went wrong while a page loaded, gathered from the browser's own events. */
interface LoadProblems {
  consoleErrors: string[];
  cspReports: string[];
  failedRequests: string[];
}

let browser: Browser;
let server: StaticServer;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  server = await startStaticServer(siteDir, { headers: SECURITY_HEADERS });
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
  await server?.close();
});

async function openPage(
  pathname: string,
  options: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark' } = {},
): Promise<{ page: Page; response: Response | null; problems: LoadProblems }> {
  const context = await browser.newContext({
    viewport: options.viewport ?? DEFAULTS.desktopViewport,
    colorScheme: options.colorScheme ?? 'light',
    reducedMotion: 'reduce',
  });
  contexts.push(context);
  const page = await context.newPage();
  const problems: LoadProblems = { consoleErrors: [], cspReports: [], failedRequests: [] };
  const target = new URL(pathname, server.url).href;
  page.on('console', (message) => {
    const text = `${message.type()}: ${message.text()}`;
    if (/content security policy/i.test(message.text())) problems.cspReports.push(text);
    // The 404 page's own document answers 404 by design; Chrome logs that as a console error.
    else if (message.type() === 'error' && !(message.location().url === target && /404/.test(message.text())))
      problems.consoleErrors.push(text);
  });
  page.on('pageerror', (error) => problems.consoleErrors.push(`uncaught: ${error.message}`));
  page.on('requestfailed', (request) =>
    problems.failedRequests.push(`${request.url()}: ${request.failure()?.errorText ?? 'failed'}`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400 && response.url() !== target)
      problems.failedRequests.push(`${response.url()}: HTTP ${response.status()}`);
  });
  const response = await page.goto(target, { waitUntil: 'load' });
  return { page, response, problems };
}

/** In-page: the widest elements past the right edge, deepest first, to say WHAT makes a page scroll sideways. */
const OVERFLOW_CULPRITS = `(() => {
  const limit = document.documentElement.clientWidth;
  const describe = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
    (typeof el.className === 'string' && el.className.trim() ? '.' + el.className.trim().split(/\\s+/).join('.') : '');
  const over = [...document.body.querySelectorAll('*')].filter((el) => el.getBoundingClientRect().right > limit + 0.5);
  const leaves = over.filter((el) => !over.some((other) => other !== el && el.contains(other)));
  return leaves.slice(0, 8).map((el) => {
    const text = (el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
    return describe(el) + ' right=' + Math.round(el.getBoundingClientRect().right) + 'px' + (text ? ' "' + text + '"' : '');
  });
})()`;

/** In-page: a description of the focused element and where it sits. */
const FOCUSED = `(() => {
  const el = document.activeElement;
  if (!el || el === document.body) return { tag: 'body', href: null, inMain: false, inSignNav: false, isMain: false, text: '', outline: 'none', boxShadow: 'none' };
  const style = getComputedStyle(el);
  const nav = el.closest('nav');
  const signHubs = ['aries','taurus','gemini','cancer','leo','virgo','libra','scorpio','sagittarius','capricorn','aquarius','pisces'];
  // The sign navigation: the nav element that links to all twelve sign hubs.
  const inSignNav = !!nav && signHubs.every((s) => nav.querySelector('a[href="/' + s + '/"]'));
  return {
    tag: el.tagName.toLowerCase(),
    href: el.getAttribute('href'),
    isMain: el.tagName === 'MAIN',
    inMain: !!el.closest('main') && el.tagName !== 'MAIN',
    inSignNav,
    text: (el.textContent || '').trim().slice(0, 40),
    outline: style.outlineStyle + ' ' + style.outlineWidth,
    boxShadow: style.boxShadow,
  };
})()`;

interface Focused {
  tag: string;
  href: string | null;
  isMain: boolean;
  inMain: boolean;
  inSignNav: boolean;
  text: string;
  outline: string;
  boxShadow: string;
}

const focused = (page: Page) => page.evaluate(FOCUSED) as Promise<Focused>;

describe('built pages in Chromium', () => {
  describe.each(PAGE_TYPES)('$name', ({ name, path: pathname, status }) => {
    it.skipIf(pathname === undefined)(
      `opens cleanly (status ${status}, one h1, no console error, failed request or CSP report) and axe finds no serious or critical violation`,
      async () => {
        const { page, response, problems } = await openPage(pathname!);
        if (status === 404)
          expect.soft(builtFile('404.html'), 'the build has no 404.html for static hosts to serve').toBe(true);
        expect.soft(response?.status(), `HTTP status of ${pathname}`).toBe(status);
        expect.soft(await page.locator('h1').count(), `number of <h1> on the ${name}`).toBe(1);
        expect.soft(problems.consoleErrors, 'console errors').toEqual([]);
        expect.soft(problems.failedRequests, 'failed requests').toEqual([]);
        expect.soft(problems.cspReports, 'Content Security Policy reports').toEqual([]);
        const serious = blocking(await runAxe(page));
        expect
          .soft(serious, `axe on ${pathname}:\n${formatViolations(serious)}`)
          .toEqual([]);
        // axe itself must not trip the page's policy (it runs through DevTools, not an inline script).
        expect(problems.cspReports, 'CSP reports after axe').toEqual([]);
      },
    );

    it.skipIf(pathname === undefined)('at 375 px wide nothing scrolls sideways', async () => {
      const { page } = await openPage(pathname!, { viewport: DEFAULTS.phoneViewport });
      const scrollWidth = (await page.evaluate('document.documentElement.scrollWidth')) as number;
      const culprits = scrollWidth > DEFAULTS.phoneViewport.width ? ((await page.evaluate(OVERFLOW_CULPRITS)) as string[]) : [];
      expect(
        scrollWidth,
        `${pathname} is ${scrollWidth} px wide at 375 px; elements past the edge:\n  ${culprits.join('\n  ')}`,
      ).toBeLessThanOrEqual(DEFAULTS.phoneViewport.width);
    });
  });

  it('a sign page in the dark colour scheme changes colours and axe finds no serious or critical violation', async () => {
    const pathname = '/weekly/2026-w47/leo/';
    const colours = 'getComputedStyle(document.body).backgroundColor + " / " + getComputedStyle(document.body).color';
    const light = await openPage(pathname, { colorScheme: 'light' });
    const lightColours = (await light.page.evaluate(colours)) as string;
    const dark = await openPage(pathname);
    await dark.page.emulateMedia({ colorScheme: 'dark' });
    const darkColours = (await dark.page.evaluate(colours)) as string;
    expect.soft(darkColours, 'body background / text colour: dark must differ from light').not.toBe(lightColours);
    const serious = blocking(await runAxe(dark.page));
    expect(serious, `axe on ${pathname} (dark):\n${formatViolations(serious)}`).toEqual([]);
  });

  it('the skip link is the first focusable element and moves focus to main', async () => {
    const { page } = await openPage('/weekly/2026-w47/leo/');
    await page.keyboard.press('Tab');
    const first = await focused(page);
    const mainId = (await page.evaluate('document.querySelector("main")?.id ?? null')) as string | null;
    expect(mainId, '<main> needs an id for the skip link to target').toBeTruthy();
    expect(first.href, `first Tab focused <${first.tag}> "${first.text}", not a skip link to #${mainId}`).toBe(
      `#${mainId}`,
    );
    await expect
      .poll(() => page.evaluate('document.activeElement.getBoundingClientRect().height > 0'), {
        message: 'the skip link becomes visible when focused',
      })
      .toBe(true);
    await page.keyboard.press('Enter');
    expect(new URL(page.url()).hash).toBe(`#${mainId}`);
    // Chrome moves focus to <main> if it is focusable (tabindex="-1"); otherwise it moves the sequential focus
    // starting point there. Either way the next Tab must land inside main, not back in the header.
    const afterSkip = await focused(page);
    if (!afterSkip.isMain) {
      await page.keyboard.press('Tab');
      const next = await focused(page);
      expect(next.inMain, `Tab after the skip link focused <${next.tag}> "${next.text}" outside main`).toBe(true);
    }
  });

  it('Tab reaches the sign navigation, with a visible focus indicator', async () => {
    const { page } = await openPage('/weekly/2026-w47/leo/');
    let reached: Focused | undefined;
    const path: string[] = [];
    for (let presses = 0; presses < DEFAULTS.maxTabsToSignNav && !reached; presses++) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      path.push(`<${now.tag}> ${now.text}`);
      if (now.inSignNav) reached = now;
    }
    expect(reached, `no link of the sign navigation (the nav linking all 12 sign hubs) within ${DEFAULTS.maxTabsToSignNav} Tabs: ${path.join(' → ')}`).toBeDefined();
    const visible = !/^none\b/.test(reached!.outline) || reached!.boxShadow !== 'none';
    expect(visible, `focused sign link has no outline or box-shadow (outline: ${reached!.outline})`).toBe(true);
  });

  it('screenshots a sign page for the README', async () => {
    const { page, response } = await openPage(DEFAULTS.screenshotPath, { viewport: DEFAULTS.screenshotViewport });
    expect(response?.status()).toBe(200);
    mkdirSync(path.dirname(SCREENSHOT_RESULT), { recursive: true });
    const png = await page.screenshot({ path: SCREENSHOT_RESULT, fullPage: true });
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    if (process.env.UPDATE_SCREENSHOT === '1') await page.screenshot({ path: SCREENSHOT_DOCS, fullPage: true });
  });
});
