// The site model handed to Eleventy (types.ts): every page's data computed once, indexed by key, sanitized once.
// Its URLs come from urls.ts, each page's head and the sitemap from seo.ts.
import type { ReportKind } from '../api/index.ts';
import type { ChartPage } from '../data/charts.ts';
import type { SiteConfig } from '../data/config.ts';
import { calendarTimeZone } from '../data/calendar-settings.ts';
import type { Messages } from '../data/i18n.ts';
import { applyOverride, overrideKey, type Override } from '../data/overrides.ts';
import { formatDegrees } from '../data/format-degrees.ts';
import { contentHash, updatePageDates, type PageDates, type PageHistory } from '../data/page-dates.ts';
import { describeDateTime, describePeriod, isCurrent, parseIsoDate, type Period } from '../data/periods.ts';
import { normalizeHeadings } from '../data/sanitize.ts';
import { allShareImages } from '../data/share-images.ts';
import { SIGN_SLUGS, type Sign } from '../data/signs.ts';
import { siteAnalytics } from './analytics.ts';
import { apiFiles, apiPage } from './api.ts';
import { buildCalendar, calendarParts, calendarVersions, linkSky } from './calendar.ts';
import { calendarApiFiles } from './calendar-api.ts';
import { chartFormViews } from './chart-form.ts';
import { chartLeads, currentReports, PLANET_KEYS } from './chart-leads.ts';
import { embedParts } from './embed.ts';
import { dailyLines, type DailyLine } from './daily.ts';
import { openingText, periodHighlights } from './highlights.ts';
import { homeView } from './home.ts';
import { sectionGroups } from './section-groups.ts';
import { zoneName } from './calendar-time.ts';
import { withScriptsNotice } from './privacy-notice.ts';
import { closedPartFolders } from './search-parts.ts';
import { newestDay } from './json-ld.ts';
import { ogLocale, siteMeta } from './seo.ts';
import type {
  ChartView,
  PeriodHub,
  PeriodInfo,
  ReportPage,
  SectionPage,
  SignFeed,
  SignHub,
  SiteModel,
  SiteModelInput,
} from './types.ts';
import {
  KIND_ORDER,
  periodUrl,
  reportUrl,
  sectionUrl,
  signFeedUrl,
  signHubUrl,
  signJsonFeedUrl,
  SITE_PATHS,
  siteLinks,
  sitePath,
  siteUrls,
  type SiteUrls,
} from './urls.ts';

function periodInfo(period: Period, buildDate: string, locale: string, urls: SiteUrls): PeriodInfo {
  return {
    ...period,
    label: describePeriod(period, locale),
    url: urls.page(periodUrl(period.kind, period.key)),
    isCurrent: isCurrent(period, buildDate),
  };
}

