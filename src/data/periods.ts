// Which periods to publish: ISO-8601 weeks, calendar months and years around a reference date.
// All arithmetic is on UTC dates, so the result never depends on the machine's time zone.
import type { ReportKind, ReportParams } from '../api/index.ts';
import type { PeriodWindows } from './config.ts';

export interface Period {
  kind: ReportKind;
  /** URL segment: `2026-w47`, `2026-11` or `2026`. */
  key: string;
  /** For weekly periods, the ISO week-numbering year (the `year` sent with `week`). */
  year: number;
  week?: number;
  month?: number;
  /** First and last day, inclusive, `YYYY-MM-DD`. */
  start: string;
  end: string;
}

const DAY_MS = 86_400_000;

function utc(year: number, month: number, day: number): Date {
  return new Date(Date.UTC(year, month - 1, day));
}

function toIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function parseIsoDate(value: string): Date {
  return new Date(`${value}T00:00:00Z`);
}

/** ISO-8601 week of a date: the week belongs to the year that holds its Thursday. */
export function isoWeekOf(date: Date): { year: number; week: number } {
  const dayOfWeek = date.getUTCDay() || 7; // Monday 1 … Sunday 7
  const thursday = new Date(date.getTime() + (4 - dayOfWeek) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - utc(year, 1, 1).getTime()) / DAY_MS / 7) + 1;
  return { year, week };
}

/** Monday of ISO week `week` of ISO year `year`. */
export function isoWeekMonday(year: number, week: number): Date {
  const jan4 = utc(year, 1, 4); // always in week 1
  const mondayOfWeek1 = jan4.getTime() - ((jan4.getUTCDay() || 7) - 1) * DAY_MS;
  return new Date(mondayOfWeek1 + (week - 1) * 7 * DAY_MS);
}

/** 52 or 53. */
export function isoWeeksInYear(year: number): number {
  return isoWeekOf(utc(year, 12, 28)).week;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

export function weekPeriod(year: number, week: number): Period {
  const monday = isoWeekMonday(year, week);
  return {
    kind: 'weekly',
    key: `${year}-w${pad(week)}`,
    year,
    week,
    start: toIsoDate(monday),
    end: toIsoDate(new Date(monday.getTime() + 6 * DAY_MS)),
  };
}

export function monthPeriod(year: number, month: number): Period {
  return {
    kind: 'monthly',
    key: `${year}-${pad(month)}`,
    year,
    month,
    start: toIsoDate(utc(year, month, 1)),
    end: toIsoDate(utc(year, month + 1, 0)),
  };
}

export function yearPeriod(kind: 'yearly' | 'ascendantYearly', year: number): Period {
  return { kind, key: String(year), year, start: `${year}-01-01`, end: `${year}-12-31` };
}

/** The period of `kind` that contains `date`, shifted by `offset` whole periods. */
export function periodAt(kind: ReportKind, date: Date, offset = 0): Period {
  switch (kind) {
    case 'weekly': {
      const { year, week } = isoWeekOf(new Date(date.getTime() + offset * 7 * DAY_MS));
      return weekPeriod(year, week);
    }
    case 'monthly': {
      const index = date.getUTCFullYear() * 12 + date.getUTCMonth() + offset;
      return monthPeriod(Math.floor(index / 12), (index % 12) + 1);
    }
    case 'yearly':
    case 'ascendantYearly':
      return yearPeriod(kind, date.getUTCFullYear() + offset);
  }
}

/** Periods to publish for one kind, oldest first: `past` before the current one, the current one, `future` after. */
export function periodsFor(kind: ReportKind, buildDate: string, window: { past: number; future: number }): Period[] {
  const date = parseIsoDate(buildDate);
  const periods: Period[] = [];
  for (let offset = -window.past; offset <= window.future; offset++) periods.push(periodAt(kind, date, offset));
  return periods;
}

export function allPeriods(buildDate: string, windows: PeriodWindows): Period[] {
  return (Object.keys(windows) as ReportKind[]).flatMap((kind) => periodsFor(kind, buildDate, windows[kind]));
}

/** The period the reference date falls in, for its kind: the one a page marks as current. */
export function isCurrent(period: Period, buildDate: string): boolean {
  return period.start <= buildDate && buildDate <= period.end;
}

/** A period that ended before the reference date is final: its reports will not change. */
export function isFinal(period: Period, buildDate: string): boolean {
  return period.end < buildDate;
}

/** The request body fields for a period (without `sign_id`). */
export function periodParams(period: Period): ReportParams {
  if (period.kind === 'weekly') return { year: period.year, week: period.week! };
  if (period.kind === 'monthly') return { year: period.year, month: period.month! };
  return { year: period.year };
}

/** Intl formatters are costly to make and free to reuse: one per locale and style. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) formatters.set(key, (format = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...options })));
  return format;
}

/**
 * `format.formatRange`, with days as `day: 'numeric'` asks: CLDR's Italian range patterns pad them ("07–13 dicembre
 * 2026") where an Italian writes "7–13 dicembre 2026", as its single dates do.
 * https://developer.mozilla.org/docs/Web/JavaScript/Reference/Global_Objects/Intl/DateTimeFormat/formatRangeToParts
 */
export function formatDateRange(format: Intl.DateTimeFormat, start: Date, end: Date): string {
  if (format.resolvedOptions().day !== 'numeric') return format.formatRange(start, end);
  return format
    .formatRangeToParts(start, end)
    .map((part) => (part.type === 'day' ? part.value.replace(/^0(?=\d)/, '') : part.value))
    .join('');
}

/**
 * The period in the site's language, from CLDR through Intl.DateTimeFormat: "November 16 – 22, 2026",
 * "16–22 de noviembre de 2026"; "November 2026"; "2026".
 * https://developer.mozilla.org/docs/Web/JavaScript/Reference/Global_Objects/Intl/DateTimeFormat/formatRange
 */
export function describePeriod(period: Period, locale = 'en'): string {
  if (period.kind === 'weekly') {
    return formatDateRange(
      dateFormat(locale, { year: 'numeric', month: 'long', day: 'numeric' }),
      parseIsoDate(period.start),
      parseIsoDate(period.end),
    );
  }
  if (period.kind === 'monthly')
    return dateFormat(locale, { year: 'numeric', month: 'long' }).format(parseIsoDate(period.start));
  return String(period.year);
}

/**
 * A sign's dates from `MM-DD` to `MM-DD`: "March 21 – April 19", "21 de marzo – 19 de abril". Formatted end by end:
 * formatRange would add the years to Capricorn's, which runs into the next one; every sign's range spans two
 * months, which CLDR writes with a spaced dash in all the site's languages.
 */
export function describeMonthDayRange(from: string, to: string, locale = 'en'): string {
  const format = dateFormat(locale, { month: 'long', day: 'numeric' });
  // Any year does; a leap year keeps 02-29 valid.
  return `${format.format(parseIsoDate(`2024-${from}`))} – ${format.format(parseIsoDate(`2024-${to}`))}`;
}

/** "1926-04-21 02:40" (a wall-clock time) → "April 21, 1926 at 2:40 AM", "21 de abril de 1926, 2:40". */
export function describeDateTime(value: string, locale = 'en'): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(value);
  if (!m) return value;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5])));
  return dateFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(date);
}
