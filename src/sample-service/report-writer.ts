// Sample report content grounded in the real sky: for a period and a sign, the lunar phases, ingresses, stations
// and eclipses of that period (./sky.ts) told house by house counted from the sign (an event in sign E is in
// house (E - sign) mod 12 + 1: a full moon in Taurus falls in the 2nd house for Aries). The ascendant-yearly
// report counts the same way from the rising sign. Wording comes from ./phrase-bank.ts, chosen by a hash, so the
// output is a pure function of (kind, period, sign).
//
// Dates are UTC calendar dates: the service cannot know the reader's zone, and an event at 23:30 UTC may fall on
// the next day in Asia. Periods: weekly = ISO week (Monday..Sunday, ISO week-numbering year), monthly = calendar
// month, yearly and ascendant-yearly = calendar year.
import {
  CLOSINGS,
  ECLIPSE_SENTENCES,
  HOUSE_TOPICS,
  INGRESS_TEMPLATES,
  PHASE_TEMPLATES,
  PLANET_THEMES,
  QUIET_LINES,
  RETROGRADE_INGRESS_TEMPLATES,
  SEASON_OPENINGS,
  STATION_DIRECT_TEMPLATES,
  STATION_RETROGRADE_TEMPLATES,
  SUN_INGRESS_TEMPLATES,
  capitalize,
  withArticle,
  fill,
  ordinal,
  pick,
} from './phrase-bank.ts';
import { type SkyEvent, type StationEvent, eventsOfYear, skyEvents } from './sky.ts';
import { type PlanetName, eclipticLongitude, longitudeSpeed, signOf } from './sky-positions.ts';

export type SampleReportKind = 'weekly' | 'monthly' | 'yearly' | 'ascendantYearly';
export interface SamplePeriod {
  year: number;
  /** ISO week (weekly only) */
  week?: number;
  /** 1..12 (monthly only) */
  month?: number;
}
export const SIGN_NAMES = [
  'Aries', 'Taurus', 'Gemini', 'Cancer', 'Leo', 'Virgo',
  'Libra', 'Scorpio', 'Sagittarius', 'Capricorn', 'Aquarius', 'Pisces',
] as const;

export interface Report {
  intro: string;
  text: string;
}

export class ReportPeriodError extends Error {
  readonly code = 'SAMPLE_BAD_REPORT_REQUEST';
  constructor(message: string) {
    super(message);
    this.name = 'ReportPeriodError';
  }
}

const DEFAULTS = {
  /** Eclipses closer together than this belong to one eclipse season (days). */
  eclipseSeasonDays: 40,
};

const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;
const MS_PER_DAY = 86_400_000;
const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'];
/** Planets whose retrograde periods a weekly or monthly column mentions; the outer three are retrograde ~5 months a year. */
const NOTABLE_RETROGRADES: readonly PlanetName[] = ['Mercury', 'Venus', 'Mars', 'Jupiter', 'Saturn'];

// ---- Periods ----

/** Monday (00:00 UTC) of ISO week `week` of ISO week-numbering year `year`. */
export function isoWeekMonday(year: number, week: number): Date {
  const jan4 = Date.UTC(year, 0, 4);
  const dayOfWeek = (new Date(jan4).getUTCDay() + 6) % 7; // Monday = 0
  return new Date(jan4 - dayOfWeek * MS_PER_DAY + (week - 1) * 7 * MS_PER_DAY);
}

/** 52 or 53: a year has 53 ISO weeks when December 28 falls in week 53. */
export function isoWeeksInYear(year: number): number {
  const dec28 = Date.UTC(year, 11, 28);
  return Math.floor((dec28 - isoWeekMonday(year, 1).getTime()) / (7 * MS_PER_DAY)) + 1;
}

export interface PeriodRange {
  /** First instant, 00:00 UTC of the first day. */
  start: Date;
  /** First instant after the period. */
  end: Date;
  /** How the text names the period: 'the week of November 23–29, 2026', 'November 2026', '2026'. */
  label: string;
  /** 'this week', 'this month', 'this year'. */
  span: string;
}

