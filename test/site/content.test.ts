// What readers see on each page type: report pages with their navigation, hubs, home, chart pages, and the
// editors' static pages and overrides from content/ (the default build ships one example of each).
import { describe, expect, it } from 'vitest';
import { SIGN_SLUGS } from '../../src/data/signs.ts';
import { mainOf, readBuiltSite } from './helpers/built-site.ts';
import { testSite } from './helpers/test-sites.ts';

const site = readBuiltSite((await testSite()).dist);
const page = (url: string) => site.read(`${url.replace(/^\//, '')}index.html`);

function breadcrumbs(html: string): { href: string; text: string; current: boolean }[] {
  const nav = /<nav class="breadcrumbs" aria-label="Breadcrumb">\s*<ol>([\s\S]*?)<\/ol>/.exec(html);
  if (!nav) return [];
  return [...nav[1]!.matchAll(/<a href="([^"]*)"( aria-current="page")?>([^<]*)<\/a>/g)].map((m) => ({
    href: m[1]!,
    text: m[3]!,
    current: Boolean(m[2]),
  }));
}

describe('a sign and period page', () => {
  const html = page('/weekly/2026-w47/leo/');
  const main = mainOf(html);

  it('names the sign and the period in words with dates in its h1, and shows the sign facts', () => {
    expect(main).toMatch(
      /<h1>[^]*Leo weekly horoscope <span class="period">November 16\u2009–\u200922, 2026<\/span><\/h1>/,
    );
    // Each fact apart from its label and the next, also where the text is read without the layout (search excerpts).
    for (const fact of ['July 23 – August 22', 'Fire', 'Fixed'])
      expect(main).toContain(`<dd>${fact}<span class="visually-hidden"> · </span></dd>`);
    expect(main).toContain('<dt>Element<span class="visually-hidden">: </span></dt><dd>Fire');
    expect(main).toContain('<dd>Sun</dd>');
    expect(main).toMatch(/<div class="intro">\s*\S/);
    expect(main).toMatch(/<div class="text"[^>]*><p>/);
  });

  it('shows the same sign facts as the sign hub, for every sign', () => {
    const facts = (html: string) => /<dl class="sign-facts">[\s\S]*?<\/dl>/.exec(mainOf(html))?.[0];
    for (const sign of SIGN_SLUGS) {
      const onHub = facts(page(`/${sign}/`));
      expect(onHub, sign).toMatch(/<dt>Ruling planet<span class="visually-hidden">: <\/span><\/dt><dd>[^<]+<\/dd>/);
      expect(facts(page(`/weekly/2026-w47/${sign}/`)), sign).toBe(onHub);
    }
  });

  it('links the previous and next week of the same sign, where published', () => {
    expect(main).toContain(
      '<a rel="prev" href="/weekly/2026-w46/leo/">Previous week: November 9\u2009–\u200915, 2026</a>',
    );
    expect(main).toContain(
      '<a rel="next" href="/weekly/2026-w48/leo/">Next week: November 23\u2009–\u200929, 2026</a>',
    );
    expect(mainOf(page('/weekly/2026-w43/leo/'))).not.toContain('rel="prev"');
    expect(mainOf(page('/weekly/2026-w48/leo/'))).not.toContain('rel="next"');
  });

  it('links the same period of the other 11 signs, the period hub and the sign hub', () => {
    const others = SIGN_SLUGS.filter((s) => s !== 'leo');
    for (const sign of others) expect(main).toContain(`href="/weekly/2026-w47/${sign}/"`);
    expect(main).not.toContain('href="/weekly/2026-w47/leo/"');
    expect(main).toContain('href="/weekly/2026-w47/"');
    expect(main).toContain('<a href="/leo/">All Leo horoscopes</a>');
  });

  it('has breadcrumbs Home › section › period hub › sign, the last marked as the current page', () => {
    expect(breadcrumbs(html)).toEqual([
      { href: '/', text: 'Home', current: false },
      { href: '/weekly/', text: 'Weekly horoscopes', current: false },
      { href: '/weekly/2026-w47/', text: 'Weekly horoscope, November 16\u2009–\u200922, 2026', current: false },
      { href: '/weekly/2026-w47/leo/', text: 'Leo', current: true },
    ]);
  });
});

