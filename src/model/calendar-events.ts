// The sky's events (src/sky) as the calendar tells them: each with its title in the site's language, its moment in
// UTC (for `<time datetime>` and the .ics) and in the calendar's time zone (what the page shows), its local day and
// month, and a UID derived from its kind, body, sign and UTC date, so a rebuild names it the same.
import type { Messages } from '../data/i18n.ts';
import { formatDateRange } from '../data/periods.ts';
import type { Sign } from '../data/signs.ts';
import { retrogradePeriods, skyEvents, type PlanetName, type SkyEvent } from '../sky/index.ts';
import { formatterFor, zonedDay } from './calendar-time.ts';

export interface CalendarEvent {
  /** `fullmoon-moon-virgo-20260303`: kind, body, sign, UTC date (the .ics adds `@host`). */
  uid: string;
  kind: 'phase' | 'eclipse' | 'season' | 'ingress' | 'station';
  /** The exact moment, RFC 3339 in UTC (`2026-03-03T11:38:00Z`). */
  datetime: string;
  /** `YYYY-MM-DD` and `YYYY-MM` in the calendar's time zone. */
  day: string;
  month: string;
  title: string;
  /** The moment in the calendar's zone with the zone's name, or the date alone where the minute means nothing. */
  when: string;
  /** Known to the day only (stations, slow planets' ingresses): `day` is all there is to show, in the .ics too. */
  allDay: boolean;
  /** A lunar eclipse's first and last penumbral contact, RFC 3339 in UTC (`when` shows them after the greatest moment). */
  contacts?: { start: string; end: string };
}

export interface RetrogradeSpan {
  /** `retrograde-mercury-pisces-20260226` */
  uid: string;
  title: string;
  /** First and last local day, inclusive. */
  startDay: string;
  endDay: string;
  /** RFC 3339, UTC: the stations. */
  startDatetime: string;
  endDatetime: string;
}

export interface CalendarWords {
  locale: string;
  timeZone: string;
  t: Messages['t'];
  signs: readonly Sign[];
  planets: Messages['ui']['planets'];
}

/** Ingresses of the slow planets and every station are known to hours, not minutes (docs/calendar.md): dates alone. */
const DATE_ONLY_INGRESS: ReadonlySet<PlanetName> = new Set(['Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto']);
const SEASONS = ['march', 'june', 'september', 'december'] as const;

/** The moment to the nearest minute, as published tables give it (and the page shows it). */
function toMinute(time: Date): Date {
  return new Date(Math.round(time.getTime() / 60_000) * 60_000);
}

/** `2026-03-03T11:38:00Z` */
export function utcMinute(time: Date): string {
  return `${toMinute(time).toISOString().slice(0, 16)}:00Z`;
}

function planetName(words: CalendarWords, body: PlanetName): string {
  return words.planets[body.toLowerCase() as keyof CalendarWords['planets']];
}

type GrammarValues = Record<string, string>;
const grammarCache = new WeakMap<CalendarWords, Map<string, GrammarValues>>();

/**
 * What a message needs to make its words agree, from the message file's `grammar` group (ICU `select` on the
 * sign's and planet's English keys): the sign with its article and case (`inSign` "im Schützen", `intoSign` "in den
 * Steinbock"), the planet's gender ("Venere torna diretta"). Made once per sign and planet.
 */
function grammar(words: CalendarWords, signId: number, body?: PlanetName): GrammarValues {
  let cache = grammarCache.get(words);
  if (!cache) grammarCache.set(words, (cache = new Map()));
  const key = `${signId}|${body ?? ''}`;
  let values = cache.get(key);
  if (!values) {
    const { slug, name } = words.signs[signId]!;
    values = {
      sign: name,
      signId: slug,
      inSign: words.t('grammar.signIn', { sign: slug, name }),
      intoSign: words.t('grammar.signInto', { sign: slug, name }),
    };
    if (body) {
      const planetId = body.toLowerCase();
      values = {
        ...values,
        planet: planetName(words, body),
        planetId,
        gender: words.t('grammar.planetGender', { planet: planetId }),
      };
    }
    cache.set(key, values);
  }
  return values;
}

