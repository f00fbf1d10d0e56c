// The sky's calendar in Chromium (the shared sample build of 2026-11-22): a month page and a year page have no axe
// violation of any impact, light and dark, at 1280 and 375 px, and every day's Moon icon has a text alternative.
import { describe, expect, it } from 'vitest';
import { formatViolations, ruleIds, runAxe } from './axe.ts';
import { testSiteBrowser } from './test-site-browser.ts';

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
];
const site = await testSiteBrowser();

describe('the calendar pages', () => {
  for (const pathname of ['/calendar/2026-11/', '/calendar/2026/']) {
    it(`${pathname}: axe finds no violation at all, light and dark, at 1280 and 375 px`, async () => {
      for (const viewport of VIEWPORTS) {
        for (const colorScheme of ['light', 'dark'] as const) {
          const opened = await site.open(pathname, { viewport, colorScheme });
          const violations = await runAxe(opened.page);
          expect
            .soft(
              ruleIds(violations),
              `axe on ${pathname} ${viewport.width} px ${colorScheme}:\n${formatViolations(violations)}`,
            )
            .toEqual([]);
        }
      }
    });
  }

  it("gives every day's Moon icon a text alternative and hides the drawing itself", async () => {
    const opened = await site.open('/calendar/2026-11/', { viewport: VIEWPORTS[0]! });
    const days = await opened.page.$$eval('.moon-grid td:has(svg)', (cells) =>
      cells.map((cell) => ({
        hidden: cell.querySelector('svg')!.getAttribute('aria-hidden'),
        text: cell.querySelector('.visually-hidden')?.textContent ?? '',
      })),
    );
    expect(days).toHaveLength(30);
    for (const day of days) {
      expect(day.hidden).toBe('true');
      expect(day.text).toMatch(
        /^November \d{1,2}, 2026: (new moon|waxing crescent|first quarter|waxing gibbous|full moon|waning gibbous|last quarter|waning crescent), \d{1,3}% lit$/,
      );
    }
    // The full moon of 2026-11-24 14:53 UT (lunaf.com) is the 24th's.
    expect(days[23]!.text).toMatch(/: full moon, (99|100)% lit$/);
  });
});
