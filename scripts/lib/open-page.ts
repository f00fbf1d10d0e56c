// Opening a page in Chromium while recording what went wrong: the browser tests assert on it, the screenshots
// use it. https://playwright.dev/docs/api/class-page
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';

/** Where browsers look for an icon when a page declares none. */
export const FAVICON_PATH = '/favicon.ico';

/** What went wrong while a page loaded, gathered from the browser's own events. */
export interface LoadProblems {
  /** console.error messages and uncaught exceptions. */
  consoleErrors: string[];
  /** Console messages about the Content Security Policy (Chrome reports every blocked load or inline code so). */
  cspReports: string[];
  /** Requests that failed at the network level or answered 400 or more (other than the page itself). */
  failedRequests: string[];
}

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  response: Response | null;
  problems: LoadProblems;
}

export interface OpenPageOptions {
  viewport?: { width: number; height: number };
  colorScheme?: 'light' | 'dark';
  /** Run on the fresh context before the page loads: to answer requests to other sites (context.route). */
  prepare?: (context: BrowserContext) => Promise<void>;
}

/** Opens `pathname` of `origin` in a fresh context; close `context` when done. */
export async function openPage(
  browser: Browser,
  origin: string,
  pathname: string,
  options: OpenPageOptions = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 800 },
    colorScheme: options.colorScheme ?? 'light',
    reducedMotion: 'reduce',
  });
  await options.prepare?.(context);
  const page = await context.newPage();
  const problems: LoadProblems = { consoleErrors: [], cspReports: [], failedRequests: [] };
  const target = new URL(pathname, origin).href;
  page.on('console', (message) => {
    const where = message.location().url;
    const text = `${message.type()}: ${message.text()}${where ? ` (${where})` : ''}`;
    if (/content security policy/i.test(message.text())) problems.cspReports.push(text);
    else if (message.type() !== 'error') return;
    // A 404 page's own document answers 404 by design, and Chrome logs that as a console error.
    else if (where === target && /\b404\b/.test(message.text())) return;
    // Chrome fetches /favicon.ico by itself when a page declares no icon, once per browser and at a moment of
    // its choosing, so whether its error lands in this page's log is a race; the favicon test checks it instead.
    else if (new URL(where || 'about:blank', target).pathname === FAVICON_PATH) return;
    else problems.consoleErrors.push(text);
  });
  page.on('pageerror', (error) => problems.consoleErrors.push(`uncaught: ${error.message}`));
  page.on('requestfailed', (request) =>
    problems.failedRequests.push(`${request.url()}: ${request.failure()?.errorText ?? 'failed'}`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400 && response.url() !== target)
      problems.failedRequests.push(`${response.url()}: HTTP ${response.status()}`);
  });
  const response = await page.goto(target, { waitUntil: 'load' });
  return { page, context, response, problems };
}
