// Sample report content grounded in the real sky: for a period and a sign, the lunar phases, ingresses, stations
// and eclipses of that period (src/sky) told house by house counted from the sign (an event in sign E is in
// house (E - sign) mod 12 + 1: a full moon in Taurus falls in the 2nd house for Aries). The ascendant-yearly
// report counts the same way from the rising sign. Wording comes from the language's phrase bank
// (./phrase-bank.ts), chosen by a hash, so the output is a pure function of (kind, period, sign, language).
//
// Dates are UTC calendar dates: the service cannot know the reader's zone, and an event at 23:30 UTC may fall on
// the next day in Asia. Periods: weekly = ISO week (Monday..Sunday, ISO week-numbering year), monthly = calendar
// month, yearly and ascendant-yearly = calendar year.
import { fill, pick, type HeadlineEvent, type PhraseBank } from './phrase-bank.ts';
import { EN } from './phrase-bank.en.ts';
import { phraseBank, type SampleLanguage } from './language.ts';
import { type SkyEvent, type StationEvent, eventsOfYear, skyEvents } from '../sky/events.ts';
import { type PlanetName, eclipticLongitude, longitudeSpeed, signOf } from '../sky/positions.ts';

export type SampleReportKind = 'weekly' | 'monthly' | 'yearly' | 'ascendantYearly';
interface SamplePeriod {
  year: number;
  /** ISO week (weekly only) */
  week?: number;
  /** 1..12 (monthly only) */
  month?: number;
}
/** The English sign names, sign_id order. */
export const SIGN_NAMES = EN.signNames;

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

const MS_PER_DAY = 86_400_000;
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

interface PeriodRange {
  /** First instant, 00:00 UTC of the first day. */
  start: Date;
  /** First instant after the period. */
  end: Date;
  /** How the text names the period: 'the week of November 23–29, 2026', 'November 2026', '2026' (in English). */
  label: string;
  /** 'this week', 'this month', 'this year'. */
  span: string;
}

