// Every path the site publishes, in one place: the project's public URLs (README), keep them stable.
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
  sitemap: '/sitemap.xml',
  notFound: '/404.html',
};

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

export function absoluteUrl(site: SiteConfig, pathname: string): string {
  return `${site.url}${pathname}`;
}

/** The links every page's header and footer print. */
export function siteLinks(signs: readonly Sign[], brand: Brand = {}): SiteLinks {
  const { logo } = brand;
  return {
    ...SITE_PATHS,
    signs: signs.map((sign) => ({ url: signHubUrl(sign), name: sign.name, glyph: sign.glyph })),
    ...(logo ? { logo: { url: logo.url, height: SITE_LOGO.headerHeight, width: Math.round((SITE_LOGO.headerHeight * logo.width) / logo.height) } } : {}),
    favicon: siteFavicon(brand).url,
  };
}

/** Where Eleventy writes a permalink, relative to the output folder: `/about/` → `about/index.html`, `/leo/feed.xml` as it is. */
export function outputFile(url: string): string {
  const relative = url.replace(/^\//, '');
  return url.endsWith('/') ? `${relative}index.html` : relative;
}
