// Times in the reader's own zone, in Debian's Chromium on the shared sample build (2026-11-22). Expected values from
// USNO's table of phases: the full moon of 2026-11-24 at 14:53 UTC is 9:53 AM in New York (EST, UTC−5) and 11:53 PM
// in Tokyo (JST, UTC+9). The site's own minute may differ from USNO's by one (its ephemeris is not USNO's), so the
// minute is read to within one of USNO's; the hour, the day and the zone's name are exact.
import type { BrowserContextOptions } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { testSiteBrowser } from './test-site-browser.ts';

const site = await testSiteBrowser();
const FULL_MOON = 'time[datetime^="2026-11-24T14:5"]';

async function fullMoonText(pathname: string, options: BrowserContextOptions): Promise<string> {
  const context = await site.newContext({ viewport: { width: 390, height: 844 }, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(new URL(pathname, site.url()).href);
  const text = await page.locator(FULL_MOON).first().textContent();
  expect(errors).toEqual([]);
  return text!;
}

/** The minutes past midnight of "9:53 AM" in `text`. */
function minutesOf(text: string): number {
  const [, hour, minute, half] = /(\d{1,2}):(\d{2})\s?(AM|PM)/.exec(text)!;
  return ((Number(hour) % 12) + (half === 'PM' ? 12 : 0)) * 60 + Number(minute);
}

describe("the full moon's time on the home page and the month's calendar", () => {
  for (const pathname of ['/', '/calendar/2026-11/']) {
    it(`${pathname}: in New York 9:53 AM, in Tokyo 11:53 PM, the zone named`, async () => {
      const newYork = await fullMoonText(pathname, { timezoneId: 'America/New_York', locale: 'en-US' });
      expect(newYork).toMatch(/^November 24, 2026 at 9:5\d AM Eastern Standard Time$/);
      expect(Math.abs(minutesOf(newYork) - (9 * 60 + 53))).toBeLessThanOrEqual(1);
      const tokyo = await fullMoonText(pathname, { timezoneId: 'Asia/Tokyo', locale: 'en-US' });
      expect(tokyo).toMatch(/^November 24, 2026 at 11:5\d PM Japan Standard Time$/);
      expect(Math.abs(minutesOf(tokyo) - (23 * 60 + 53))).toBeLessThanOrEqual(1);
    });
  }

  it("without JavaScript shows the owner's zone by name (UTC here)", async () => {
    const text = await fullMoonText('/', { timezoneId: 'Asia/Tokyo', javaScriptEnabled: false });
    expect(text).toMatch(/^November 24, 2026 at 2:5\d PM UTC$/);
    expect(Math.abs(minutesOf(text) - (14 * 60 + 53))).toBeLessThanOrEqual(1);
  });

  it("writes the line of the day's time in the reader's zone: the Moon enters Gemini on Tuesday 11:10 UTC, 8:10 PM in Tokyo", async () => {
    const context = await site.newContext({
      viewport: { width: 390, height: 844 },
      timezoneId: 'Asia/Tokyo',
      locale: 'en-US',
    });
    const page = await context.newPage();
    await page.goto(new URL('/leo/', site.url()).href);
    expect(await page.locator('.daily-line time').textContent()).toMatch(/^Tuesday,? 8:1\d PM Japan Standard Time$/);
  });
});
