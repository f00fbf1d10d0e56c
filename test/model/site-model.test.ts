import { describe, expect, it } from 'vitest';
import type { Override } from '../../src/data/overrides.ts';
import { monthPeriod, weekPeriod, yearPeriod } from '../../src/data/periods.ts';
import type { StaticPage } from '../../src/data/static-pages.ts';
import { jsonLdString, pageJsonLd, type JsonLdPage } from '../../src/model/json-ld.ts';
import { ogLocale, plainText } from '../../src/model/seo.ts';
import { buildSiteModel } from '../../src/model/site-model.ts';
import type { SiteModel, SiteModelInput } from '../../src/model/types.ts';
import { SIGN_SLUGS } from '../../src/data/signs.ts';
import { messages, modelOf, planned, reports, signs, site } from './fixture.ts';

function model(extra: Partial<SiteModelInput> = {}) {
  return modelOf(
    [
      weekPeriod(2026, 48),
      weekPeriod(2026, 46),
      weekPeriod(2026, 47),
      monthPeriod(2026, 11),
      yearPeriod('yearly', 2026),
      yearPeriod('ascendantYearly', 2026),
    ],
    extra,
  );
}

describe('buildSiteModel', () => {
  const m = model();
  const leo47 = m.reportPages.find((p) => p.url === '/weekly/2026-w47/leo/')!;

  it('titles a report with sign, kind and the period in words, and links previous/next of the same sign', () => {
    expect(leo47.title).toBe('Leo weekly horoscope, November 16\u2009–\u200922, 2026');
    expect(leo47.previous).toEqual({
      url: '/weekly/2026-w46/leo/',
      label: 'Previous week: November 9\u2009–\u200915, 2026',
    });
    expect(leo47.next).toEqual({ url: '/weekly/2026-w48/leo/', label: 'Next week: November 23\u2009–\u200929, 2026' });
    expect(leo47.otherSigns.map((o) => o.sign.slug)).toHaveLength(11);
  });

  it('renumbers service headings to start at h2', () => {
    expect(leo47.text).toBe('<h2>Deep</h2><p>Text 4 for 2026-w47</p>');
  });

  it('indexes head data by URL for every page, with absolute canonical URLs, breadcrumbs and JSON-LD', () => {
    const meta = m.meta['/weekly/2026-w47/leo/']!;
    expect(meta).toMatchObject({
      canonical: 'https://stars.example.org/weekly/2026-w47/leo/',
      documentTitle: 'Leo weekly horoscope, November 16\u2009–\u200922, 2026 · Test Stars',
      description: 'Intro 4 & more',
      ogType: 'article',
      feed: { url: '/leo/feed.xml' },
    });
    expect(meta.breadcrumbs.map((c) => c.url)).toEqual(['/', '/weekly/', '/weekly/2026-w47/', '/weekly/2026-w47/leo/']);
    const graph = (
      JSON.parse(meta.jsonLd!) as { '@graph': { '@type': string; datePublished?: string; dateModified?: string }[] }
    )['@graph'];
    expect(graph.map((n) => n['@type'])).toEqual(['Article', 'BreadcrumbList']);
    // A cold build: a week that has started counts from its first day.
    expect(graph[0]).toMatchObject({ datePublished: '2026-11-16T00:00:00Z', dateModified: '2026-11-16T00:00:00Z' });
    // Its image is the page's share image, absolute, at the size the share images are drawn.
    expect(graph[0]).toMatchObject({
      image: { '@type': 'ImageObject', url: meta.image.url, width: 1200, height: 630 },
      author: { '@type': 'Organization', name: 'Test Stars', url: 'https://stars.example.org/' },
    });
    expect(meta.image.url).toMatch(/^https:\/\/stars\.example\.org\/assets\/share\/leo-weekly\.[0-9a-f]{10}\.png$/);
    // home + 12 sign hubs + 4 section archives + 6 period hubs + 72 reports + charts index + search page + the
    // calendar's hub, its 2 years (2026, 2027) and their 24 months; the 404 is in meta but not in the sitemap.
    expect(m.sitemap).toHaveLength(1 + 12 + 4 + 6 + 72 + 1 + 1 + 1 + 2 + 24);
    expect(Object.keys(m.meta)).toHaveLength(m.sitemap.length + 1);
    expect(m.meta['/404.html']).toMatchObject({ noindex: true });
    expect(m.meta['/404.html']).not.toHaveProperty('canonical');
    // The empty search page is a landing page like any other (search engines may list it: its address without a
    // query shows the same page to everyone), and the one page that loads Pagefind.
    const search = m.meta['/search/']!;
    expect(search).toMatchObject({
      canonical: 'https://stars.example.org/search/',
      title: 'Search',
      description: 'Search every horoscope on this site.',
      search: { bundle: '/pagefind/pagefind.js' },
    });
    expect(search).not.toHaveProperty('noindex');
    expect(search.documentTitle).toBe('Search · Test Stars');
    const searchGraph = (JSON.parse(search.jsonLd!) as { '@graph': Record<string, unknown>[] })['@graph'];
    expect(searchGraph[0]).toEqual({
      '@type': 'WebPage',
      name: 'Search',
      description: 'Search every horoscope on this site.',
      url: 'https://stars.example.org/search/',
      inLanguage: 'en',
    });
    expect(searchGraph[1]).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [{ item: 'https://stars.example.org/' }, { item: 'https://stars.example.org/search/' }],
    });
  });

  it("makes the JSON API's files, each sign's current reports among them, unless site.json switches the API off", () => {
    const urls = m.api.map((file) => file.url);
    expect(urls).toContain('/api/v1/index.json');
    expect(urls).toContain('/api/v1/schema.json');
    expect(urls).toContain('/api/v1/leo/weekly/2026-w48.json');
    const current = m.api.find((file) => file.url === '/api/v1/leo/weekly/current.json')!;
    expect(current.document).toBe(m.api.find((file) => file.url === '/api/v1/leo/weekly/2026-w47.json')!.document);
    expect(m.apiPage).toEqual([
      {
        url: '/api/v1/',
        documentTitle: 'JSON API · Test Stars',
        title: 'JSON API',
        description: expect.stringContaining('Test Stars'),
        links: [
          { url: '/api/v1/index.json', label: expect.any(String) },
          { url: '/api/v1/schema.json', label: expect.any(String) },
        ],
      },
    ]);
    const off = modelOf([weekPeriod(2026, 47)], { site: { ...site, api: false } });
    expect([off.api, off.apiPage]).toEqual([[], []]);
  });

  it("makes the card's script and a page per sign and kind to frame, unless site.json switches the card or the API off", () => {
    expect(m.card).toEqual([
      {
        url: '/embed/card.js',
        config: {
          apis: { en: 'api/v1/' },
          root: 'https://stars.example.org/',
          title: expect.any(String),
          language: 'en',
          colours: expect.objectContaining({ accent: expect.stringMatching(/^#/) }),
        },
      },
    ]);
    expect(m.embeds.map((embed) => embed.url)).toContain('/embed/leo/weekly/');
    const leo = m.embeds.find((embed) => embed.url === '/embed/leo/weekly/')!;
    expect(leo.report.period.key).toBe('2026-w47');
    expect(leo.reportAbsoluteUrl).toBe('https://stars.example.org/weekly/2026-w47/leo/');
    // The framed page says what the report page says of itself.
    expect(leo.description).not.toBe('');
    expect(leo.description).toBe(m.meta['/weekly/2026-w47/leo/']!.description);
    for (const off of [{ card: false }, { api: false }]) {
      const model = modelOf([weekPeriod(2026, 47)], { site: { ...site, ...off } });
      expect([model.card, model.embeds]).toEqual([[], []]);
    }
  });

  it('makes one feed per sign, newest first, the year before its ascendant year, never dated after the build', () => {
    const feed = m.feeds.find((f) => f.sign.slug === 'leo')!;
    expect(feed.entries.map((e) => e.page.url)).toEqual([
      '/weekly/2026-w48/leo/',
      '/weekly/2026-w47/leo/',
      '/weekly/2026-w46/leo/',
      '/monthly/2026-11/leo/',
      '/yearly/2026/leo/',
      '/ascendant/2026/leo/',
    ]);
    // Next week (from 2026-11-23) is published by this build, on 2026-11-22; the others count from their first day.
    expect(feed.entries.map((e) => e.published.toISOString().slice(0, 10))).toEqual([
      '2026-11-22',
      '2026-11-16',
      '2026-11-09',
      '2026-11-01',
      '2026-01-01',
      '2026-01-01',
    ]);
    expect(feed.updated.toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(feed.absoluteUrl).toBe('https://stars.example.org/leo/feed.xml');
  });

  it('applies an override to its report only, and ignores one for an unpublished period', () => {
    const override = (periodKey: string, mode: Override['mode']): Override => ({
      kind: 'weekly',
      periodKey,
      sign: 'leo',
      field: 'intro',
      mode,
      html: '<p>Editor</p>',
      file: 'x.md',
    });
    const withOverrides = model({ overrides: [override('2026-w47', 'append'), override('2026-w01', 'replace')] });
    const page = withOverrides.reportPages.find((p) => p.url === '/weekly/2026-w47/leo/')!;
    expect(page.intro).toBe('<p>Intro 4 &amp; more</p>\n<p>Editor</p>');
    expect(page.overridden).toBe('intro');
    expect(withOverrides.reportPages.filter((p) => p.overridden)).toHaveLength(1);
  });

  it('makes one archive per kind listing its periods newest first, between home and the period hubs in every trail', () => {
    const entries = (section: SiteModel['sections'][number]) => section.groups.flatMap((group) => group.entries);
    expect(m.sections.map((s) => [s.url, s.title, entries(s).map((e) => e.period.key)])).toEqual([
      ['/weekly/', 'Weekly horoscopes', ['2026-w48', '2026-w47', '2026-w46']],
      ['/monthly/', 'Monthly horoscopes', ['2026-11']],
      ['/yearly/', 'Yearly horoscopes', ['2026']],
      ['/ascendant/', 'Ascendant yearly horoscopes', ['2026']],
    ]);
    expect(m.sitemap.map((e) => e.loc)).toContain('https://stars.example.org/monthly/');
    expect(entries(m.sections[0]!)[0]!.label).toBe('Week 48: November 23\u2009–\u200929, 2026');
    expect(entries(m.sections[1]!)[0]!.label).toBe('November 2026');
    // Weeks by the month of their Thursday, months by year, the years in one group with each sign's report.
    expect(m.sections.map((s) => s.groups.map((g) => g.label))).toEqual([['November 2026'], ['2026'], [''], ['']]);
    expect(entries(m.sections[1]!)[0]!.dates).toBe('November 1 – November 30');
    expect(entries(m.sections[2]!)[0]!.signs?.map((s) => s.url)).toEqual(
      SIGN_SLUGS.map((slug) => `/yearly/2026/${slug}/`),
    );
    expect(m.meta['/monthly/']!.breadcrumbs.map((c) => c.url)).toEqual(['/', '/monthly/']);
    expect(m.meta['/monthly/2026-11/']!.breadcrumbs.map((c) => c.label)).toEqual([
      'Home',
      'Monthly horoscopes',
      'Monthly horoscope, November 2026',
    ]);
  });

  it('gives the home page no one-item BreadcrumbList', () => {
    const graph = (JSON.parse(m.meta['/']!.jsonLd!) as { '@graph': { '@type': string }[] })['@graph'];
    expect(graph.map((n) => n['@type'])).toEqual(['WebPage']);
  });

  it('adds static pages to the meta index and the sitemap', () => {
    const withPage = model({
      staticPages: [
        { slug: 'about', url: '/about/', title: 'About', order: 1, html: '<p>Hi there</p>', file: 'about.md' },
      ],
    });
    expect(withPage.meta['/about/']).toMatchObject({
      title: 'About',
      description: 'Hi there',
      breadcrumbs: [{ url: '/' }, { url: '/about/', label: 'About' }],
    });
    // A cold build dates an editor's page from its own day.
    expect(withPage.sitemap).toContainEqual({
      loc: 'https://stars.example.org/about/',
      lastmod: '2026-11-22T00:00:00Z',
    });
  });

  it("marks report pages, hubs, charts and editors' pages for the search index, with their sign, kind and language", () => {
    const withPage = model({
      staticPages: [{ slug: 'about', url: '/about/', title: 'About', order: 1, html: '<p>Hi</p>', file: 'about.md' }],
    });
    const filters = (url: string) => withPage.meta[url]!.searchFilters;
    expect(filters('/weekly/2026-w47/leo/')).toEqual([
      { name: 'sign', value: 'Leo' },
      { name: 'kind', value: 'Weekly horoscope' },
      { name: 'language', value: 'en' },
    ]);
    expect(filters('/ascendant/2026/aries/')).toEqual([
      { name: 'sign', value: 'Aries' },
      { name: 'kind', value: 'Ascendant yearly horoscope' },
      { name: 'language', value: 'en' },
    ]);
    expect(filters('/monthly/2026-11/')).toEqual([
      { name: 'kind', value: 'Monthly horoscope' },
      { name: 'language', value: 'en' },
    ]);
    expect(filters('/leo/')).toEqual([
      { name: 'sign', value: 'Leo' },
      { name: 'language', value: 'en' },
    ]);
    expect(filters('/charts/')).toEqual([{ name: 'language', value: 'en' }]);
    expect(filters('/about/')).toEqual([{ name: 'language', value: 'en' }]);
    // Lists of links and pages without content of their own stay out of the results.
    for (const url of ['/', '/weekly/', '/404.html', '/search/']) expect(filters(url), url).toBeUndefined();
    // The calendar's years and months are indexed, its hub (this month and the next) is not.
    expect(filters('/calendar/2026-11/')).toEqual([{ name: 'language', value: 'en' }]);
    expect(filters('/calendar/')).toBeUndefined();
    // 72 reports, 6 period hubs, 12 sign hubs, the charts index, the editor's page, 2 calendar years and 24 months.
    expect(Object.values(withPage.meta).filter((meta) => meta.searchFilters)).toHaveLength(
      72 + 6 + 12 + 1 + 1 + 2 + 24,
    );
  });

  it('gives every sitemap URL a lastmod, never after the build date: archives from their newest period, pages from their own history', () => {
    const about: StaticPage = {
      slug: 'about',
      url: '/about/',
      title: 'About',
      order: 1,
      html: '<p>Hi there</p>',
      file: 'about.md',
    };
    const first = model({ staticPages: [about] });
    for (const entry of first.sitemap) {
      expect(entry.lastmod, entry.loc).toBeDefined();
      expect(entry.lastmod! <= '2026-11-22T00:00:00Z', entry.loc).toBe(true);
    }
    const lastmod = (m: typeof first, url: string) =>
      m.sitemap.find((entry) => entry.loc === `https://stars.example.org${url}`)?.lastmod;
    // A cold build: week 48 (November 23-29) has not started, so it is published on the build date, the newest day
    // in the weekly archive; the month and the year started before it, so those archives date from their first days.
    expect(lastmod(first, '/weekly/')).toBe('2026-11-22T00:00:00Z');
    expect(lastmod(first, '/monthly/')).toBe('2026-11-01T00:00:00Z');
    expect(lastmod(first, '/yearly/')).toBe('2026-01-01T00:00:00Z');
    // A day later: the same page keeps its date; an edited one and the charts index (still empty) too, as they say.
    const next = (staticPages: (typeof about)[]) =>
      buildSiteModel(
        planned({
          site,
          messages,
          buildDate: '2026-11-23',
          sampleContent: false,
          signs,
          reports: [weekPeriod(2026, 47)].map((p) => reports(p)),
          staticPages,
          pageHistory: first.pageHistory,
        }),
      );
    expect(lastmod(next([about]), '/about/')).toBe('2026-11-22T00:00:00Z');
    expect(lastmod(next([{ ...about, html: '<p>Hello</p>' }]), '/about/')).toBe('2026-11-23T00:00:00Z');
    // The title is the page's heading and its <title>: a new one is a change of the page.
    expect(lastmod(next([{ ...about, title: 'About us' }]), '/about/')).toBe('2026-11-23T00:00:00Z');
    expect(lastmod(next([{ ...about, description: 'Who we are.' }]), '/about/')).toBe('2026-11-23T00:00:00Z');
    expect(lastmod(next([about]), '/charts/')).toBe('2026-11-22T00:00:00Z');
    // The search page is dated by what it shows, its words and the archives it links: a new wording moves it.
    expect(lastmod(first, '/search/')).toBe('2026-11-22T00:00:00Z');
    expect(lastmod(next([about]), '/search/')).toBe('2026-11-22T00:00:00Z');
    const reworded = {
      ...messages,
      ui: { ...messages.ui, search: { ...messages.ui.search, noScript: 'Turn JavaScript on to search.' } },
    };
    const later = buildSiteModel(
      planned({
        site,
        messages: reworded,
        buildDate: '2026-11-23',
        sampleContent: false,
        signs,
        reports: [weekPeriod(2026, 47)].map((p) => reports(p)),
        staticPages: [about],
        pageHistory: first.pageHistory,
      }),
    );
    expect(lastmod(later, '/search/')).toBe('2026-11-23T00:00:00Z');
    expect(lastmod(later, '/about/')).toBe('2026-11-22T00:00:00Z');
  });
});

describe("the owner's logo and favicon", () => {
  const week = [weekPeriod(2026, 47)];
  const svg = (name: string, width: number, height: number) => ({
    svg: '<svg/>',
    url: `/assets/${name}.0123abcd.svg`,
    outputPath: `assets/${name}.0123abcd.svg`,
    width,
    height,
  });
  const publisher = (model: ReturnType<typeof modelOf>) =>
    (
      JSON.parse(model.meta['/weekly/2026-w47/leo/']!.jsonLd!) as {
        '@graph': { publisher: { logo: { url: string; width: number } } }[];
      }
    )['@graph'][0]!.publisher;

  it('shows the logo 40 px high in its shape, and makes it the favicon unless one is named', () => {
    expect(modelOf(week).links).not.toHaveProperty('logo');
    expect(modelOf(week).links.favicon).toMatch(/^\/assets\/favicon\.[0-9a-f]{8}\.svg$/);
    const logo = svg('logo', 240, 80);
    expect(modelOf(week, { brand: { logo } }).links).toMatchObject({
      logo: { url: logo.url, width: 120, height: 40 },
      favicon: logo.url,
    });
    const favicon = svg('favicon', 32, 32);
    expect(modelOf(week, { brand: { logo, favicon } }).links.favicon).toBe(favicon.url);
    expect(modelOf(week, { brand: { favicon } }).links).toMatchObject({ favicon: favicon.url });
  });

  it("names a reports' publisher logo, absolute and 512 px square, drawn from the logo when there is one", () => {
    const plain = publisher(modelOf(week));
    const branded = publisher(modelOf(week, { brand: { logo: svg('logo', 240, 80) } }));
    expect(plain.logo).toMatchObject({ width: 512 });
    expect(plain.logo.url).toMatch(/^https:\/\/stars\.example\.org\/assets\/share\/logo\.[0-9a-f]{10}\.png$/);
    expect(branded.logo.url).not.toBe(plain.logo.url);
  });
});

describe('dates across two builds', () => {
  // Built on 2026-11-22 with no history, then on 2026-11-23 (week 48 now current) after the service revised Leo's
  // week 48 intro. Expected days worked out by hand from the rules in src/data/page-dates.ts.
  const first = model();
  const revised = (s: number) => (s === 4 ? '<p>Intro 4, revised</p>' : `<p>Intro ${s} &amp; more</p>`);
  const second = buildSiteModel(
    planned({
      site,
      messages,
      buildDate: '2026-11-23',
      sampleContent: false,
      signs,
      reports: [
        weekPeriod(2026, 46),
        weekPeriod(2026, 47),
        monthPeriod(2026, 11),
        yearPeriod('yearly', 2026),
        yearPeriod('ascendantYearly', 2026),
      ]
        .map((p) => reports(p))
        .concat(reports(weekPeriod(2026, 48), revised)),
      pageHistory: first.pageHistory,
    }),
  );
  const lastmods = (m: typeof first) =>
    Object.fromEntries(m.sitemap.map((e) => [e.loc.replace('https://stars.example.org', ''), e.lastmod]));
  const page = (m: typeof first, url: string) => m.reportPages.find((p) => p.url === url)!;

  it("moves the revised report's updated date only, keeping when it was first published", () => {
    expect(page(first, '/weekly/2026-w48/leo/')).toMatchObject({ published: '2026-11-22', updated: '2026-11-22' });
    expect(page(second, '/weekly/2026-w48/leo/')).toMatchObject({ published: '2026-11-22', updated: '2026-11-23' });
    const json = JSON.parse(second.meta['/weekly/2026-w48/leo/']!.jsonLd!) as { '@graph': Record<string, unknown>[] };
    expect(json['@graph'][0]).toMatchObject({
      datePublished: '2026-11-22T00:00:00Z',
      dateModified: '2026-11-23T00:00:00Z',
    });
    for (const p of second.reportPages.filter((r) => r.url !== '/weekly/2026-w48/leo/')) {
      expect({ published: p.published, updated: p.updated }, p.url).toEqual({
        published: page(first, p.url).published,
        updated: page(first, p.url).updated,
      });
    }
    const leoFeed = second.feeds.find((f) => f.sign.slug === 'leo')!;
    expect(leoFeed.updated.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(second.feeds.find((f) => f.sign.slug === 'aries')!.updated.toISOString()).toBe('2026-11-22T00:00:00.000Z');
  });

  it("counts an editor's override as a change of the page it applies to", () => {
    const override: Override = {
      kind: 'weekly',
      periodKey: '2026-w47',
      sign: 'aries',
      field: 'text',
      mode: 'append',
      html: '<p>Editor</p>',
      file: 'x.md',
    };
    const edited = buildSiteModel(
      planned({
        site,
        messages,
        buildDate: '2026-11-23',
        sampleContent: false,
        signs,
        reports: [weekPeriod(2026, 47)].map((p) => reports(p)),
        overrides: [override],
        pageHistory: first.pageHistory,
      }),
    );
    expect(page(edited, '/weekly/2026-w47/aries/')).toMatchObject({ published: '2026-11-16', updated: '2026-11-23' });
    expect(page(edited, '/weekly/2026-w47/taurus/')).toMatchObject({ published: '2026-11-16', updated: '2026-11-16' });
  });

  it('gives hubs and the home page the newest date of the reports they quote', () => {
    const before = lastmods(first);
    const after = lastmods(second);
    // 2026-11-22: the current week is 47 (from 2026-11-16), quoted by the home page and the sign hubs.
    expect(before).toMatchObject({
      '/': '2026-11-16T00:00:00Z',
      '/leo/': '2026-11-16T00:00:00Z',
      '/weekly/2026-w48/': '2026-11-22T00:00:00Z',
      '/weekly/2026-w48/leo/': '2026-11-22T00:00:00Z',
    });
    // 2026-11-23: week 48 is current (published 2026-11-22), and Leo's changed that day.
    const moved = {
      '/': '2026-11-23T00:00:00Z',
      '/leo/': '2026-11-23T00:00:00Z',
      '/weekly/2026-w48/': '2026-11-23T00:00:00Z',
      '/weekly/2026-w48/leo/': '2026-11-23T00:00:00Z',
    };
    expect(after).toMatchObject(moved);
    const otherSignHubs = signs.filter((s) => s.slug !== 'leo').map((s) => `/${s.slug}/`);
    for (const url of otherSignHubs)
      expect([before[url], after[url]], url).toEqual(['2026-11-16T00:00:00Z', '2026-11-22T00:00:00Z']);
    const unchanged = Object.keys(after).filter((url) => !(url in moved) && !otherSignHubs.includes(url));
    for (const url of unchanged) expect(after[url], url).toBe(before[url]);
    // The charts index, unchanged since the first build, keeps that build's day.
    expect(after['/charts/']).toBe('2026-11-22T00:00:00Z');
  });

  it("gives a report its sign and kind's share image, a sign hub its weekly one, and every other page the site's", () => {
    const image = (url: string) => first.meta[url]!.image;
    const shared = /^https:\/\/stars\.example\.org\/assets\/share\/([a-z-]+)\.[0-9a-f]{10}\.png$/;
    const imageName = (url: string) => shared.exec(image(url).url)?.[1];
    expect(image('/monthly/2026-11/leo/')).toMatchObject({
      alt: 'Leo monthly horoscope · Test Stars',
      width: 1200,
      height: 630,
    });
    expect(imageName('/monthly/2026-11/leo/')).toBe('leo-monthly');
    expect(imageName('/ascendant/2026/aries/')).toBe('aries-ascendant-yearly');
    expect(imageName('/weekly/2026-w47/leo/')).toBe('leo-weekly');
    expect(imageName('/leo/')).toBe('leo-weekly');
    for (const url of ['/', '/weekly/2026-w47/', '/charts/', '/404.html']) expect(imageName(url), url).toBe('site');
    expect(image('/404.html').alt).toBe('The twelve zodiac signs in a ring beside the title Test Stars');
    // Every image a page names is one the model asks to render and publish.
    const published = new Set(first.shareImages.map((i) => `https://stars.example.org${i.url}`));
    expect(first.shareImages).toHaveLength(50);
    for (const [url, meta] of Object.entries(first.meta)) expect(published.has(meta.image.url), url).toBe(true);
  });
});

describe('helpers', () => {
  // Open Graph's language_TERRITORY, the territory from CLDR's likely subtags (en → US, pt → BR, es → ES).
  it.each([
    ['en', 'en_US'],
    ['en-GB', 'en_GB'],
    ['pt', 'pt_BR'],
    ['es', 'es_ES'],
    ['fr-CA', 'fr_CA'],
    ['de', 'de_DE'],
  ])('ogLocale(%s) is %s', (tag, expected) => {
    expect(ogLocale(tag)).toBe(expected);
  });

  describe('pageJsonLd', () => {
    const page: Omit<JsonLdPage, 'title' | 'description'> = {
      canonical: 'https://stars.example.org/weekly/2026-w47/leo/',
      language: 'fr-CA',
      organization: {
        '@type': 'Organization',
        name: 'Stars "&" <Co>',
        url: 'https://stars.example.org/',
        logo: {
          '@type': 'ImageObject',
          url: 'https://stars.example.org/assets/share/logo.0123456789.png',
          width: 512,
          height: 512,
        },
      },
      breadcrumbs: [
        { label: 'Home', absoluteUrl: 'https://stars.example.org/' },
        {
          label: 'Weekly horoscope, November 16 – 22, 2026',
          absoluteUrl: 'https://stars.example.org/weekly/2026-w47/',
        },
        { label: 'Leo', absoluteUrl: 'https://stars.example.org/weekly/2026-w47/leo/' },
      ],
    };
    // Written out by hand from schema.org's Article, WebPage and BreadcrumbList.
    const organization = String.raw`{"@type":"Organization","name":"Stars \"&\" \u003cCo>","url":"https://stars.example.org/","logo":{"@type":"ImageObject","url":"https://stars.example.org/assets/share/logo.0123456789.png","width":512,"height":512}}`;

    it('describes a report as an Article by the site, with its breadcrumbs', () => {
      const json = pageJsonLd({
        ...page,
        title: 'Leo weekly horoscope',
        description: 'Plain words.',
        article: { published: '2026-11-16T00:00:00Z', modified: '2026-11-18T00:00:00Z' },
      });
      expect(json).toBe(
        '{"@context":"https://schema.org","@graph":[' +
          '{"@type":"Article","headline":"Leo weekly horoscope","description":"Plain words.",' +
          '"url":"https://stars.example.org/weekly/2026-w47/leo/","mainEntityOfPage":"https://stars.example.org/weekly/2026-w47/leo/",' +
          `"datePublished":"2026-11-16T00:00:00Z","dateModified":"2026-11-18T00:00:00Z","inLanguage":"fr-CA","author":${organization},"publisher":${organization}},` +
          '{"@type":"BreadcrumbList","itemListElement":[' +
          '{"@type":"ListItem","position":1,"name":"Home","item":"https://stars.example.org/"},' +
          '{"@type":"ListItem","position":2,"name":"Weekly horoscope, November 16 – 22, 2026","item":"https://stars.example.org/weekly/2026-w47/"},' +
          '{"@type":"ListItem","position":3,"name":"Leo","item":"https://stars.example.org/weekly/2026-w47/leo/"}]}]}',
      );
    });

    it('describes another page as a WebPage, with text that cannot end its script element', () => {
      const title = 'Quotes "x", a \\ and a tab\t';
      const description = '</script><script>alert(1)</script><!-- \u2028 \u2029 é 🌕';
      const json = pageJsonLd({ ...page, title, description, breadcrumbs: [] });
      expect(json).toBe(
        String.raw`{"@context":"https://schema.org","@graph":[{"@type":"WebPage","name":"Quotes \"x\", a \\ and a tab\t",` +
          String.raw`"description":"\u003c/script>\u003cscript>alert(1)\u003c/script>\u003c!-- \u2028 \u2029 é 🌕",` +
          '"url":"https://stars.example.org/weekly/2026-w47/leo/","inLanguage":"fr-CA"}]}',
      );
      const parsed = JSON.parse(json) as { '@graph': [{ name: string; description: string }] };
      expect(parsed['@graph'][0]).toMatchObject({ name: title, description });
    });
  });

  it('jsonLdString cannot close a script element', () => {
    const text = jsonLdString({ name: '</script><script>alert(1)</script><!--' });
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script><!--' });
  });

  it('plainText strips tags, decodes entities and cuts at a word', () => {
    expect(plainText('<p>Tom &amp; <em>Jerry</em>&#39;s</p>')).toBe("Tom & Jerry's");
    expect(plainText(`<p>${'word '.repeat(60)}</p>`, 30)).toBe('word word word word word…');
  });
});

describe('a site under a path (url https://example.github.io/horoscopes/)', () => {
  const prefixedSite = { ...site, url: 'https://example.github.io/horoscopes' };
  // As readStaticPages gives it: its links already under the path (src/data/sanitize.ts).
  const about = {
    slug: 'about',
    url: '/about/',
    title: 'About',
    order: 1,
    html: '<p><a href="/horoscopes/leo/" rel="noopener">Leo</a></p>',
    file: 'about.md',
  };
  const m = buildSiteModel(
    planned({
      site: prefixedSite,
      messages,
      buildDate: '2026-11-22',
      sampleContent: false,
      signs,
      reports: [reports(weekPeriod(2026, 47))],
      staticPages: [about],
    }),
  );

  it('hands out every site-relative URL under /horoscopes/ and every absolute one with it, once', () => {
    const { pageHistory: _history, shareImages: _images, home, ...handedOut } = m;
    // The sky's drawings are markup ("/>"), with no address in them.
    const text = JSON.stringify({
      ...handedOut,
      home: { ...home, today: { ...home.today, wheel: '', moon: { ...home.today.moon, svg: '' } } },
    });
    // Every string starting with a `/` (JSON-LD inside meta is a string of its own, its URLs absolute).
    const sitePaths = [...text.matchAll(/"(\/[^"]*)"/g)].map((match) => match[1]!);
    expect(sitePaths.length).toBeGreaterThan(100);
    expect(sitePaths.filter((url) => !url.startsWith('/horoscopes/'))).toEqual([]);
    // model.site.url is the setting as written; everything else is a page's, a feed's or an image's address.
    const absolute = [...text.matchAll(/https:\/\/example\.github\.io[^"\\]*/g)]
      .map((match) => match[0])
      .filter((url) => url !== prefixedSite.url);
    expect(absolute.length).toBeGreaterThan(100);
    expect(
      absolute.filter(
        (url) => !url.startsWith('https://example.github.io/horoscopes/') || url.includes('/horoscopes/horoscopes'),
      ),
    ).toEqual([]);
    expect(m.site.pathPrefix).toBe('/horoscopes/');
    expect(m.links).toMatchObject({
      home: '/horoscopes/',
      sitemap: '/horoscopes/sitemap.xml',
      notFound: '/horoscopes/404.html',
      search: '/horoscopes/search/',
    });
    expect(m.meta['/horoscopes/search/']!.search).toEqual({
      bundle: '/horoscopes/pagefind/pagefind.js',
      closedParts: [],
    });
    expect(m.meta['/horoscopes/weekly/2026-w47/leo/']!.canonical).toBe(
      'https://example.github.io/horoscopes/weekly/2026-w47/leo/',
    );
    expect(m.staticPages[0]!.html).toBe(about.html);
  });

  it('keeps page dates by site path, so a site that moves keeps them', () => {
    expect(Object.keys(m.pageHistory)).toContain('/weekly/2026-w47/leo/');
    expect(Object.keys(m.pageHistory).filter((url) => url.startsWith('/horoscopes/'))).toEqual([]);
  });
});
