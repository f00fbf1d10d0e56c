// The site model handed to Eleventy: every page's data computed once, indexed by key, sanitized once.
// Templates only loop over these arrays and print fields; they do no look-ups of their own.
import type { ReportEntry, ReportKind } from '../api/index.ts';
import type { ChartPage } from './charts.ts';
import type { SiteConfig } from './config.ts';
import type { PeriodReports, ReportSource } from './fetch-reports.ts';
import { applyOverride, overrideKey, type Override, type OverrideField } from './overrides.ts';
import { contentHash, updatePageDates, type PageDates, type PageHistory } from './page-dates.ts';
import { describePeriod, parseIsoDate, type Period } from './periods.ts';
import { sanitizeReportHtml } from './sanitize.ts';
import type { Sign } from './signs.ts';
import type { StaticPage } from './static-pages.ts';

/** URL segment of each kind: the project's public URLs, keep them stable. */
export const KIND_SEGMENTS: Record<ReportKind, string> = {
  weekly: 'weekly',
  monthly: 'monthly',
  yearly: 'yearly',
  ascendantYearly: 'ascendant',
};

export const KIND_LABELS: Record<ReportKind, { title: string; noun: string }> = {
  weekly: { title: 'Weekly horoscope', noun: 'week' },
  monthly: { title: 'Monthly horoscope', noun: 'month' },
  yearly: { title: 'Yearly horoscope', noun: 'year' },
  ascendantYearly: { title: 'Ascendant yearly horoscope', noun: 'year' },
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
  /** "week", "month", "year": for "Previous week: …". */
  periodNoun: string;
  period: PeriodInfo;
  sign: Sign;
  /** The service's `sign_name`, plain text: templates print it escaped. */
  signName: string;
  /** Sanitized HTML. */
  intro: string;
  /** Sanitized HTML. */
  text: string;
  url: string;
  source: ReportSource;
  previous?: LinkRef;
  next?: LinkRef;
  /** The same period for the other eleven signs. */
  otherSigns: { sign: Sign; url: string }[];
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

export interface SignHub {
  sign: Sign;
  url: string;
  /** The report of the period that holds the reference date, per kind. */
  current: Partial<Record<ReportKind, ReportPage>>;
  /** Every published report of the sign per kind, newest first. */
  archive: { kind: ReportKind; kindTitle: string; pages: ReportPage[] }[];
  feedUrl: string;
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
  /** The newest entry's `updated` (or the build date for a sign without reports). */
  updated: Date;
  /** Newest first. */
  entries: FeedEntry[];
}

export interface ChartView extends ChartPage {
  /** "Natal chart of Frida Kahlo" */
  title: string;
  /** "July 6, 1907, 08:30" (local time at the place) */
  birthLabel: string;
  /** "July 6, 1907, 14:06" */
  utcLabel: string;
}

export interface SiteModel {
  site: SiteConfig & { buildDate: string; sampleContent: boolean };
  signs: Sign[];
  reportPages: ReportPage[];
  periodHubs: PeriodHub[];
  signHubs: SignHub[];
  /** Per kind, oldest first. */
  periods: Record<ReportKind, PeriodInfo[]>;
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
}

export interface ReportFields {
  intro: string;
  text: string;
}

/** A report's HTML fields as pages show them: sanitized, headings renumbered from h2 (overrides not applied). */
export function reportFields(entry: ReportEntry): ReportFields {
  return { intro: normalizeHeadings(sanitizeReportHtml(entry.intro), 2), text: normalizeHeadings(sanitizeReportHtml(entry.text), 2) };
}

function periodInfo(period: Period, buildDate: string): PeriodInfo {
  return {
    ...period,
    label: describePeriod(period),
    url: `/${KIND_SEGMENTS[period.kind]}/${period.key}/`,
    isCurrent: period.start <= buildDate && buildDate <= period.end,
  };
}

export function reportUrl(kind: ReportKind, periodKey: string, signSlug: string): string {
  return `/${KIND_SEGMENTS[kind]}/${periodKey}/${signSlug}/`;
}

const DEFAULTS = {
  /** Characters of a page description (search engines show about 155). */
  descriptionLength: 160,
  description: 'Weekly, monthly and yearly horoscopes for all twelve zodiac signs.',
  homeLabel: 'Home',
  chartsTitle: 'Natal charts',
  chartsUrl: '/charts/',
  notFoundUrl: '/404.html',
};

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

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
  return jsonLdString({ '@context': 'https://schema.org', '@graph': [main, breadcrumbList] });
}

/**
 * Renumbers the headings of a sanitized fragment so its levels are consecutive from `top` down (h3, h5 → h2, h3):
 * the service writes its texts without knowing where they sit, and a page whose outline skips a level (h1 → h3)
 * is harder to navigate with a screen reader. The sanitizer leaves headings without attributes.
 */
