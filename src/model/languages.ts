// A site in several languages (content/site.json `languages`): the default language at the site's root, every
// other one as the same site under `/{tag}/`, with its own model; what joins them (hreflang clusters, the
// language switcher, og:locale:alternate, the sitemaps' alternates) is computed here from every language's model.
import type { SiteConfig } from '../data/config.ts';
import type { PageMeta, SiteModel } from './types.ts';
import { sitePath, siteUrls } from './urls.ts';

/** Where a language other than the default is published: `es/`, `pt-br/`; the default language: `` (the root). */
export function languageFolder(language: string, isDefault: boolean): string {
  return isDefault ? '' : `${language.toLowerCase()}/`;
}

/** One language's site: its language, and for a language other than the default the site's `url` plus `/{tag}`. */
export function languageSite(site: SiteConfig, language: string): SiteConfig {
  const folder = languageFolder(language, language === site.language);
  return { ...site, language, url: folder ? `${site.url}/${folder.slice(0, -1)}` : site.url };
}

/** The page's own URL and its translations', for `<link rel="alternate" hreflang>` and the sitemap's alternates. */
export interface Alternate {
  /** A BCP 47 tag, or `x-default` (the default language's page). */
  hreflang: string;
  /** Absolute URL. */
  href: string;
}

/** A link of the language switcher, labelled in its own language ("Español"). */
export interface LanguageLink {
  language: string;
  label: string;
  /** The same page in that language, or that language's home when the page has no translation there. */
  url: string;
}

/** "Español", "English", "Português": a language's name in itself, capitalized as a label. */
export function languageName(language: string): string {
  const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
}

/**
 * Joins the languages' models (the default language's first): every page gets the hreflang cluster of the pages
 * with the same site path in the other languages (itself included, and `x-default` for the default language's
 * page), `og:locale:alternate` for them, and a switcher to each other language; the sitemaps get the same
 * alternates. Only the default language writes the site's root files (404.html, robots.txt, _headers); its
 * 404 page offers every language's home and its robots.txt names every sitemap.
 */
export function linkLanguages(models: readonly SiteModel[]): SiteModel[] {
  const defaultLanguage = models[0]!.site.language;
  const sites = models.map((model) => ({ model, urls: siteUrls(model.site), language: model.site.language }));
  // Site path → language → the page's URL in that language (pages for search engines only: not the 404 page).
  const clusters = new Map<string, Map<string, string>>();
  for (const { model, language } of sites) {
    for (const [url, meta] of Object.entries(model.meta)) {
      if (meta.noindex) continue;
      const key = sitePath(url, model.site.pathPrefix);
      if (!clusters.has(key)) clusters.set(key, new Map());
      clusters.get(key)!.set(language, url);
    }
  }
  const alternatesOf = (cluster: Map<string, string>): Alternate[] => {
    const alternates = sites.flatMap(({ language, urls }) => (cluster.has(language) ? [{ hreflang: language, href: urls.absolute(cluster.get(language)!) }] : []));
    const fallback = cluster.get(defaultLanguage);
    return fallback ? [...alternates, { hreflang: 'x-default', href: sites[0]!.urls.absolute(fallback) }] : alternates;
  };
  const homes = sites.map(({ model, language }) => ({ language, label: model.ui.notFound.home, url: model.links.home }));
  return sites.map(({ model, urls, language }, i) => {
    const meta: Record<string, PageMeta> = {};
    const byAbsolute = new Map<string, Alternate[]>();
    for (const [url, page] of Object.entries(model.meta)) {
      const cluster = page.noindex ? undefined : clusters.get(sitePath(url, model.site.pathPrefix));
      const others = sites.filter((other) => other.language !== language);
      const languageLinks = others.map((other) => ({ language: other.language, label: languageName(other.language), url: cluster?.get(other.language) ?? other.model.links.home }));
      if (!cluster) {
        meta[url] = { ...page, languageLinks };
        continue;
      }
      const alternates = alternatesOf(cluster);
      byAbsolute.set(urls.absolute(url), alternates);
      const ogLocaleAlternates = others.filter((other) => cluster.has(other.language)).map((other) => other.model.site.ogLocale);
      meta[url] = { ...page, alternates, ogLocaleAlternates, languageLinks };
    }
    const sitemap = model.sitemap.map((entry) => ({ ...entry, alternates: byAbsolute.get(entry.loc) ?? [] }));
    const root = i === 0;
    return {
      ...model,
      meta,
      sitemap,
      rootFiles: root ? [{}] : [],
      sitemaps: root ? sites.map((site) => site.urls.absolute(site.model.links.sitemap)) : [],
      languageHomes: homes,
    };
  });
}
