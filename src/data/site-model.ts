// The site model handed to Eleventy: every page's data computed once, indexed by key, sanitized once.
// Templates only loop over these arrays and print fields; they do no look-ups of their own.
import type { ReportKind } from '../api/index.ts';
import type { ChartPage } from './charts.ts';
import type { SiteConfig } from './config.ts';
import type { PeriodReports, ReportSource } from './fetch-reports.ts';
import { applyOverride, overrideKey, type Override, type OverrideField } from './overrides.ts';
import { formatSignPosition } from './format-degrees.ts';
import type { Messages } from './i18n.ts';
import { contentHash, updatePageDates, type PageDates, type PageHistory } from './page-dates.ts';
import { describeDateTime, describePeriod, parseIsoDate, type Period } from './periods.ts';
import { normalizeHeadings } from './sanitize.ts';
import { allShareImages, planShareImages, SHARE_IMAGE, type ShareImage, type ShareImageSet } from './share-images.ts';
import type { Sign } from './signs.ts';
import type { StaticPage } from './static-pages.ts';

/** URL segment of each kind: the project's public URLs, keep them stable. */
export const KIND_SEGMENTS: Record<ReportKind, string> = {
  weekly: 'weekly',
  monthly: 'monthly',
  yearly: 'yearly',
  ascendantYearly: 'ascendant',
};

export const KIND_ORDER: ReportKind[] = ['weekly', 'monthly', 'yearly', 'ascendantYearly'];

export interface PeriodInfo extends Period {
  /** "November 16 – 22, 2026" */
  label: string;
  /** `/weekly/2026-w47/` */
  url: string;
  isCurrent: boolean;
}

export interface LinkRef {
  url: string;
  label: string;
}

export interface ReportPage extends PageDates {
  kind: ReportKind;
  kindTitle: string;
  /** "Leo weekly horoscope, November 16 – 22, 2026": the document title and the feed entry title. */
  title: string;
  /** "Leo weekly horoscope": the page's h1, before the period. */
  heading: string;
  /** The label of the nav holding previous/next: "Earlier and later weekly horoscopes for Leo". */
  pagerLabel: string;
  /** "November 16 – 22, 2026 for the other signs" */
  otherSignsHeading: string;
  /** "All signs: weekly horoscope, November 16 – 22, 2026" (the period hub) and "All Leo horoscopes" (the sign hub). */
  periodHubLabel: string;
  signHubLabel: string;
  period: PeriodInfo;
  sign: Sign;
  /** Sanitized HTML. */
  intro: string;
  /** Sanitized HTML. */
  text: string;
  url: string;
  source: ReportSource;
  previous?: LinkRef;
  next?: LinkRef;
  /** The same period for the other eleven signs, with their pages' titles (the links' accessible names). */
  otherSigns: { sign: Sign; url: string; title: string }[];
  signHubUrl: string;
  /** Which field an editor's override changed, if any (content/overrides/). */
  overridden?: OverrideField;
}

export interface PeriodHub {
  kind: ReportKind;
  kindTitle: string;
  period: PeriodInfo;
  url: string;
  pages: ReportPage[];
}

/** A kind's archive, `/weekly/`: every published period of that kind, linking to the period hubs. */
export interface SectionPage {
  kind: ReportKind;
  /** Newest first, each with its link text: the label, after the week's number for weeks ("Week 47: …"). */
  entries: { period: PeriodInfo; label: string }[];
  /** "Weekly horoscopes" */
  title: string;
  /** "156 weeks" */
  count: string;
  /** `/weekly/` */
  url: string;
}

export interface SignHub {
  sign: Sign;
  url: string;
  /** The report of the period that holds the reference date, per kind. */
  current: Partial<Record<ReportKind, ReportPage>>;
  /** Every published report of the sign per kind, newest first. */
  archive: { kind: ReportKind; kindTitle: string; pages: ReportPage[] }[];
  feedUrl: string;
  /** "Leo horoscopes" */
  title: string;
  /** "Leo this week" (the home page's link to the current week) */
  thisWeekLabel: string;
  /** "Follow Leo horoscopes in a feed reader (Atom)" */
  followLabel: string;
}

