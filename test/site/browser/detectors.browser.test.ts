// The browser checks themselves: on a deliberately broken page every detector must fire, and on a clean page
// none may. Without this, a probe that silently returned nothing (axe not injected, a console listener on the
// wrong event) would keep pages.browser.test.ts green whatever the templates did.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../../../src/eleventy/security-headers.ts';
import { blocking, formatViolations, runAxe } from './axe.ts';
import { ChromiumMissingError, launchChromium } from '../../../scripts/lib/chromium.ts';
import { openPage } from '../../../scripts/lib/open-page.ts';
import { focusedElement, hasFocusIndicator, overflowCulprits, scrollWidth } from './page-checks.ts';
import { startStaticServer, type StaticServer } from '../../../scripts/lib/static-server.ts';

const PHONE = { width: 375, height: 812 };

const BROKEN_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Broken</title>
<link rel="stylesheet" href="/broken.css">
<link rel="stylesheet" href="/missing.css">
<script src="/throws.js"></script>
</head><body>
<a href="/">Home</a>
<main id="main">
<h1>One</h1><h1>Two</h1>
<img src="/pixel.svg">
<p class="faint">Barely readable</p>
<div class="too-wide">Wide</div>
<script>document.title = 'inline';</script>
</main></body></html>`;

const BROKEN_CSS = `.faint { color: #eee; background: #fff; }
.too-wide { width: 600px; }
a:focus { outline: none; }`;

const CLEAN_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Clean</title>
</head><body>
<a href="#main">Skip to content</a>
<main id="main"><h1>Clean</h1><p>Readable text and <a href="/">a link home</a>.</p></main>
</body></html>`;

let work: string;
let browser: Browser;
let server: StaticServer;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'browser-detectors-'));
  await writeFile(path.join(work, 'broken.html'), BROKEN_PAGE);
  await writeFile(path.join(work, 'broken.css'), BROKEN_CSS);
  await writeFile(path.join(work, 'throws.js'), 'throw new Error("boom from throws.js");');
  await writeFile(path.join(work, 'pixel.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
  await writeFile(path.join(work, 'clean.html'), CLEAN_PAGE);
  browser = await launchChromium();
  server = await startStaticServer(work, { headers: SECURITY_HEADERS });
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await rm(work, { recursive: true, force: true });
});

async function open(pathname: string, viewport = { width: 1280, height: 800 }) {
  const opened = await openPage(browser, server.url, pathname, { viewport });
  contexts.push(opened.context);
  return opened;
}

describe('the browser checks', () => {
  it('catch a broken page: CSP report, failed request, uncaught error, axe violations, sideways scroll, focus', async () => {
    const { page, problems } = await open('/broken.html');
    expect(problems.cspReports.join('\n')).toMatch(/script-src/);
    // Chrome aborts it (net::ERR_ABORTED: nosniff refuses the HTML 404 page as a stylesheet) before any
    // response event, so the failure is what gets recorded.
    expect(problems.failedRequests.join('\n')).toMatch(/\/missing\.css: /);
    expect(problems.consoleErrors.join('\n')).toMatch(/boom from throws\.js/);
    expect(await page.locator('h1').count()).toBe(2);

    const ids = blocking(await runAxe(page)).map((v) => v.id);
    expect(ids).toEqual(expect.arrayContaining(['image-alt', 'color-contrast']));
    await page.keyboard.press('Tab');
    const first = await focusedElement(page);
    expect(first.href).toBe('/');
    expect(first.inMain).toBe(false);
    expect(hasFocusIndicator(first)).toBe(false);

    const phone = await open('/broken.html', PHONE);
    expect(await scrollWidth(phone.page)).toBeGreaterThan(PHONE.width);
    expect((await overflowCulprits(phone.page)).join('\n')).toMatch(/div\.too-wide right=\d+px "Wide"/);
  });

  it('stay quiet on a clean page', async () => {
    const { page, problems } = await open('/clean.html', PHONE);
    expect(problems).toEqual({ consoleErrors: [], cspReports: [], failedRequests: [] });
    const serious = blocking(await runAxe(page));
    expect(serious, formatViolations(serious)).toEqual([]);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await page.keyboard.press('Tab');
    const first = await focusedElement(page);
    expect(first.href).toBe('#main');
    expect(hasFocusIndicator(first)).toBe(true);
  });

  it('fail, never skip, when Chromium is not installed, saying how to install it', async () => {
    const missing = launchChromium('/nonexistent/chromium');
    await expect(missing).rejects.toThrow(ChromiumMissingError);
    await expect(launchChromium('/nonexistent/chromium')).rejects.toThrow(/apt-get install -y chromium/);
  });
});
