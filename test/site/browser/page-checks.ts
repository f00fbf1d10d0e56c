// Opening a page while recording what went wrong, and the in-page probes the browser tests assert on.
// The probes are strings run in the page: the project's TypeScript has no DOM lib (src/ is Node code), and
// adding it for the tests would let DOM globals slip into src/ unnoticed.
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { SIGN_SLUGS } from '../../../src/data/signs.ts';

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

export const scrollWidth = (page: Page) => page.evaluate('document.documentElement.scrollWidth') as Promise<number>;

/** In-page: the elements past the right edge, deepest first, to say WHAT makes a page scroll sideways. */
const OVERFLOW_CULPRITS = `(() => {
  const limit = document.documentElement.clientWidth;
  const describe = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
    (typeof el.className === 'string' && el.className.trim() ? '.' + el.className.trim().split(/\\s+/).join('.') : '');
  const over = [...document.body.querySelectorAll('*')].filter((el) => el.getBoundingClientRect().right > limit + 0.5);
  const leaves = over.filter((el) => !over.some((other) => other !== el && el.contains(other)));
  return leaves.slice(0, 8).map((el) => {
    const text = (el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
    const right = Math.round(el.getBoundingClientRect().right);
    return describe(el) + ' right=' + right + 'px' + (text ? ' "' + text + '"' : '');
  });
})()`;

export const overflowCulprits = (page: Page) => page.evaluate(OVERFLOW_CULPRITS) as Promise<string[]>;

export interface Focused {
  tag: string;
  href: string | null;
  isMain: boolean;
  /** Inside <main> (and not main itself). */
  inMain: boolean;
  /** Inside the sign navigation: the <nav> that links to all twelve sign hubs. */
  inSignNav: boolean;
  text: string;
  /** `outline-style outline-width` of the focused element. */
  outline: string;
  boxShadow: string;
}

/** In-page: the focused element and where it sits. */
const FOCUSED = `(() => {
  const el = document.activeElement;
  if (!el || el === document.body) {
    return { tag: 'body', href: null, isMain: false, inMain: false, inSignNav: false, text: '', outline: 'none',
      boxShadow: 'none' };
  }
  const style = getComputedStyle(el);
  const nav = el.closest('nav');
  const signHubs = ${JSON.stringify(SIGN_SLUGS)};
  return {
    tag: el.tagName.toLowerCase(),
    href: el.getAttribute('href'),
    isMain: el.tagName === 'MAIN',
    inMain: !!el.closest('main') && el.tagName !== 'MAIN',
    inSignNav: !!nav && signHubs.every((s) => nav.querySelector('a[href="/' + s + '/"]')),
    text: (el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40),
    outline: style.outlineStyle + ' ' + style.outlineWidth,
    boxShadow: style.boxShadow,
  };
})()`;

export const focusedElement = (page: Page) => page.evaluate(FOCUSED) as Promise<Focused>;

/** Whether a focused element shows a focus indicator of its own (an outline or a box-shadow). */
export function hasFocusIndicator(focused: Focused): boolean {
  const [style, width] = focused.outline.split(' ');
  return (style !== 'none' && width !== '0px') || focused.boxShadow !== 'none';
}