export function periodRange(kind: SampleReportKind, period: SamplePeriod): PeriodRange {
  const { year } = period;
  if (!Number.isInteger(year)) throw new ReportPeriodError(`report period: "year" must be an integer, got ${String(year)}`);
  if (kind === 'weekly') {
    const week = period.week;
    if (week === undefined || !Number.isInteger(week) || week < 1 || week > isoWeeksInYear(year)) {
      throw new ReportPeriodError(`weekly report: "week" must be an integer from 1 to ${isoWeeksInYear(year)} for ${year}, got ${String(week)}`);
    }
    const start = isoWeekMonday(year, week);
    const end = new Date(start.getTime() + 7 * MS_PER_DAY);
    return { start, end, label: `the week of ${formatSpan(start, new Date(end.getTime() - MS_PER_DAY))}`, span: 'this week' };
  }
  if (kind === 'monthly') {
    const month = period.month;
    if (month === undefined || !Number.isInteger(month) || month < 1 || month > 12) {
      throw new ReportPeriodError(`monthly report: "month" must be an integer from 1 to 12, got ${String(month)}`);
    }
    return {
      start: new Date(Date.UTC(year, month - 1, 1)),
      end: new Date(Date.UTC(year, month, 1)),
      label: `${MONTH_NAMES[month - 1]} ${year}`,
      span: 'this month',
    };
  }
  return { start: new Date(Date.UTC(year, 0, 1)), end: new Date(Date.UTC(year + 1, 0, 1)), label: String(year), span: 'this year' };
}

function formatDay(date: Date, periodYear?: number): string {
  const day = `${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCDate()}`;
  return periodYear === undefined || date.getUTCFullYear() === periodYear ? day : `${day}, ${date.getUTCFullYear()}`;
}

/** 'November 23–29, 2026', 'March 30 – April 5, 2026', 'December 28, 2026 – January 3, 2027'. */
function formatSpan(first: Date, last: Date): string {
  const y1 = first.getUTCFullYear();
  const y2 = last.getUTCFullYear();
  if (y1 !== y2) return `${formatDay(first)}, ${y1} – ${formatDay(last)}, ${y2}`;
  if (first.getUTCMonth() === last.getUTCMonth()) return `${formatDay(first)}–${last.getUTCDate()}, ${y2}`;
  return `${formatDay(first)} – ${formatDay(last)}, ${y2}`;
}

// ---- What the sky does in a period (the same for the 12 signs: see reportWriter) ----

interface PeriodContext {
  key: string;
  range: PeriodRange;
  events: SkyEvent[];
  /** Sign of the Sun at the start of the period. */
  sunSign: number;
  /** Among NOTABLE_RETROGRADES, those moving backwards at the start of the period. */
  retrogradeAtStart: PlanetName[];
}

function periodContext(kind: SampleReportKind, period: SamplePeriod): PeriodContext {
  const range = periodRange(kind, period);
  return {
    key: `${kind === 'ascendantYearly' ? 'yearly' : kind}:${period.year}:${period.week ?? period.month ?? ''}`,
    range,
    events: kind === 'yearly' || kind === 'ascendantYearly' ? [...eventsOfYear(period.year)] : skyEvents(range.start, range.end),
    sunSign: signOf(eclipticLongitude('Sun', range.start)),
    retrogradeAtStart: NOTABLE_RETROGRADES.filter((p) => longitudeSpeed(p, range.start) < 0),
  };
}

// ---- Telling events ----

interface Telling {
  kind: SampleReportKind;
  periodKey: string;
  /** The sign the houses are counted from (sun sign or rising sign). */
  signId: number;
  year: number;
}

function houseOf(t: Telling, eventSign: number): number {
  return ((eventSign - t.signId + 12) % 12) + 1;
}

function eventKey(e: SkyEvent): string {
  return `${e.type}:${e.body}:${e.time.toISOString()}`;
}

function slotsFor(t: Telling, e: SkyEvent): Record<string, string> {
  const house = houseOf(t, e.signId);
  return {
    date: formatDay(e.time, t.year),
    sign: SIGN_NAMES[e.signId]!,
    house: ordinal(house),
    topic: HOUSE_TOPICS[house - 1]!,
    planet: e.body,
    theme: PLANET_THEMES[e.body] ?? '',
    degree: `${Math.floor(e.longitude - e.signId * 30)}°`,
  };
}

function eclipseName(e: SkyEvent): string | undefined {
  if (e.type !== 'phase' || !e.eclipse) return undefined;
  return `${e.eclipse} ${e.phase === 'newMoon' ? 'solar' : 'lunar'} eclipse`;
}