export function buildSiteModel(input: SiteModelInput): SiteModel {
  const { signs, buildDate, site, messages } = input;
  const { t } = messages;
  const editorsPages = (input.staticPages ?? []).map((page) => ({
    ...page,
    html: withScriptsNotice(page.html, page.file, site, messages),
  }));
  // Every site-relative URL below is under the prefix of `url`'s path; page dates are kept by site path, so a
  // site that moves keeps them.
  const urls = siteUrls(site);
  const signNames = signs.map((s) => s.name);
  const calendar = buildCalendar({
    site,
    messages,
    signs,
    urls,
    buildDate,
    oldestStart: input.reports.map((r) => r.period.start).sort()[0],
    sampleContent: input.sampleContent,
  });
  const chartViews = [...(input.charts ?? [])]
    .sort((a, b) => a.name.localeCompare(b.name, site.language))
    .map((chart) => chartView(chart, messages, signNames));
  const otherPages = otherPageVersions(site, messages, chartViews, editorsPages, calendar, urls);
  // Editors' HTML comes with its links under the site's path (src/data/sanitize.ts sanitizeEditorHtml).
  const staticPages = editorsPages.map((page) => ({ ...page, url: urls.page(page.url) }));
  const { periods, periodHubs, pageHistory, otherDates } = buildPeriodHubs(input, urls, otherPages);
  if (calendar) linkSky(periodHubs, calendar);
  const reportPages = periodHubs.flatMap((hub) => hub.pages);
  const bySignAndKind = groupBySignAndKind(reportPages);
  linkNeighbours(bySignAndKind, t);
  const daily = dailyLines(buildDate, signs, messages, calendarTimeZone(site.calendar));
  const signHubs = signs.map((sign) =>
    withToday(buildSignHub(sign, bySignAndKind, t, urls), daily?.[sign.id], site.language),
  );
  // Each chart leads on to its signs' current reports; its dates follow the chart alone, not the week's links.
  const current = currentReports(signHubs);
  const charts = chartViews.map((chart) => ({
    ...chart,
    url: urls.page(chart.url),
    leads: chartLeads(chart, signNames, current, t),
  }));
  const feeds = signHubs.map((hub) => buildFeed(hub, site, urls, buildDate, t));
  const jsonFeeds = feeds.map((feed) => jsonFeed(feed, urls));
  const updated = new Map([...otherDates].map(([url, dates]) => [urls.page(url), dates.updated]));
  const chartForms = chartFormViews(site, messages, signs, urls, buildDate, current);
  const sections = KIND_ORDER.map((kind) => sectionPage(kind, periods[kind], periodHubs, messages, urls));
  const { meta, sitemap } = siteMeta(
    site,
    urls,
    t,
    { signHubs, sections, periodHubs, charts, staticPages, chartForms, updated, calendarPages: calendar?.pages ?? [] },
    input.shareImagePlan,
  );
  const model: SiteModel = {
    site: {
      ...site,
      pathPrefix: urls.pathPrefix,
      buildDate,
      sampleContent: input.sampleContent,
      ogLocale: ogLocale(site.language),
      copyright: t('site.copyright', { year: buildDate.slice(0, 4), site: site.title }),
    },
    ui: messages.ui,
    t,
    signs,
    links: {
      ...siteLinks(urls, signs, input.brand),
      ...risingInvite(chartForms, messages),
      ...(calendar ? { calendar: { url: calendar.pages[0]!.url, label: t('calendar.nav') } } : {}),
    },
    ...(site.analytics ? { analytics: siteAnalytics(site.analytics) } : {}),
    reportPages,
    periodHubs,
    signHubs,
    home: homeView(signHubs, periodHubs, buildDate, messages),
    periods,
    sections,
    charts,
    staticPages,
    chartForms,
    feeds,
    jsonFeeds,
    api: site.api === false ? [] : [...apiFiles(signHubs, site, urls), ...calendarApiFiles(calendar, site, urls)],
    apiPage: site.api === false ? [] : [apiPage(site, urls, t)],
    ...embedParts(signHubs, site, urls, t, input.colours),
    ...calendarParts(calendar),
    meta,
    sitemap,
    shareImages: allShareImages(input.shareImagePlan),
    pageHistory,
    rootFiles: [{}],
    sitemaps: [urls.absolute(urls.page(SITE_PATHS.sitemap))],
    sitemapIndex: [],
  };
  // The search page names the closed parts of its language's index: a list of parts that lacks one is damaged.
  model.meta[urls.page(SITE_PATHS.search)]!.search!.closedParts = closedPartFolders(model);
  return model;
}

