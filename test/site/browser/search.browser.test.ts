// The search, end to end: a small site in English, Spanish and German (the current period of each kind) built by the
// build command, served with its own `_headers`, opened in Debian's Chromium at /search/?q=retrograde, as the header's
// form sends it: the page lists report pages under the policy the browser enforces (header and meta element), and
// a result opens; the Spanish and German search pages find their own language's pages alone, in that language. With a part of the index or its list
// missing or damaged, the page lists what the main part finds and says part of the archive could not be searched (in
// the page's language); a
// long query is cut, and the page says so. The same site shows the language switcher: on a phone's and a desktop's
// width, in the header, with targets a finger can hit and a visible focus.
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../scripts/lib/chromium.ts';
import { openPage } from '../../../scripts/lib/open-page.ts';
import { blocking, formatViolations, ruleIds, runAxe } from './axe.ts';
import { focusedElement, hasFocusIndicator, overflowCulprits } from './page-checks.ts';
import type { StaticServer } from '../../../scripts/lib/static-server.ts';
import { decodeAttribute } from '../../../src/cli/check/link-check.ts';
import { mainOf } from '../helpers/built-site.ts';
import { CURRENT_PERIODS } from '../../helpers/project-copy.ts';
import { serveCopy, type ServedCopy } from './served-copy.ts';

/** The search page's policy, written out by hand: the site's, and WebAssembly for Pagefind. */
const SEARCH_POLICY =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self'; object-src 'none'; " +
  "base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

let served: ServedCopy | undefined;
let browser: Browser;
let server: StaticServer;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  // No service named: the embedded sample service writes each language's reports. The sample texts of the week of
  // 2026-11-22 name retrograde planets in most signs' reports ("retrógrado", "rückläufig").
  // Last year's yearly reports too: a closed year, its own part of the index, merged by the search page.
  // A copy of its own: the tests below take files of its index away and put them back.
  served = await serveCopy({
    copy: true,
    site: { language: null, languages: ['en', 'es', 'de'] },
    periods: { ...CURRENT_PERIODS, yearly: { past: 1, future: 0 } },
  });
  ({ server } = served);
  browser = await launchChromium();
});

afterAll(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
  await browser?.close();
  await served?.close();
});

/**
 * The English report page of the built site whose text names `word` most often (the first in path order of those
 * that tie): the page a search for it must list among its first results.
 */
function pageNamingMost(dist: string, word: RegExp): string {
  const reports = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) =>
    /^(weekly|monthly|yearly|ascendant)\/[^/]+\/[a-z]+\/index\.html$/.test(file),
  );
  const times = (file: string) =>
    mainOf(readFileSync(path.join(dist, file), 'utf8'))
      .replace(/<[^>]*>/g, ' ')
      .match(word)?.length ?? 0;
  const [most] = reports
    .sort()
    .map((file) => ({ file, times: times(file) }))
    .sort((a, b) => b.times - a.times);
  expect(most?.times).toBeGreaterThan(0);
  return `/${most!.file.replace(/index\.html$/, '')}`;
}

