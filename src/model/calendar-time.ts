// Days and months in the calendar's time zone (content/site.json `calendar.timeZone`), from Intl alone: a zone's
// local day of an instant, and the instant a local day starts. https://tc39.es/ecma402/#datetimeformat-objects
const formatters = new Map<string, Intl.DateTimeFormat>();

/** A formatter, made once per locale, zone and options (Intl formatters are slow to make, fast to use). */
export function formatterFor(
  locale: string,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, format);
  }
  return format;
}

/** Languages whose CLDR zone names are capitalized for standalone use, and lower case mid-sentence ("ora dell’Europa centrale"). */
const LOWER_CASE_ZONE_NAMES: ReadonlySet<string> = new Set(['it', 'es', 'pt', 'fr']);

/**
 * The zone as its readers know it, in their language: CLDR's generic name ("Mitteleuropäische Zeit", "ora
 * dell’Europa centrale", "Eastern Time"), or UTC, never the IANA identifier ("Europe/Berlin").
 * https://cldr.unicode.org/translation/time-zones-and-city-names
 */
export function zoneName(locale: string, timeZone: string): string {
  if (/^(?:Etc\/)?(?:UTC|UCT|Universal|Zulu|GMT|GMT0|Greenwich)$/i.test(timeZone)) return 'UTC';
  let name: string;
  try {
    name = formatterFor(locale, timeZone, { timeZoneName: 'longGeneric' })
      .formatToParts(Date.UTC(2026, 0, 1))
      .find((part) => part.type === 'timeZoneName')!.value;
  } catch {
    // A name Intl does not know (a chart's zone from the service): shown as given, which is all there is.
    return timeZone;
  }
  return LOWER_CASE_ZONE_NAMES.has(locale.split('-')[0]!.toLowerCase())
    ? name.charAt(0).toLocaleLowerCase(locale) + name.slice(1)
    : name;
}

/** Wall-clock fields of `date` in `timeZone`. */
function wallClock(
  date: Date,
  timeZone: string,
): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const parts = formatterFor('en-US', timeZone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** `YYYY-MM-DD`: the day `date` falls on in `timeZone`. */
export function zonedDay(date: Date, timeZone: string): string {
  const { year, month, day } = wallClock(date, timeZone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Milliseconds `timeZone` is ahead of UTC at `ms`. */
function offsetAt(ms: number, timeZone: string): number {
  const w = wallClock(new Date(ms), timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(ms / 1000) * 1000;
}

/** The instant local `day` (`YYYY-MM-DD`) starts in `timeZone` (twice refined, so a change of offset that day is met). */
export function zonedMidnight(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  let ms = wall - offsetAt(wall, timeZone);
  ms = wall - offsetAt(ms, timeZone);
  return new Date(ms);
}

/** `YYYY-MM-DD` `days` after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** `YYYY-MM` `months` after `month`. */
export function addMonths(month: string, months: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Days in month `YYYY-MM`. */
export function daysInMonth(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}
