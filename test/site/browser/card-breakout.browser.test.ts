// Intros are quoted inside the hubs' cards (`<li class="card">…<div class="intro">…</div></li>`). Whatever the
// service writes, the browser's own parser must find exactly one card per intro: markup that closes the card
// early (a stray `<li>`, whose end tag is implied) would turn the rest of the intro into cards of its own.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeReportHtml } from '../../../src/data/sanitize.ts';
import { XSS_VECTORS } from '../../fixtures/xss-vectors.ts';
import { launchChromium } from '../../../scripts/lib/chromium.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const HOSTILE_INTROS = [
  '<li draggable ondrag="alert(1)">test</li>rest of the intro',
  '<li>one</li><li>two</li><li>three</li>',
  '</li><li>after a stray end tag',
  '<dd>term</dd><dt>title</dt><li>item</li>',
  '<td>cell</td></tr><tr><td>row</td>',
  '<ul><li>a</ul><li>b',
  '<p><li>inside a paragraph</li></p>',
  ...XSS_VECTORS.map((v) => v.html),
];

describe('hub cards', () => {
  it('stay one card per intro for every hostile intro', async () => {
    const page = await browser.newPage();
    try {
      for (const intro of HOSTILE_INTROS) {
        const cards = Array.from(
          { length: 12 },
          (_, i) => `<li class="card"><h2>Sign ${i}</h2><div class="intro">${sanitizeReportHtml(intro)}</div></li>`,
        );
        await page.setContent(
          `<!doctype html><html lang="en"><title>t</title><ul class="cards">${cards.join('\n')}</ul>`,
        );
        const count = await page.locator('ul.cards > li').count();
        expect(count, intro).toBe(12);
      }
    } finally {
      await page.close();
    }
  });
});
