// What search engines and link previews read: each page's <head> (title, description, canonical URL, Open
// Graph image), its JSON-LD (json-ld.ts) and the sitemap's entries.
import type { ReportKind } from '../api/index.ts';
import type { SiteConfig } from '../data/config.ts';
import { describeDateTime } from '../data/periods.ts';
import type { Messages } from '../data/i18n.ts';
import { withoutXmlForbidden } from '../data/sanitize.ts';
import { SHARE_IMAGE, type ShareImage, type ShareImagePlan } from '../data/share-images.ts';
import type { Sign } from '../data/signs.ts';
import type { StaticPage } from '../data/static-pages.ts';
import type { CalendarPage } from './calendar.ts';
import type {
  ChartView,
  LinkRef,
  PageImage,
  PageMeta,
  PeriodHub,
  ReportPage,
  SearchFilter,
  SectionPage,
  SignHub,
  SitemapEntry,
} from './types.ts';
import { SEARCH_SCRIPT, SITE_PATHS, signFeedUrl, signJsonFeedUrl, type SiteUrls } from './urls.ts';
import { dayToRfc3339, newestDay, pageJsonLd, type ArticleDates, type JsonLdOrganization } from './json-ld.ts';

const DEFAULTS = {
  /** Characters of a page description (search engines show about 155). */
  descriptionLength: 160,
};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** Sanitized HTML → one line of plain text, cut at a word near `max` characters. */
export function plainText(html: string, max: number = DEFAULTS.descriptionLength): string {
  const text = html
    // Block ends separate words; inline tags (<em>, <a>) sit inside them.
    .replace(/<\/?(?:p|br|h[1-6]|li|ul|ol|blockquote|div)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#?\w+);/g, (whole, name: string) => {
      if (ENTITIES[name]) return ENTITIES[name];
      const code = name.startsWith('#x')
        ? Number.parseInt(name.slice(2), 16)
        : name.startsWith('#')
          ? Number(name.slice(1))
          : Number.NaN;
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
  // Decoding may bring back what the sanitizer left out as a reference (`&amp;#1;` is text, `&#1;` is not kept).
  if (text.length <= max) return withoutXmlForbidden(text);
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return withoutXmlForbidden(`${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`);
}

/**
 * Open Graph wants `language_TERRITORY` (https://ogp.me/#optional): `en` → `en_US`, `pt` → `pt_BR`, `fr-CA` → `fr_CA`,
 * the territory a bare language most likely means, from CLDR's likely subtags (Intl.Locale#maximize).
 */
export function ogLocale(language: string): string {
  const locale = new Intl.Locale(language).maximize();
  return locale.region ? `${locale.language}_${locale.region}` : locale.language;
}

/** A sign's feeds, Atom and JSON Feed, for <link rel="alternate"> on its pages: made once per sign. */
function signFeedLinks(
  site: Pick<SiteConfig, 'title'>,
  t: Messages['t'],
  urls: SiteUrls,
): (sign: Sign) => Pick<PageHead, 'feed' | 'jsonFeed'> {
  const links = new Map<string, Pick<PageHead, 'feed' | 'jsonFeed'>>();
  return (sign) => {
    let link = links.get(sign.slug);
    if (!link) {
      link = {
        feed: { url: urls.page(signFeedUrl(sign)), label: t('signHub.feedLink', { sign: sign.name }) },
        jsonFeed: {
          url: urls.page(signJsonFeedUrl(sign)),
          label: t('feed.title', { sign: sign.name, site: site.title }),
        },
      };
      links.set(sign.slug, link);
    }
    return link;
  };
}

/** What a page's head and breadcrumbs are made from. */
interface PageHead {
  url: string;
  title: string;
  description: string;
  /** Home first, this page last. */
  breadcrumbs: LinkRef[];
  /** A report: an Article with its dates. */
  article?: ArticleDates;
  /** `YYYY-MM-DD`, for the sitemap: when what the page shows last changed. */
  lastmod?: string;
  feed?: LinkRef;
  jsonFeed?: LinkRef;
  /** The home page's <title> is the site's name alone. */
  documentTitle?: string;
  /** Indexed for search, with these filters beside the language's (absent: not indexed). */
  searchFilters?: SearchFilter[];
  image: ShareImage;
}

interface SitePages {
  signHubs: SignHub[];
  sections: SectionPage[];
  periodHubs: PeriodHub[];
  charts: ChartView[];
  staticPages: StaticPage[];
  /** The visitors' chart form, when it is on. */
  chartForms: { url: string }[];
  /** The sky's calendar (calendar.ts): its hub, years and months. */
  calendarPages: CalendarPage[];
  /** `YYYY-MM-DD`: when each chart, editor's and calendar page last changed (src/data/page-dates.ts), by URL. */
  updated: ReadonlyMap<string, string>;
}

/** When a page quoting these reports' intros last changed: the newest intro; undefined when it quotes none. */
function lastUpdated(reports: ReportPage[]): string | undefined {
  return newestDay(reports.map((report) => report.introUpdated));
}

/** Every page but the 404, in sitemap order. */
function pageHeads(
  site: SiteConfig,
  urls: SiteUrls,
  t: Messages['t'],
  pages: SitePages,
  images: ShareImagePlan,
): PageHead[] {
  const home: LinkRef = { url: urls.page(SITE_PATHS.home), label: t('site.home') };
  const feedsOf = signFeedLinks(site, t, urls);
  // A report shows its sign and kind; a sign hub its sign's weekly image; every other page the site's image.
  const image = images.site;
  // Hubs and the home page quote their reports' intros: each changes when one of those reports does.
  const homeReports = pages.signHubs.flatMap((hub) => (hub.current.weekly ? [hub.current.weekly] : []));
  const heads: PageHead[] = [
    {
      url: home.url,
      title: site.title,
      documentTitle: site.title,
      description: t('site.description'),
      breadcrumbs: [home],
      image,
      lastmod: lastUpdated(homeReports),
    },
  ];
  for (const hub of pages.signHubs) {
    heads.push({
      url: hub.url,
      title: hub.title,
      description: t('signHub.description', { sign: hub.sign.name, dates: hub.sign.dates }),
      breadcrumbs: [home, { url: hub.url, label: hub.sign.name }],
      ...feedsOf(hub.sign),
      image: signImage(images, 'weekly', hub.sign),
      searchFilters: [{ name: 'sign', value: hub.sign.name }],
      lastmod: lastUpdated(Object.values(hub.current)),
    });
  }
  heads.push(...reportHeads(home, urls, t, pages, images, feedsOf));
  const chartsCrumb = { url: urls.page(SITE_PATHS.charts), label: t('charts.title') };
  const chartsLastmod = pages.updated.get(chartsCrumb.url);
  heads.push({
    url: chartsCrumb.url,
    title: chartsCrumb.label,
    description: t('charts.description'),
    breadcrumbs: [home, chartsCrumb],
    image,
    lastmod: chartsLastmod,
    searchFilters: [],
  });
  for (const chart of pages.charts) {
    heads.push({
      url: chart.url,
      title: chart.title,
      description: t('chart.description', {
        title: chart.title,
        date: describeDateTime(chart.localBirth, site.language),
        place: chart.cityName,
      }),
      breadcrumbs: [home, chartsCrumb, { url: chart.url, label: chart.name }],
      image,
      lastmod: pages.updated.get(chart.url),
      searchFilters: [],
    });
  }
  for (const form of pages.chartForms) {
    const crumb = { url: form.url, label: t('chartForm.title') };
    heads.push({
      url: form.url,
      title: crumb.label,
      description: t('chartForm.description'),
      breadcrumbs: [home, chartsCrumb, crumb],
      image,
      lastmod: pages.updated.get(form.url),
    });
  }
  for (const page of pages.staticPages) {
    const breadcrumbs = [home, { url: page.url, label: page.title }];
    heads.push({
      url: page.url,
      title: page.title,
      description: page.description ?? plainText(page.html),
      breadcrumbs,
      image,
      lastmod: pages.updated.get(page.url),
      searchFilters: [],
    });
  }
  heads.push(...calendarHeads(home, pages, image));
  // The empty search page is a landing page like the others (its canonical URL has no query); it lists no
  // horoscope of its own, so it stays out of the search index.
  const search = { url: urls.page(SITE_PATHS.search), label: t('search.title') };
  heads.push({
    url: search.url,
    title: search.label,
    description: t('search.description'),
    breadcrumbs: [home, search],
    image,
    lastmod: pages.updated.get(search.url),
  });
  return heads;
}

/** The calendar's hub, then each year before its months; the years and months indexed for search. */
function calendarHeads(home: LinkRef, pages: SitePages, image: ShareImage): PageHead[] {
  const [hub, ...rest] = pages.calendarPages;
  if (!hub) return [];
  const hubCrumb = { url: hub.url, label: hub.heading };
  const crumbs = new Map<string, LinkRef>();
  return [hub, ...rest].map((page) => {
    const crumb = { url: page.url, label: page.heading };
    if (page.view === 'year') crumbs.set(page.url, crumb);
    const trail =
      page.view === 'index'
        ? [home, crumb]
        : page.view === 'year'
          ? [home, hubCrumb, crumb]
          : [home, hubCrumb, crumbs.get(page.year!.url)!, crumb];
    return {
      url: page.url,
      title: page.heading,
      description: page.description,
      breadcrumbs: trail,
      image,
      lastmod: pages.updated.get(page.url),
      ...(page.view === 'index' ? {} : { searchFilters: [] }),
    };
  });
}

/** A report's image shows its sign and kind. */
function signImage(images: ShareImagePlan, kind: ReportKind, sign: Sign): ShareImage {
  return images.bySignAndKind.get(`${kind}/${sign.slug}`) ?? images.site;
}

/** The section archives, and under each the period hubs and their report pages. */
function reportHeads(
  home: LinkRef,
  urls: SiteUrls,
  t: Messages['t'],
  pages: SitePages,
  images: ShareImagePlan,
  feedsOf: ReturnType<typeof signFeedLinks>,
): PageHead[] {
  const heads: PageHead[] = [];
  const sectionCrumbs = new Map<ReportKind, LinkRef>();
  for (const section of pages.sections) {
    const crumb = { url: section.url, label: section.title };
    sectionCrumbs.set(section.kind, crumb);
    const description = t(`kinds.${section.kind}.sectionDescription`);
    // An archive lists its periods: it changes when the newest of them is first published.
    const published = pages.periodHubs
      .filter((hub) => hub.kind === section.kind)
      .flatMap((hub) => hub.pages.map((page) => page.published));
    heads.push({
      url: section.url,
      title: section.title,
      description,
      breadcrumbs: [home, crumb],
      image: images.site,
      lastmod: newestDay(published),
    });
  }
  for (const hub of pages.periodHubs) {
    const title = t('site.titleWithPeriod', { title: hub.kindTitle, period: hub.period.label });
    const trail = [home, sectionCrumbs.get(hub.kind)!, { url: hub.url, label: title }];
    const description = t('periodHub.description', { title });
    const kind = { name: 'kind', value: hub.kindTitle };
    heads.push({
      url: hub.url,
      title,
      description,
      breadcrumbs: trail,
      image: images.site,
      lastmod: lastUpdated(hub.pages),
      searchFilters: [kind],
    });
    for (const page of hub.pages) {
      heads.push({
        url: page.url,
        title: page.title,
        description: plainText(page.intro) || page.title,
        breadcrumbs: [...trail, { url: page.url, label: page.sign.name }],
        article: { published: dayToRfc3339(page.published), modified: dayToRfc3339(page.updated) },
        lastmod: page.updated,
        ...feedsOf(page.sign),
        image: signImage(images, page.kind, page.sign),
        searchFilters: [{ name: 'sign', value: page.sign.name }, kind],
      });
    }
  }
  return heads;
}

function pageMeta(
  head: PageHead,
  site: SiteConfig,
  urls: SiteUrls,
  t: Messages['t'],
  organization: JsonLdOrganization,
): PageMeta {
  const canonical = urls.absolute(head.url);
  const image = pageImage(urls, head.image);
  return {
    url: head.url,
    documentTitle: head.documentTitle ?? t('site.documentTitle', { page: head.title, site: site.title }),
    title: head.title,
    description: head.description,
    canonical,
    ogType: head.article ? 'article' : 'website',
    breadcrumbs: head.breadcrumbs,
    jsonLd: pageJsonLd({
      canonical,
      title: head.title,
      description: head.description,
      article: head.article,
      breadcrumbs: head.breadcrumbs.map((crumb) => ({ label: crumb.label, absoluteUrl: urls.absolute(crumb.url) })),
      language: site.language,
      organization,
      image,
    }),
    ...(head.feed ? { feed: head.feed } : {}),
    ...(head.jsonFeed ? { jsonFeed: head.jsonFeed } : {}),
    image,
    ...(head.searchFilters
      ? { searchFilters: [...head.searchFilters, { name: 'language', value: site.language }] }
      : {}),
  };
}

/** The image's URL is a site path (share-images.ts publishes it there): absolute under the prefix here. */
function pageImage(urls: SiteUrls, image: ShareImage): PageImage {
  return {
    url: urls.absolute(urls.page(image.url)),
    alt: image.alt,
    width: SHARE_IMAGE.width,
    height: SHARE_IMAGE.height,
  };
}

function notFoundMeta(site: SiteConfig, urls: SiteUrls, t: Messages['t'], image: ShareImage): PageMeta {
  const title = t('notFound.title');
  return {
    url: urls.page(SITE_PATHS.notFound),
    documentTitle: t('site.documentTitle', { page: title, site: site.title }),
    title,
    description: t('notFound.description'),
    ogType: 'website',
    breadcrumbs: [{ url: urls.page(SITE_PATHS.home), label: t('site.home') }],
    noindex: true,
    image: pageImage(urls, image),
  };
}

/** Every page's head by URL (the 404 page's too) and the sitemap's entries. */
export function siteMeta(
  site: SiteConfig,
  urls: SiteUrls,
  t: Messages['t'],
  pages: SitePages,
  images: ShareImagePlan,
): { meta: Record<string, PageMeta>; sitemap: SitemapEntry[] } {
  const heads = pageHeads(site, urls, t, pages, images);
  const logo = {
    '@type': 'ImageObject' as const,
    url: pageImage(urls, images.logo).url,
    width: SHARE_IMAGE.logoSize,
    height: SHARE_IMAGE.logoSize,
  };
  const organization: JsonLdOrganization = {
    '@type': 'Organization',
    name: site.title,
    url: urls.absolute(urls.page(SITE_PATHS.home)),
    logo,
  };
  const meta: Record<string, PageMeta> = {};
  for (const head of heads) meta[head.url] = pageMeta(head, site, urls, t, organization);
  const notFound = notFoundMeta(site, urls, t, images.site);
  meta[notFound.url] = notFound;
  // The one page that loads Pagefind (its policy also lets it run WebAssembly).
  const search = meta[urls.page(SITE_PATHS.search)]!;
  search.search = { bundle: urls.page(SEARCH_SCRIPT), closedParts: [] };
  const sitemap = heads.map((head) => ({
    loc: urls.absolute(head.url),
    ...(head.lastmod ? { lastmod: dayToRfc3339(head.lastmod) } : {}),
  }));
  return { meta, sitemap };
}
