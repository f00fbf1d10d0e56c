// What a returning visitor meets, in Debian's Chromium on the shared sample build (test/site/helpers/test-sites.ts, 2026-11-22):
// on a phone and a laptop, light and dark, each page type's h1 is on the phone's first screen, axe finds nothing and
// nothing scrolls sideways; the signs are picked by keyboard; the home page remembers a sign picked from its grid
// (localStorage, never a cookie), leads with its week from the first paint, forgets it on "Change sign", and works
// without JavaScript. Served with the site's exact policy as a header, as pages.browser.test.ts does.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatViolations, ruleIds, runAxe } from './axe.ts';
import { overflowCulprits, scrollWidth } from './page-checks.ts';
import { testSiteBrowser } from './test-site-browser.ts';

const DEFAULTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
  /** On a phone the page's h1 starts within this many CSS px of the top: the header leaves the screen to it. */
  maxH1Top: 200,
  /** Tab presses within which a page's sign picker must be reached. */
  maxTabs: 40,
  /** The week the shared build is dated in. */
  leoWeek: '/weekly/2026-w47/leo/',
};

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'sign hub', path: '/leo/' },
  { name: 'weekly report', path: DEFAULTS.leoWeek },
  { name: 'monthly archive', path: '/monthly/' },
  { name: 'chart page', path: '/charts/elizabeth-ii/' },
  { name: 'search', path: '/search/' },
  { name: '404', path: '/no-such-page-for-the-visitor-test/' },
];

const site = await testSiteBrowser({ viewport: DEFAULTS.phone });
const open = site.open;

const evaluate = <T>(page: Page, script: string) => page.evaluate(script) as Promise<T>;

describe.each(PAGES)('the $name', ({ path: pathname }) => {
  it.each([['phone', DEFAULTS.phone] as const, ['desktop', DEFAULTS.desktop] as const])(
    'on a %s, light and dark: the h1 on the first screen, axe finds nothing, nothing scrolls sideways',
    async (name, viewport) => {
      const { page, problems } = await open(pathname, { viewport });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        if (name === 'phone') {
          const top = await evaluate<number>(page, 'document.querySelector("h1").getBoundingClientRect().top');
          expect.soft(top, `${pathname}: top of the h1 at ${viewport.width} px`).toBeLessThanOrEqual(DEFAULTS.maxH1Top);
        }
        const width = await scrollWidth(page);
        const culprits = width > viewport.width ? await overflowCulprits(page) : [];
        expect
          .soft(width, `${pathname} (${scheme}) is ${width} px wide:\n  ${culprits.join('\n  ')}`)
          .toBeLessThanOrEqual(viewport.width);
        const violations = await runAxe(page);
        expect
          .soft(ruleIds(violations), `axe on ${pathname} (${name}, ${scheme}):\n${formatViolations(violations)}`)
          .toEqual([]);
      }
      expect(problems.cspReports, 'Content Security Policy reports').toEqual([]);
      expect(problems.consoleErrors, 'console errors').toEqual([]);
    },
  );
});

/** Presses Tab until the focused element matches `selector`; fails naming the path when it never does. */
async function tabTo(page: Page, selector: string): Promise<void> {
  const visited: string[] = [];
  for (let presses = 0; presses < DEFAULTS.maxTabs; presses++) {
    await page.keyboard.press('Tab');
    if (await evaluate<boolean>(page, `document.activeElement.matches(${JSON.stringify(selector)})`)) return;
    visited.push(await evaluate<string>(page, 'document.activeElement.outerHTML.slice(0, 60)'));
  }
  throw new Error(`${selector} not reached in ${DEFAULTS.maxTabs} Tabs: ${visited.join(' → ')}`);
}

const inView = (page: Page, selector: string) =>
  evaluate<boolean>(
    page,
    `(() => { const r = document.querySelector(${JSON.stringify(selector)}).getBoundingClientRect(); return r.left >= 0 && r.right <= innerWidth && r.top >= 0 && r.bottom <= innerHeight; })()`,
  );

/** The site paths of the report pages `main` links, in document order. */
const reportLinks = (page: Page) =>
  evaluate<string[]>(
    page,
    `[...document.querySelectorAll('main a')].map((a) => new URL(a.href).pathname).filter((p) => /^\\/(weekly|monthly|yearly|ascendant)\\/[^/]+\\/[a-z]+\\/$/.test(p))`,
  );

const tileOrder = (page: Page) =>
  evaluate<string[]>(page, `[...document.querySelectorAll('.sign-tile')].map((t) => t.dataset.sign)`);
