// The sky's calendar (docs/calendar.md): `/calendar/` (this month and the twelve after), `/calendar/{YYYY}/`,
// `/calendar/{YYYY}-{MM}/` and `/calendar/sky.ics`, computed from the build date alone (no request to the
// service), for the years from the oldest published period's to the next. Everything is month-granular, so a
// next-day build changes no calendar page until a month turns; the home page's next events change daily.
import { calendarTimeZone } from '../data/calendar-settings.ts';
import { ConfigError, type SiteConfig } from '../data/config.ts';
import type { Messages } from '../data/i18n.ts';
import type { Sign } from '../data/signs.ts';
import {
  calendarEvents,
  retrogradeSpans,
  type CalendarEvent,
  type CalendarWords,
  type RetrogradeSpan,
} from './calendar-events.ts';
import { monthGrid, type CalendarGrid } from './calendar-grid.ts';
import { addDays, addMonths, formatterFor, zonedMidnight, zoneName } from './calendar-time.ts';
import { icsFile } from './ics.ts';
import { contentHash } from '../data/page-dates.ts';
import type {
  CalendarFeed,
  CalendarMonth,
  CalendarPage,
  CalendarSubscribe,
  LinkedEvent,
  LinkRef,
  PeriodHub,
  SiteModel,
  SkyLinks,
  SkyList,
} from './types.ts';
import { calendarFeedUrl, calendarMonthUrl, calendarUrl, calendarYearUrl, sitePath, type SiteUrls } from './urls.ts';

const DEFAULTS = {
  /** The hub lists this many months after the current one. */
  upcomingMonths: 12,
  /** The .ics runs from the first day of the month this many months back (a subscriber's past year stays)… */
  feedMonthsBack: 12,
  /** …to this many months ahead. */
  feedMonthsAhead: 24,
  /** The home page shows this many next events. */
  nextEvents: 3,
};

export type {
  CalendarFeed,
  CalendarMonth,
  CalendarPage,
  CalendarSubscribe,
  LinkedEvent,
  SkyLinks,
  SkyList,
} from './types.ts';

export interface CalendarModel {
  pages: CalendarPage[];
  feeds: CalendarFeed[];
  /** The home page's next events. */
  next: SkyList;
  /** Events of the days `start`–`end` (a week), local days inclusive. */
  between(start: string, end: string): SkyList;
  /** The calendar of month `YYYY-MM`, when published. */
  monthLink(month: string): LinkRef | undefined;
  /** A year's events and retrograde periods (the JSON API). */
  yearData: { year: number; events: CalendarEvent[]; retrogrades: RetrogradeSpan[] }[];
  timeZone: string;
}

export interface CalendarInput {
  site: SiteConfig;
  messages: Messages;
  signs: readonly Sign[];
  urls: SiteUrls;
  buildDate: string;
  /** `YYYY-MM-DD` of the oldest published period; the build date's year when none. */
  oldestStart?: string;
  /** The reports are the sample service's, whose text gives its events' days in UTC (src/sample-service/report-writer.ts). */
  sampleContent?: boolean;
}

function calendarWords(input: CalendarInput, timeZone: string): CalendarWords {
  if (!input.messages.ui.calendar) {
    throw new ConfigError(
      `${input.messages.file}: calendar`,
      'is missing: the sky\'s calendar needs its words in every language (or "calendar": false in content/site.json)',
    );
  }
  return {
    locale: input.messages.locale,
    timeZone,
    t: input.messages.t,
    signs: input.signs,
    planets: input.messages.ui.planets,
  };
}

/** What every page of the calendar is made from: its years, events and words. */
interface Sky {
  input: CalendarInput;
  t: Messages['t'];
  timeZone: string;
  firstYear: number;
  lastYear: number;
  events: LinkedEvent[];
  retrogrades: RetrogradeSpan[];
  years: LinkRef[];
  shared: Pick<CalendarPage, 'zoneNote' | 'subscribe' | 'years'>;
  /** The month page's URL, when that month is published. */
  monthUrl(month: string): string | undefined;
  monthLabel(month: string): string;
  monthOf(month: string): CalendarMonth;
  withGrid(month: string): CalendarMonth & { grid: CalendarGrid };
}

