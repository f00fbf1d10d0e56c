// The chart form's fields and buttons in Chromium: styled by the site's stylesheet as the header's search box is,
// not left in the browser's default look beside it (no inline style: the policy allows none).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../scripts/lib/chromium.ts';
import { serveCopy, type ServedCopy } from './served-copy.ts';

let served: ServedCopy;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  served = await serveCopy((site) => ({ ...site, chartForm: { dailyLimit: 50 } }));
  browser = await launchChromium();
  page = await browser.newPage();
  await page.goto(new URL('charts/yours/', served.server.url).href);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await served?.close();
});

/** What makes a field look like the search box's: its font, colours, border and padding, as computed. */
const LOOK = ['font-family', 'font-size', 'color', 'background-color', 'border-top-style', 'border-top-width', 'border-top-color', 'border-top-left-radius', 'padding-top', 'padding-left'];

/** In-page (a string: the project's TypeScript has no DOM lib), the LOOK of the element `selector` names. */
function look(selector: string): Promise<Record<string, string>> {
  const style = `getComputedStyle(document.querySelector(${JSON.stringify(selector)}))`;
  return page.evaluate(`(() => { const style = ${style}; return Object.fromEntries(${JSON.stringify(LOOK)}.map((name) => [name, style.getPropertyValue(name)])); })()`) as Promise<Record<string, string>>;
}

describe("the chart form's fields", () => {
  it('look like the search box: the date, the time and the place as its input, the button as its button', async () => {
    const searchInput = await look('.site-search input');
    const searchButton = await look('.site-search button');
    // The browser's own look differs from the site's: a grey border of its own, no radius.
    expect(searchInput['border-top-left-radius']).not.toBe('0px');
    for (const field of ['#chart-date', '#chart-time', '#chart-place', '#chart-place-choice']) expect(await look(field), field).toEqual(searchInput);
    expect(await look('form.chart-form button[type=submit]')).toEqual(searchButton);
  });

  it('carry no inline style', async () => {
    expect(await page.locator('.chart-form [style]').count()).toBe(0);
  });
});
