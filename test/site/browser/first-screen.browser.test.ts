// The reader's first screen, in Debian's Chromium at 390 × 844 on the shared sample build (2026-11-22): a Leo picked
// on the home page and a reload give 40 words or more of Leo's current weekly report within the first 844 px; the
// sign hub's first screen is its week's text; without a sign remembered, the first screen is the picker.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { testSiteBrowser } from './test-site-browser.ts';

const DEFAULTS = {
  phone: { width: 390, height: 844 },
  minWords: 40,
  leoWeek: '/weekly/2026-w47/leo/',
};

const site = await testSiteBrowser({ viewport: DEFAULTS.phone });

/** The words of `selector`'s text whose line boxes lie wholly within the first screen, as the reader sees them. */
const wordsOnFirstScreen = (page: Page, selector: string) =>
  page.evaluate(`(() => {
    const element = document.querySelector(${JSON.stringify(selector)});
    if (!element || !element.checkVisibility()) return [];
    const range = document.createRange();
    const seen = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of node.textContent.matchAll(/\\S+/g)) {
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const box = range.getBoundingClientRect();
        if (box.height > 0 && box.top >= 0 && box.bottom <= ${DEFAULTS.phone.height}) seen.push(match[0]);
      }
    }
    return seen;
  })()`) as Promise<string[]>;

/** Leo's week as plain words, from its own page. */
async function leoReportWords(page: Page): Promise<string> {
  await page.goto(new URL(DEFAULTS.leoWeek, site.url()).href);
  return page.evaluate(`document.querySelector('article.report').textContent.replace(/\\s+/g, ' ')`) as Promise<string>;
}

describe('the first screen on a phone', () => {
  it("a Leo picked on the home page, then a reload: 40 words or more of Leo's current report within 844 px, and its link", async () => {
    const { page, problems } = await site.open('/');
    expect(
      await wordsOnFirstScreen(page, '.sign-tile[data-sign="leo"] .tile-reading'),
      'no reading before a sign is picked',
    ).toEqual([]);
    await page.locator('.sign-tile[data-sign="leo"] .tile-link').click();
    await page.waitForURL('**/leo/');
    const report = await leoReportWords(page);
    await page.goto(new URL('/', site.url()).href);
    await page.reload();
    const words = await wordsOnFirstScreen(page, '.sign-tile[data-sign="leo"] .tile-reading');
    expect(words.length, words.join(' ')).toBeGreaterThanOrEqual(DEFAULTS.minWords);
    expect(report).toContain(words.slice(0, 12).join(' '));
    const link = page.locator(`.sign-tile[data-sign="leo"] a[href="${DEFAULTS.leoWeek}"]`);
    expect((await link.boundingBox())!.y + (await link.boundingBox())!.height).toBeLessThanOrEqual(
      DEFAULTS.phone.height,
    );
    expect(problems.consoleErrors).toEqual([]);
  });

  it('without a sign remembered, the first screen is the picker', async () => {
    const { page } = await site.open('/');
    const first = await page.locator('.sign-tile').first().boundingBox();
    expect(first!.y + first!.height).toBeLessThanOrEqual(DEFAULTS.phone.height);
    expect(await page.locator('.tile-reading:visible').count()).toBe(0);
  });

  it("the sign hub's first screen holds 40 words or more of its week's text", async () => {
    const { page } = await site.open('/leo/');
    const report = await leoReportWords(page);
    await page.goto(new URL('/leo/', site.url()).href);
    const words = await wordsOnFirstScreen(page, '.sign-week .week-opening');
    expect(words.length, words.join(' ')).toBeGreaterThanOrEqual(DEFAULTS.minWords);
    expect(report).toContain(words.slice(0, 12).join(' '));
  });

  it("the weekly page's breadcrumb trail wraps within the screen, every link wholly in view", async () => {
    const { page } = await site.open(DEFAULTS.leoWeek);
    const overflow = (await page.evaluate(
      `[...document.querySelectorAll('.breadcrumbs a, .breadcrumbs [aria-current]')].map((a) => a.getBoundingClientRect().right)`,
    )) as number[];
    expect(overflow.length).toBeGreaterThan(2);
    for (const right of overflow) expect(right).toBeLessThanOrEqual(DEFAULTS.phone.width);
  });

  it("the home page's sky wheel is at most half the phone's screen tall, with a key naming each planet beside it", async () => {
    const { page } = await site.open('/');
    const wheel = await page.locator('.today-wheel .chart-wheel').boundingBox();
    expect(wheel!.height).toBeLessThanOrEqual(DEFAULTS.phone.height / 2);
    const key = page.locator('.today-wheel .wheel-key li');
    expect(await key.count()).toBe(10);
    expect(await key.nth(6).textContent()).toMatch(/Saturn in Aries at \d+°\d+′/);
  });
});
