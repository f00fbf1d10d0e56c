// The sky's calendar (docs/calendar.md): `/calendar/` (this month and the twelve after), `/calendar/{YYYY}/`,
// `/calendar/{YYYY}-{MM}/` and `/calendar/sky.ics`, computed from the build date alone (no request to the
// service), for the years from the oldest published period's to the next. Everything is month-granular, so a
// next-day build changes no calendar page until a month turns; the home page's next events change daily.
import { calendarTimeZone } from '../data/calendar-settings.ts';
import { ConfigError, type SiteConfig } from '../data/config.ts';
import type { Messages } from '../data/i18n.ts';
import type { Sign } from '../data/signs.ts';
import { calendarEvents, retrogradeSpans, type CalendarEvent, type CalendarWords, type RetrogradeSpan } from './calendar-events.ts';
import { monthGrid, type CalendarGrid } from './calendar-grid.ts';
import { addDays, addMonths, formatterFor, zonedMidnight } from './calendar-time.ts';
import { icsFile } from './ics.ts';
import type { LinkRef, PeriodHub } from './types.ts';
import { calendarFeedUrl, calendarMonthUrl, calendarUrl, calendarYearUrl, type SiteUrls } from './urls.ts';

const DEFAULTS = {
  /** The hub lists this many months after the current one. */
  upcomingMonths: 12,
  /** The .ics runs from the first day of the previous month to this many months ahead. */
  feedMonthsAhead: 24,
  /** The home page shows this many next events. */
  nextEvents: 3,
};

/** An event with the month page it is on, where that month is published. */
export type LinkedEvent = CalendarEvent & { url?: string };

export interface CalendarMonth {
  /** `YYYY-MM` */
  key: string;
  label: string;
  url: string;
  events: LinkedEvent[];
}

export interface CalendarSubscribe {
  heading: string;
  text: string;
  webcal: LinkRef;
  google: LinkRef;
  /** The https address, to copy. */
  https: LinkRef;
}

export interface CalendarPage {
  url: string;
  view: 'index' | 'year' | 'month';
  heading: string;
  description: string;
  /** "Times in UTC." */
  zoneNote: string;
  subscribe: CalendarSubscribe;
  years: LinkRef[];
  /** The month's own (month page) or the current one (hub). */
  month?: CalendarMonth & { grid: CalendarGrid };
  /** The year's months, or the hub's coming months. */
  months?: CalendarMonth[];
  retrogrades?: RetrogradeSpan[];
  eclipses?: LinkedEvent[];
  seasons?: LinkedEvent[];
  previous?: LinkRef;
  next?: LinkRef;
  /** The month page's year. */
  year?: LinkRef;
}

export interface CalendarFeed {
  url: string;
  body: string;
}

/** What report pages and the home page show of the sky. */
export interface SkyList {
  heading: string;
  events: LinkedEvent[];
  /** Said when there are none. */
  empty: string;
  link?: LinkRef;
}

/** What a weekly page or hub shows of its week's sky, a monthly one its month's calendar link. */
export interface SkyLinks {
  sky?: SkyList;
  calendarLink?: LinkRef;
}

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
}

function calendarWords(input: CalendarInput, timeZone: string): CalendarWords {
  if (!input.messages.ui.calendar) {
    throw new ConfigError(`${input.messages.file}: calendar`, 'is missing: the sky\'s calendar needs its words in every language (or "calendar": false in content/site.json)');
  }
  return { locale: input.messages.locale, timeZone, t: input.messages.t, signs: input.signs, planets: input.messages.ui.planets };
}