/** The pages other than reports, each with a hash of what it shows: charts and editors' pages are dated like reports, the sitemap's lastmod. */
function otherPageVersions(
  site: SiteModelInput['site'],
  messages: SiteModelInput['messages'],
  chartViews: ReturnType<typeof chartView>[],
  editorsPages: NonNullable<SiteModelInput['staticPages']>,
  calendar: ReturnType<typeof buildCalendar>,
  urls: SiteUrls,
) {
  return [
    // The charts index shows each chart's name, link and birth line.
    {
      url: SITE_PATHS.charts,
      hash: contentHash(
        JSON.stringify(chartViews.map((chart) => [chart.url, chart.name, chartWords(chart, messages).bornLabel])),
      ),
    },
    ...chartViews.map((chart) => ({
      url: chart.url,
      hash: contentHash(JSON.stringify({ ...chart, ...chartWords(chart, messages) })),
    })),
    ...editorsPages.map((page) => ({
      url: page.url,
      hash: contentHash(page.title, page.description ?? '', page.html),
    })),
    // The chart form shows its own words (only when it is on: otherwise nothing of it is kept).
    ...(site.chartForm
      ? [{ url: SITE_PATHS.chartForm, hash: contentHash(JSON.stringify(messages.ui.chartForm ?? null)) }]
      : []),
    // The search page shows its own words and links the archives.
    {
      url: SITE_PATHS.search,
      hash: contentHash(
        JSON.stringify([
          messages.ui.search,
          messages.ui.home.archives,
          KIND_ORDER.map((kind) => messages.ui.kinds[kind].section),
        ]),
      ),
    },
    ...calendarVersions(calendar, urls.pathPrefix),
  ];
}

/**
 * One hub per published period, kinds in KIND_ORDER and periods oldest first, each with its twelve report pages
 * dated from the history of earlier builds; and the history to keep.
 */
function buildPeriodHubs(
  input: SiteModelInput,
  urls: SiteUrls,
  otherPages: { url: string; hash: string }[],
): {
  periods: Record<ReportKind, PeriodInfo[]>;
  periodHubs: PeriodHub[];
  pageHistory: PageHistory;
  otherDates: Map<string, PageDates>;
} {
  const periods = Object.fromEntries(KIND_ORDER.map((k) => [k, [] as PeriodInfo[]])) as Record<
    ReportKind,
    PeriodInfo[]
  >;
  const overrides = new Map((input.overrides ?? []).map((o) => [overrideKey(o.kind, o.periodKey, o.sign), o]));
  const sorted = [...input.reports].sort(
    (a, b) =>
      KIND_ORDER.indexOf(a.period.kind) - KIND_ORDER.indexOf(b.period.kind) ||
      a.period.start.localeCompare(b.period.start),
  );
  const undated = sorted.map((reports) => {
    const info = periodInfo(reports.period, input.buildDate, input.messages.locale, urls);
    periods[info.kind].push(info);
    return { info, pages: periodReportPages(reports, info, input, overrides, urls) };
  });
  const versions = undated.flatMap(({ pages }) =>
    pages.map((p) => ({
      url: sitePath(p.url, urls.pathPrefix),
      hash: contentHash(p.intro, p.text),
      introHash: contentHash(p.intro),
      periodStart: p.period.start,
    })),
  );
  // A chart or an editor's page has no period: a cold build dates it from its own day.
  const others = otherPages.map(({ url, hash }) => ({ url, hash, introHash: hash, periodStart: input.buildDate }));
  const { dates, history } = updatePageDates(input.pageHistory ?? {}, [...versions, ...others], input.buildDate);
  const periodHubs = undated.map(({ info, pages }): PeriodHub => ({
    kind: info.kind,
    kindTitle: input.messages.ui.kinds[info.kind].title,
    period: info,
    url: info.url,
    pages: pages.map((page) => ({ ...page, ...dates.get(sitePath(page.url, urls.pathPrefix))! })),
    highlights: periodHighlights(
      pages.map((page) => ({ signName: page.sign.name, intro: page.intro, text: page.text })),
      input.messages.locale,
    ),
  }));
  const otherDates = new Map(otherPages.map(({ url }) => [url, dates.get(url)!]));
  return { periods, periodHubs, pageHistory: history, otherDates };
}