const stored = (page: Page) => evaluate<string | null>(page, 'localStorage.getItem("horoscope-sign")');
/** The layout shifts since the page loaded, summed (https://web.dev/articles/cls). */
const layoutShift = (page: Page) =>
  evaluate<number>(
    page,
    `new Promise((done) => {
    let sum = 0;
    new PerformanceObserver((list) => { for (const entry of list.getEntries()) sum += entry.value; }).observe({ type: 'layout-shift', buffered: true });
    setTimeout(() => done(sum), 200);
  })`,
  );

describe('the sign picker', () => {
  it("on a phone, the header's row of signs is reached by Tab, scrolls the focused sign into view, and Enter opens it", async () => {
    const { page } = await open(DEFAULTS.leoWeek);
    await tabTo(page, '.sign-nav-row a[href="/pisces/"]');
    expect(await inView(page, '.sign-nav-row a[href="/pisces/"]'), 'the focused sign is scrolled into view').toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/pisces/');
    expect(await evaluate<string>(page, 'document.querySelector("h1").textContent')).toContain('Pisces');
  });

  it('the 404 page offers the signs and a search, both by keyboard', async () => {
    const { page } = await open('/no-such-page-for-the-visitor-test/');
    await tabTo(page, '#not-found-q');
    await page.keyboard.type('Leo');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/search/?q=Leo');
    const { page: again } = await open('/no-such-page-for-the-visitor-test/');
    await tabTo(again, 'main .sign-tile a[href="/leo/"]');
    await again.keyboard.press('Enter');
    await again.waitForURL('**/leo/');
  });
});

describe('the remembered sign', () => {
  it("picked by keyboard from the home page's grid, leads the home page with its week after a reload, and Change sign forgets it; never a cookie", async () => {
    const { page, context, problems } = await open('/');
    expect(await tileOrder(page)).toEqual([
      'aries',
      'taurus',
      'gemini',
      'cancer',
      'leo',
      'virgo',
      'libra',
      'scorpio',
      'sagittarius',
      'capricorn',
      'aquarius',
      'pisces',
    ]);
    expect(await page.locator('.change-sign').isVisible(), 'nothing to change before a sign is picked').toBe(false);
    await tabTo(page, '.sign-tile[data-sign="leo"] .tile-link');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/leo/');
    expect(await stored(page)).toBe('leo');

    for (const arrive of [() => page.goto(new URL('/', site.url()).href), () => page.reload()]) {
      await arrive();
      expect((await tileOrder(page))[0], 'the remembered tile comes first in the document').toBe('leo');
      expect((await reportLinks(page))[0], 'the first report the home page links').toBe(DEFAULTS.leoWeek);
      const tops = await evaluate<number[]>(
        page,
        `['leo', 'aries'].map((s) => document.querySelector('.sign-tile[data-sign="' + s + '"]').getBoundingClientRect().top)`,
      );
      expect(tops[0], "Leo's tile is above Aries'").toBeLessThan(tops[1]!);
      expect(await layoutShift(page), 'layout shift while the remembered sign is placed').toBe(0);
    }

    await page.locator('.change-sign').click();
    expect(await stored(page)).toBeNull();
    expect(await tileOrder(page)).toEqual([
      'aries',
      'taurus',
      'gemini',
      'cancer',
      'leo',
      'virgo',
      'libra',
      'scorpio',
      'sagittarius',
      'capricorn',
      'aquarius',
      'pisces',
    ]);
    expect(await evaluate<string>(page, 'document.activeElement.id'), 'focus returns to the grid').toBe('pick-sign');
    await page.reload();
    expect((await reportLinks(page))[0]).toBe('/weekly/2026-w47/aries/');

    expect(await context.cookies(), 'cookies set').toEqual([]);
    expect(await evaluate<string>(page, 'document.cookie')).toBe('');
    expect(problems.cspReports).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
  });

  it('ignores a stored value that is no sign', async () => {
    const { page } = await open('/');
    await evaluate(page, 'localStorage.setItem("horoscope-sign", "\\"] * { display: none } [x=\\"")');
    await page.reload();
    expect(await evaluate<string | undefined>(page, 'document.documentElement.dataset.sign')).toBeUndefined();
    expect((await tileOrder(page))[0]).toBe('aries');
  });

  it('without JavaScript the home page shows the grid as built, with nothing to change, and its links work', async () => {
    const context = await site.newContext({ viewport: DEFAULTS.phone, javaScriptEnabled: false });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const response = await page.goto(new URL('/', site.url()).href);
    expect(response?.status()).toBe(200);
    expect(await page.locator('.sign-tile').count()).toBe(12);
    expect(await page.locator('.change-sign').isVisible()).toBe(false);
    await page.locator('.sign-tile[data-sign="leo"] p a').click();
    await page.waitForURL(`**${DEFAULTS.leoWeek}`);
    expect(await page.locator('h1').textContent()).toContain('Leo');
    expect(errors).toEqual([]);
  });
});
