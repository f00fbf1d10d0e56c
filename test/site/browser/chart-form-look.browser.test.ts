// The chart form's fields and buttons in Chromium: styled by the site's stylesheet as the header's search box is,
// not left in the browser's default look beside it (no inline style: the policy allows none). And what leads to and
// from the form, a chart's signs with their reports and the ascendant pages' invitation: set apart in the theme's
// colours on a phone, light and dark, with nothing axe finds serious.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../scripts/lib/chromium.ts';
import { blocking, formatViolations, ruleIds, runAxe } from './axe.ts';
import { FORM_SITE } from '../../helpers/form-worker.ts';
import { serveCopy, type ServedCopy } from './served-copy.ts';

let served: ServedCopy;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  served = await serveCopy(FORM_SITE);
  browser = await launchChromium();
  page = await browser.newPage();
  await page.goto(new URL('charts/yours/', served.server.url).href);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await served?.close();
});

/** What makes a field look like the search box's: its font, colours, border and padding, as computed. */
const LOOK = [
  'font-family',
  'font-size',
  'color',
  'background-color',
  'border-top-style',
  'border-top-width',
  'border-top-color',
  'border-top-left-radius',
  'padding-top',
  'padding-left',
];

/** In-page (a string: the project's TypeScript has no DOM lib), the LOOK of the element `selector` names. */
function look(
  selector: string,
  on: Page = page,
  properties: readonly string[] = LOOK,
): Promise<Record<string, string>> {
  const style = `getComputedStyle(document.querySelector(${JSON.stringify(selector)}))`;
  return on.evaluate(
    `(() => { const style = ${style}; return Object.fromEntries(${JSON.stringify(properties)}.map((name) => [name, style.getPropertyValue(name)])); })()`,
  ) as Promise<Record<string, string>>;
}

describe("the chart form's fields", () => {
  it('look like the search box: the date, the time and the place as its input, the button as its button', async () => {
    const searchInput = await look('.site-search input');
    const searchButton = await look('.site-search button');
    // The browser's own look differs from the site's: a grey border of its own, no radius.
    expect(searchInput['border-top-left-radius']).not.toBe('0px');
    for (const field of ['#chart-date', '#chart-time', '#chart-place', '#chart-place-choice'])
      expect(await look(field), field).toEqual(searchInput);
    expect(await look('form.chart-form button[type=submit]')).toEqual(searchButton);
  });

  it('carry no inline style', async () => {
    expect(await page.locator('.chart-form [style]').count()).toBe(0);
  });
});

/** The test site's card colour (test/fixtures/site/content/theme.css `--card`), light and dark. */
const CARD = { light: 'rgb(243, 240, 250)', dark: 'rgb(34, 31, 44)' };

describe('what leads to and from the form', () => {
  it.each([
    ["a chart's signs and their reports", '/charts/frida-kahlo/', '.chart-leads'],
    ["the ascendant page's invitation", '/ascendant/2026/leo/', '.rising-invite'],
  ])(
    'sets %s apart on a phone, light and dark, nothing scrolling sideways, with no serious axe violation',
    async (_what, pathname, selector) => {
      for (const colorScheme of ['light', 'dark'] as const) {
        const phone = await browser.newPage({ viewport: { width: 375, height: 812 }, colorScheme });
        await phone.goto(new URL(pathname.slice(1), served.server.url).href);
        expect(await look(selector, phone, ['background-color']), colorScheme).toEqual({
          'background-color': CARD[colorScheme],
        });
        // The reports in a row of links, not the browser's nested bullets.
        if (selector === '.chart-leads')
          expect(await look('.read-on', phone, ['list-style-type', 'padding-left'])).toEqual({
            'list-style-type': 'none',
            'padding-left': '0px',
          });
        expect(await phone.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
        const serious = blocking(await runAxe(phone));
        expect(ruleIds(serious), `${colorScheme}: ${formatViolations(serious)}`).toEqual([]);
        await phone.close();
      }
    },
  );
});