/** The calendar, or undefined with `calendar: false`. */
export function buildCalendar(input: CalendarInput): CalendarModel | undefined {
  const timeZone = calendarTimeZone(input.site.calendar);
  if (!timeZone) return undefined;
  const words = calendarWords(input, timeZone);
  const { t } = input.messages;
  const { urls, buildDate } = input;
  const firstYear = Number((input.oldestStart ?? buildDate).slice(0, 4));
  const lastYear = Number(buildDate.slice(0, 4)) + 1;
  const currentMonth = buildDate.slice(0, 7);
  const feedStart = `${addMonths(currentMonth, -1)}-01`;
  const feedEnd = `${addMonths(currentMonth, DEFAULTS.feedMonthsAhead)}-01`;
  const from = `${Math.min(firstYear, Number(feedStart.slice(0, 4)))}-01-01`;
  const to = feedEnd > `${lastYear + 1}-01-01` ? feedEnd : `${lastYear + 1}-01-01`;
  const start = zonedMidnight(from, timeZone);
  const end = zonedMidnight(to, timeZone);
  const published = (month: string) => Number(month.slice(0, 4)) >= firstYear && Number(month.slice(0, 4)) <= lastYear;
  const monthUrl = (month: string) => (published(month) ? urls.page(calendarMonthUrl(month)) : undefined);
  const events: LinkedEvent[] = calendarEvents(start, end, words).map((e) => ({ ...e, ...(monthUrl(e.month) ? { url: monthUrl(e.month)! } : {}) }));
  const retrogrades = retrogradeSpans(start, end, words);
  const monthLabel = (month: string) => formatterFor(words.locale, 'UTC', { year: 'numeric', month: 'long' }).format(new Date(`${month}-15T12:00:00Z`));
  const monthOf = (month: string): CalendarMonth => ({ key: month, label: monthLabel(month), url: monthUrl(month)!, events: events.filter((e) => e.month === month) });
  const years: LinkRef[] = [];
  for (let y = firstYear; y <= lastYear; y++) years.push({ url: urls.page(calendarYearUrl(y)), label: String(y) });
  const shared = { zoneNote: t('calendar.timesIn', { zone: timeZone }), subscribe: subscribeLinks(input), years };
  const withGrid = (month: string) => {
    const m = monthOf(month);
    return { ...m, grid: monthGrid(month, m.label, new Set(m.events.map((e) => e.day)), words.locale, timeZone, t) };
  };
  const pages: CalendarPage[] = [{
    url: urls.page(calendarUrl()),
    view: 'index',
    heading: t('calendar.title'),
    description: t('calendar.description'),
    ...shared,
    month: withGrid(currentMonth),
    months: Array.from({ length: DEFAULTS.upcomingMonths }, (_, i) => monthOf(addMonths(currentMonth, i + 1))).map((m) => ({ ...m, url: m.url ?? '' })),
  }];
  for (let y = firstYear; y <= lastYear; y++) {
    const inYear = events.filter((e) => e.month.startsWith(`${y}-`));
    pages.push({
      url: urls.page(calendarYearUrl(y)),
      view: 'year',
      heading: t('calendar.yearTitle', { year: String(y) }),
      description: t('calendar.yearDescription', { year: String(y) }),
      ...shared,
      months: Array.from({ length: 12 }, (_, i) => monthOf(`${y}-${String(i + 1).padStart(2, '0')}`)),
      retrogrades: retrogrades.filter((r) => r.startDay <= `${y}-12-31` && r.endDay >= `${y}-01-01`),
      eclipses: inYear.filter((e) => e.kind === 'eclipse'),
      seasons: inYear.filter((e) => e.kind === 'season'),
    });
    for (let m = 1; m <= 12; m++) {
      const key = `${y}-${String(m).padStart(2, '0')}`;
      const month = withGrid(key);
      const near = (k: string) => (published(k) ? { url: monthUrl(k)!, label: monthLabel(k) } : undefined);
      const [previous, next] = [near(addMonths(key, -1)), near(addMonths(key, 1))];
      pages.push({
        url: month.url,
        view: 'month',
        heading: t('calendar.monthTitle', { month: month.label }),
        description: t('calendar.monthDescription', { month: month.label }),
        ...shared,
        month,
        ...(previous ? { previous: { url: previous.url, label: t('calendar.earlier', { period: previous.label }) } } : {}),
        ...(next ? { next: { url: next.url, label: t('calendar.later', { period: next.label }) } } : {}),
        year: years[y - firstYear]!,
      });
    }
  }
  const feed = calendarFeed(input, events.filter((e) => e.day >= feedStart && e.day < feedEnd), retrogrades.filter((r) => r.endDay >= feedStart && r.startDay < feedEnd), feedStart);
  const calendarLink = { url: pages[0]!.url, label: t('calendar.allEvents') };
  const upcoming = events.filter((e) => e.day >= buildDate).slice(0, DEFAULTS.nextEvents);
  return {
    pages,
    feeds: [feed],
    next: { heading: t('calendar.nextHeading'), events: upcoming, empty: t('calendar.noEvents'), link: calendarLink },
    between: (a, b) => {
      const link = monthUrl(a.slice(0, 7));
      return {
        heading: t('calendar.weekHeading'),
        events: events.filter((e) => e.day >= a && e.day <= b),
        empty: t('calendar.weekNone'),
        ...(link ? { link: { url: link, label: t('calendar.monthLink', { month: monthLabel(a.slice(0, 7)) }) } } : {}),
      };
    },
    monthLink: (month) => (monthUrl(month) ? { url: monthUrl(month)!, label: t('calendar.monthLink', { month: monthLabel(month) }) } : undefined),
    yearData: years.map((_, i) => {
      const year = firstYear + i;
      return {
        year,
        events: events.filter((e) => e.month.startsWith(`${year}-`)).map(({ url: _url, ...e }) => e),
        retrogrades: retrogrades.filter((r) => r.startDay <= `${year}-12-31` && r.endDay >= `${year}-01-01`),
      };
    }),
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
    google: { url: `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal)}`, label: t('calendar.google') },
    https: { url: https, label: t('calendar.copyAddress') },
  };
}

function calendarFeed({ urls, site, messages: { t } }: CalendarInput, events: LinkedEvent[], retrogrades: RetrogradeSpan[], feedStart: string): CalendarFeed {
  const url = urls.page(calendarFeedUrl());
  const host = new URL(urls.origin).hostname;
  const page = urls.absolute(urls.page(calendarUrl()));
  const body = icsFile({
    prodId: `-//${host}//${site.title}//${site.language.toUpperCase()}`,
    name: t('calendar.icsName', { site: site.title }),
    description: t('calendar.description'),
    url: page,
    source: urls.absolute(url),
    stamp: new Date(`${feedStart}T00:00:00Z`),
    events: [
      ...events.map((e) => ({ uid: `${e.uid}@${host}`, summary: e.title, url: e.url ? urls.absolute(e.url) : page, start: new Date(e.datetime) })),
      ...retrogrades.map((r) => ({
        uid: `${r.uid}@${host}`,
        summary: r.title,
        url: urls.absolute(urls.page(calendarMonthUrl(r.startDay.slice(0, 7)))),
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