/** What the layout prints in <head> and above the content; one per page, found by the page's URL. */
export interface PageMeta {
  /** Site path, as Eleventy's `page.url`. */
  url: string;
  /** The whole <title>. */
  documentTitle: string;
  /** Title without the site's name, for og:title. */
  title: string;
  /** Plain text. */
  description: string;
  /** Absolute URL from `url` in content/site.json; absent on the 404 page, which has no address of its own. */
  canonical?: string;
  ogType: 'article' | 'website';
  /** Home first, this page last; the layout shows them when there are two or more. */
  breadcrumbs: LinkRef[];
  /** JSON-LD, serialized with every `<` escaped so the data block cannot end its <script> early. */
  jsonLd?: string;
  /** The sign's Atom feed, for <link rel="alternate">. */
  feed?: LinkRef;
  /** Not for search engines (the 404 page). */
  noindex?: boolean;
  /** The link-preview image (og:image, twitter:image). */
  image: PageImage;
}

export interface PageImage {
  /** Absolute URL from `url` in content/site.json. */
  url: string;
  alt: string;
  width: number;
  height: number;
}

export interface FeedEntry {
  page: ReportPage;
  absoluteUrl: string;
  /** The page's first publication and last change (src/data/page-dates.ts): never after the build's date. */
  published: Date;
  updated: Date;
}

export interface SignFeed {
  sign: Sign;
  /** `/leo/feed.xml` */
  url: string;
  absoluteUrl: string;
  title: string;
  signHubAbsoluteUrl: string;
  subtitle: string;
  /** The newest entry's `updated` (or the build date for a sign without reports). */
  updated: Date;
  /** Newest first. */
  entries: FeedEntry[];
}

export interface ChartView extends ChartPage {
  /** "Natal chart of Frida Kahlo" */
  title: string;
  /** Texts of the page in the site's language: the card's line, the table's caption, the planets' headings. */
  bornLabel: string;
  localTimeLabel: string;
  tableCaption: string;
  aboutHeading: string;
  planetHeadings: string[];
  /** The wheel's accessible title, description and one label per planet ("Sun in Taurus at 0°12′"). */
  wheel: { title: string; description: string; planetLabels: string[] };
  /** "July 6, 1907, 08:30" (local time at the place) */
  birthLabel: string;
  /** "July 6, 1907, 14:06" */
  utcLabel: string;
}

export interface SiteModel {
  site: SiteConfig & { buildDate: string; sampleContent: boolean; ogLocale: string; copyright: string };
  /** Every message without placeholders, for templates: `{{ model.ui.site.skipLink }}` (content/i18n/). */
  ui: Messages['ui'];
  signs: Sign[];
  reportPages: ReportPage[];
  periodHubs: PeriodHub[];
  signHubs: SignHub[];
  /** Per kind, oldest first. */
  periods: Record<ReportKind, PeriodInfo[]>;
  /** The four kinds' archive pages, in KIND_ORDER. */
  sections: SectionPage[];
  /** Natal chart pages, by name. */
  charts: ChartView[];
  /** Editors' pages (about, privacy), in footer order. */
  staticPages: StaticPage[];
  /** One Atom feed per sign, in sign order. */
  feeds: SignFeed[];
  /** Every page's head and breadcrumbs, by URL (`model.meta[page.url]` in the layout: one look-up, no scan). */
  meta: Record<string, PageMeta>;
  /** Every page but the 404, for sitemap.xml. */
  sitemap: SitemapEntry[];
  /** Every link-preview image, to render (share-images.ts) and publish under /assets/share/. */
  shareImages: ShareImage[];
  /** The page dates to keep once this site is published (src/data/page-dates.ts). */
  pageHistory: PageHistory;
}

export interface SitemapEntry {
  /** Absolute URL. */
  loc: string;
  /** RFC 3339; only on pages with a true date (reports, and the hubs and home page that quote them). */
  lastmod?: string;
}

export interface SiteModelInput {
  site: SiteConfig;
  /** The site's words (content/i18n/<language>.json). */
  messages: Messages;
  buildDate: string;
  sampleContent: boolean;
  signs: Sign[];
  reports: PeriodReports[];
  charts?: ChartPage[];
  /** From content/overrides/ (overrides.ts); those for periods not published are ignored. */
  overrides?: Override[];
  /** From content/pages/ (static-pages.ts). */
  staticPages?: StaticPage[];
  /** The page dates kept by earlier builds (page-dates.ts); none: a cold build. */
  pageHistory?: PageHistory;
  /** The link-preview images, if already planned (share-images.ts `planShareImages`); planned here otherwise. */
  shareImages?: ShareImageSet;
}