function skyOf(input: CalendarInput, timeZone: string, from: string, to: string): Sky {
  const words = calendarWords(input, timeZone);
  const { t } = input.messages;
  const { urls, buildDate } = input;
  const firstYear = Number((input.oldestStart ?? buildDate).slice(0, 4));
  const lastYear = Number(buildDate.slice(0, 4)) + 1;
  const start = zonedMidnight(from < `${firstYear}-01-01` ? from : `${firstYear}-01-01`, timeZone);
  const end = zonedMidnight(to > `${lastYear + 1}-01-01` ? to : `${lastYear + 1}-01-01`, timeZone);
  const monthUrl = (month: string) => {
    const year = Number(month.slice(0, 4));
    return year >= firstYear && year <= lastYear ? urls.page(calendarMonthUrl(month)) : undefined;
  };
  const withUrl = (e: CalendarEvent): LinkedEvent => {
    const url = monthUrl(e.month);
    return url ? { ...e, url } : e;
  };
  const events = calendarEvents(start, end, words).map(withUrl);
  const byMonth = Map.groupBy(events, (e) => e.month);
  const monthLabel = (month: string) =>
    formatterFor(words.locale, 'UTC', { year: 'numeric', month: 'long' }).format(new Date(`${month}-15T12:00:00Z`));
  const monthOf = (month: string): CalendarMonth => {
    const url = monthUrl(month);
    return { key: month, label: monthLabel(month), ...(url ? { url } : {}), events: byMonth.get(month) ?? [] };
  };
  const years: LinkRef[] = [];
  for (let y = firstYear; y <= lastYear; y++) years.push({ url: urls.page(calendarYearUrl(y)), label: String(y) });
  return {
    input,
    t,
    timeZone,
    firstYear,
    lastYear,
    events,
    years,
    monthUrl,
    monthLabel,
    monthOf,
    retrogrades: retrogradeSpans(start, end, words),
    shared: {
      zoneNote: t('calendar.timesIn', { zone: zoneName(words.locale, timeZone) }),
      subscribe: subscribeLinks(input),
      years,
    },
    withGrid: (month) => {
      const m = monthOf(month);
      const eventDays = new Set(m.events.map((e) => e.day));
      return { ...m, grid: monthGrid(month, m.label, eventDays, words.locale, timeZone, t, buildDate) };
    },
  };
}

const inYear = (year: number) => (r: RetrogradeSpan) => r.startDay <= `${year}-12-31` && r.endDay >= `${year}-01-01`;

/** The hub: this month's grid and events, then the next twelve months'. */
function hubPage(sky: Sky, currentMonth: string): CalendarPage {
  const { t } = sky;
  return {
    url: sky.input.urls.page(calendarUrl()),
    view: 'index',
    heading: t('calendar.title'),
    description: t('calendar.description'),
    ...sky.shared,
    month: sky.withGrid(currentMonth),
    months: Array.from({ length: DEFAULTS.upcomingMonths }, (_, i) => sky.monthOf(addMonths(currentMonth, i + 1))),
  };
}