export function normalizeHeadings(html: string, top: number): string {
  const levels = [...new Set(Array.from(html.matchAll(/<h([1-6])>/g), (match) => Number(match[1])))].sort((a, b) => a - b);
  const to = new Map(levels.map((level, i) => [level, Math.min(6, top + i)]));
  return html.replace(/<(\/?)h([1-6])>/g, (_whole, slash: string, level: string) => `<${slash}h${to.get(Number(level)) ?? level}>`);
}

/** "1926-04-21 02:40" → "April 21, 1926, 02:40". */
export function describeDateTime(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}:\d{2})/.exec(value);
  if (!m) return value;
  return `${MONTH_NAMES[Number(m[2]) - 1]} ${Number(m[3])}, ${m[1]}, ${m[4]}`;
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
function signFeedLink(sign: Sign): LinkRef {
  return { url: signFeedUrl(sign), label: `${sign.name} horoscopes (Atom feed)` };
}

export function buildSiteModel(input: SiteModelInput): SiteModel {
  const { signs, buildDate, site } = input;
  const { periods, periodHubs, pageHistory } = buildPeriodHubs(input);
  const reportPages = periodHubs.flatMap((hub) => hub.pages);
  const bySignAndKind = groupBySignAndKind(reportPages);
  linkNeighbours(bySignAndKind);
  const signHubs = signs.map((sign) => buildSignHub(sign, bySignAndKind));
  const feeds = signHubs.map((hub) => buildFeed(hub, site, buildDate));
  const charts = [...(input.charts ?? [])].sort((a, b) => a.name.localeCompare(b.name)).map(chartView);
  const staticPages = input.staticPages ?? [];
  const heads = pageHeads(site, { signHubs, periodHubs, charts, staticPages });
  const organization: JsonLdOrganization = { '@type': 'Organization', name: site.title, url: absoluteUrl(site, '/') };
  const meta: Record<string, PageMeta> = {};
  for (const head of heads) meta[head.url] = pageMeta(head, site, organization);
  meta[DEFAULTS.notFoundUrl] = notFoundMeta(site);
  return {
    site: { ...site, buildDate, sampleContent: input.sampleContent },
    signs,
    reportPages,
    periodHubs,
    signHubs,
    periods,
    charts,
    staticPages,
    feeds,
    meta,
    sitemap: heads.map((head) => ({ loc: absoluteUrl(site, head.url), ...(head.lastmod ? { lastmod: dayToRfc3339(head.lastmod) } : {}) })),
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
    const info = periodInfo(reports.period, input.buildDate);
    periods[info.kind].push(info);
    return { info, pages: periodReportPages(reports, info, input, overrides) };
  });
  const versions = undated.flatMap(({ pages }) => pages.map((p) => ({ url: p.url, hash: contentHash(p.intro, p.text), periodStart: p.period.start })));
  const { dates, history } = updatePageDates(input.pageHistory ?? {}, versions, input.buildDate);
  const periodHubs = undated.map(({ info, pages }): PeriodHub => ({
    kind: info.kind,
    kindTitle: KIND_LABELS[info.kind].title,
    period: info,
    url: info.url,
    pages: pages.map((page) => ({ ...page, ...dates.get(page.url)! })),
  }));
  return { periods, periodHubs, pageHistory: history };
}

