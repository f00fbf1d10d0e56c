// The Moon's drawing in Debian's Chromium on the shared sample build (2026-11-22), light and dark: its lit part is
// light and its dark part dark, on the home page and on the month's grid, where the full moon of November 24 is a
// lit disc and the new moon of November 9 a dark one.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { testSiteBrowser } from './test-site-browser.ts';

const site = await testSiteBrowser({ viewport: { width: 390, height: 844 } });

/** Relative luminance (WCAG) of the computed fill of each element matching `selector`. */
const luminances = (page: Page, selector: string) =>
  page.evaluate(`[...document.querySelectorAll(${JSON.stringify(selector)})].map((element) => {
    const [r, g, b] = getComputedStyle(element).fill.match(/\\d+(\\.\\d+)?/g).map(Number).map((c) => c / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  })`) as Promise<number[]>;

describe("the Moon's drawing", () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`${scheme}: lit parts light and dark parts dark, on the home page and the month's grid`, async () => {
      for (const pathname of ['/', '/calendar/2026-11/']) {
        const { page } = await site.open(pathname, { colorScheme: scheme });
        const lit = await luminances(page, '.moon-lit');
        const dark = await luminances(page, '.moon-dark');
        expect(lit.length, pathname).toBeGreaterThan(0);
        for (const value of lit) expect(value, `${pathname} lit`).toBeGreaterThan(0.6);
        for (const value of dark) expect(value, `${pathname} dark`).toBeLessThan(0.1);
      }
    });
  }

  it('draws the full moon of November 24 whole and the new moon of November 9 with nothing lit', async () => {
    const { page } = await site.open('/calendar/2026-11/');
    const cell = (day: string) => page.locator(`td:has(time[datetime="2026-11-${day}"])`);
    expect(await cell('24').locator('.moon-lit').count()).toBe(1);
    expect(await cell('24').locator('.visually-hidden').textContent()).toMatch(/full moon/);
    expect(await cell('09').locator('.moon-lit').count()).toBe(0);
    expect(await cell('09').locator('.visually-hidden').textContent()).toMatch(/new moon/);
    expect(await cell('07').locator('.visually-hidden').textContent()).toMatch(/waning crescent/);
  });
});