export function periodRange(
  kind: SampleReportKind,
  period: SamplePeriod,
  language: SampleLanguage = 'en',
): PeriodRange {
  const bank = phraseBank(language);
  const { year } = period;
  if (!Number.isInteger(year))
    throw new ReportPeriodError(`report period: "year" must be an integer, got ${String(year)}`);
  if (kind === 'weekly') {
    const week = period.week;
    if (week === undefined || !Number.isInteger(week) || week < 1 || week > isoWeeksInYear(year)) {
      throw new ReportPeriodError(
        `weekly report: "week" must be an integer from 1 to ${isoWeeksInYear(year)} for ${year}, got ${String(week)}`,
      );
    }
    const start = isoWeekMonday(year, week);
    const end = new Date(start.getTime() + 7 * MS_PER_DAY);
    return { start, end, label: bank.weekLabel(start, new Date(end.getTime() - MS_PER_DAY)), span: bank.spans.weekly };
  }
  if (kind === 'monthly') {
    const month = period.month;
    if (month === undefined || !Number.isInteger(month) || month < 1 || month > 12) {
      throw new ReportPeriodError(`monthly report: "month" must be an integer from 1 to 12, got ${String(month)}`);
    }
    const start = new Date(Date.UTC(year, month - 1, 1));
    return { start, end: new Date(Date.UTC(year, month, 1)), label: bank.monthLabel(start), span: bank.spans.monthly };
  }
  return {
    start: new Date(Date.UTC(year, 0, 1)),
    end: new Date(Date.UTC(year + 1, 0, 1)),
    label: String(year),
    span: bank.spans.yearly,
  };
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

function periodContext(kind: SampleReportKind, period: SamplePeriod, language: SampleLanguage): PeriodContext {
  const range = periodRange(kind, period, language);
  return {
    key: `${kind === 'ascendantYearly' ? 'yearly' : kind}:${period.year}:${period.week ?? period.month ?? ''}`,
    range,
    events:
      kind === 'yearly' || kind === 'ascendantYearly'
        ? [...eventsOfYear(period.year)]
        : skyEvents(range.start, range.end),
    sunSign: signOf(eclipticLongitude('Sun', range.start)),
    retrogradeAtStart: NOTABLE_RETROGRADES.filter((p) => longitudeSpeed(p, range.start) < 0),
  };
}

// ---- Telling events ----

interface Telling {
  bank: PhraseBank;
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

/** {house} and {topic} of a house counted from the telling's sign. */
function houseSlots(t: Telling, eventSign: number): { house: string; topic: string } {
  const house = houseOf(t, eventSign);
  return { house: t.bank.ordinal(house), topic: t.bank.houseTopics[house - 1]! };
}

/** {sign}, {inSign} and {intoSign} of a sign (each slot name with `suffix`): see PhraseBank.signsIn. */
function signSlots(bank: PhraseBank, signId: number, suffix = ''): Record<string, string> {
  const sign = bank.signNames[signId]!;
  return {
    [`sign${suffix}`]: sign,
    [`inSign${suffix}`]: bank.signsIn?.[signId] ?? sign,
    [`intoSign${suffix}`]: bank.signsInto?.[signId] ?? sign,
  };
}

/** The degree within the sign: '15°'. */
function degreeOf(e: SkyEvent): string {
  return `${Math.floor(e.longitude - e.signId * 30)}°`;
}

function slotsFor(t: Telling, e: SkyEvent): Record<string, string> {
  const { bank } = t;
  return {
    date: bank.day(e.time, t.year),
    ...signSlots(bank, e.signId),
    ...houseSlots(t, e.signId),
    planet: bank.planetNames[e.body],
    theme: bank.planetThemes[e.body],
    degree: degreeOf(e),
  };
}

function eclipseName(bank: PhraseBank, e: SkyEvent): string | undefined {
  if (e.type !== 'phase' || !e.eclipse) return undefined;
  return bank.eclipseName(e.eclipse, e.phase === 'newMoon');
}

/** One HTML sentence (or two, for an eclipse) about one event. */
function tellEvent(t: Telling, e: SkyEvent): string {
  const { bank } = t;
  const key = `${t.kind}|${t.periodKey}|${t.signId}|${eventKey(e)}`;
  const slots = slotsFor(t, e);
  if (e.type === 'phase') {
    const sentence = fill(pick(bank.phases[e.phase], key), slots);
    const eclipse = eclipseName(bank, e);
    return eclipse
      ? `${sentence} ${fill(pick(bank.eclipseSentences, key + '|eclipse'), { eclipse: bank.withArticle(eclipse).replace(eclipse, `<em>${eclipse}</em>`) })}`
      : sentence;
  }
  if (e.type === 'ingress') {
    const templates = e.body === 'Sun' ? bank.sunIngresses : e.retrograde ? bank.retrogradeIngresses : bank.ingresses;
    return fill(pick(templates, key), slots);
  }
  return fill(pick(e.direction === 'retrograde' ? bank.stationsRetrograde : bank.stationsDirect, key), slots);
}

/** Plain-text name of an event for intros: 'the full moon on November 24 in Gemini'. */
function headline(bank: PhraseBank, e: SkyEvent, year: number): string {
  const words = { date: bank.day(e.time, year), sign: bank.signNames[e.signId]!, signId: e.signId };
  let event: HeadlineEvent;
  if (e.type === 'phase') event = { ...words, type: 'phase', phase: e.phase, eclipse: eclipseName(bank, e) };
  else if (e.type === 'ingress') event = { ...words, type: 'ingress', planet: e.body, retrograde: e.retrograde };
  else event = { ...words, type: 'station', planet: e.body, direction: e.direction };
  return bank.headline(event);
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

// ---- Weekly and monthly columns ----

function writeColumn(ctx: PeriodContext, t: Telling, kind: 'weekly' | 'monthly'): Report {
  const { bank, signId } = t;
  const key = `${kind}|${ctx.key}|${signId}`;
  // A month has 8 quarter phases; only new and full moons make its list readable.
  const events =
    kind === 'monthly'
      ? ctx.events.filter((e) => e.type !== 'phase' || e.phase === 'newMoon' || e.phase === 'fullMoon')
      : ctx.events;

  const sunHouse = houseSlots(t, ctx.sunSign);
  const opening = fill(pick(bank.seasonOpenings, key + '|open'), {
    ...signSlots(bank, ctx.sunSign),
    span: ctx.range.span,
    ...sunHouse,
  });
  const parts = [`<p>${opening}</p>`];
  const retrograde = ctx.retrogradeAtStart;
  if (retrograde.length > 0) {
    const template = retrograde.length === 1 ? bank.column.retrogradeOne : bank.column.retrogradeMany;
    parts.push(
      `<p>${fill(template, { planets: bank.list(retrograde.map((p) => bank.planetNames[p])), opens: bank.column.opens[kind] })}</p>`,
    );
  }
  if (events.length > 0) {
    parts.push(`<h3>${bank.column.keyDates}</h3>`);
    parts.push(`<ul>${events.map((e) => `<li>${tellEvent(t, e)}</li>`).join('')}</ul>`);
  } else {
    parts.push(`<p>${pick(bank.quietLines, key + '|quiet')}</p>`);
  }
  parts.push(`<p>${pick(bank.closings, key + '|close')}</p>`);

  const top = mostNewsworthy(events);
  const slots = { sign: bank.signNames[signId]!, when: ctx.range.label };
  const intro = top
    ? fill(bank.column.intro, { ...slots, headline: headline(bank, top, t.year), ...houseSlots(t, top.signId) })
    : fill(bank.column.quietIntro, { ...slots, ...sunHouse });
  return { intro, text: parts.join('\n') };
}

// ---- Yearly and ascendant-yearly reports ----

function planetYear(t: Telling, planet: PlanetName, events: readonly SkyEvent[]): string {
  const { bank } = t;
  const startSign = signOf(eclipticLongitude(planet, new Date(Date.UTC(t.year, 0, 1))));
  const slots = {
    planet: bank.planetNames[planet],
    theme: bank.planetThemes[planet],
    ...signSlots(bank, startSign),
    ...houseSlots(t, startSign),
  };
  const ingresses = events.filter((e) => e.type === 'ingress' && e.body === planet);
  if (ingresses.length === 0) return fill(bank.year.stays, slots);
  const moves = ingresses.map((e) =>
    fill(e.type === 'ingress' && e.retrograde ? bank.year.moveBackInto : bank.year.moveInto, {
      ...signSlots(bank, e.signId),
      date: bank.day(e.time),
      ...houseSlots(t, e.signId),
    }),
  );
  return fill(bank.year.moves, { ...slots, moves: bank.list(moves) });
}

function retrogradePeriods(t: Telling, planet: PlanetName, events: readonly SkyEvent[]): string[] {
  const { bank } = t;
  const stations = events.filter((e): e is StationEvent => e.type === 'station' && e.body === planet);
  const out: string[] = [];
  for (let i = 0; i < stations.length; i++) {
    const s = stations[i]!;
    const slots = {
      planet: bank.planetNames[planet],
      ...signSlots(bank, s.signId),
      house: houseSlots(t, s.signId).house,
    };
    if (s.direction === 'direct') {
      // The retrograde began the year before.
      out.push(fill(bank.year.retrogradeUntil, { ...slots, date: bank.day(s.time), degree: degreeOf(s) }));
      continue;
    }
    const next = stations[i + 1];
    if (next && next.direction === 'direct') {
      const span = { ...slots, dates: bank.dayRange(s.time, next.time) };
      out.push(
        next.signId === s.signId
          ? fill(bank.year.retrogradeWithin, span)
          : fill(bank.year.retrogradeAcross, {
              ...span,
              ...signSlots(bank, next.signId, '2'),
              house2: houseSlots(t, next.signId).house,
            }),
      );
      i++;
    } else {
      out.push(fill(bank.year.retrogradeOpen, { ...slots, date: bank.day(s.time), nextYear: String(t.year + 1) }));
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

/** The eclipse seasons' heading, paragraph and list, for `who`. */
function eclipseSection(t: Telling, seasons: readonly SkyEvent[][], who: string): string[] {
  const { bank } = t;
  const months = seasons.map((s) => {
    const first = bank.monthName(s[0]!.time);
    const last = bank.monthName(s[s.length - 1]!.time);
    return first === last ? first : `${first}–${last}`;
  });
  const text = fill(bank.year.eclipseSeasonsText, {
    year: String(t.year),
    seasons: bank.year.seasons(seasons.length),
    months: bank.list(months),
    who,
  });
  return [
    `<h3>${bank.year.eclipseSeasons}</h3>`,
    `<p>${text}</p>`,
    `<ul>${seasons
      .flat()
      .map((e) => `<li>${tellEvent(t, e)}</li>`)
      .join('')}</ul>`,
  ];
}

/** The intro leads with the biggest slow-planet move of the year, else the first eclipse, else Jupiter's sign. */
function yearIntro(ctx: PeriodContext, t: Telling, lead: string, seasons: readonly SkyEvent[][]): string {
  const { bank, year } = t;
  const events = ctx.events;
  const slowMove =
    events.find((e) => e.type === 'ingress' && !e.retrograde && (e.body === 'Jupiter' || e.body === 'Saturn')) ??
    events.find(
      (e) =>
        e.type === 'ingress' && !e.retrograde && (e.body === 'Uranus' || e.body === 'Neptune' || e.body === 'Pluto'),
    );
  const first = slowMove ?? seasons[0]?.[0];
  let intro: string;
  if (first) {
    intro = fill(bank.year.intro, {
      lead,
      year: String(year),
      headline: headline(bank, first, year),
      ...houseSlots(t, first.signId),
    });
  } else {
    const jupiterSign = signOf(eclipticLongitude('Jupiter', ctx.range.start));
    intro = fill(bank.year.introJupiter, {
      lead,
      year: String(year),
      ...signSlots(bank, jupiterSign),
      ...houseSlots(t, jupiterSign),
    });
  }
  const eclipseCount = seasons.flat().length;
  return eclipseCount > 0 ? `${intro} ${bank.year.eclipseCount(eclipseCount)}` : intro;
}

function writeYear(ctx: PeriodContext, t: Telling, kind: 'yearly' | 'ascendantYearly'): Report {
  const { bank, signId } = t;
  const rising = kind === 'ascendantYearly';
  const sign = { sign: bank.signNames[signId]! };
  const key = `${kind}|${ctx.key}|${signId}`;
  const events = ctx.events;
  const parts: string[] = [];

  if (rising) parts.push(`<p>${fill(bank.year.risingNote, sign)}</p>`);
  parts.push(`<h3>${bank.year.jupiterAndSaturn}</h3>`);
  parts.push(`<p>${planetYear(t, 'Jupiter', events)}</p>`);
  parts.push(`<p>${planetYear(t, 'Saturn', events)}</p>`);

  const seasons = eclipseSeasons(events);
  if (seasons.length > 0)
    parts.push(...eclipseSection(t, seasons, fill(bank.year.who[rising ? 'rising' : 'sun'], sign)));

  const retro = (['Mercury', 'Venus', 'Mars'] as const).flatMap((p) => retrogradePeriods(t, p, events));
  if (retro.length > 0) {
    parts.push(`<h3>${bank.year.retrogradePeriods}</h3>`);
    parts.push(`<p>${bank.year.retrogradePeriodsText}</p>`);
    parts.push(`<ul>${retro.map((r) => `<li>${r}</li>`).join('')}</ul>`);
  }

  parts.push(`<h3>${bank.year.outerPlanets}</h3>`);
  parts.push(`<p>${(['Uranus', 'Neptune', 'Pluto'] as const).map((p) => planetYear(t, p, events)).join(' ')}</p>`);
  parts.push(`<p>${pick(bank.closings, key + '|close')}</p>`);

  const intro = yearIntro(ctx, t, fill(bank.year.lead[rising ? 'rising' : 'sun'], sign), seasons);
  return { intro, text: parts.join('\n') };
}

/**
 * Deterministic report content for the signs of one period, in `language`: `intro` is plain text, `text` is HTML
 * (p, h3, strong, em, ul, li). What the sky does in the period is worked out once, for all the signs asked for.
 */
export function reportWriter(
  kind: SampleReportKind,
  period: SamplePeriod,
  language: SampleLanguage = 'en',
): (signId: number) => Report {
  if (kind !== 'weekly' && kind !== 'monthly' && kind !== 'yearly' && kind !== 'ascendantYearly') {
    throw new ReportPeriodError(`report: unknown kind "${String(kind)}"`);
  }
  const ctx = periodContext(kind, period, language);
  const bank = phraseBank(language);
  return (signId) => {
    if (!Number.isInteger(signId) || signId < 0 || signId > 11) {
      throw new ReportPeriodError(`report: sign id must be an integer from 0 to 11, got ${String(signId)}`);
    }
    const t: Telling = { bank, kind, periodKey: ctx.key, signId, year: period.year };
    const { intro, text } =
      kind === 'weekly' || kind === 'monthly' ? writeColumn(ctx, t, kind) : writeYear(ctx, t, kind);
    return { intro: bank.finish(intro), text: bank.finish(text) };
  };
}
