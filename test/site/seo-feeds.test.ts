// What search engines and feed readers get: sitemap.xml, robots.txt, Open Graph/Twitter meta, JSON-LD and one
// Atom feed per sign.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { XmlElement } from '../../src/cli/check/xml.ts';
import { SIGN_SLUGS } from '../../src/data/signs.ts';
import { metaContent, readBuiltSite, urlOf } from './helpers/built-site.ts';
import { childText, childrenNamed, parseXml } from '../../src/cli/check/xml.ts';
import { sitemapSchemaErrors } from '../helpers/sitemap-schema.ts';
import { TEST_BUILD_DATE, testSite } from './helpers/test-sites.ts';

const site = readBuiltSite((await testSite()).dist);
const SITE_URL = 'https://horoscopes.example.com';
/** Published per sign at 2026-11-22: 6 weeks, 4 months, 3 years, 3 ascendant years (content/site.json windows). */
const REPORTS_PER_SIGN = 6 + 4 + 3 + 3;

/** A page kept out of search engines: no JSON-LD, no sitemap entry. */
const noindex = (html: string) => html.includes('<meta name="robots" content="noindex">');

function jsonLd(html: string): { '@graph': Record<string, unknown>[] } {
  const m = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw new Error('no JSON-LD block');
  return JSON.parse(m[1]!) as { '@graph': Record<string, unknown>[] };
}

