// The site model handed to Eleventy: every page's data computed once, indexed by key, sanitized once.
// Templates only loop over these arrays and print fields; they do no look-ups of their own.
import type { ReportEntry, ReportKind } from '../api/index.ts';
import type { ChartPage } from './charts.ts';
import type { SiteConfig } from './config.ts';
import type { PeriodReports, ReportSource } from './fetch-reports.ts';
import { applyOverride, overrideKey, type Override, type OverrideField } from './overrides.ts';
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

export interface ReportPage {
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
  /** The period's first day: stable across rebuilds, so readers do not see an entry as new again. */
  published: Date;
}

export interface SignFeed {
  sign: Sign;
  /** `/leo/feed.xml` */
  url: string;
  absoluteUrl: string;
  title: string;
  signHubAbsoluteUrl: string;
  /** The newest entry's date (or the build date for a sign without reports). */
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
  /** Absolute URLs of every page but the 404, for sitemap.xml. */
  sitemap: string[];
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
  /** `reportFields` of entries computed earlier (while other requests were in flight); the rest are computed here. */
  preparedFields?: ReadonlyMap<ReportEntry, ReportFields>;
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

export interface JsonLdPage {
  /** Absolute URL of the page. */
  canonical: string;
  title: string;
  description: string;
  /** An Article (a report) with its first day; otherwise a WebPage. */
  article?: { published: string };
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

export function buildSiteModel(input: SiteModelInput): SiteModel {
  const { signs, buildDate, site } = input;
  const absolute = (pathname: string) => `${site.url}${pathname}`;
  const periods = Object.fromEntries(KIND_ORDER.map((k) => [k, [] as PeriodInfo[]])) as Record<ReportKind, PeriodInfo[]>;
  const periodHubs: PeriodHub[] = [];
  /** Per kind and sign, oldest first: previous/next links are neighbours in this list. */
  const bySignAndKind = new Map<string, ReportPage[]>();
  const overrides = new Map((input.overrides ?? []).map((o) => [overrideKey(o.kind, o.periodKey, o.sign), o]));

  const sorted = [...input.reports].sort((a, b) =>
    KIND_ORDER.indexOf(a.period.kind) - KIND_ORDER.indexOf(b.period.kind) || a.period.start.localeCompare(b.period.start),
  );
  for (const { period, entries, source } of sorted) {
    const info = periodInfo(period, buildDate);
    periods[period.kind].push(info);
    const kindTitle = KIND_LABELS[period.kind].title;
    const urls = signs.map((sign) => reportUrl(period.kind, period.key, sign.slug));
    const pages = signs.map((sign, signId): ReportPage => {
      const entry = entries[signId]!;
      // A copy: an override replaces one field of this page only.
      const fields = { ...(input.preparedFields?.get(entry) ?? reportFields(entry)) };
      const override = overrides.get(overrideKey(period.kind, period.key, sign.slug));
      if (override) fields[override.field] = applyOverride(fields[override.field], override);
      return {
        kind: period.kind,
        kindTitle,
        title: `${sign.name} ${kindTitle.toLowerCase()}, ${info.label}`,
        periodNoun: KIND_LABELS[period.kind].noun,
        period: info,
        sign,
        signName: entry.sign_name,
        intro: fields.intro,
        text: fields.text,
        url: urls[signId]!,
        source,
        otherSigns: signs.filter((s) => s.id !== signId).map((s) => ({ sign: s, url: urls[s.id]! })),
        signHubUrl: `/${sign.slug}/`,
        ...(override ? { overridden: override.field } : {}),
      };
    });
    periodHubs.push({ kind: period.kind, kindTitle, period: info, url: info.url, pages });
    for (const page of pages) {
      const key = `${page.kind}/${page.sign.slug}`;
      const list = bySignAndKind.get(key) ?? [];
      list.push(page);
      bySignAndKind.set(key, list);
    }
  }

  for (const [key, list] of bySignAndKind) {
    const noun = KIND_LABELS[key.split('/')[0] as ReportKind].noun;
    list.forEach((page, i) => {
      const before = list[i - 1];
      const after = list[i + 1];
      if (before) page.previous = { url: before.url, label: `Previous ${noun}: ${before.period.label}` };
      if (after) page.next = { url: after.url, label: `Next ${noun}: ${after.period.label}` };
    });
  }

  const signHubs = signs.map((sign): SignHub => {
    const current: SignHub['current'] = {};
    const archive = KIND_ORDER.map((kind) => {
      const pages = bySignAndKind.get(`${kind}/${sign.slug}`) ?? [];
      const now = pages.find((p) => p.period.isCurrent);
      if (now) current[kind] = now;
      return { kind, kindTitle: KIND_LABELS[kind].title, pages: [...pages].reverse() };
    });
    return { sign, url: `/${sign.slug}/`, current, archive, feedUrl: `/${sign.slug}/feed.xml` };
  });

  const feeds = signHubs.map((hub): SignFeed => {
    const entries = hub.archive
      .flatMap((group) => group.pages)
      .map((page) => ({ page, absoluteUrl: absolute(page.url), published: parseIsoDate(page.period.start) }))
      // Newest first; on the same first day (a year and its ascendant year) keep the kinds' order.
      .sort((a, b) => b.published.getTime() - a.published.getTime() || KIND_ORDER.indexOf(a.page.kind) - KIND_ORDER.indexOf(b.page.kind));
    return {
      sign: hub.sign,
      url: hub.feedUrl,
      absoluteUrl: absolute(hub.feedUrl),
      title: `${hub.sign.name} horoscopes · ${site.title}`,
      signHubAbsoluteUrl: absolute(hub.url),
      updated: entries[0]?.published ?? parseIsoDate(buildDate),
      entries,
    };
  });

  const charts = [...(input.charts ?? [])]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((chart): ChartView => ({
      ...chart,
      // Planet texts sit under an h2 of their own on the page.
      planets: chart.planets.map((p) => ({ ...p, text: normalizeHeadings(p.text, 3), housetext: normalizeHeadings(p.housetext, 3) })),
      intro: normalizeHeadings(chart.intro, 2),
      title: `Natal chart of ${chart.name}`,
      birthLabel: describeDateTime(chart.localBirth),
      utcLabel: describeDateTime(chart.utcBirth),
    }));
  const staticPages = input.staticPages ?? [];

  // ---- Head data, breadcrumbs and JSON-LD, once per page ----
  const meta: Record<string, PageMeta> = {};
  const sitemap: string[] = [];
  const home: LinkRef = { url: '/', label: DEFAULTS.homeLabel };
  const siteDescription = site.description ?? DEFAULTS.description;
  const organization: JsonLdOrganization = { '@type': 'Organization', name: site.title, url: absolute('/') };
  const addPage = (page: {
    url: string;
    title: string;
    description: string;
    breadcrumbs: LinkRef[];
    article?: { published: string };
    feed?: LinkRef;
    /** The home page's <title> is the site's name alone. */
    documentTitle?: string;
  }) => {
    const canonical = absolute(page.url);
    meta[page.url] = {
      url: page.url,
      documentTitle: page.documentTitle ?? `${page.title} · ${site.title}`,
      title: page.title,
      description: page.description,
      canonical,
      ogType: page.article ? 'article' : 'website',
      breadcrumbs: page.breadcrumbs,
      jsonLd: pageJsonLd({
        canonical,
        title: page.title,
        description: page.description,
        article: page.article,
        breadcrumbs: page.breadcrumbs.map((crumb) => ({ label: crumb.label, absoluteUrl: absolute(crumb.url) })),
        language: site.language,
        organization,
      }),
      ...(page.feed ? { feed: page.feed } : {}),
    };
    sitemap.push(canonical);
  };

  addPage({ url: '/', title: site.title, documentTitle: site.title, description: siteDescription, breadcrumbs: [home] });
  for (const hub of signHubs) {
    const feed = { url: hub.feedUrl, label: `${hub.sign.name} horoscopes (Atom feed)` };
    addPage({
      url: hub.url,
      title: `${hub.sign.name} horoscopes`,
      description: `${hub.sign.name} (${hub.sign.dates}): this week's, month's and year's horoscope and every earlier one.`,
      breadcrumbs: [home, { url: hub.url, label: hub.sign.name }],
      feed,
    });
  }
  for (const hub of periodHubs) {
    const title = `${hub.kindTitle}, ${hub.period.label}`;
    const hubCrumb = { url: hub.url, label: title };
    addPage({ url: hub.url, title, description: `${title}, for all twelve signs.`, breadcrumbs: [home, hubCrumb] });
    for (const page of hub.pages) {
      addPage({
        url: page.url,
        title: page.title,
        description: plainText(page.intro) || page.title,
        breadcrumbs: [home, hubCrumb, { url: page.url, label: page.sign.name }],
        article: { published: page.period.start },
        feed: { url: `/${page.sign.slug}/feed.xml`, label: `${page.sign.name} horoscopes (Atom feed)` },
      });
    }
  }
  const chartsCrumb = { url: DEFAULTS.chartsUrl, label: DEFAULTS.chartsTitle };
  addPage({ url: DEFAULTS.chartsUrl, title: DEFAULTS.chartsTitle, description: 'Natal charts: the sky at the moment of birth, planet by planet.', breadcrumbs: [home, chartsCrumb] });
  for (const chart of charts) {
    addPage({
      url: chart.url,
      title: chart.title,
      description: `${chart.title}, born ${chart.birthLabel} in ${chart.cityName}: planets, signs and houses.`,
      breadcrumbs: [home, chartsCrumb, { url: chart.url, label: chart.name }],
    });
  }
  for (const page of staticPages) {
    addPage({ url: page.url, title: page.title, description: page.description ?? plainText(page.html), breadcrumbs: [home, { url: page.url, label: page.title }] });
  }
  meta[DEFAULTS.notFoundUrl] = {
    url: DEFAULTS.notFoundUrl,
    documentTitle: `Page not found · ${site.title}`,
    title: 'Page not found',
    description: 'There is no page at this address.',
    ogType: 'website',
    breadcrumbs: [home],
    noindex: true,
  };

  return {
    site: { ...site, buildDate, sampleContent: input.sampleContent },
    signs,
    reportPages: periodHubs.flatMap((hub) => hub.pages),
    periodHubs,
    signHubs,
    periods,
    charts,
    staticPages,
    feeds,
    meta,
    sitemap,
  };
}
