import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIGN_SLUGS } from '../../src/data/signs.ts';
import { mainOf } from './helpers/built-site.ts';
import { testSite } from './helpers/test-sites.ts';

const siteDir = (await testSite()).dist;
const read = (p: string) => readFileSync(path.join(siteDir, p), 'utf8');

describe('the built site (sample service, 2026-11-22)', () => {
  it('has 12 sign pages for every published period, at the public URLs', () => {
    const periods = [
      ...['2026-w43', '2026-w44', '2026-w45', '2026-w46', '2026-w47', '2026-w48'].map((k) => `weekly/${k}`),
      ...['2026-09', '2026-10', '2026-11', '2026-12'].map((k) => `monthly/${k}`),
      ...['2025', '2026', '2027'].map((k) => `yearly/${k}`),
      ...['2025', '2026', '2027'].map((k) => `ascendant/${k}`),
    ];
    for (const period of periods) {
      expect(existsSync(path.join(siteDir, period, 'index.html')), `${period}/ hub`).toBe(true);
      for (const sign of SIGN_SLUGS)
        expect(existsSync(path.join(siteDir, period, sign, 'index.html')), `${period}/${sign}/`).toBe(true);
    }
    expect(existsSync(path.join(siteDir, 'weekly/2026-w42'))).toBe(false);
    expect(existsSync(path.join(siteDir, 'weekly/2026-w49'))).toBe(false);
  });

  // Checked inside <main>: the header's sign navigation on every page already names and links all 12 signs.
  it('has a hub per sign and a home page, each linking the current week', () => {
    for (const sign of SIGN_SLUGS)
      expect(mainOf(read(`${sign}/index.html`)), sign).toContain(`href="/weekly/2026-w47/${sign}/"`);
    const home = mainOf(read('index.html'));
    for (const sign of SIGN_SLUGS) expect(home, sign).toContain(`href="/weekly/2026-w47/${sign}/"`);
  });

  it('shows the sign, the period in words, the intro and the text, and says it is sample content', () => {
    const html = read('weekly/2026-w47/leo/index.html');
    const h1 = /<h1>([\s\S]*?)<\/h1>/.exec(mainOf(html))?.[1];
    expect(h1).toBe('Leo weekly horoscope <span class="period">November 16\u2009–\u200922, 2026</span>');
    // The sign's glyph drawn large beside it, the disc of the share images.
    expect(mainOf(html)).toMatch(
      /<header class="page-heading page-heading-sign">\s*<svg class="sign-glyph" viewBox="[^"]+" aria-hidden="true"><circle [^>]+\/><text [^>]+>♌\uFE0E<\/text><\/svg>/,
    );
    const [, intro, text] =
      /<div class="intro">([\s\S]*?)<\/div>\s*<div class="text"[^>]*>([\s\S]*?)<\/div>/.exec(mainOf(html)) ?? [];
    for (const part of [intro, text]) expect(part?.replace(/<[^>]*>/g, '').trim()).toMatch(/\w{3,}/);
    expect(html).toContain('<p class="sample-notice">The horoscopes on this site are sample content');
  });

  it('the search page says, without JavaScript, that search needs it, and links every archive after the results', () => {
    const main = mainOf(read('search/index.html'));
    expect(main).toMatch(
      /<h1>Search<\/h1>\n<noscript><p>Search needs JavaScript, which is turned off in this browser. Every horoscope is also listed in the archives:<\/p><\/noscript>\n<div id="search-results"/,
    );
    expect(main.indexOf('<h2>Archives</h2>')).toBeGreaterThan(main.indexOf('id="search-results"'));
    expect(main).toContain(
      [
        '<h2>Archives</h2>',
        '<ul class="hub-links">',
        '<li><a href="/weekly/">Weekly horoscopes</a></li>',
        '<li><a href="/monthly/">Monthly horoscopes</a></li>',
        '<li><a href="/yearly/">Yearly horoscopes</a></li>',
        '<li><a href="/ascendant/">Ascendant yearly horoscopes</a></li>',
        '</ul>',
      ].join('\n'),
    );
  });

  it("gives Pagefind a report page's sign, kind and language, a hub's kind and language, and leaves other pages out", () => {
    const filters = (file: string) =>
      [
        ...mainOf(read(file)).matchAll(
          /<span hidden data-pagefind-filter="(\w+)\[data-value\]" data-value="([^"]*)"><\/span>/g,
        ),
      ].map(([, name, value]) => `${name}=${value}`);
    const body = (file: string) =>
      /^<main id="main" tabindex="-1"( data-pagefind-body)?>/.exec(mainOf(read(file)))?.[1] !== undefined;
    expect(filters('weekly/2026-w47/leo/index.html')).toEqual(['sign=Leo', 'kind=Weekly horoscope', 'language=en']);
    expect(filters('ascendant/2026/pisces/index.html')).toEqual([
      'sign=Pisces',
      'kind=Ascendant yearly horoscope',
      'language=en',
    ]);
    expect(filters('monthly/2026-11/index.html')).toEqual(['kind=Monthly horoscope', 'language=en']);
    expect(body('weekly/2026-w47/leo/index.html')).toBe(true);
    for (const file of ['index.html', 'search/index.html', '404.html']) {
      expect(body(file), file).toBe(false);
      expect(filters(file), file).toEqual([]);
    }
  });
});

describe("the calendar's today (built on 2026-11-22)", () => {
  const calendarPages = () =>
    ['calendar/index.html', ...['10', '11', '12'].map((m) => `calendar/2026-${m}/index.html`)].map(
      (file) => [file, read(file)] as const,
    );
  /** The days of a page's grid marked as today, by their date. */
  const todays = (html: string) =>
    [...html.matchAll(/<td[^>]*\saria-current="date"[^>]*><time datetime="([\d-]+)"/g)].map((m) => m[1]);

  it("is the 22nd of November alone, on the hub and on November's page; no other month marks a day", () => {
    expect(Object.fromEntries(calendarPages().map(([file, html]) => [file, todays(html)]))).toEqual({
      'calendar/index.html': ['2026-11-22'],
      'calendar/2026-10/index.html': [],
      'calendar/2026-11/index.html': ['2026-11-22'],
      'calendar/2026-12/index.html': [],
    });
  });

  it('is explained, with the bold days and the icons, in a legend beside every grid', () => {
    for (const [file, html] of calendarPages()) {
      const legend = /<ul class="moon-grid-legend">([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? '';
      expect(legend, file).toContain('Bold: a day with an event in the list below');
      expect(legend, file).toContain('The Moon at noon, its lit part light');
      expect(legend, file).toContain('Outlined: today');
    }
  });
});