describe('hubs and home', () => {
  it('a sign hub shows the current week, month, year and ascendant year, and every published report in the archive', () => {
    const main = mainOf(page('/leo/'));
    const now = /<h2 id="now">Now<\/h2>([\s\S]*?)<\/section>/.exec(main)![1]!;
    for (const url of ['/weekly/2026-w47/leo/', '/monthly/2026-11/leo/', '/yearly/2026/leo/', '/ascendant/2026/leo/'])
      expect(now).toContain(`href="${url}"`);
    const archive = /<h2 id="archive">Archive<\/h2>([\s\S]*?)<\/section>/.exec(main)![1]!;
    expect(archive.match(/<li><a href="\/(weekly|monthly|yearly|ascendant)\/[^/]+\/leo\/">/g)).toHaveLength(16);
    expect(main).toContain('href="/leo/feed.xml"');
  });

  /** The cards' lines of a page, in sign order. */
  const highlights = (html: string) =>
    [...mainOf(html).matchAll(/<p class="highlight">([^<]*)<\/p>/g)].map((m) => m[1]!);
  /** A report page's intro and text as plain words, to find a card's line in. */
  const words = (html: string) =>
    mainOf(html)
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');

  it("a period hub links all 12 signs, each with a line of its own report that no other sign's card has", () => {
    const hub = page('/monthly/2026-11/');
    const main = mainOf(hub);
    expect(main).toContain('<h1>Monthly horoscope <span class="period">November 2026</span></h1>');
    for (const sign of SIGN_SLUGS) expect(main).toContain(`href="/monthly/2026-11/${sign}/"`);
    const lines = highlights(hub);
    expect(new Set(lines).size).toBe(12);
    // The sample service opens all twelve with "Aries: November 2026 turns on …, in your 8th house of …": each card
    // keeps what follows the shared opening, from its own report's words.
    lines.forEach((line, i) =>
      expect(words(page(`/monthly/2026-11/${SIGN_SLUGS[i]}/`)).toLowerCase(), line).toContain(line.toLowerCase()),
    );
    expect(lines[0]).toBe('In your 8th house of shared money, intimacy and change.');
  });

  it("the home page shows the 12 signs, each with its own line of the day, its week's opening and links to its hub and week", () => {
    const home = site.read('index.html');
    const main = mainOf(home);
    for (const sign of SIGN_SLUGS) {
      expect(main).toContain(`href="/${sign}/"`);
      expect(main).toContain(`href="/weekly/2026-w47/${sign}/"`);
    }
    expect(highlights(home), 'no line cut from a sentence all twelve share').toEqual([]);
    // On 2026-11-22 the Moon is in Taurus: each sign's own house, never the same line twice.
    const days = [...main.matchAll(/<p class="tile-today">(.*?)<\/p>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ''));
    expect(new Set(days).size).toBe(12);
    expect(days[4]).toBe(
      'The Moon is in Taurus, your 10th house of career and reputation, until Tuesday, 11:10 AM UTC.',
    );
    // Each tile holds its week's own opening, 40 words or more of the report's text (shown for the remembered sign).
    const openings = [...main.matchAll(/<p class="tile-reading" data-pagefind-ignore>([^<]*)<\/p>/g)].map((m) =>
      m[1]!.replaceAll('&#39;', "'"),
    );
    expect(openings).toHaveLength(12);
    openings.forEach((opening, i) => {
      expect(opening.split(/\s+/).length, SIGN_SLUGS[i]).toBeGreaterThanOrEqual(40);
      const report = words(page(`/weekly/2026-w47/${SIGN_SLUGS[i]}/`)).replaceAll('&#39;', "'");
      for (const sentence of opening.split(/(?<=\.) /)) expect(report, SIGN_SLUGS[i]).toContain(sentence);
    });
  });

  it("a sign hub opens with its week's opening, a link to the whole week and its line of the day", () => {
    const main = mainOf(page('/leo/'));
    const first = /<section class="sign-week"[\s\S]*?<\/section>/.exec(main)![0];
    expect(main.indexOf(first)).toBeLessThan(main.indexOf('<h2 id="now">'));
    expect(first).toContain('<a href="/weekly/2026-w47/leo/">');
    expect(/<p class="week-opening">([^<]*)<\/p>/.exec(first)![1]!.split(/\s+/).length).toBeGreaterThanOrEqual(40);
    expect(first).toMatch(
      /<p class="daily-line">The Moon is in Taurus, your 10th house of career and reputation, until <time datetime="2026-11-24T11:1\d:00Z" data-time="weekday">/,
    );
  });

  it('each section archive lists every published period of its kind, newest first, linking to the period hubs', () => {
    // content/site.json publishes weeks 43–48 and months 2026-08 to 2026-12 around 2026-11-22.
    const weeks = [...mainOf(page('/weekly/')).matchAll(/<li class="archive-card[^"]*"><a href="([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(weeks).toEqual([
      '/weekly/2026-w48/',
      '/weekly/2026-w47/',
      '/weekly/2026-w46/',
      '/weekly/2026-w45/',
      '/weekly/2026-w44/',
      '/weekly/2026-w43/',
    ]);
    expect(mainOf(page('/weekly/'))).toContain(
      '<a href="/weekly/2026-w47/" aria-current="date">Week 47: November 16\u2009–\u200922, 2026</a>',
    );
    const months = mainOf(page('/monthly/'));
    expect(months).toContain('<h1>Monthly horoscopes</h1>');
    expect(months).toContain(
      '<a href="/monthly/2026-11/" aria-current="date">November 2026</a> <span class="muted">(current)</span>',
    );
    // Weeks under their month, months under their year with their dates, each year with its twelve signs.
    expect(mainOf(page('/weekly/'))).toMatch(/<h2>November 2026<\/h2>\s*<ul class="archive-grid">/);
    expect(months).toMatch(
      /<h2>2026<\/h2>[\s\S]*November 2026<\/a> <span class="muted">\(current\)<\/span> <span class="archive-dates">November 1 – November 30<\/span>/,
    );
    for (const url of ['/yearly/', '/ascendant/']) {
      const years = mainOf(page(url));
      expect(years).toMatch(/<li class="archive-card[^"]*"><a href="\/(yearly|ascendant)\/2026\/"/);
      for (const sign of SIGN_SLUGS) expect(years).toContain(`${url}2026/${sign}/`);
    }
  });

  it("the home page links the four archives, and each period hub's breadcrumb passes through its archive", () => {
    const main = mainOf(site.read('index.html'));
    for (const url of ['/weekly/', '/monthly/', '/yearly/', '/ascendant/']) expect(main).toContain(`href="${url}"`);
    expect(breadcrumbs(page('/ascendant/2026/'))).toEqual([
      { href: '/', text: 'Home', current: false },
      { href: '/ascendant/', text: 'Ascendant yearly horoscopes', current: false },
      { href: '/ascendant/2026/', text: 'Ascendant yearly horoscope, 2026', current: true },
    ]);
  });

  it('the 404 page exists and leads back', () => {
    expect(mainOf(site.read('404.html'))).toContain('<a href="/">Go to the home page</a>');
  });
});

describe('natal chart pages', () => {
  it('the index lists every example chart', () => {
    const main = mainOf(page('/charts/'));
    for (const slug of ['elizabeth-ii', 'frida-kahlo', 'pablo-picasso'])
      expect(main).toContain(`href="/charts/${slug}/"`);
  });

  it("a chart page shows birth data local and UTC, the wheel, the planets table, the texts and the editor's text", () => {
    const main = mainOf(page('/charts/elizabeth-ii/'));
    expect(main).toContain('<h1>Natal chart of Queen Elizabeth II</h1>');
    // 02:40 British Summer Time (which began on April 18, 1926) is 01:40 UTC.
    expect(main).toContain('April 21, 1926 at 2:40 AM');
    expect(main).toContain('<dd>April 21, 1926 at 1:40 AM</dd>');
    expect(main).toContain('<dd>London</dd>');
    // The zone as readers know it, from CLDR's names, never the IANA identifier.
    expect(main).toContain('<span class="muted">local time (United Kingdom Time)</span>');
    expect(main).not.toContain('Europe/London');
    expect(main).toMatch(/<svg [^>]*class="chart-wheel"[^>]*role="img"/);
    expect(main).toContain('<title id="wheel-elizabeth-ii-title">');
    expect(main).toMatch(/<table class="planets">\s*<caption[ >]/);
    expect(main).toMatch(/<th scope="row">Sun<\/th><td>Taurus<\/td><td>0°1\d′<\/td><td>\d+<\/td><td>(Yes|No)<\/td>/);
    expect(main.match(/<th scope="row">/g)!.length).toBeGreaterThanOrEqual(10);
    expect(main).toContain('<h2 id="planet-0">Sun in Taurus');
    expect(main).toContain('17 Bruton Street in Mayfair');
  });
});

describe("editors' content", () => {
  it('static pages from content/pages/ are published and linked from every page', () => {
    expect(mainOf(page('/about/'))).toContain('<h1>About this site</h1>');
    expect(mainOf(page('/privacy/'))).toContain('sets no cookies');
    for (const [file, html] of site.html) {
      expect(html, file).toContain('<a href="/about/">About this site</a>');
      expect(html, file).toContain('<a href="/privacy/">Privacy</a>');
    }
  });

  it('the example override (weekly/2026-w47/leo.md, append to text) is added after the service text, on that page only', () => {
    const text = /<div class="text"[^>]*>([\s\S]*?)<\/div>/.exec(mainOf(page('/weekly/2026-w47/leo/')))![1]!;
    expect(text).toMatch(/<p>[\s\S]+<\/p>\s*<p><strong>A note from the editors:<\/strong>[^<]*Sun enters Sagittarius/);
    expect(page('/weekly/2026-w47/virgo/')).not.toContain('A note from the editors');
    expect(page('/weekly/2026-w46/leo/')).not.toContain('A note from the editors');
  });
});
