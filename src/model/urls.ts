// Every path the site publishes, in one place: the project's public URLs (README), keep them stable. They are
// site paths, from the site's root; the model hands them out under the path prefix of `url` (siteUrls).
import type { ReportKind } from '../api/index.ts';
import type { SiteConfig } from '../data/config.ts';
import { SITE_LOGO, siteFavicon, type Brand } from '../data/site-logo.ts';
import type { Sign } from '../data/signs.ts';
import type { SiteLinks } from './types.ts';

/** URL segment of each kind. */
export const KIND_SEGMENTS: Record<ReportKind, string> = {
  weekly: 'weekly',
  monthly: 'monthly',
  yearly: 'yearly',
  ascendantYearly: 'ascendant',
};

export const KIND_ORDER: ReportKind[] = ['weekly', 'monthly', 'yearly', 'ascendantYearly'];

export const SITE_PATHS = {
  home: '/',
  charts: '/charts/',
  /** With site.json's chartForm: the visitors' own chart, answered by the Worker (src/worker/). */
  chartForm: '/charts/yours/',
  search: '/search/',
  sitemap: '/sitemap.xml',
  /** A site of several languages only: the index of every language's sitemap. */
  sitemapIndex: '/sitemap-index.xml',
  notFound: '/404.html',
};

/**
 * The folder of the search index's main bundle in each language's output, where the build writes it
 * (src/cli/builder/search-index.ts); the other parts' folders are named after it (src/model/search-parts.ts).
 */
export const SEARCH_FOLDER = 'pagefind';
/** Pagefind's script in that folder, which the search page loads. */
export const SEARCH_SCRIPT = `/${SEARCH_FOLDER}/pagefind.js`;
/** The worker Pagefind's script starts to search off the page's thread. */
export const SEARCH_WORKER = `/${SEARCH_FOLDER}/pagefind-worker.js`;

/** `/weekly/`: the archive of one kind. */
export function sectionUrl(kind: ReportKind): string {
  return `/${KIND_SEGMENTS[kind]}/`;
}

/** `/weekly/2026-w47/`: a period's hub. */
export function periodUrl(kind: ReportKind, periodKey: string): string {
  return `/${KIND_SEGMENTS[kind]}/${periodKey}/`;
}

export function reportUrl(kind: ReportKind, periodKey: string, signSlug: string): string {
  return `/${KIND_SEGMENTS[kind]}/${periodKey}/${signSlug}/`;
}

/** `/leo/`: a sign's hub, with its current reports and archive. */
export function signHubUrl(sign: Sign): string {
  return `/${sign.slug}/`;
}

/** `/leo/feed.xml`: a sign's Atom feed. */
export function signFeedUrl(sign: Sign): string {
  return `/${sign.slug}/feed.xml`;
}

/** `/leo/feed.json`: the same feed as JSON Feed 1.1 (https://www.jsonfeed.org/version/1.1/). */
export function signJsonFeedUrl(sign: Sign): string {
  return `/${sign.slug}/feed.json`;
}

/** `/calendar/`: the sky's calendar, this month and the next twelve (docs/calendar.md). */
export function calendarUrl(): string {
  return '/calendar/';
}

/** `/calendar/2026/` */
export function calendarYearUrl(year: number): string {
  return `/calendar/${year}/`;
}

/** `/calendar/2026-03/` */
export function calendarMonthUrl(month: string): string {
  return `/calendar/${month}/`;
}

/** `/calendar/sky.ics`: the calendar to subscribe to. */
export const CALENDAR_FEED = '/calendar/sky.ics';

export function calendarFeedUrl(): string {
  return CALENDAR_FEED;
}

/** `/api/v1/calendar/2026.json`: a year's events. */
export function apiCalendarUrl(year: number): string {
  return `${API_ROOT}calendar/${year}.json`;
}

/** The JSON API's folder (docs/syndication.md): its version is in its path, so a partner's code never breaks. */
export const API_ROOT = '/api/v1/';

/** `/api/v1/index.json`: the signs and kinds, with the addresses of their reports. */
export const API_INDEX = `${API_ROOT}index.json`;

/** `/api/v1/schema.json`: the JSON Schema every answer of the API is valid against. */
export const API_SCHEMA = `${API_ROOT}schema.json`;

/** `/api/v1/leo/weekly/`: one sign's reports of one kind. */
function apiFolder(sign: Pick<Sign, 'slug'>, kind: ReportKind): string {
  return `${API_ROOT}${sign.slug}/${KIND_SEGMENTS[kind]}/`;
}

/** `/api/v1/leo/weekly/2026-w47.json`: one dated report. */
export function apiReportUrl(sign: Pick<Sign, 'slug'>, kind: ReportKind, periodKey: string): string {
  return `${apiFolder(sign, kind)}${periodKey}.json`;
}