/** The twelve report pages of one period, an editor's override applied to its own page only. */
function periodReportPages(
  reports: SiteModelInput['reports'][number],
  period: PeriodInfo,
  input: SiteModelInput,
  overrides: ReadonlyMap<string, Override>,
  { page }: SiteUrls,
): Omit<ReportPage, keyof PageDates>[] {
  const { kind } = period;
  const { t, ui } = input.messages;
  const kindTitle = ui.kinds[kind].title;
  const urls = input.signs.map((sign) => page(reportUrl(kind, period.key, sign.slug)));
  // Sign names come from the site's messages, not the service's `sign_name`: every word around a report is in
  // the site's language, whatever the service's.
  const headings = input.signs.map((sign) => t(`kinds.${kind}.heading`, { sign: sign.name }));
  const titles = headings.map((heading) => t('site.titleWithPeriod', { title: heading, period: period.label }));
  const shared = {
    kind,
    kindTitle,
    period,
    source: reports.source,
  };
  // Read here, when a page needs it (src/data/period-reports.ts).
  const html = reports.html();
  return input.signs.map((sign, signId): Omit<ReportPage, keyof PageDates> => {
    const fields = { ...html[signId]! };
    const override = overrides.get(overrideKey(kind, period.key, sign.slug));
    if (override) fields[override.field] = applyOverride(fields[override.field], override);
    return {
      ...shared,
      title: titles[signId]!,
      heading: headings[signId]!,
      sign,
      intro: fields.intro,
      text: fields.text,
      url: urls[signId]!,
      otherSigns: input.signs
        .filter((s) => s.id !== signId)
        .map((s) => ({ sign: s, url: urls[s.id]!, title: titles[s.id]! })),
      signHubUrl: page(signHubUrl(sign)),
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
      if (before)
        page.previous = { url: before.url, label: t(`kinds.${page.kind}.previous`, { period: before.period.label }) };
      if (after) page.next = { url: after.url, label: t(`kinds.${page.kind}.next`, { period: after.period.label }) };
    });
  }
}

function buildSignHub(
  sign: Sign,
  bySignAndKind: Map<string, ReportPage[]>,
  t: Messages['t'],
  { page }: SiteUrls,
): SignHub {
  const current: SignHub['current'] = {};
  const archive = KIND_ORDER.map((kind) => {
    const pages = bySignAndKind.get(`${kind}/${sign.slug}`) ?? [];
    const now = pages.find((p) => p.period.isCurrent);
    if (now) current[kind] = now;
    return { kind, kindTitle: t(`kinds.${kind}.title`), pages: [...pages].reverse() };
  });
  return {
    sign,
    url: page(signHubUrl(sign)),
    current,
    archive,
    feedUrl: page(signFeedUrl(sign)),
    title: t('signHub.title', { sign: sign.name }),
  };
}

/** The hub with the sign's line of the day and its current week's opening, the hub's and the home page's first screen. */
function withToday(hub: SignHub, today: DailyLine | undefined, locale: string): SignHub {
  const week = hub.current.weekly;
  const weekOpening = week && openingText(week, locale);
  return { ...hub, ...(today ? { today } : {}), ...(weekOpening ? { weekOpening } : {}) };
}

function sectionPage(
  kind: ReportKind,
  periods: PeriodInfo[],
  hubs: PeriodHub[],
  messages: Messages,
  { page }: SiteUrls,
): SectionPage {
  const { t } = messages;
  return {
    kind,
    title: t(`kinds.${kind}.section`),
    count: t(`kinds.${kind}.count`, { count: periods.length }),
    url: page(sectionUrl(kind)),
    groups: sectionGroups(
      kind,
      periods,
      hubs.filter((hub) => hub.kind === kind),
      messages,
    ),
  };
}

/** A sign's Atom feed again as a JSON Feed (templates/feed-json.njk). */
function jsonFeed(feed: SignFeed, urls: SiteUrls): SiteModel['jsonFeeds'][number] {
  const url = urls.page(signJsonFeedUrl(feed.sign));
  return { url, absoluteUrl: urls.absolute(url), homeAbsoluteUrl: urls.absolute(urls.page(SITE_PATHS.home)), feed };
}

