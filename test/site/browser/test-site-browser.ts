// The shared test site served with the security headers, and a Chromium for one test file: the hooks that start
// them before its tests and close each test's pages after it (a page left open keeps the machine's one browser
// process loaded), as vitest's lifecycle hooks run them. https://vitest.dev/api/#beforeall
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { SECURITY_HEADERS } from '../../../src/eleventy/security-headers.ts';
import { launchChromium } from '../../../scripts/lib/chromium.ts';
import { openPage, type OpenPageOptions } from '../../../scripts/lib/open-page.ts';
import { startStaticServer, type StaticServer } from '../../../scripts/lib/static-server.ts';
import { testSite } from '../helpers/test-sites.ts';

export interface TestSiteBrowser {
  readonly siteDir: string;
  /** The server's base URL, once the file's tests run. */
  url(): string;
  /** `pathname` opened in a new context, closed after the test; `defaults` under the test's own options. */
  open(pathname: string, options?: OpenPageOptions): ReturnType<typeof openPage>;
  /** A bare context of the file's browser, closed after the test. */
  newContext(options: BrowserContextOptions): Promise<BrowserContext>;
}

export async function testSiteBrowser(defaults: OpenPageOptions = {}): Promise<TestSiteBrowser> {
  const siteDir = (await testSite()).dist;
  let browser: Browser;
  let server: StaticServer;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
    server = await startStaticServer(siteDir, { headers: SECURITY_HEADERS });
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    siteDir,
    url: () => server.url,
    async open(pathname, options = {}) {
      const opened = await openPage(browser, server.url, pathname, { ...defaults, ...options });
      contexts.push(opened.context);
      return opened;
    },
    async newContext(options) {
      const context = await browser.newContext(options);
      contexts.push(context);
      return context;
    },
  };
}