/** The text of the built page's first heading at `url` (its `<h1>`, which Pagefind takes as its title). */
function headingOf(dist: string, url: string): string {
  const html = readFileSync(path.join(dist, url, 'index.html'), 'utf8');
  const heading = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(mainOf(html))?.[1] ?? '';
  return decodeAttribute(heading.replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

/** The layout shifts Chromium recorded on the page so far, each as the elements that moved. */
function layoutShifts(page: Page): Promise<string[][]> {
  // The buffered entries reach the observer's callback on a later task, after the next frame.
  return page.evaluate(`(async () => {
    const shifts = [];
    const observer = new PerformanceObserver((list) => shifts.push(...list.getEntries()));
    observer.observe({ type: 'layout-shift', buffered: true });
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    observer.disconnect();
    return shifts.map((shift) => shift.sources.map((source) => source.node?.outerHTML?.slice(0, 60) ?? '?'));
  })()`);
}

describe('the search page in Chromium', () => {
  it('lists report pages for ?q=retrograde on arrival, with no policy violation, and a result opens', async () => {
    const { page, response, problems, context } = await openPage(browser, server.url, '/search/?q=retrograde');
    contexts.push(context);
    expect(response?.headers()['content-security-policy']).toBe(SEARCH_POLICY);
    // The status says "Searching…" until the results are listed, or the search failed.
    const status = page.locator('#search-results [role="status"]');
    await expect.poll(() => status.textContent(), { timeout: 300_000 }).not.toMatch(/^(Searching…)?$/);
    expect(problems.cspReports).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
    const links = page.locator('#search-results .search-list a');
    const hrefs = (await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')))).map(
      (href) => new URL(href!, server.url).pathname,
    );
    expect(hrefs.length).toBeGreaterThan(5);
    expect(
      hrefs.filter((href) => /^\/(weekly|monthly|yearly|ascendant)\/[^/]+\/[a-z]+\/$/.test(href)).length,
    ).toBeGreaterThan(5);
    // Every result, of the main part and of last year's merged into it: among them last year's pages, and the report
    // page that names retrograde most often, as the built pages say (how the parts rank together:
    // test/commands/search-ranking.test.ts).
    const all = (await page.evaluate(`(async () => {
      const pagefind = await import('/pagefind/pagefind.js');
      const found = await pagefind.search('retrograde');
      return Promise.all(found.results.map(async (result) => (await result.data()).url));
    })()`)) as string[];
    expect(all.filter((href) => href.startsWith('/yearly/2025/')).length).toBeGreaterThan(0);
    expect(all).toContain(pageNamingMost(path.join(served!.project, 'dist'), /\bretrograde\b/gi));
    // The English index alone: no Spanish or German page.
    expect(hrefs.filter((href) => /^\/(es|de)\//.test(href))).toEqual([]);
    // The query stands in the header's box, the results' words are the page's language.
    expect(await page.inputValue('#site-search-q')).toBe('retrograde');
    expect(await status.textContent()).toMatch(/^Pages found: \d+$/);
    // Each result is titled as its page is, and shows a passage of it with the word found marked.
    const items = await page.locator('#search-results .search-list li').evaluateAll((lis) =>
      lis.map((li) => ({
        title: li.querySelector('h2 a')?.textContent,
        marks: [...li.querySelectorAll('p mark')].map((mark) => mark.textContent?.toLowerCase()),
      })),
    );
    const dist = path.join(served!.project, 'dist');
    expect(items.map(({ title }) => title)).toEqual(hrefs.map((href) => headingOf(dist, href)));
    expect(items[0]!.marks).toContain('retrograde');
    // The count is of every page Pagefind finds, as its own API says, not of the first ones listed alone.
    const found = await page.evaluate<number>(
      `import(${JSON.stringify('/pagefind/pagefind.js')}).then((pagefind) => pagefind.search('retrograde')).then((search) => search.results.length)`,
    );
    expect(found).toBeGreaterThan(items.length);
    // The first 20 listed (docs/search.md, "Results listed"); "retrograde" finds more.
    expect(found).toBeGreaterThan(20);
    expect(items).toHaveLength(20);
    expect(await status.textContent()).toBe(`Pages found: ${found}`);
    // Pagefind searched in its worker, off the page's thread, under the worker file's own policy.
    expect(page.workers().map((worker) => new URL(worker.url()).pathname)).toEqual(['/pagefind/pagefind-worker.js']);
    // The results arrive after the first paint and move nothing already shown (Lighthouse's layout shift).
    expect(await layoutShifts(page)).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
    const serious = blocking(await runAxe(page));
    expect(ruleIds(serious), formatViolations(serious)).toEqual([]);
    const [opened] = await Promise.all([page.waitForEvent('load'), links.first().click()]);
    expect(opened.url()).toBe(new URL(hrefs[0]!, server.url).href);
    expect(await page.locator('main h1').textContent()).toBeTruthy();
  });

  it.each([
    { name: 'Spanish', tag: 'es', word: 'retrógrado', found: 'Páginas encontradas' },
    { name: 'German', tag: 'de', word: 'rückläufig', found: 'Gefundene Seiten' },
  ])('finds $name pages alone from the $name search page, in $name', async ({ tag, word, found }) => {
    const { page, response, problems, context } = await openPage(
      browser,
      server.url,
      `/${tag}/search/?q=${encodeURIComponent(word)}`,
    );
    contexts.push(context);
    expect(response?.headers()['content-security-policy']).toBe(SEARCH_POLICY);
    const status = page.locator('#search-results [role="status"]');
    await expect.poll(() => status.textContent(), { timeout: 300_000 }).toMatch(new RegExp(`^${found}: \\d+$`));
    const hrefs = await page
      .locator('#search-results .search-list a')
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThan(5);
    const own = new RegExp(
      `^/${tag}/((weekly|monthly|yearly|ascendant)/[^/]+/[a-z]+/|[a-z]+/|(weekly|monthly|yearly|ascendant|calendar)/[^/]+/)$`,
    );
    expect(hrefs.filter((href) => !own.test(href!))).toEqual([]);
    expect(problems.cspReports).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
  });
});

/** A fault planted in the served copy's files; it returns what puts them back. */
type Fault = (dist: string) => () => void;

/** `file` (relative to the built site) moved aside until put back. */
const gone =
  (file: string): Fault =>
  (dist) => {
    renameSync(path.join(dist, file), path.join(dist, `${file}.aside`));
    return () => renameSync(path.join(dist, `${file}.aside`), path.join(dist, file));
  };

/** `file` replaced by what `text` makes of its content until put back. */
const rewritten =
  (file: string, text: (original: string) => string): Fault =>
  (dist) => {
    const original = readFileSync(path.join(dist, file), 'utf8');
    writeFileSync(path.join(dist, file), text(original));
    return () => writeFileSync(path.join(dist, file), original);
  };

/** The search page at `pathname` once it searched: the status's lines (count, then notes), the query box, the links. */
async function searched(pathname: string): Promise<{ lines: string[]; query: string; hrefs: string[] }> {
  const { page, context } = await openPage(browser, server.url, pathname);
  contexts.push(context);
  const status = page.locator('#search-results [role="status"]');
  await expect
    .poll(() => status.textContent(), { timeout: 300_000 })
    .not.toMatch(/^(Searching…|Buscando…|Suche läuft…)?$/);
  // Its text nodes: the lines between its line breaks.
  const lines = await status.evaluate((element) =>
    [...element.childNodes].filter((node) => node.nodeType === 3).map((node) => node.textContent ?? ''),
  );
  const hrefs = (
    await page
      .locator('#search-results .search-list a')
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')))
  ).map((href) => new URL(href!, server.url).pathname);
  return { lines, query: await page.inputValue('#site-search-q'), hrefs };
}

/** How many pages the main part alone holds for `word`: Pagefind's own search of that bundle, nothing merged. */
async function mainPartFinds(folder: string, word: string): Promise<number> {
  // The search page without a query loads no part: Pagefind's script there knows its own bundle alone.
  const { page, context } = await openPage(browser, server.url, `${folder}/search/`);
  contexts.push(context);
  return page.evaluate(
    `import('${folder}/pagefind/pagefind.js').then((pagefind) => pagefind.search(${JSON.stringify(word)})).then((found) => found.results.length)`,
  );
}

describe('the search page with part of the index missing or damaged', () => {
  /** The fixture's words for the notes, in each language. */
  const notes = (language: string) =>
    (
      JSON.parse(readFileSync(path.join(served!.project, `content/i18n/${language}.json`), 'utf8')) as {
        search: Record<string, string>;
      }
    ).search;
  const parts = (original: string) => JSON.parse(original) as { parts: unknown[] };
  let main: Promise<number> | undefined;
  /** What the main part alone finds for "retrograde", fewer than the whole index, whose other part adds pages. */
  const mainFinds = () =>
    (main ??= (async () => {
      const whole = await searched('/search/?q=retrograde');
      const found = await mainPartFinds('', 'retrograde');
      expect(whole.lines).toEqual([expect.stringMatching(/^Pages found: \d+$/)]);
      expect(Number(/\d+$/.exec(whole.lines[0]!)![0])).toBeGreaterThan(found);
      return found;
    })());

  it.each<[string, Fault]>([
    ["the quarters' part's folder gone", gone('pagefind-quarters')],
    ["the quarters' part's index chunks gone", gone('pagefind-quarters/index')],
    ['parts.json gone', gone('pagefind/parts.json')],
    ['parts.json cut short', rewritten('pagefind/parts.json', (original) => original.slice(0, original.length / 2))],
    [
      'parts.json an HTML page',
      rewritten('pagefind/parts.json', () => '<!doctype html><title>Not found</title><p>Not found</p>'),
    ],
    ['parts.json an empty object', rewritten('pagefind/parts.json', () => '{}')],
    [
      'parts.json with a page count that is not a number',
      rewritten('pagefind/parts.json', (original) =>
        JSON.stringify({
          ...parts(original),
          parts: parts(original).parts.map((part) => ({ ...(part as object), pages: '12' })),
        }),
      ),
    ],
    [
      'parts.json listing the main part alone',
      rewritten('pagefind/parts.json', (original) =>
        JSON.stringify({ ...parts(original), parts: parts(original).parts.slice(0, 1) }),
      ),
    ],
  ])(
    '%s: lists what the main part finds, and says part of the archive could not be searched',
    async (_fault, plant) => {
      const main = await mainFinds();
      const restore = plant(served!.dist);
      try {
        const degraded = await searched('/search/?q=retrograde');
        expect(degraded.lines).toEqual([`Pages found: ${main}`, notes('en').partial]);
        expect(degraded.hrefs.length).toBeGreaterThan(5);
        expect(degraded.hrefs.filter((href) => href.startsWith('/yearly/2025/'))).toEqual([]);
      } finally {
        restore();
      }
    },
  );

  it.each([
    { name: 'Spanish', tag: 'es', word: 'retrógrado', found: 'Páginas encontradas' },
    { name: 'German', tag: 'de', word: 'rückläufig', found: 'Gefundene Seiten' },
  ])("says so in the page's language: the $name search with its quarters' part gone", async ({ tag, word, found }) => {
    const main = await mainPartFinds(`/${tag}`, word);
    const restore = gone(`${tag}/pagefind-quarters`)(served!.dist);
    try {
      const degraded = await searched(`/${tag}/search/?q=${encodeURIComponent(word)}`);
      expect(degraded.lines).toEqual([`${found}: ${main}`, notes(tag).partial]);
    } finally {
      restore();
    }
  });

  it('searches the first 10 words of a longer query and the first 100 characters of a longer word, and says it cut them', async () => {
    const words = [
      'mercury',
      'venus',
      'mars',
      'jupiter',
      'saturn',
      'moon',
      'sun',
      'love',
      'career',
      'money',
      'health',
      'family',
    ];
    const long = await searched(`/search/?q=${words.join('+')}`);
    expect(long.query).toBe(words.slice(0, 10).join(' '));
    expect(long.lines).toEqual([expect.stringMatching(/^Pages found: \d+$/), notes('en').shortened]);
    const word = `retrograde${'x'.repeat(140)}`;
    const longWord = await searched(`/search/?q=${word}`);
    expect(longWord.query).toBe(word.slice(0, 100));
    expect(longWord.lines.slice(1)).toEqual([notes('en').shortened]);
    // Ten words, as the box sends them, are searched whole.
    expect((await searched(`/search/?q=${words.slice(0, 10).join('+')}`)).lines).toEqual([
      expect.stringMatching(/^Pages found: \d+$/),
    ]);
  });
});

describe('the language switcher in Chromium', () => {
  it.each([
    { width: 375, colorScheme: 'light' as const },
    { width: 1280, colorScheme: 'dark' as const },
  ])(
    'fits the header at $width px ($colorScheme), its links at least 24 px each way and outlined on focus',
    async ({ width, colorScheme }) => {
      const { page, problems, context } = await openPage(browser, server.url, '/es/weekly/2026-w47/leo/', {
        viewport: { width, height: 800 },
        colorScheme,
      });
      contexts.push(context);
      // The Spanish page links the site's two other languages, each by its own name.
      const links = page.locator('.language-switcher a');
      expect(await links.allTextContents()).toEqual(['English', 'Deutsch']);
      // WCAG 2.2's target size (minimum): 24 by 24 CSS px. https://www.w3.org/WAI/WCAG22/Understanding/target-size-minimum
      for (const each of await links.all()) {
        const { width: linkWidth, height } = (await each.boundingBox())!;
        expect(Math.min(linkWidth, height)).toBeGreaterThanOrEqual(24);
      }
      // The first and the last: the row of links as a whole.
      const [first, last] = [(await links.first().boundingBox())!, (await links.last().boundingBox())!];
      const box = {
        x: first.x,
        y: Math.min(first.y, last.y),
        width: last.x + last.width - first.x,
        height: Math.max(first.y + first.height, last.y + last.height) - Math.min(first.y, last.y),
      };
      const header = (await page.locator('.site-header').boundingBox())!;
      const title = (await page.locator('.site-title').boundingBox())!;
      // Inside the header and the viewport, after the title: at its line's end on a desktop, on a line of their own
      // below it on a phone, where the title and two languages' names do not fit on one line.
      expect(box.y).toBeGreaterThanOrEqual(header.y);
      expect(box.y + box.height).toBeLessThanOrEqual(header.y + header.height);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(await overflowCulprits(page)).toEqual([]);
      if (width >= 1280) {
        expect(Math.abs(box.y + box.height / 2 - (title.y + title.height / 2))).toBeLessThan(title.height / 2);
        expect(box.x).toBeGreaterThan(title.x + title.width);
      } else {
        expect(box.y).toBeGreaterThanOrEqual(title.y + title.height);
      }
      // Keyboard order follows what is seen: skip link, title, then the switcher.
      for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
      const focused = await focusedElement(page);
      expect(focused).toMatchObject({ text: 'English', href: '/weekly/2026-w47/leo/' });
      expect(hasFocusIndicator(focused)).toBe(true);
      expect(problems.consoleErrors).toEqual([]);
      const serious = blocking(await runAxe(page));
      expect(ruleIds(serious), formatViolations(serious)).toEqual([]);
    },
  );
});