/** One HTML sentence (or two, for an eclipse) about one event. */
function tellEvent(t: Telling, e: SkyEvent): string {
  const key = `${t.kind}|${t.periodKey}|${t.signId}|${eventKey(e)}`;
  const slots = slotsFor(t, e);
  if (e.type === 'phase') {
    const sentence = fill(pick(PHASE_TEMPLATES[e.phase], key), slots);
    const eclipse = eclipseName(e);
    return eclipse ? `${sentence} ${fill(pick(ECLIPSE_SENTENCES, key + '|eclipse'), { eclipse: withArticle(eclipse).replace(eclipse, `<em>${eclipse}</em>`) })}` : sentence;
  }
  if (e.type === 'ingress') {
    const bank = e.body === 'Sun' ? SUN_INGRESS_TEMPLATES : e.retrograde ? RETROGRADE_INGRESS_TEMPLATES : INGRESS_TEMPLATES;
    return fill(pick(bank, key), slots);
  }
  return fill(pick(e.direction === 'retrograde' ? STATION_RETROGRADE_TEMPLATES : STATION_DIRECT_TEMPLATES, key), slots);
}

/** Plain-text name of an event for intros: 'the full moon on November 24 in Gemini'. */
function headline(e: SkyEvent, year: number): string {
  const date = formatDay(e.time, year);
  const sign = SIGN_NAMES[e.signId]!;
  if (e.type === 'phase') {
    const name = eclipseName(e) ?? { newMoon: 'new moon', firstQuarter: 'first-quarter moon', fullMoon: 'full moon', lastQuarter: 'last-quarter moon' }[e.phase];
    return `the ${name} on ${date} in ${sign}`;
  }
  if (e.type === 'ingress') return `${e.body} ${e.retrograde ? 'slipping back into' : 'entering'} ${sign} on ${date}`;
  return `${e.body} turning ${e.direction} on ${date} in ${sign}`;
}

/** Higher is more newsworthy: eclipses, then stations, full and new moons, slow-planet ingresses, the rest. */
function weight(e: SkyEvent): number {
  const slow: Record<string, number> = { Jupiter: 5, Saturn: 6, Uranus: 7, Neptune: 7, Pluto: 7 };
  if (e.type === 'phase') return e.eclipse ? 10 : e.phase === 'fullMoon' || e.phase === 'newMoon' ? 4 : 1;
  if (e.type === 'station') return (slow[e.body] ?? 4) + 1;
  return slow[e.body] ?? (e.body === 'Sun' ? 3 : 2);
}

function mostNewsworthy(events: readonly SkyEvent[]): SkyEvent | undefined {
  let best: SkyEvent | undefined;
  for (const e of events) if (!best || weight(e) > weight(best)) best = e;
  return best;
}