describe('sitemap.xml and robots.txt', () => {
  const sitemap = parseXml(site.read('sitemap.xml'));
  const locs = childrenNamed(sitemap, 'url').map((u) => childText(u, 'loc')!);

  it('lists every HTML page but the 404, the one kept out of search engines, once, with absolute URLs', () => {
    expect(sitemap.name).toBe('urlset');
    expect(sitemap.attribs.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    // The empty search page is a landing page of its own (/search/, no query): listed, with its lastmod.
    expect([...site.html].filter(([, html]) => noindex(html)).map(([file]) => file)).toEqual(['404.html']);
    const search = childrenNamed(sitemap, 'url').find((u) => childText(u, 'loc') === `${SITE_URL}/search/`);
    expect(search && childText(search, 'lastmod')).toBe('2026-11-22T00:00:00Z');
    const expected = [...site.html]
      .filter(([, html]) => !noindex(html))
      .map(([f]) => `${SITE_URL}${urlOf(f)}`)
      .sort();
    expect([...locs].sort()).toEqual(expected);
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('is valid against the Sitemap protocol XSD', async () => {
    expect(await sitemapSchemaErrors(site.dir, [path.join(site.dir, 'sitemap.xml')])).toEqual([]);
  });

  it('robots.txt allows crawling and points to the sitemap', () => {
    const robots = site.read('robots.txt');
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
  });

  it('on a site of one language (content/site.json "language"): one sitemap without alternates, no sitemap index', () => {
    expect(sitemap.attribs).toEqual({ xmlns: 'http://www.sitemaps.org/schemas/sitemap/0.9' });
    expect(site.read('sitemap.xml')).not.toContain('xhtml:');
    expect(site.files.has('sitemap-index.xml')).toBe(false);
    expect(site.read('robots.txt').match(/^Sitemap: .*$/gm)).toEqual([`Sitemap: ${SITE_URL}/sitemap.xml`]);
  });
});

describe('meta and JSON-LD', () => {
  it('every page has a description, Open Graph and Twitter meta', () => {
    for (const [file, html] of site.html) {
      for (const key of [
        'description',
        'og:title',
        'og:description',
        'og:type',
        'og:site_name',
        'twitter:card',
        'twitter:title',
      ]) {
        expect(metaContent(html, key), `${file} ${key}`).toBeTruthy();
      }
      // content/site.json's "en", with the territory Open Graph asks for.
      expect(metaContent(html, 'og:locale'), file).toBe('en_US');
    }
  });

  it("every framed page has its report page's description, and stays out of search engines", () => {
    expect(site.embeds.size).toBeGreaterThan(0);
    for (const [file, html] of site.embeds) {
      // The frame's link to its report page, absolute: the page's file under the site's address.
      const reportUrl = /<p class="more"><a href="([^"]+)"/.exec(html)![1]!;
      const report = site.read(`${reportUrl.slice(`${SITE_URL}/`.length)}index.html`);
      expect(metaContent(html, 'description'), file).toBeTruthy();
      expect(metaContent(html, 'description'), file).toBe(metaContent(report, 'description'));
      expect(noindex(html), file).toBe(true);
    }
  });

  it('on a site of one language, no page names a translation: no hreflang link, switcher or og:locale:alternate', () => {
    for (const [file, html] of site.html) {
      expect(html, file).not.toContain('hreflang=');
      expect(html, file).not.toContain('language-switcher');
      expect(html, file).not.toContain('og:locale:alternate');
    }
  });

  it('the home page has no BreadcrumbList: a trail of one item is none', () => {
    expect(jsonLd(site.read('index.html'))['@graph'].map((n) => n['@type'])).toEqual(['WebPage']);
  });

  it('report pages are Articles, others WebPages, and every other indexed page has a BreadcrumbList ending at itself', () => {
    for (const [file, html] of site.html) {
      if (noindex(html) || file === 'index.html') continue;
      const graph = jsonLd(html)['@graph'];
      const isReport = /^(weekly|monthly|yearly|ascendant)\/[^/]+\/[a-z]+\/index\.html$/.test(file);
      expect(graph[0]!['@type'], file).toBe(isReport ? 'Article' : 'WebPage');
      expect(metaContent(html, 'og:type'), file).toBe(isReport ? 'article' : 'website');
      const crumbs = graph.find((n) => n['@type'] === 'BreadcrumbList')?.itemListElement as {
        position: number;
        item: string;
      }[];
      expect(crumbs, file).toBeDefined();
      expect(crumbs[0]!.item).toBe(`${SITE_URL}/`);
      expect(crumbs.at(-1)!.item, file).toBe(`${SITE_URL}${urlOf(file)}`);
      expect(crumbs.map((c) => c.position)).toEqual(crumbs.map((_, i) => i + 1));
    }
  });

  it('an Article carries datePublished and dateModified: in a cold build its period start, or the build date for a future period', () => {
    const article = jsonLd(site.read('weekly/2026-w47/leo/index.html'))['@graph'][0]!;
    expect(article).toMatchObject({
      '@type': 'Article',
      datePublished: '2026-11-16T00:00:00Z',
      dateModified: '2026-11-16T00:00:00Z',
      headline: 'Leo weekly horoscope, November 16\u2009–\u200922, 2026',
    });
    const nextWeek = jsonLd(site.read('weekly/2026-w48/leo/index.html'))['@graph'][0]!;
    expect(nextWeek).toMatchObject({ datePublished: '2026-11-22T00:00:00Z', dateModified: '2026-11-22T00:00:00Z' });
  });
});

describe('Atom feeds, one per sign', () => {
  const feeds = new Map(SIGN_SLUGS.map((slug) => [slug, parseXml(site.read(`${slug}/feed.xml`))]));

  it('each parses as Atom with a self link, id and updated date', () => {
    for (const [slug, feed] of feeds) {
      expect(feed.name, slug).toBe('feed');
      expect(feed.attribs.xmlns).toBe('http://www.w3.org/2005/Atom');
      expect(childText(feed, 'id')).toBe(`${SITE_URL}/${slug}/feed.xml`);
      expect(
        childrenNamed(feed, 'link').some(
          (l) => l.attribs.rel === 'self' && l.attribs.href === `${SITE_URL}/${slug}/feed.xml`,
        ),
      ).toBe(true);
      expect(childText(feed, 'updated')).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00Z$/);
    }
  });

  it('has one entry per published report of the sign, newest first, with stable dates and the report as content', () => {
    for (const [slug, feed] of feeds) {
      const entries = childrenNamed(feed, 'entry');
      expect(entries, slug).toHaveLength(REPORTS_PER_SIGN);
      const ids = entries.map((e) => childText(e, 'id')!);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) {
        expect(id.startsWith(`${SITE_URL}/`)).toBe(true);
        expect(id.endsWith(`/${slug}/`)).toBe(true);
        expect(site.html.has(`${id.slice(SITE_URL.length + 1)}index.html`), id).toBe(true);
      }
      const published = entries.map((e) => childText(e, 'published')!);
      expect([...published].sort().reverse()).toEqual(published);
      const updated = entries.map((e) => childText(e, 'updated')!);
      expect(childText(feed, 'updated')).toBe([...updated].sort().at(-1));
      // A cold build: the period's first day for periods that have started, so old entries do not look new.
      expect(published).toContain('2026-11-16T00:00:00Z');
      const content = entries[0]!.children.find((c) => c.name === 'content')!;
      expect(content.attribs.type).toBe('html');
      expect(content.text).toMatch(/<p>/);
      // Exactly the HTML of the report's page, its intro a block of its own (escaped, as Atom's type="html" content
      // is: templates/feed.njk).
      const page = site.read(`${childText(entries[0]!, 'id')!.slice(SITE_URL.length + 1)}index.html`);
      const article =
        /<div class="intro">([\s\S]*?)<\/div>\n<div class="text"[^>]*>([\s\S]*?)<\/div>\n<\/article>/.exec(page);
      expect(article, slug).not.toBeNull();
      expect(content.text).toBe(`<div>${article![1]!}</div>${article![2]!}`);
    }
  });

  it("dates next week's, month's and year's entries when this build published them, not at their period start", () => {
    const leo = childrenNamed(feeds.get('leo')!, 'entry');
    const dates = (url: string) => {
      const entry = leo.find((e) => childText(e, 'id') === `${SITE_URL}${url}`)!;
      return [childText(entry, 'published'), childText(entry, 'updated')];
    };
    for (const url of ['/weekly/2026-w48/leo/', '/monthly/2026-12/leo/', '/yearly/2027/leo/', '/ascendant/2027/leo/']) {
      expect(dates(url), url).toEqual(['2026-11-22T00:00:00Z', '2026-11-22T00:00:00Z']);
    }
    expect(childText(feeds.get('leo')!, 'updated')).toBe('2026-11-22T00:00:00Z');
  });

  it("sign hubs and report pages announce their sign's feed", () => {
    expect(site.read('leo/index.html')).toContain(
      '<link rel="alternate" type="application/atom+xml" title="Leo horoscopes (Atom feed)" href="/leo/feed.xml">',
    );
    expect(site.read('weekly/2026-w47/leo/index.html')).toContain('href="/leo/feed.xml"');
  });
});

