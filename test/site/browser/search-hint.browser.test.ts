// The header's search box on a 390 × 844 phone, in Debian's Chromium, on the shared sample build (2026-11-22) and on
// the build in each other shipped language: its hint (the placeholder) is read whole, never cut at the box's edge.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../../../src/eleventy/security-headers.ts';
import { startStaticServer, type StaticServer } from '../../../scripts/lib/static-server.ts';
import { languageSites as otherLanguageSites } from '../helpers/test-sites.ts';
import { testSiteBrowser } from './test-site-browser.ts';

const PHONE = { width: 390, height: 844 };
const PAGES = ['/', '/leo/', '/weekly/2026-w47/leo/', '/search/', '/calendar/2026-11/'];
const site = await testSiteBrowser({ viewport: PHONE });
const languageSites = await otherLanguageSites();

/**
 * Each search box's hint and the widths it needs and has: its text measured in the placeholder's computed font (a
 * canvas), and the box's content width (clientWidth without its padding). An input never scrolls to show its
 * placeholder, so a hint wider than that is cut.
 */
const hintWidths = (page: Page) =>
  page.evaluate(`(() => {
    const context = document.createElement('canvas').getContext('2d');
    return [...document.querySelectorAll('input[type="search"][placeholder]')].map((input) => {
      context.font = getComputedStyle(input, '::placeholder').font;
      const box = getComputedStyle(input);
      const hint = input.getAttribute('placeholder');
      const has = input.clientWidth - parseFloat(box.paddingLeft) - parseFloat(box.paddingRight);
      return { hint, needs: Math.ceil(context.measureText(hint).width), has };
    });
  })()`) as Promise<{ hint: string; needs: number; has: number }[]>;

async function expectWholeHints(page: Page, where: string): Promise<void> {
  const widths = await hintWidths(page);
  expect(widths.length, `${where}: a search box`).toBeGreaterThan(0);
  for (const { hint, needs, has } of widths)
    expect.soft(needs, `${where}: "${hint}" needs ${needs} px in a box of ${has} px`).toBeLessThanOrEqual(has);
}

describe("the search box's hint on a 390 px phone", () => {
  it.each(PAGES)('%s: read whole', async (pathname) => {
    const { page } = await site.open(pathname);
    await expectWholeHints(page, pathname);
  });

  describe.each(Object.keys(languageSites))('in %s', (language) => {
    let server: StaticServer;
    beforeAll(async () => {
      server = await startStaticServer(languageSites[language]!, { headers: SECURITY_HEADERS });
    });
    afterAll(async () => {
      await server?.close();
    });

    it.each(['/', '/leo/'])('%s: read whole', async (pathname) => {
      const page = await (await site.newContext({ viewport: PHONE })).newPage();
      expect((await page.goto(new URL(pathname, server.url).href))?.status()).toBe(200);
      await expectWholeHints(page, `${language} ${pathname}`);
    });
  });
});