/** `/api/v1/leo/weekly/current.json`: the report of the period that holds the build's date, at a stable address. */
export function apiCurrentUrl(sign: Pick<Sign, 'slug'>, kind: ReportKind): string {
  return `${apiFolder(sign, kind)}current.json`;
}

/** `/api/v1/leo/weekly/card.json`: what the card shows of the current report, and nothing more (docs/syndication.md). */
export function apiCardUrl(sign: Pick<Sign, 'slug'>, kind: ReportKind): string {
  return `${apiFolder(sign, kind)}card.json`;
}

/** `/api/v1/leo/weekly/index.json`: every published report of a sign and kind, newest first. */
export function apiArchiveUrl(sign: Pick<Sign, 'slug'>, kind: ReportKind): string {
  return `${apiFolder(sign, kind)}index.json`;
}

/** The folder of the embeddable card (docs/syndication.md): its script and the pages partners frame. */
export const EMBED_FOLDER = '/embed/';

/** The card's script, at one address partners copy into their pages. */
export const EMBED_SCRIPT = `${EMBED_FOLDER}card.js`;

/** `/embed/leo/weekly/`: the page a partner frames, the current report of a sign and kind as a card. */
export function embedPageUrl(sign: Pick<Sign, 'slug'>, kind: ReportKind): string {
  return `${EMBED_FOLDER}${sign.slug}/${KIND_SEGMENTS[kind]}/`;
}

/**
 * Where the site is published, from `url` in content/site.json: `https://you.github.io/horoscopes` gives the
 * origin `https://you.github.io` and the path prefix `/horoscopes/` every site-relative URL starts with; a site
 * at a domain's root has the prefix `/` and `url` itself as its origin.
 */
export interface SiteAddress {
  origin: string;
  pathPrefix: string;
}

export function siteAddress(siteUrl: string): SiteAddress {
  const url = new URL(siteUrl);
  const pathPrefix = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;
  const path = pathPrefix.slice(0, -1);
  // `url` as written, less its path, so a root site keeps its address byte for byte.
  const origin =
    url.search === '' && url.hash === '' && siteUrl.endsWith(path)
      ? siteUrl.slice(0, siteUrl.length - path.length).replace(/\/+$/, '')
      : url.origin;
  return { origin, pathPrefix };
}

/** A site path under the prefix: `/weekly/` → `/horoscopes/weekly/`. */
export function prefixed(sitePath: string, pathPrefix: string): string {
  return `${pathPrefix}${sitePath.replace(/^\//, '')}`;
}

/** A URL the model hands out, back to its path in the output folder: `/horoscopes/weekly/` → `/weekly/`. */
export function sitePath(url: string, pathPrefix: string): string {
  return url.startsWith(pathPrefix) ? `/${url.slice(pathPrefix.length)}` : url;
}

/** The site's URLs under its prefix, and absolute ones: what the model hands out (site-model.ts, seo.ts). */
export interface SiteUrls extends SiteAddress {
  /** A site path (`/about/`, `/assets/x.png`) as pages link it. */
  page(path: string): string;
  /** A URL from `page` as an absolute URL: the origin and the prefixed path, never the prefix twice. */
  absolute(url: string): string;
}

export function siteUrls(site: Pick<SiteConfig, 'url'>): SiteUrls {
  const address = siteAddress(site.url);
  return {
    ...address,
    page: (path) => prefixed(path, address.pathPrefix),
    absolute: (url) => `${address.origin}${url}`,
  };
}

/** The links every page's header and footer print. */
export function siteLinks({ page }: Pick<SiteUrls, 'page'>, signs: readonly Sign[], brand: Brand = {}): SiteLinks {
  const { logo } = brand;
  return {
    home: page(SITE_PATHS.home),
    charts: page(SITE_PATHS.charts),
    search: page(SITE_PATHS.search),
    sitemap: page(SITE_PATHS.sitemap),
    notFound: page(SITE_PATHS.notFound),
    signs: signs.map((sign) => ({ url: page(signHubUrl(sign)), name: sign.name, glyph: sign.glyph })),
    ...(logo
      ? {
          logo: {
            url: page(logo.url),
            height: SITE_LOGO.headerHeight,
            width: Math.round((SITE_LOGO.headerHeight * logo.width) / logo.height),
          },
        }
      : {}),
    favicon: page(siteFavicon(brand).url),
  };
}

/**
 * Where Eleventy writes a page the model links as `url`, relative to the output folder: `/about/` →
 * `about/index.html`, `/leo/feed.xml` as it is; the prefix is not a folder (the host maps it to the output).
 */
export function outputFile(url: string, pathPrefix = '/'): string {
  const path = sitePath(url, pathPrefix);
  const relative = path.replace(/^\//, '');
  return path.endsWith('/') ? `${relative}index.html` : relative;
}

/** The inverse of `outputFile`, without the prefix: `leo/index.html` → `/leo/`, `404.html` → `/404.html`. */
export function servedPath(file: string): string {
  return `/${file.replace(/(^|\/)index\.html$/, '$1')}`;
}