describe('dates', () => {
  const buildDay = `${TEST_BUILD_DATE}T00:00:00Z`;
  const sitemap = new Map(
    childrenNamed(parseXml(site.read('sitemap.xml')), 'url').map((u) => [
      childText(u, 'loc')!.slice(SITE_URL.length),
      childText(u, 'lastmod'),
    ]),
  );

  /** Every date the site publishes, each with where it is. */
  function publishedDates(): { where: string; date: string }[] {
    const dates: { where: string; date: string }[] = [];
    for (const slug of SIGN_SLUGS) {
      const walk = (element: XmlElement, where: string) => {
        if (element.name === 'published' || element.name === 'updated')
          dates.push({ where: `${where} <${element.name}>`, date: element.text });
        for (const child of element.children) walk(child, `${where}/${element.name}`);
      };
      walk(parseXml(site.read(`${slug}/feed.xml`)), `${slug}/feed.xml`);
    }
    for (const [url, lastmod] of sitemap)
      if (lastmod !== undefined) dates.push({ where: `sitemap ${url}`, date: lastmod });
    for (const [file, html] of site.html) {
      if (noindex(html)) continue;
      for (const node of jsonLd(html)['@graph']) {
        for (const key of ['datePublished', 'dateModified'])
          if (key in node) dates.push({ where: `${file} ${key}`, date: String(node[key]) });
      }
    }
    return dates;
  }

  it('no date in any feed, the sitemap or JSON-LD is after the build date', () => {
    const dates = publishedDates();
    // 12 feeds: their own <updated> and two per entry; a lastmod and two JSON-LD dates per report, and more.
    expect(dates.length).toBeGreaterThan(12 * (1 + 2 * REPORTS_PER_SIGN) + 3 * 12 * REPORTS_PER_SIGN);
    for (const { where, date } of dates) {
      expect(date, where).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00Z$/);
      expect(date <= buildDay, `${where}: ${date}`).toBe(true);
    }
  });

  it('the sitemap dates every page: reports by their last change, hubs by the newest report they quote, the rest by their own history', () => {
    for (const [file, html] of site.html) {
      if (!/^(weekly|monthly|yearly|ascendant)\/[^/]+\/[a-z]+\/index\.html$/.test(file)) continue;
      expect(sitemap.get(urlOf(file)), file).toBe(jsonLd(html)['@graph'][0]!.dateModified);
    }
    // Worked by hand for 2026-11-22: week 47 started 2026-11-16 and is what the home page and sign hubs quote
    // first; November started 2026-11-01; next week, month and year were published by this build.
    expect(
      Object.fromEntries(
        [
          '/',
          '/leo/',
          '/weekly/2026-w47/',
          '/weekly/2026-w48/',
          '/monthly/2026-11/',
          '/monthly/2026-12/',
          '/yearly/2026/',
          '/yearly/2027/',
        ].map((url) => [url, sitemap.get(url)]),
      ),
    ).toEqual({
      '/': '2026-11-16T00:00:00Z',
      '/leo/': '2026-11-16T00:00:00Z',
      '/weekly/2026-w47/': '2026-11-16T00:00:00Z',
      '/weekly/2026-w48/': '2026-11-22T00:00:00Z',
      '/monthly/2026-11/': '2026-11-01T00:00:00Z',
      '/monthly/2026-12/': '2026-11-22T00:00:00Z',
      '/yearly/2026/': '2026-01-01T00:00:00Z',
      '/yearly/2027/': '2026-11-22T00:00:00Z',
    });
    // A cold build dates charts, editors' pages and the charts index from its own day, and each section archive
    // from its newest period: next week, month and years, first published by this build.
    for (const url of [
      '/charts/',
      '/charts/frida-kahlo/',
      '/about/',
      '/privacy/',
      '/weekly/',
      '/monthly/',
      '/yearly/',
      '/ascendant/',
    ]) {
      expect(sitemap.get(url), url).toBe('2026-11-22T00:00:00Z');
    }
    for (const [url, lastmod] of sitemap) expect(lastmod, url).toBeDefined();
  });
});