/** A year's page (every event by month, the retrogrades, eclipses, equinoxes and solstices), then its months'. */
function yearPages(sky: Sky, year: number): CalendarPage[] {
  const { t } = sky;
  const events = sky.events.filter((e) => e.month.startsWith(`${year}-`));
  const pages: CalendarPage[] = [
    {
      url: sky.years[year - sky.firstYear]!.url,
      view: 'year',
      heading: t('calendar.yearTitle', { year: String(year) }),
      description: t('calendar.yearDescription', { year: String(year) }),
      ...sky.shared,
      months: Array.from({ length: 12 }, (_, i) => sky.monthOf(`${year}-${String(i + 1).padStart(2, '0')}`)),
      retrogrades: sky.retrogrades.filter(inYear(year)),
      eclipses: events.filter((e) => e.kind === 'eclipse'),
      seasons: events.filter((e) => e.kind === 'season'),
    },
  ];
  const near = (month: string, key: 'calendar.earlier' | 'calendar.later') => {
    const url = sky.monthUrl(month);
    return url ? { url, label: t(key, { period: sky.monthLabel(month) }) } : undefined;
  };
  for (let m = 1; m <= 12; m++) {
    const key = `${year}-${String(m).padStart(2, '0')}`;
    const month = sky.withGrid(key);
    const [previous, next] = [near(addMonths(key, -1), 'calendar.earlier'), near(addMonths(key, 1), 'calendar.later')];
    pages.push({
      url: month.url!,
      view: 'month',
      heading: t('calendar.monthTitle', { month: month.label }),
      description: t('calendar.monthDescription', { month: month.label }),
      ...sky.shared,
      month,
      ...(previous ? { previous } : {}),
      ...(next ? { next } : {}),
      year: sky.years[year - sky.firstYear]!,
    });
  }
  return pages;
}

/** The calendar, or undefined with `calendar: false`. */
export function buildCalendar(input: CalendarInput): CalendarModel | undefined {
  const timeZone = calendarTimeZone(input.site.calendar);
  if (!timeZone) return undefined;
  const currentMonth = input.buildDate.slice(0, 7);
  const feedStart = `${addMonths(currentMonth, -DEFAULTS.feedMonthsBack)}-01`;
  const feedEnd = `${addMonths(currentMonth, DEFAULTS.feedMonthsAhead)}-01`;
  const sky = skyOf(input, timeZone, feedStart, feedEnd);
  const { t, events, retrogrades } = sky;
  const pages = [hubPage(sky, currentMonth)];
  for (let y = sky.firstYear; y <= sky.lastYear; y++) pages.push(...yearPages(sky, y));
  const feed = calendarFeed(
    sky,
    events.filter((e) => e.day >= feedStart && e.day < feedEnd),
    retrogrades.filter((r) => r.endDay >= feedStart && r.startDay < feedEnd),
    feedStart,
  );
  // A week's sky names its zone: the report beside it may give the same event's day in another, the service's; the
  // sample service's is UTC, which the note then says too where the calendar's zone is another.
  const weekZoneNote =
    input.sampleContent && zoneName('en', timeZone) !== 'UTC'
      ? `${sky.shared.zoneNote} ${t('calendar.sampleDates')}`
      : sky.shared.zoneNote;
  const monthLink = (month: string) => {
    const url = sky.monthUrl(month);
    return url ? { url, label: t('calendar.monthLink', { month: sky.monthLabel(month) }) } : undefined;
  };
  return {
    pages,
    feeds: [feed],
    next: {
      heading: t('calendar.nextHeading'),
      events: events.filter((e) => e.day >= input.buildDate).slice(0, DEFAULTS.nextEvents),
      empty: t('calendar.noEvents'),
      link: { url: pages[0]!.url, label: t('calendar.allEvents') },
    },
    between: (a, b) => {
      const link = monthLink(a.slice(0, 7));
      return {
        heading: t('calendar.weekHeading'),
        events: events.filter((e) => e.day >= a && e.day <= b),
        empty: t('calendar.weekNone'),
        zoneNote: weekZoneNote,
        ...(link ? { link } : {}),
      };
    },
    monthLink,
    yearData: sky.years.map((_, i) => ({
      year: sky.firstYear + i,
      events: events.filter((e) => e.month.startsWith(`${sky.firstYear + i}-`)).map(({ url: _url, ...e }) => e),
      retrogrades: retrogrades.filter(inYear(sky.firstYear + i)),
    })),
    timeZone,
  };
}