/** The twelve report pages of one period, an editor's override applied to its own page only. */
function periodReportPages(
  { entries, source }: PeriodReports,
  period: PeriodInfo,
  input: SiteModelInput,
  overrides: ReadonlyMap<string, Override>,
): Omit<ReportPage, keyof PageDates>[] {
  const { kind } = period;
  const kindTitle = KIND_LABELS[kind].title;
  const urls = input.signs.map((sign) => reportUrl(kind, period.key, sign.slug));
  return input.signs.map((sign, signId): Omit<ReportPage, keyof PageDates> => {
    const entry = entries[signId]!;
    const fields = reportFields(entry);
    const override = overrides.get(overrideKey(kind, period.key, sign.slug));
    if (override) fields[override.field] = applyOverride(fields[override.field], override);
    return {
      kind,
      kindTitle,
      title: `${sign.name} ${kindTitle.toLowerCase()}, ${period.label}`,
      periodNoun: KIND_LABELS[kind].noun,
      period,
      sign,
      signName: entry.sign_name,
      intro: fields.intro,
      text: fields.text,
      url: urls[signId]!,
      source,
      otherSigns: input.signs.filter((s) => s.id !== signId).map((s) => ({ sign: s, url: urls[s.id]! })),
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
function linkNeighbours(bySignAndKind: Map<string, ReportPage[]>): void {
  for (const list of bySignAndKind.values()) {
    list.forEach((page, i) => {
      const before = list[i - 1];
      const after = list[i + 1];
      if (before) page.previous = { url: before.url, label: `Previous ${page.periodNoun}: ${before.period.label}` };
      if (after) page.next = { url: after.url, label: `Next ${page.periodNoun}: ${after.period.label}` };
    });
  }
}

function buildSignHub(sign: Sign, bySignAndKind: Map<string, ReportPage[]>): SignHub {
  const current: SignHub['current'] = {};
  const archive = KIND_ORDER.map((kind) => {
    const pages = bySignAndKind.get(`${kind}/${sign.slug}`) ?? [];
    const now = pages.find((p) => p.period.isCurrent);
    if (now) current[kind] = now;
    return { kind, kindTitle: KIND_LABELS[kind].title, pages: [...pages].reverse() };
  });
  return { sign, url: signHubUrl(sign), current, archive, feedUrl: signFeedUrl(sign) };
}

function buildFeed(hub: SignHub, site: SiteConfig, buildDate: string): SignFeed {
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
    title: `${hub.sign.name} horoscopes · ${site.title}`,
    signHubAbsoluteUrl: absoluteUrl(site, hub.url),
    updated: parseIsoDate(newest ?? buildDate),
    entries,
  };
}

function chartView(chart: ChartPage): ChartView {
  return {
    ...chart,
    // Planet texts sit under an h2 of their own on the page.
    planets: chart.planets.map((p) => ({ ...p, text: normalizeHeadings(p.text, 3), housetext: normalizeHeadings(p.housetext, 3) })),
    intro: normalizeHeadings(chart.intro, 2),
    title: `Natal chart of ${chart.name}`,
    birthLabel: describeDateTime(chart.localBirth),
    utcLabel: describeDateTime(chart.utcBirth),
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
}

/** The newest `updated` of the reports a page quotes; undefined when it quotes none. */
function lastUpdated(reports: ReportPage[]): string | undefined {
  return newestDay(reports.map((report) => report.updated));
}

/** Every page but the 404, in sitemap order. */
function pageHeads(
  site: SiteConfig,
  pages: { signHubs: SignHub[]; periodHubs: PeriodHub[]; charts: ChartView[]; staticPages: StaticPage[] },
): PageHead[] {
  const home: LinkRef = { url: '/', label: DEFAULTS.homeLabel };
  // Hubs and the home page quote their reports' intros: each changes when one of those reports does.
  const homeReports = pages.signHubs.flatMap((hub) => (hub.current.weekly ? [hub.current.weekly] : []));
  const heads: PageHead[] = [
    { url: '/', title: site.title, documentTitle: site.title, description: site.description ?? DEFAULTS.description, breadcrumbs: [home], lastmod: lastUpdated(homeReports) },
  ];
  for (const hub of pages.signHubs) {
    heads.push({
      url: hub.url,
      title: `${hub.sign.name} horoscopes`,
      description: `${hub.sign.name} (${hub.sign.dates}): this week's, month's and year's horoscope and every earlier one.`,
      breadcrumbs: [home, { url: hub.url, label: hub.sign.name }],
      feed: signFeedLink(hub.sign),
      lastmod: lastUpdated(Object.values(hub.current)),
    });
  }
  for (const hub of pages.periodHubs) {
    const title = `${hub.kindTitle}, ${hub.period.label}`;
    const hubCrumb = { url: hub.url, label: title };
    heads.push({ url: hub.url, title, description: `${title}, for all twelve signs.`, breadcrumbs: [home, hubCrumb], lastmod: lastUpdated(hub.pages) });
    for (const page of hub.pages) {
      heads.push({
        url: page.url,
        title: page.title,
        description: plainText(page.intro) || page.title,
        breadcrumbs: [home, hubCrumb, { url: page.url, label: page.sign.name }],
        article: { published: dayToRfc3339(page.published), modified: dayToRfc3339(page.updated) },
        lastmod: page.updated,
        feed: signFeedLink(page.sign),
      });
    }
  }
  const chartsCrumb = { url: DEFAULTS.chartsUrl, label: DEFAULTS.chartsTitle };
  heads.push({ url: DEFAULTS.chartsUrl, title: DEFAULTS.chartsTitle, description: 'Natal charts: the sky at the moment of birth, planet by planet.', breadcrumbs: [home, chartsCrumb] });
  for (const chart of pages.charts) {
    heads.push({
      url: chart.url,
      title: chart.title,
      description: `${chart.title}, born ${chart.birthLabel} in ${chart.cityName}: planets, signs and houses.`,
      breadcrumbs: [home, chartsCrumb, { url: chart.url, label: chart.name }],
    });
  }
  for (const page of pages.staticPages) {
    heads.push({ url: page.url, title: page.title, description: page.description ?? plainText(page.html), breadcrumbs: [home, { url: page.url, label: page.title }] });
  }
  return heads;
}

function pageMeta(head: PageHead, site: SiteConfig, organization: JsonLdOrganization): PageMeta {
  const canonical = absoluteUrl(site, head.url);
  return {
    url: head.url,
    documentTitle: head.documentTitle ?? `${head.title} · ${site.title}`,
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
  };
}

function notFoundMeta(site: SiteConfig): PageMeta {
  return {
    url: DEFAULTS.notFoundUrl,
    documentTitle: `Page not found · ${site.title}`,
    title: 'Page not found',
    description: 'There is no page at this address.',
    ogType: 'website',
    breadcrumbs: [{ url: '/', label: DEFAULTS.homeLabel }],
    noindex: true,
  };
}
