// The parts of the site model that their own modules build: the calendar's pages and the sky report pages show
// (calendar.ts), the home page (home.ts) and the archives (section-groups.ts), with the links and periods they
// print. types.ts holds them in the model's shape and exports them with it; nothing here imports types.ts.
import type { ReportKind } from '../api/index.ts';
import type { Period } from '../data/periods.ts';
import type { Sign } from '../data/signs.ts';
import type { CalendarEvent, RetrogradeSpan } from './calendar-events.ts';
import type { CalendarGrid } from './calendar-grid.ts';
import type { DailyLine } from './daily.ts';
import type { TodayView } from './today.ts';

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

/** An event with the month page it is on, where that month is published. */
export type LinkedEvent = CalendarEvent & { url?: string };

export interface CalendarMonth {
  /** `YYYY-MM` */
  key: string;
  label: string;
  /** Absent for a month after the last published year (the hub's last months). */
  url?: string;
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
  /** Which zone its days and times are in ("Times in Central European Time."), where the page may give others. */
  zoneNote?: string;
}

/** What a weekly page or hub shows of its week's sky, a monthly one its month's calendar link. */
export interface SkyLinks {
  sky?: SkyList;
  calendarLink?: LinkRef;
}

export interface SignTile {
  sign: Sign;
  /** The sign hub. */
  url: string;
  /** This week's report, when the site publishes one: its opening (the remembered sign's tile shows it) and link. */
  weekly?: { url: string; period: string; opening: string; title: string; linkText: string };
  /** The sign's line of the day (daily.ts): each sign's own, dated by when the Moon moves on. */
  today?: DailyLine;
}

export interface HomeView {
  /** The page's h1 (not the site's name, which the header carries). */
  heading: string;
  tiles: SignTile[];
  /** The sky on the build's date (today.ts). */
  today: TodayView;
}

export interface SectionEntry {
  period: PeriodInfo;
  /** The link's text: "Week 47: November 16 – 22, 2026", "November 2026", "2026". */
  label: string;
  /** A month's first and last day, "November 1 – November 30"; none where the label says them. */
  dates?: string;
  /** A year's report of each sign, with its title as the link's accessible name. */
  signs?: { url: string; glyph: string; name: string; title: string }[];
}

export interface SectionGroup {
  /** "November 2026" for weeks, "2026" for months; empty for years, which are one group. */
  label: string;
  entries: SectionEntry[];
}

/** A kind's archive, `/weekly/`: every published period of that kind, linking to the period hubs. */
export interface SectionPage {
  kind: ReportKind;
  /** Newest first, in groups: weeks by month, months by year, years with their signs (section-groups.ts). */
  groups: SectionGroup[];
  /** "Weekly horoscopes" */
  title: string;
  /** "156 weeks" */
  count: string;
  /** `/weekly/` */
  url: string;
}