function periodInfo(period: Period, buildDate: string, locale: string): PeriodInfo {
  return {
    ...period,
    label: describePeriod(period, locale),
    url: `/${KIND_SEGMENTS[period.kind]}/${period.key}/`,
    isCurrent: period.start <= buildDate && buildDate <= period.end,
  };
}

/** `/weekly/`: the archive of one kind. */
export function sectionUrl(kind: ReportKind): string {
  return `/${KIND_SEGMENTS[kind]}/`;
}

export function reportUrl(kind: ReportKind, periodKey: string, signSlug: string): string {
  return `/${KIND_SEGMENTS[kind]}/${periodKey}/${signSlug}/`;
}

const DEFAULTS = {
  /** Characters of a page description (search engines show about 155). */
  descriptionLength: 160,
  chartsUrl: '/charts/',
  notFoundUrl: '/404.html',
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
      const code = name.startsWith('#x') ? Number.parseInt(name.slice(2), 16) : name.startsWith('#') ? Number(name.slice(1)) : Number.NaN;
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/**
 * JSON for a `<script type="application/ld+json">` block: `<` escaped, so no `</script>` or `<!--` can appear
 * (and U+2028/U+2029, which JavaScript before ES2019 did not allow in strings).
 */
export function jsonLdString(data: unknown): string {
  return JSON.stringify(data).replace(/[<\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** schema.org Organization: the site as author and publisher of its reports. */
export interface JsonLdOrganization {
  '@type': 'Organization';
  name: string;
  url: string;
}

/** schema.org Article dates, RFC 3339. */
export interface ArticleDates {
  published: string;
  modified: string;
}

/** A whole day as its midnight UTC in RFC 3339 (`2026-11-16T00:00:00Z`): the same inputs print the same output. */
export function dayToRfc3339(day: string): string {
  return `${day}T00:00:00Z`;
}

/** The latest of some `YYYY-MM-DD` days, or undefined for none. */
function newestDay(days: string[]): string | undefined {
  return days.reduce<string | undefined>((max, d) => (max === undefined || d > max ? d : max), undefined);
}

export interface JsonLdPage {
  /** Absolute URL of the page. */
  canonical: string;
  title: string;
  description: string;
  /** An Article (a report) with its dates in RFC 3339; otherwise a WebPage. */
  article?: ArticleDates;
  breadcrumbs: { label: string; absoluteUrl: string }[];
  language: string;
  organization: JsonLdOrganization;
}

/** A page's JSON-LD (https://schema.org): a WebPage or an Article, and its BreadcrumbList. */
export function pageJsonLd(page: JsonLdPage): string {
  const main = page.article
    ? {
        '@type': 'Article',
        headline: page.title,
        description: page.description,
        url: page.canonical,
        mainEntityOfPage: page.canonical,
        datePublished: page.article.published,
        dateModified: page.article.modified,
        inLanguage: page.language,
        author: page.organization,
        publisher: page.organization,
      }
    : { '@type': 'WebPage', name: page.title, description: page.description, url: page.canonical, inLanguage: page.language };
  const breadcrumbList = {
    '@type': 'BreadcrumbList',
    itemListElement: page.breadcrumbs.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, name: crumb.label, item: crumb.absoluteUrl })),
  };
  // A trail of one (the home page) is no breadcrumb: schema.org's BreadcrumbList is a path to the page.
  const graph = page.breadcrumbs.length > 1 ? [main, breadcrumbList] : [main];
  return jsonLdString({ '@context': 'https://schema.org', '@graph': graph });
}

/**
 * Open Graph wants `language_TERRITORY` (https://ogp.me/#optional): `en` → `en_US`, `pt` → `pt_BR`, `fr-CA` → `fr_CA`,
 * the territory a bare language most likely means, from CLDR's likely subtags (Intl.Locale#maximize).
 */
export function ogLocale(language: string): string {
  const locale = new Intl.Locale(language).maximize();
  return locale.region ? `${locale.language}_${locale.region}` : locale.language;
}

function absoluteUrl(site: SiteConfig, pathname: string): string {
  return `${site.url}${pathname}`;
}

/** `/leo/`: a sign's hub, with its current reports and archive. */
function signHubUrl(sign: Sign): string {
  return `/${sign.slug}/`;
}

/** `/leo/feed.xml`: a sign's Atom feed. */
function signFeedUrl(sign: Sign): string {
  return `/${sign.slug}/feed.xml`;
}

/** The link to a sign's feed, for <link rel="alternate"> on its pages. */
function signFeedLink(sign: Sign, t: Messages['t']): LinkRef {
  return { url: signFeedUrl(sign), label: t('signHub.feedLink', { sign: sign.name }) };
}

export function buildSiteModel(input: SiteModelInput): SiteModel {
  const { signs, buildDate, site, messages } = input;
  const { t } = messages;
  const { periods, periodHubs, pageHistory } = buildPeriodHubs(input);
  const reportPages = periodHubs.flatMap((hub) => hub.pages);
  const bySignAndKind = groupBySignAndKind(reportPages);
  linkNeighbours(bySignAndKind, t);
  const signHubs = signs.map((sign) => buildSignHub(sign, bySignAndKind, t));
  const feeds = signHubs.map((hub) => buildFeed(hub, site, buildDate, t));
  const sections = KIND_ORDER.map((kind) => sectionPage(kind, periods[kind], t));
  const charts = [...(input.charts ?? [])].sort((a, b) => a.name.localeCompare(b.name, site.language)).map((chart) => chartView(chart, messages, signs.map((s) => s.name)));
  const staticPages = input.staticPages ?? [];
  const images = input.shareImages ?? planShareImages(site.title, signs, messages);
  const heads = pageHeads(site, t, { signHubs, sections, periodHubs, charts, staticPages }, images);
  const organization: JsonLdOrganization = { '@type': 'Organization', name: site.title, url: absoluteUrl(site, '/') };
  const meta: Record<string, PageMeta> = {};
  for (const head of heads) meta[head.url] = pageMeta(head, site, t, organization);
  meta[DEFAULTS.notFoundUrl] = notFoundMeta(site, t, images.site);
  return {
    site: {
      ...site,
      buildDate,
      sampleContent: input.sampleContent,
      ogLocale: ogLocale(site.language),
      copyright: t('site.copyright', { year: buildDate.slice(0, 4), site: site.title }),
    },
    ui: messages.ui,
    signs,
    reportPages,
    periodHubs,
    signHubs,
    periods,
    sections,
    charts,
    staticPages,
    feeds,
    meta,
    sitemap: heads.map((head) => ({ loc: absoluteUrl(site, head.url), ...(head.lastmod ? { lastmod: dayToRfc3339(head.lastmod) } : {}) })),
    shareImages: allShareImages(images),
    pageHistory,
  };
}

/**
 * One hub per published period, kinds in KIND_ORDER and periods oldest first, each with its twelve report pages
 * dated from the history of earlier builds; and the history to keep.
 */
function buildPeriodHubs(input: SiteModelInput): { periods: Record<ReportKind, PeriodInfo[]>; periodHubs: PeriodHub[]; pageHistory: PageHistory } {
  const periods = Object.fromEntries(KIND_ORDER.map((k) => [k, [] as PeriodInfo[]])) as Record<ReportKind, PeriodInfo[]>;
  const overrides = new Map((input.overrides ?? []).map((o) => [overrideKey(o.kind, o.periodKey, o.sign), o]));
  const sorted = [...input.reports].sort((a, b) =>
    KIND_ORDER.indexOf(a.period.kind) - KIND_ORDER.indexOf(b.period.kind) || a.period.start.localeCompare(b.period.start),
  );
  const undated = sorted.map((reports) => {
    const info = periodInfo(reports.period, input.buildDate, input.messages.locale);
    periods[info.kind].push(info);
    return { info, pages: periodReportPages(reports, info, input, overrides) };
  });
  const versions = undated.flatMap(({ pages }) =>
    pages.map((p) => ({ url: p.url, hash: contentHash(p.intro, p.text), introHash: contentHash(p.intro), periodStart: p.period.start })),
  );
  const { dates, history } = updatePageDates(input.pageHistory ?? {}, versions, input.buildDate);
  const periodHubs = undated.map(({ info, pages }): PeriodHub => ({
    kind: info.kind,
    kindTitle: input.messages.ui.kinds[info.kind].title,
    period: info,
    url: info.url,
    pages: pages.map((page) => ({ ...page, ...dates.get(page.url)! })),
  }));
  return { periods, periodHubs, pageHistory: history };
}

/** The twelve report pages of one period, an editor's override applied to its own page only. */
function periodReportPages(
  { html, source }: PeriodReports,
  period: PeriodInfo,
  input: SiteModelInput,
  overrides: ReadonlyMap<string, Override>,
): Omit<ReportPage, keyof PageDates>[] {
  const { kind } = period;
  const { t, ui } = input.messages;
  const kindTitle = ui.kinds[kind].title;
  const urls = input.signs.map((sign) => reportUrl(kind, period.key, sign.slug));
  // Sign names come from the site's messages, not the service's `sign_name`: every word around a report is in
  // the site's language, whatever the service's.
  const headings = input.signs.map((sign) => t(`kinds.${kind}.heading`, { sign: sign.name }));
  const titles = headings.map((heading) => t('site.titleWithPeriod', { title: heading, period: period.label }));
  const shared = {
    kind,
    kindTitle,
    period,
    source,
    otherSignsHeading: t('report.otherSigns', { period: period.label }),
    periodHubLabel: t(`kinds.${kind}.allSigns`, { period: period.label }),
  };
  return input.signs.map((sign, signId): Omit<ReportPage, keyof PageDates> => {
    const fields = { ...html[signId]! };
    const override = overrides.get(overrideKey(kind, period.key, sign.slug));
    if (override) fields[override.field] = applyOverride(fields[override.field], override);
    return {
      ...shared,
      title: titles[signId]!,
      heading: headings[signId]!,
      pagerLabel: t(`kinds.${kind}.pager`, { sign: sign.name }),
      signHubLabel: t('report.allSignHoroscopes', { sign: sign.name }),
      sign,
      intro: fields.intro,
      text: fields.text,
      url: urls[signId]!,
      otherSigns: input.signs.filter((s) => s.id !== signId).map((s) => ({ sign: s, url: urls[s.id]!, title: titles[s.id]! })),
      signHubUrl: signHubUrl(sign),
      ...(override ? { overridden: override.field } : {}),
    };
  });
}

/** Report pages per `kind/sign`, in the order given (oldest first). */
function groupBySignAndKind(pages: ReportPage[]): Map<string, ReportPage[]> {
  return Map.groupBy(pages, (page) => `${page.kind}/${page.sign.slug}`);
}

/** Previous/next links between the reports of the same sign and kind. */
function linkNeighbours(bySignAndKind: Map<string, ReportPage[]>, t: Messages['t']): void {
  for (const list of bySignAndKind.values()) {
    list.forEach((page, i) => {
      const before = list[i - 1];
      const after = list[i + 1];
      if (before) page.previous = { url: before.url, label: t(`kinds.${page.kind}.previous`, { period: before.period.label }) };
      if (after) page.next = { url: after.url, label: t(`kinds.${page.kind}.next`, { period: after.period.label }) };
    });
  }
}

function buildSignHub(sign: Sign, bySignAndKind: Map<string, ReportPage[]>, t: Messages['t']): SignHub {
  const current: SignHub['current'] = {};
  const archive = KIND_ORDER.map((kind) => {
    const pages = bySignAndKind.get(`${kind}/${sign.slug}`) ?? [];
    const now = pages.find((p) => p.period.isCurrent);
    if (now) current[kind] = now;
    return { kind, kindTitle: t(`kinds.${kind}.title`), pages: [...pages].reverse() };
  });
  return {
    sign,
    url: signHubUrl(sign),
    current,
    archive,
    feedUrl: signFeedUrl(sign),
    title: t('signHub.title', { sign: sign.name }),
    thisWeekLabel: t('home.signThisWeek', { sign: sign.name }),
    followLabel: t('signHub.follow', { sign: sign.name }),
  };
}

function sectionPage(kind: ReportKind, periods: PeriodInfo[], t: Messages['t']): SectionPage {
  return {
    kind,
    title: t(`kinds.${kind}.section`),
    count: t(`kinds.${kind}.count`, { count: periods.length }),
    url: sectionUrl(kind),
    entries: [...periods].reverse().map((period) => ({
      period,
      label: period.week ? t('section.weekLabel', { week: period.week, period: period.label }) : period.label,
    })),
  };
}

function buildFeed(hub: SignHub, site: SiteConfig, buildDate: string, t: Messages['t']): SignFeed {
  const entries = hub.archive
    .flatMap((group) => group.pages)
    .map((page) => ({ page, absoluteUrl: absoluteUrl(site, page.url), published: parseIsoDate(page.published), updated: parseIsoDate(page.updated) }))
    // Newest first; on the same day the later period first, and for the same period (a year and its ascendant
    // year) the kinds' order.
    .sort((a, b) =>
      b.published.getTime() - a.published.getTime() ||
      b.page.period.start.localeCompare(a.page.period.start) ||
      KIND_ORDER.indexOf(a.page.kind) - KIND_ORDER.indexOf(b.page.kind),
    );
  const newest = newestDay(hub.archive.flatMap((group) => group.pages.map((page) => page.updated)));
  return {
    sign: hub.sign,
    url: hub.feedUrl,
    absoluteUrl: absoluteUrl(site, hub.feedUrl),
    title: t('feed.title', { sign: hub.sign.name, site: site.title }),
    subtitle: t('feed.subtitle', { sign: hub.sign.name, dates: hub.sign.dates }),
    signHubAbsoluteUrl: absoluteUrl(site, hub.url),
    updated: parseIsoDate(newest ?? buildDate),
    entries,
  };
}

function chartView(chart: ChartPage, { t, locale }: Messages, signNames: readonly string[]): ChartView {
  const title = t('chart.title', { name: chart.name });
  const birthLabel = describeDateTime(chart.localBirth, locale);
  // Signs named in the site's language, by the service's signId; planet texts sit under an h2 of their own.
  const planets = chart.planets.map((p) => ({
    ...p,
    signName: signNames[p.signId] ?? p.signName,
    text: normalizeHeadings(p.text, 3),
    housetext: normalizeHeadings(p.housetext, 3),
  }));
  return {
    ...chart,
    planets,
    intro: normalizeHeadings(chart.intro, 2),
    title,
    birthLabel,
    utcLabel: describeDateTime(chart.utcBirth, locale),
    bornLabel: t('charts.born', { date: birthLabel, place: chart.cityName }),
    localTimeLabel: t('chart.localTime', { zone: chart.timezone }),
    tableCaption: t('chart.tableCaption', { name: chart.name }),
    aboutHeading: t('chart.about', { name: chart.name }),
    planetHeadings: planets.map((p) => t('chart.planetHeading', { planet: p.name, sign: p.signName, house: p.house })),
    wheel: {
      title: t('chart.wheelTitle', { name: chart.name }),
      description: t('chart.wheelDescription', { date: birthLabel, place: chart.cityName }),
      planetLabels: chart.planets.map((p) => {
        const position = formatSignPosition(p.longitude);
        const values = { planet: p.name, sign: signNames[position.signId]!, position: position.text };
        return t(p.retrograde ? 'chart.wheelRetrograde' : 'chart.wheelPlanet', values);
      }),
    },
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
  /** `YYYY-MM-DD`, for the sitemap: when the report text the page shows last changed. */
  lastmod?: string;
  feed?: LinkRef;
  /** The home page's <title> is the site's name alone. */
  documentTitle?: string;
  image: ShareImage;
}

interface SitePages {
  signHubs: SignHub[];
  sections: SectionPage[];
  periodHubs: PeriodHub[];
  charts: ChartView[];
  staticPages: StaticPage[];
}

/** When a page quoting these reports' intros last changed: the newest intro; undefined when it quotes none. */
function lastUpdated(reports: ReportPage[]): string | undefined {
  return newestDay(reports.map((report) => report.introUpdated));
}

/** Every page but the 404, in sitemap order. */
function pageHeads(site: SiteConfig, t: Messages['t'], pages: SitePages, images: ShareImageSet): PageHead[] {
  const home: LinkRef = { url: '/', label: t('site.home') };
  // A report shows its sign and kind; a sign hub its sign's weekly image; every other page the site's image.
  const image = images.site;
  // Hubs and the home page quote their reports' intros: each changes when one of those reports does.
  const homeReports = pages.signHubs.flatMap((hub) => (hub.current.weekly ? [hub.current.weekly] : []));
  const heads: PageHead[] = [
    {
      url: '/',
      title: site.title,
      documentTitle: site.title,
      description: site.description ?? t('site.description'),
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
      feed: signFeedLink(hub.sign, t),
      image: signImage(images, 'weekly', hub.sign),
      lastmod: lastUpdated(Object.values(hub.current)),
    });
  }
  heads.push(...reportHeads(home, t, pages, images));
  const chartsCrumb = { url: DEFAULTS.chartsUrl, label: t('charts.title') };
  heads.push({ url: DEFAULTS.chartsUrl, title: chartsCrumb.label, description: t('charts.description'), breadcrumbs: [home, chartsCrumb], image });
  for (const chart of pages.charts) {
    heads.push({
      url: chart.url,
      title: chart.title,
      description: t('chart.description', { title: chart.title, date: chart.birthLabel, place: chart.cityName }),
      breadcrumbs: [home, chartsCrumb, { url: chart.url, label: chart.name }],
      image,
    });
  }
  for (const page of pages.staticPages) {
    heads.push({ url: page.url, title: page.title, description: page.description ?? plainText(page.html), breadcrumbs: [home, { url: page.url, label: page.title }], image });
  }
  return heads;
}

/** A report's image shows its sign and kind. */
function signImage(images: ShareImageSet, kind: ReportKind, sign: Sign): ShareImage {
  return images.bySignAndKind.get(`${kind}/${sign.slug}`) ?? images.site;
}

/** The section archives, and under each the period hubs and their report pages. */
function reportHeads(home: LinkRef, t: Messages['t'], pages: SitePages, images: ShareImageSet): PageHead[] {
  const heads: PageHead[] = [];
  const sectionCrumbs = new Map<ReportKind, LinkRef>();
  for (const section of pages.sections) {
    const crumb = { url: section.url, label: section.title };
    sectionCrumbs.set(section.kind, crumb);
    const description = t(`kinds.${section.kind}.sectionDescription`);
    heads.push({ url: section.url, title: section.title, description, breadcrumbs: [home, crumb], image: images.site });
  }
  for (const hub of pages.periodHubs) {
    const title = t('site.titleWithPeriod', { title: hub.kindTitle, period: hub.period.label });
    const trail = [home, sectionCrumbs.get(hub.kind)!, { url: hub.url, label: title }];
    const description = t('periodHub.description', { title });
    heads.push({ url: hub.url, title, description, breadcrumbs: trail, image: images.site, lastmod: lastUpdated(hub.pages) });
    for (const page of hub.pages) {
      heads.push({
        url: page.url,
        title: page.title,
        description: plainText(page.intro) || page.title,
        breadcrumbs: [...trail, { url: page.url, label: page.sign.name }],
        article: { published: dayToRfc3339(page.published), modified: dayToRfc3339(page.updated) },
        lastmod: page.updated,
        feed: signFeedLink(page.sign, t),
        image: signImage(images, page.kind, page.sign),
      });
    }
  }
  return heads;
}

function pageMeta(head: PageHead, site: SiteConfig, t: Messages['t'], organization: JsonLdOrganization): PageMeta {
  const canonical = absoluteUrl(site, head.url);
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
      breadcrumbs: head.breadcrumbs.map((crumb) => ({ label: crumb.label, absoluteUrl: absoluteUrl(site, crumb.url) })),
      language: site.language,
      organization,
    }),
    ...(head.feed ? { feed: head.feed } : {}),
    image: pageImage(site, head.image),
  };
}

function pageImage(site: SiteConfig, image: ShareImage): PageImage {
  return { url: absoluteUrl(site, image.url), alt: image.alt, width: SHARE_IMAGE.width, height: SHARE_IMAGE.height };
}

function notFoundMeta(site: SiteConfig, t: Messages['t'], image: ShareImage): PageMeta {
  const title = t('notFound.title');
  return {
    url: DEFAULTS.notFoundUrl,
    documentTitle: t('site.documentTitle', { page: title, site: site.title }),
    title,
    description: t('notFound.description'),
    ogType: 'website',
    breadcrumbs: [{ url: '/', label: t('site.home') }],
    noindex: true,
    image: pageImage(site, image),
  };
}
