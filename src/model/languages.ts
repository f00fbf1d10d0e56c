// A site in several languages (content/site.json `languages`): the default language at the site's root, every
// other one as the same site under `/{tag}/`, with its own model; what joins them (hreflang clusters, the
// language switcher, og:locale:alternate, the sitemaps' alternates) is computed here from every language's model.
import type { SiteConfig } from '../data/config.ts';
import type { Alternate, PageMeta, SiteModel } from './types.ts';
import { joinedCard } from './embed.ts';
import { API_ROOT, SITE_PATHS, sitePath, siteUrls, type SiteUrls } from './urls.ts';

/** Where a language other than the default is published: `es/`, `pt-br/`; the default language: `` (the root). */
export function languageFolder(language: string, isDefault: boolean): string {
  return isDefault ? '' : `${language.toLowerCase()}/`;
}

/** One language's site: its language, and for a language other than the default the site's `url` plus `/{tag}`. */
export function languageSite(site: SiteConfig, language: string): SiteConfig {
  const folder = languageFolder(language, language === site.language);
  return { ...site, language, url: folder ? `${site.url}/${folder.slice(0, -1)}` : site.url };
}

/** "Español", "English", "Português": a language's name in itself, capitalized as a label. */
export function languageName(language: string): string {
  const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
}

/** What the other languages of a site need of one language's model to link to its pages. */
export interface LanguageSummary {
  language: string;
  urls: SiteUrls;
  ogLocale: string;
  /** Its home, and the home link's label in its own words (the 404 page's list). */
  home: { label: string; url: string };
  sitemap: string;
  /** Site path → URL, of the pages for search engines (not the 404 page). */
  pages: Map<string, string>;
}

export function summarizeLanguage(model: SiteModel): LanguageSummary {
  const pages = new Map<string, string>();
  for (const [url, meta] of Object.entries(model.meta))
    if (!meta.noindex) pages.set(sitePath(url, model.site.pathPrefix), url);
  return {
    language: model.site.language,
    urls: siteUrls(model.site),
    ogLocale: model.site.ogLocale,
    home: { label: model.ui.notFound.home, url: model.links.home },
    sitemap: model.links.sitemap,
    pages,
  };
}

/**
 * The model of language `index` of `summaries` (every language's, the default first), joined to the others: a
 * build makes each language's model twice, once for its summary and once to render, so that it holds one at a time.
 * Every page gets the hreflang cluster of the pages with the same site path in the other languages (itself included,
 * and `x-default` for the default language's page), `og:locale:alternate` for them, and a switcher to each other
 * language; the sitemaps get the same alternates. Only the default language writes the site's root files
 * (robots.txt, _headers, the sitemap index), its sitemap index listing every language's sitemap; each language's
 * 404 page offers every language's home.
 */
export function linkLanguage(model: SiteModel, index: number, summaries: readonly LanguageSummary[]): SiteModel {
  const { language, urls } = summaries[index]!;
  // Intl.DisplayNames is slow to make: once per language, not per page.
  const others = summaries
    .filter((other) => other.language !== language)
    .map((other) => ({ ...other, label: languageName(other.language) }));
  const alternatesOf = (key: string): Alternate[] => {
    const alternates = summaries.flatMap((site) =>
      site.pages.has(key) ? [{ hreflang: site.language, href: site.urls.absolute(site.pages.get(key)!) }] : [],
    );
    const fallback = summaries[0]!.pages.get(key);
    return fallback
      ? [...alternates, { hreflang: 'x-default', href: summaries[0]!.urls.absolute(fallback) }]
      : alternates;
  };
  const meta: Record<string, PageMeta> = {};
  const byAbsolute = new Map<string, Alternate[]>();
  for (const [url, page] of Object.entries(model.meta)) {
    const key = page.noindex ? undefined : sitePath(url, model.site.pathPrefix);
    const languageLinks = others.map((other) => ({
      language: other.language,
      label: other.label,
      url: (key && other.pages.get(key)) || other.home.url,
    }));
    if (key === undefined) {
      meta[url] = { ...page, languageLinks };
      continue;
    }
    const alternates = alternatesOf(key);
    byAbsolute.set(urls.absolute(url), alternates);
    const ogLocaleAlternates = others.filter((other) => other.pages.has(key)).map((other) => other.ogLocale);
    meta[url] = { ...page, alternates, ogLocaleAlternates, languageLinks };
  }
  const sitemap = model.sitemap.map((entry) => ({ ...entry, alternates: byAbsolute.get(entry.loc) ?? [] }));
  const root = index === 0;
  return {
    ...model,
    meta,
    sitemap,
    rootFiles: root ? [{}] : [],
    // Google reads one sitemap per language under an index: robots.txt names the index alone.
    // https://developers.google.com/search/docs/crawling-indexing/sitemaps/large-sitemaps
    sitemaps: root ? [urls.absolute(urls.page(SITE_PATHS.sitemapIndex))] : [],
    sitemapIndex: root ? [{ sitemaps: summaries.map((site) => site.urls.absolute(site.sitemap)) }] : [],
    languageHomes: summaries.map((site) => ({ language: site.language, ...site.home })),
    card: joinedCard(
      model.card,
      Object.fromEntries(summaries.map((site) => [site.language, site.urls.absolute(site.urls.page(API_ROOT))])),
      root,
    ),
  };
}