/** The page's ways to subscribe: webcal:// (calendar apps), Google Calendar's add-by-URL, the https address. */
function subscribeLinks({ urls, messages: { t } }: CalendarInput): CalendarSubscribe {
  const https = urls.absolute(urls.page(calendarFeedUrl()));
  const webcal = https.replace(/^https?:/, 'webcal:');
  return {
    heading: t('calendar.subscribeHeading'),
    text: t('calendar.subscribeText'),
    webcal: { url: webcal, label: t('calendar.webcal') },
    // https://support.google.com/calendar/answer/37100 (add by URL); cid takes the webcal address.
    google: {
      url: `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal)}`,
      label: t('calendar.google'),
    },
    https: { url: https, label: t('calendar.copyAddress') },
  };
}

function calendarFeed(sky: Sky, events: LinkedEvent[], retrogrades: RetrogradeSpan[], feedStart: string): CalendarFeed {
  const {
    urls,
    site,
    messages: { t },
  } = sky.input;
  const url = urls.page(calendarFeedUrl());
  const host = new URL(urls.origin).hostname;
  // Each language's own UIDs: its events differ in words, and apps that merge by UID would let one swallow the other.
  const uid = (id: string) => `${id}-${site.language.toLowerCase()}@${host}`;
  const page = urls.absolute(urls.page(calendarUrl()));
  const body = icsFile({
    prodId: `-//${host}//${site.title}//${site.language.toUpperCase()}`,
    name: t('calendar.icsName', { site: site.title }),
    description: t('calendar.description'),
    url: page,
    source: urls.absolute(url),
    stamp: new Date(`${feedStart}T00:00:00Z`),
    events: [
      ...events.map((e) => {
        const common = { uid: uid(e.uid), summary: e.title, url: e.url ? urls.absolute(e.url) : page };
        // Known to the day only: an all-day event on the calendar zone's day, as the pages show it.
        if (e.allDay) return { ...common, startDay: e.day, endDay: addDays(e.day, 1) };
        return { ...common, start: new Date(e.datetime), ...(e.contacts && { description: e.when }) };
      }),
      ...retrogrades.map((r) => ({
        uid: uid(r.uid),
        summary: r.title,
        url: urls.absolute(sky.monthUrl(r.startDay.slice(0, 7)) ?? urls.page(calendarUrl())),
        startDay: r.startDay,
        endDay: addDays(r.endDay, 1),
      })),
    ],
  });
  return { url, body };
}

/** Each weekly hub and page gets its week's events, each monthly one its month's calendar. */
export function linkSky(hubs: readonly PeriodHub[], calendar: CalendarModel): void {
  for (const hub of hubs) {
    const links: SkyLinks = {};
    if (hub.kind === 'weekly') links.sky = calendar.between(hub.period.start, hub.period.end);
    const month = calendar.monthLink(hub.period.start.slice(0, 7));
    if (hub.kind === 'monthly' && month) links.calendarLink = month;
    Object.assign(hub, links);
    for (const page of hub.pages) Object.assign(page, links);
  }
}

/** The model's calendar parts: none with `calendar: false`. */
export function calendarParts(
  calendar: CalendarModel | undefined,
): Pick<SiteModel, 'calendarPages' | 'calendarFeeds' | 'skyNext'> {
  return calendar
    ? { calendarPages: calendar.pages, calendarFeeds: calendar.feeds, skyNext: calendar.next }
    : { calendarPages: [], calendarFeeds: [] };
}

/**
 * The calendar's pages as page-dates.ts dates them, by what they show (which changes when a month turns). Today's
 * mark moves daily and dates nothing, as the home page's sky dates nothing: a lastmod is for a page's news.
 * https://developers.google.com/search/docs/crawling-indexing/sitemaps/build-sitemap#additional-notes-about-xml-sitemaps
 */
export function calendarVersions(
  calendar: CalendarModel | undefined,
  pathPrefix: string,
): { url: string; hash: string }[] {
  const withoutToday = (key: string, value: unknown) => (key === 'isToday' ? undefined : value);
  return (calendar?.pages ?? []).map((page) => ({
    url: sitePath(page.url, pathPrefix),
    hash: contentHash(JSON.stringify(page, withoutToday)),
  }));
}
