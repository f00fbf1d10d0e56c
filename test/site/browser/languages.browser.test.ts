// The main page types of each other-language build (test/site/helpers/test-sites.ts) in Chromium: they open cleanly
// and axe finds no serious or critical violation, with the words and dates of that language.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../../../src/eleventy/security-headers.ts';
import { blocking, formatViolations, ruleIds, runAxe } from './axe.ts';
import { launchChromium } from '../../../scripts/lib/chromium.ts';
import { openPage } from '../../../scripts/lib/open-page.ts';
import { startStaticServer, type StaticServer } from '../../../scripts/lib/static-server.ts';
import { languageSites as otherLanguageSites, OTHER_LANGUAGES } from '../helpers/test-sites.ts';

// From the last language: test/site/languages.test.ts asks from the first, and the two files build them side by side.
const languageSites = await otherLanguageSites([...OTHER_LANGUAGES].reverse());
const PAGES = ['/', '/leo/', '/weekly/', '/weekly/2026-w47/leo/', '/charts/elizabeth-ii/'];

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchChromium();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

afterAll(async () => {
  await browser?.close();
});

describe.each(Object.keys(languageSites))('the site in %s', (language) => {
  let server: StaticServer;
  beforeAll(async () => {
    server = await startStaticServer(languageSites[language]!, { headers: SECURITY_HEADERS });
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(PAGES)(
    '%s opens cleanly, in its language, and axe finds no serious or critical violation',
    async (pathname) => {
      const { page, context, response, problems } = await openPage(browser, server.url, pathname);
      contexts.push(context);
      expect.soft(response?.status()).toBe(200);
      expect.soft(await page.locator('html').getAttribute('lang')).toBe(language);
      expect.soft(await page.locator('h1').count()).toBe(1);
      expect.soft(problems.consoleErrors).toEqual([]);
      expect.soft(problems.failedRequests).toEqual([]);
      const serious = blocking(await runAxe(page));
      expect(ruleIds(serious), `axe on ${pathname} (${language}):\n${formatViolations(serious)}`).toEqual([]);
    },
  );
});