function listSentence(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

// ---- Weekly and monthly columns ----

function writeColumn(ctx: PeriodContext, kind: 'weekly' | 'monthly', period: SamplePeriod, signId: number): Report {
  const t: Telling = { kind, periodKey: ctx.key, signId, year: period.year };
  const sign = SIGN_NAMES[signId]!;
  const key = `${kind}|${ctx.key}|${signId}`;
  // A month has 8 quarter phases; only new and full moons make its list readable.
  const events = kind === 'monthly'
    ? ctx.events.filter((e) => e.type !== 'phase' || e.phase === 'newMoon' || e.phase === 'fullMoon')
    : ctx.events;

  const sunHouse = houseOf(t, ctx.sunSign);
  const opening = fill(pick(SEASON_OPENINGS, key + '|open'), {
    sign: SIGN_NAMES[ctx.sunSign]!,
    span: ctx.range.span,
    house: ordinal(sunHouse),
    topic: HOUSE_TOPICS[sunHouse - 1]!,
  });
  const parts = [`<p>${opening}</p>`];
  if (ctx.retrogradeAtStart.length > 0) {
    const verb = ctx.retrogradeAtStart.length === 1 ? 'is' : 'are';
    parts.push(`<p>${listSentence(ctx.retrogradeAtStart)} ${verb} <em>retrograde</em> ${kind === 'weekly' ? 'as the week opens' : 'as the month opens'}: a better time to revise than to launch.</p>`);
  }
  if (events.length > 0) {
    parts.push('<h3>Key dates</h3>');
    parts.push(`<ul>${events.map((e) => `<li>${tellEvent(t, e)}</li>`).join('')}</ul>`);
  } else {
    parts.push(`<p>${pick(QUIET_LINES, key + '|quiet')}</p>`);
  }
  parts.push(`<p>${pick(CLOSINGS, key + '|close')}</p>`);

  const top = mostNewsworthy(events);
  const when = ctx.range.label;
  const intro = top
    ? `${sign}: ${when} turns on ${headline(top, period.year)}, in your ${ordinal(houseOf(t, top.signId))} house of ${HOUSE_TOPICS[houseOf(t, top.signId) - 1]}.`
    : `${sign}: ${when} is a quiet stretch in the sky, with the Sun in your ${ordinal(sunHouse)} house of ${HOUSE_TOPICS[sunHouse - 1]}.`;
  return { intro, text: parts.join('\n') };
}

// ---- Yearly and ascendant-yearly reports ----

function planetYear(t: Telling, planet: PlanetName, events: readonly SkyEvent[]): string {
  const startSign = signOf(eclipticLongitude(planet, new Date(Date.UTC(t.year, 0, 1))));
  const startHouse = houseOf(t, startSign);
  const ingresses = events.filter((e) => e.type === 'ingress' && e.body === planet);
  const begin = `<strong>${planet}</strong> (${PLANET_THEMES[planet]})`;
  if (ingresses.length === 0) {
    return `${begin} stays in ${SIGN_NAMES[startSign]} all year, in your ${ordinal(startHouse)} house of ${HOUSE_TOPICS[startHouse - 1]}.`;
  }
  const moves = ingresses.map((e) => {
    const h = houseOf(t, e.signId);
    return `${e.type === 'ingress' && e.retrograde ? 'slips back into' : 'moves into'} ${SIGN_NAMES[e.signId]} on ${formatDay(e.time)} (your ${ordinal(h)} house of ${HOUSE_TOPICS[h - 1]})`;
  });
  return `${begin} starts the year in ${SIGN_NAMES[startSign]}, your ${ordinal(startHouse)} house, then ${listSentence(moves)}.`;
}

function retrogradePeriods(t: Telling, planet: PlanetName, events: readonly SkyEvent[]): string[] {
  const stations = events.filter((e): e is StationEvent => e.type === 'station' && e.body === planet);
  const out: string[] = [];
  for (let i = 0; i < stations.length; i++) {
    const s = stations[i]!;
    const house = (e: SkyEvent): string => `your ${ordinal(houseOf(t, e.signId))} house`;
    if (s.direction === 'direct') {
      // The retrograde began the year before.
      out.push(`${planet}: retrograde until ${formatDay(s.time)}, ending at ${Math.floor(s.longitude - s.signId * 30)}° ${SIGN_NAMES[s.signId]} in ${house(s)}`);
      continue;
    }
    const next = stations[i + 1];
    if (next && next.direction === 'direct') {
      const across = next.signId === s.signId ? `in ${SIGN_NAMES[s.signId]}, ${house(s)}` : `from ${SIGN_NAMES[s.signId]} (${house(s)}) back into ${SIGN_NAMES[next.signId]} (${house(next)})`;
      out.push(`${planet}: ${formatDay(s.time)} – ${formatDay(next.time)}, ${across}`);
      i++;
    } else {
      out.push(`${planet}: from ${formatDay(s.time)} into ${t.year + 1}, in ${SIGN_NAMES[s.signId]}, ${house(s)}`);
    }
  }
  return out;
}

function eclipseSeasons(events: readonly SkyEvent[]): SkyEvent[][] {
  const eclipses = events.filter((e) => e.type === 'phase' && e.eclipse);
  const seasons: SkyEvent[][] = [];
  for (const e of eclipses) {
    const last = seasons[seasons.length - 1];
    const prev = last?.[last.length - 1];
    if (last && prev && e.time.getTime() - prev.time.getTime() < DEFAULTS.eclipseSeasonDays * MS_PER_DAY) last.push(e);
    else seasons.push([e]);
  }
  return seasons;
}

function writeYear(ctx: PeriodContext, kind: 'yearly' | 'ascendantYearly', period: SamplePeriod, signId: number): Report {
  const t: Telling = { kind, periodKey: ctx.key, signId, year: period.year };
  const rising = kind === 'ascendantYearly';
  const who = rising ? `${SIGN_NAMES[signId]} rising` : SIGN_NAMES[signId]!;
  const key = `${kind}|${ctx.key}|${signId}`;
  const events = ctx.events;
  const parts: string[] = [];

  if (rising) {
    parts.push(`<p>This forecast is written for <strong>${who}</strong>: the houses below are counted from your rising sign, so it reads best if you know your birth time. Your sun-sign forecast tells the same sky from a different starting point.</p>`);
  }
  parts.push('<h3>Jupiter and Saturn</h3>');
  parts.push(`<p>${planetYear(t, 'Jupiter', events)}</p>`);
  parts.push(`<p>${planetYear(t, 'Saturn', events)}</p>`);

  const seasons = eclipseSeasons(events);
  if (seasons.length > 0) {
    const months = seasons.map((s) => {
      const first = MONTH_NAMES[s[0]!.time.getUTCMonth()]!;
      const last = MONTH_NAMES[s[s.length - 1]!.time.getUTCMonth()]!;
      return first === last ? first : `${first}–${last}`;
    });
    parts.push('<h3>Eclipse seasons</h3>');
    parts.push(`<p>The eclipses of ${period.year} come in ${seasons.length === 1 ? 'one season' : `${NUMBER_WORDS[seasons.length] ?? seasons.length} seasons`}, ${listSentence(months)}. Eclipses mark turning points; the houses they fall in show where ${who} can expect change.</p>`);
    parts.push(`<ul>${seasons.flat().map((e) => `<li>${tellEvent(t, e)}</li>`).join('')}</ul>`);
  }

  const retro = (['Mercury', 'Venus', 'Mars'] as const).flatMap((p) => retrogradePeriods(t, p, events));
  if (retro.length > 0) {
    parts.push('<h3>Retrograde periods</h3>');
    parts.push('<p>Good weeks to review, repair and reconnect rather than to sign or launch:</p>');
    parts.push(`<ul>${retro.map((r) => `<li>${r}</li>`).join('')}</ul>`);
  }

  parts.push('<h3>The outer planets</h3>');
  parts.push(`<p>${(['Uranus', 'Neptune', 'Pluto'] as const).map((p) => planetYear(t, p, events)).join(' ')}</p>`);
  parts.push(`<p>${pick(CLOSINGS, key + '|close')}</p>`);

  // The intro leads with the biggest slow-planet move of the year, else the first eclipse, else Jupiter's sign.
  const slowMove = events.find((e) => e.type === 'ingress' && !e.retrograde && (e.body === 'Jupiter' || e.body === 'Saturn'))
    ?? events.find((e) => e.type === 'ingress' && !e.retrograde && (e.body === 'Uranus' || e.body === 'Neptune' || e.body === 'Pluto'));
  const lead = slowMove ?? seasons[0]?.[0];
  let intro: string;
  if (lead) {
    const h = houseOf(t, lead.signId);
    intro = `${rising ? `For ${who}` : who}, ${period.year} is shaped by ${headline(lead, period.year)}, in your ${ordinal(h)} house of ${HOUSE_TOPICS[h - 1]}.`;
  } else {
    const jupiterSign = signOf(eclipticLongitude('Jupiter', ctx.range.start));
    const h = houseOf(t, jupiterSign);
    intro = `${rising ? `For ${who}` : who}, ${period.year} is a year of Jupiter in ${SIGN_NAMES[jupiterSign]}, growing your ${ordinal(h)} house of ${HOUSE_TOPICS[h - 1]}.`;
  }
  const eclipseCount = seasons.flat().length;
  if (eclipseCount > 0) {
    const count = capitalize(NUMBER_WORDS[eclipseCount] ?? String(eclipseCount));
    intro += eclipseCount === 1 ? ` ${count} eclipse marks the turning point.` : ` ${count} eclipses mark the turning points.`;
  }
  return { intro, text: parts.join('\n') };
}

/**
 * Deterministic report content for the signs of one period: `intro` is plain text, `text` is HTML (p, h3,
 * strong, em, ul, li). What the sky does in the period is worked out once, for all the signs asked for.
 */
export function reportWriter(kind: SampleReportKind, period: SamplePeriod): (signId: number) => Report {
  if (kind !== 'weekly' && kind !== 'monthly' && kind !== 'yearly' && kind !== 'ascendantYearly') {
    throw new ReportPeriodError(`report: unknown kind "${String(kind)}"`);
  }
  const ctx = periodContext(kind, period);
  return (signId) => {
    if (!Number.isInteger(signId) || signId < 0 || signId > 11) {
      throw new ReportPeriodError(`report: sign id must be an integer from 0 to 11, got ${String(signId)}`);
    }
    return kind === 'weekly' || kind === 'monthly' ? writeColumn(ctx, kind, period, signId) : writeYear(ctx, kind, period, signId);
  };
}

/** The report of one sign and period (see reportWriter). */
export function writeReport(kind: SampleReportKind, period: SamplePeriod, signId: number): Report {
  return reportWriter(kind, period)(signId);
}