function title(e: SkyEvent, words: CalendarWords): { kind: CalendarEvent['kind']; name: string; title: string } {
  const { t } = words;
  const sign = grammar(words, e.signId);
  if (e.type === 'phase') {
    if (e.eclipse) {
      const solar = e.phase === 'newMoon';
      return {
        kind: 'eclipse',
        name: solar ? 'solareclipse' : 'lunareclipse',
        title: t(solar ? 'calendar.solarEclipse' : 'calendar.lunarEclipse', { kind: e.eclipse, ...sign }),
      };
    }
    return { kind: 'phase', name: e.phase.toLowerCase(), title: t('calendar.phase', { phase: e.phase, ...sign }) };
  }
  const planet = grammar(words, e.signId, e.body);
  if (e.type === 'station') {
    return {
      kind: 'station',
      name: `station${e.direction}`,
      title: t('calendar.station', { direction: e.direction, ...planet }),
    };
  }
  if (e.body === 'Sun' && e.signId % 3 === 0) {
    return {
      kind: 'season',
      name: 'ingress',
      title: t('calendar.season', { season: SEASONS[e.signId / 3]!, ...planet }),
    };
  }
  return {
    kind: 'ingress',
    name: 'ingress',
    title: t(e.retrograde ? 'calendar.ingressRetrograde' : 'calendar.ingress', planet),
  };
}

const compactDate = (time: Date) => time.toISOString().slice(0, 10).replaceAll('-', '');

/** One sky event as the calendar shows it. */
export function calendarEvent(e: SkyEvent, words: CalendarWords): CalendarEvent {
  const { kind, name, title: text } = title(e, words);
  const dateOnly = e.type === 'station' || (e.type === 'ingress' && DATE_ONLY_INGRESS.has(e.body));
  const options: Intl.DateTimeFormatOptions = dateOnly
    ? { dateStyle: 'long' }
    : { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };
  // An eclipse is told at its greatest moment, not its full or new moon's (they stand up to about 20 minutes apart).
  const time = (e.type === 'phase' && e.greatest) || e.time;
  const contacts = e.type === 'phase' ? e.contacts : undefined;
  const day = zonedDay(time, words.timeZone);
  let when = formatterFor(words.locale, words.timeZone, options).format(toMinute(time));
  if (contacts) {
    const range = formatterFor(words.locale, words.timeZone, { hour: 'numeric', minute: '2-digit' }).formatRange(
      toMinute(contacts.first),
      toMinute(contacts.last),
    );
    when = `${when} (${range})`;
  }
  return {
    uid: `${name}-${e.body.toLowerCase()}-${words.signs[e.signId]!.slug}-${compactDate(time)}`,
    kind,
    datetime: utcMinute(time),
    day,
    month: day.slice(0, 7),
    title: text,
    when,
    allDay: dateOnly,
    ...(contacts && { contacts: { start: utcMinute(contacts.first), end: utcMinute(contacts.last) } }),
  };
}

/** Every event in [start, end), as the calendar shows it, in time order (an eclipse's greatest moment may reorder it). */
export function calendarEvents(start: Date, end: Date, words: CalendarWords): CalendarEvent[] {
  return skyEvents(start, end)
    .map((e) => calendarEvent(e, words))
    .sort((a, b) => Date.parse(a.datetime) - Date.parse(b.datetime));
}

/** The retrograde periods of Mercury to Pluto overlapping [start, end): "Mercury retrograde: 26 February – 20 March 2026, Pisces". */
export function retrogradeSpans(start: Date, end: Date, words: CalendarWords): RetrogradeSpan[] {
  const range = formatterFor(words.locale, words.timeZone, { year: 'numeric', month: 'long', day: 'numeric' });
  return retrogradePeriods(start, end).map((period) => {
    const from = words.signs[period.start.signId]!;
    const to = words.signs[period.end.signId]!;
    const signs = from.id === to.id ? from.name : `${from.name} – ${to.name}`;
    const dates = formatDateRange(range, period.start.time, period.end.time);
    return {
      uid: `retrograde-${period.body.toLowerCase()}-${from.slug}-${compactDate(period.start.time)}`,
      title: words.t('calendar.retrogradePeriod', {
        ...grammar(words, period.start.signId, period.body),
        dates,
        signs,
      }),
      startDay: zonedDay(period.start.time, words.timeZone),
      endDay: zonedDay(period.end.time, words.timeZone),
      startDatetime: utcMinute(period.start.time),
      endDatetime: utcMinute(period.end.time),
    };
  });
}