function buildFeed(hub: SignHub, site: SiteConfig, urls: SiteUrls, buildDate: string, t: Messages['t']): SignFeed {
  const entries = hub.archive
    .flatMap((group) => group.pages)
    .map((page) => ({
      page,
      absoluteUrl: urls.absolute(page.url),
      published: parseIsoDate(page.published),
      updated: parseIsoDate(page.updated),
    }))
    // Newest first; on the same day the later period first, and for the same period (a year and its ascendant
    // year) the kinds' order.
    .sort(
      (a, b) =>
        b.published.getTime() - a.published.getTime() ||
        b.page.period.start.localeCompare(a.page.period.start) ||
        KIND_ORDER.indexOf(a.page.kind) - KIND_ORDER.indexOf(b.page.kind),
    );
  const newest = newestDay(hub.archive.flatMap((group) => group.pages.map((page) => page.updated)));
  return {
    sign: hub.sign,
    url: hub.feedUrl,
    absoluteUrl: urls.absolute(hub.feedUrl),
    title: t('feed.title', { sign: hub.sign.name, site: site.title }),
    subtitle: t('feed.subtitle', { sign: hub.sign.name, dates: hub.sign.dates }),
    signHubAbsoluteUrl: urls.absolute(hub.url),
    updated: parseIsoDate(newest ?? buildDate),
    entries,
  };
}

/** The ascendant pages' way to the chart form for a visitor who does not know their rising sign; none with the form off. */
function risingInvite(chartForms: SiteModel['chartForms'], { t }: Messages): Pick<SiteModel['links'], 'risingInvite'> {
  const form = chartForms[0];
  return form
    ? {
        risingInvite: {
          question: t('chartForm.risingQuestion'),
          link: { url: form.url, text: t('chartForm.risingInvite') },
        },
      }
    : {};
}

function chartView(chart: ChartPage, messages: Messages, signNames: readonly string[]): ChartView {
  // Planets and signs named in the site's language, by the service's planetId and signId; planet texts sit under
  // an h2 of their own.
  const planetNames: readonly string[] = PLANET_KEYS.map((key) => messages.ui.planets[key]);
  const planets = chart.planets.map((p) => ({
    ...p,
    name: planetNames[p.id] ?? p.name,
    signName: signNames[p.signId] ?? p.signName,
    text: normalizeHeadings(p.text, 3),
    housetext: normalizeHeadings(p.housetext, 3),
  }));
  return {
    ...chart,
    planets,
    intro: normalizeHeadings(chart.intro, 2),
    title: messages.t('chart.title', { name: chart.name }),
  };
}

/**
 * The words a chart page prints around its data (chart-article.ts), which date it anew when they change: hashed with
 * the chart in this shape and order, the one the page history of earlier builds holds.
 */
function chartWords(chart: ChartView, { t, locale }: Messages) {
  const birthLabel = describeDateTime(chart.localBirth, locale);
  return {
    birthLabel,
    utcLabel: describeDateTime(chart.utcBirth, locale),
    bornLabel: t('charts.born', { date: birthLabel, place: chart.cityName }),
    localTimeLabel: t('chart.localTime', { zone: zoneName(locale, chart.timezone) }),
    tableCaption: t('chart.tableCaption', { name: chart.name }),
    aboutHeading: t('chart.about', { name: chart.name }),
    planetHeadings: chart.planets.map((p) =>
      t('chart.planetHeading', {
        planet: p.name,
        sign: p.signName,
        inSign: t('grammar.signIn', { sign: SIGN_SLUGS[p.signId] ?? '', name: p.signName }),
        house: p.house,
      }),
    ),
    wheel: {
      title: t('chart.wheelTitle', { name: chart.name }),
      description: t('chart.wheelDescription', { date: birthLabel, place: chart.cityName }),
      planetLabels: chart.planets.map((p) =>
        t(p.retrograde ? 'chart.wheelRetrograde' : 'chart.wheelPlanet', {
          planet: p.name,
          sign: p.signName,
          inSign: t('grammar.signIn', { sign: SIGN_SLUGS[p.signId] ?? '', name: p.signName }),
          position: formatDegrees(p.degrees, p.minutes),
        }),
      ),
    },
  };
}
