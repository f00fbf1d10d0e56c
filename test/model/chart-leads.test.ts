// A chart page names its Sun, Moon and rising signs and the planets in the site's words, and leads on to the pages
// the site has: the Sun sign's current week and month, the rising sign's ascendant year.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { NatalChart } from '../../src/api/schemas.ts';
import { loadMessages } from '../../src/data/i18n.ts';
import { natalPage } from '../../src/data/natal-page.ts';
import { monthPeriod, weekPeriod, yearPeriod, type Period } from '../../src/data/periods.ts';
import { readSigns } from '../../src/data/signs.ts';
import { computeNatal } from '../../src/sample-service/natal.ts';
import { findPlace } from '../../src/sample-service/places.ts';
import { chartArticle } from '../../src/model/chart-article.ts';
import type { ChartPage } from '../../src/data/charts.ts';
import { modelOf, site } from './fixture.ts';

/** Queen Elizabeth II (test/fixtures/site/content/charts/elizabeth-ii.md) as the sample service answers it. */
function queen({ withoutAscendant = false } = {}): ChartPage {
  const answer = computeNatal({
    name: 'Queen Elizabeth II',
    date: '1926-04-21',
    time: '02:40',
    lang: 'en',
    place: findPlace(2643743)!,
  });
  // A service built from the spec alone sends no ascendant.
  if (withoutAscendant) for (const key of ['ascendant', 'midheaven', 'houses']) delete answer[key];
  const page = natalPage(answer as unknown as NatalChart);
  return {
    ...page,
    slug: 'elizabeth-ii',
    url: '/charts/elizabeth-ii/',
    name: 'Queen Elizabeth II',
    date: '1926-04-21',
    time: '02:40',
    place: 'London',
    bodyHtml: '',
  };
}

const ALL_KINDS: Period[] = [weekPeriod(2026, 47), monthPeriod(2026, 11), yearPeriod('ascendantYearly', 2026)];
const under = { ...site, url: 'https://stars.example.org/stars/' };

describe("a chart's leads", () => {
  it('name the Sun, Moon and rising signs (Astro-Databank: Taurus, Leo, Capricorn) and link their current pages under the path', () => {
    const model = modelOf(ALL_KINDS, { site: under, charts: [queen()] });
    const [chart] = model.charts;
    expect(chart!.leads).toEqual({
      heading: 'Sun, Moon and rising sign',
      items: [
        {
          label: 'Sun sign: Taurus',
          links: [
            {
              url: '/stars/weekly/2026-w47/taurus/',
              title: expect.stringMatching(/^Taurus weekly horoscope, November 16\s–\s22, 2026$/) as string,
            },
            { url: '/stars/monthly/2026-11/taurus/', title: 'Taurus monthly horoscope, November 2026' },
          ],
        },
        { label: 'Moon sign: Leo', links: [] },
        {
          label: 'Rising sign: Capricorn',
          links: [{ url: '/stars/ascendant/2026/capricorn/', title: 'Capricorn ascendant yearly horoscope, 2026' }],
        },
      ],
    });
    // Every link is a page of the site.
    const pages = new Set(model.reportPages.map((page) => page.url));
    for (const link of chart!.leads!.items.flatMap((item) => item.links))
      expect(pages.has(link.url), link.url).toBe(true);
  });

  it('find the rising sign without the service sending one, from the profile alone', () => {
    const sent = modelOf(ALL_KINDS, { charts: [queen()] }).charts[0]!;
    const reckoned = modelOf(ALL_KINDS, { charts: [queen({ withoutAscendant: true })] }).charts[0]!;
    expect(reckoned.leads!.items[2]!.label).toBe('Rising sign: Capricorn');
    expect(reckoned.leads).toEqual(sent.leads);
    expect(Math.abs(reckoned.ascendant! - sent.ascendant!)).toBeLessThan(0.001);
  });

  it('link only the pages the site has: no month, no ascendant year published, no link to them', () => {
    const [chart] = modelOf([weekPeriod(2026, 47)], { charts: [queen()] }).charts;
    expect(chart!.leads!.items.map((item) => item.links.map((link) => link.url))).toEqual([
      ['/weekly/2026-w47/taurus/'],
      [],
      [],
    ]);
  });

  it("name the planets and the signs in the site's language, by the service's ids", () => {
    const content = path.resolve(import.meta.dirname, '../fixtures/site/content');
    const es = loadMessages(content, 'es');
    const model = modelOf(ALL_KINDS, {
      site: { ...site, language: 'es' },
      messages: es,
      signs: readSigns(path.join(content, 'signs.json'), es),
      charts: [queen()],
    });
    const [chart] = model.charts;
    expect(chart!.planets.slice(0, 3).map((p) => p.name)).toEqual(['Sol', 'Luna', 'Mercurio']);
    // The page's article (src/model/chart-article.ts): the planets' headings and the wheel's labels in Spanish.
    const article = chartArticle(
      { slug: chart!.slug, chart: chart!, timeKnown: true, page: chart! },
      { t: model.t, language: 'es', signNames: model.signs.map((sign) => sign.name) },
    );
    expect(/<h2 id="planet-0">([^<]*)<\/h2>/.exec(article)![1]).toMatch(/^Sol en Tauro/);
    expect(
      [...article.matchAll(/<g class="wheel-planet[^"]*">\n?<title>([^<]*)<\/title>/g)].map((match) => match[1])[1],
    ).toMatch(/^Luna en Leo/);
    expect(chart!.leads!.items.map((item) => item.label)).toEqual([
      'Signo solar: Tauro',
      'Signo lunar: Leo',
      'Ascendente: Capricornio',
    ]);
  });
});
