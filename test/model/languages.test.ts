// A site of several languages joined from its languages' models: hreflang clusters, the switcher, the sitemaps'
// alternates and the root files, on one week in English and Spanish; the Spanish site lacks the about page.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMessages } from '../../src/data/i18n.ts';
import { weekPeriod } from '../../src/data/periods.ts';
import { readSigns } from '../../src/data/signs.ts';
import type { StaticPage } from '../../src/data/static-pages.ts';
import { languageName, languageSite } from '../../src/model/languages.ts';
import { linkLanguages } from '../helpers/link-languages.ts';
import { buildSiteModel } from '../../src/model/site-model.ts';
import { messages, planned, reports, signs, site } from './fixture.ts';

const content = path.resolve(import.meta.dirname, '../fixtures/site/content');
const esMessages = loadMessages(content, 'es');
const esSigns = readSigns(path.join(content, 'signs.json'), esMessages);
const several = { ...site, languages: ['en', 'es'] };
const about: StaticPage = {
  slug: 'about',
  url: '/about/',
  title: 'About',
  order: 1,
  html: '<p>Us.</p>',
  file: 'content/pages/about.md',
};
const week = weekPeriod(2026, 47);
const input = { buildDate: '2026-11-22', sampleContent: false, reports: [reports(week)] };
const [en, es] = linkLanguages([
  buildSiteModel(planned({ ...input, site: languageSite(several, 'en'), messages, signs, staticPages: [about] })),
  buildSiteModel(planned({ ...input, site: languageSite(several, 'es'), messages: esMessages, signs: esSigns })),
]) as [ReturnType<typeof buildSiteModel>, ReturnType<typeof buildSiteModel>];

const ORIGIN = 'https://stars.example.org';

describe('linkLanguages', () => {
  it('puts a page and its translation in one reciprocal cluster, x-default on the default language', () => {
    const cluster = [
      { hreflang: 'en', href: `${ORIGIN}/weekly/2026-w47/leo/` },
      { hreflang: 'es', href: `${ORIGIN}/es/weekly/2026-w47/leo/` },
      { hreflang: 'x-default', href: `${ORIGIN}/weekly/2026-w47/leo/` },
    ];
    expect(en.meta['/weekly/2026-w47/leo/']!.alternates).toEqual(cluster);
    expect(es.meta['/es/weekly/2026-w47/leo/']!.alternates).toEqual(cluster);
    expect(en.meta['/weekly/2026-w47/leo/']!.ogLocaleAlternates).toEqual(['es_ES']);
    expect(es.meta['/es/']!.ogLocaleAlternates).toEqual(['en_US']);
  });

  it('names only the languages a page exists in', () => {
    expect(en.meta['/about/']!.alternates).toEqual([
      { hreflang: 'en', href: `${ORIGIN}/about/` },
      { hreflang: 'x-default', href: `${ORIGIN}/about/` },
    ]);
    expect(en.meta['/about/']!.ogLocaleAlternates).toEqual([]);
    expect(es.meta['/es/about/']).toBeUndefined();
  });

  it('switches to the same page in the other language, or to its home when there is none, labelled in its own words', () => {
    expect(es.meta['/es/weekly/2026-w47/leo/']!.languageLinks).toEqual([
      { language: 'en', label: 'English', url: '/weekly/2026-w47/leo/' },
    ]);
    expect(en.meta['/weekly/2026-w47/leo/']!.languageLinks).toEqual([
      { language: 'es', label: 'Español', url: '/es/weekly/2026-w47/leo/' },
    ]);
    expect(en.meta['/about/']!.languageLinks).toEqual([{ language: 'es', label: 'Español', url: '/es/' }]);
    expect(en.meta['/404.html']!.languageLinks).toEqual([{ language: 'es', label: 'Español', url: '/es/' }]);
    expect(languageName('pt-BR')).toBe('Português (Brasil)');
  });

  it('gives each sitemap entry its cluster, and the root files to the default language alone', () => {
    expect(es.sitemap.find((entry) => entry.loc === `${ORIGIN}/es/leo/`)!.alternates).toEqual([
      { hreflang: 'en', href: `${ORIGIN}/leo/` },
      { hreflang: 'es', href: `${ORIGIN}/es/leo/` },
      { hreflang: 'x-default', href: `${ORIGIN}/leo/` },
    ]);
    // Each language's search page is in its own sitemap, at its own address, with its translation.
    expect(es.sitemap.find((entry) => entry.loc === `${ORIGIN}/es/search/`)).toMatchObject({
      lastmod: '2026-11-22T00:00:00Z',
      alternates: [
        { hreflang: 'en', href: `${ORIGIN}/search/` },
        { hreflang: 'es', href: `${ORIGIN}/es/search/` },
        { hreflang: 'x-default', href: `${ORIGIN}/search/` },
      ],
    });
    expect(es.meta['/es/search/']).toMatchObject({
      canonical: `${ORIGIN}/es/search/`,
      title: 'Buscar',
      search: { bundle: '/es/pagefind/pagefind.js' },
    });
    expect([en.rootFiles.length, es.rootFiles.length]).toEqual([1, 0]);
    expect(en.languageHomes).toEqual([
      { language: 'en', label: 'Go to the home page', url: '/' },
      { language: 'es', label: 'Ir a la página de inicio', url: '/es/' },
    ]);
  });

  it("names in robots.txt the default language's sitemap index alone, which lists every language's sitemap", () => {
    expect(en.sitemaps).toEqual([`${ORIGIN}/sitemap-index.xml`]);
    expect(en.sitemapIndex).toEqual([{ sitemaps: [`${ORIGIN}/sitemap.xml`, `${ORIGIN}/es/sitemap.xml`] }]);
    expect([es.sitemaps, es.sitemapIndex]).toEqual([[], []]);
  });

  it('names a page found in another language alone in its own language only, with no x-default', () => {
    const [, esOnly] = linkLanguages([
      buildSiteModel(planned({ ...input, site: languageSite(several, 'en'), messages, signs })),
      buildSiteModel(
        planned({
          ...input,
          site: languageSite(several, 'es'),
          messages: esMessages,
          signs: esSigns,
          staticPages: [{ ...about, title: 'Nosotros' }],
        }),
      ),
    ]);
    expect(esOnly!.meta['/es/about/']!.alternates).toEqual([{ hreflang: 'es', href: `${ORIGIN}/es/about/` }]);
  });

  it('publishes a language whose tag has capitals under its folder, in lower case', () => {
    const brazil = { ...site, languages: ['en', 'pt-BR'] };
    const ptMessages = loadMessages(content, 'pt-BR');
    const [root, pt] = linkLanguages([
      buildSiteModel(planned({ ...input, site: languageSite(brazil, 'en'), messages, signs })),
      buildSiteModel(
        planned({
          ...input,
          site: languageSite(brazil, 'pt-BR'),
          messages: ptMessages,
          signs: readSigns(path.join(content, 'signs.json'), ptMessages),
        }),
      ),
    ]);
    expect(root!.languageHomes!.map(({ language, url }) => [language, url])).toEqual([
      ['en', '/'],
      ['pt-BR', '/pt-br/'],
    ]);
    expect(pt!.meta['/pt-br/weekly/2026-w47/leo/']!.alternates).toContainEqual({
      hreflang: 'pt-BR',
      href: `${ORIGIN}/pt-br/weekly/2026-w47/leo/`,
    });
    expect(root!.sitemapIndex).toEqual([{ sitemaps: [`${ORIGIN}/sitemap.xml`, `${ORIGIN}/pt-br/sitemap.xml`] }]);
  });

  // Each language's own address, as its summary has it: a build puts every language under the site's address, where
  // the default language's would give the same URLs, but the join does not rely on it.
  it("lists each language's sitemap at that language's address", () => {
    const [root] = linkLanguages([
      buildSiteModel(planned({ ...input, site: languageSite(several, 'en'), messages, signs })),
      buildSiteModel(
        planned({
          ...input,
          site: { ...languageSite(several, 'es'), url: 'https://es.stars.example.org' },
          messages: esMessages,
          signs: esSigns,
        }),
      ),
    ]);
    expect(root!.sitemapIndex).toEqual([
      { sitemaps: [`${ORIGIN}/sitemap.xml`, 'https://es.stars.example.org/sitemap.xml'] },
    ]);
  });

  it('puts the sitemap index and the sitemaps it lists under the path of a site published under one', () => {
    const prefixed = { ...several, url: 'https://you.github.io/horoscopes' };
    const [root] = linkLanguages([
      buildSiteModel(planned({ ...input, site: languageSite(prefixed, 'en'), messages, signs })),
      buildSiteModel(planned({ ...input, site: languageSite(prefixed, 'es'), messages: esMessages, signs: esSigns })),
    ]);
    expect(root!.sitemaps).toEqual(['https://you.github.io/horoscopes/sitemap-index.xml']);
    expect(root!.sitemapIndex).toEqual([
      { sitemaps: ['https://you.github.io/horoscopes/sitemap.xml', 'https://you.github.io/horoscopes/es/sitemap.xml'] },
    ]);
  });
});
