// The sample service's words, one file per language (./phrase-bank.en.ts, ./phrase-bank.de.ts…) of the shape
// `PhraseBank` below, so TypeScript checks that every language has every template, name and grammar rule; a new
// language is one more such file, listed in ./language.ts. The choice among a bank's interchangeable templates is
// a hash of (report kind, period, sign, event), so the same request always gets the same words (the site build
// and its tests depend on that) while neighbouring pages do not all read alike. Templates fill `{name}` slots;
// only the HTML tags the report contract allows are used (p, h3, strong, em, ul, li).
import type { EclipseKind, MoonPhase } from '../sky/events.ts';
import type { PlanetName } from '../sky/positions.ts';

/** 32-bit FNV-1a: small, stable across Node versions and platforms (unlike any built-in). */
function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** One element of `list`, chosen by the hash of `key`. */
export function pick<T>(list: readonly T[], key: string): T {
  if (list.length === 0) throw new Error('phrase-bank: pick from an empty list');
  return list[hashString(key) % list.length]!;
}

/** Replaces every `{slot}`; a slot without a value is a programming error, so it throws rather than print '{x}'. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, slot: string) => {
    const v = values[slot];
    if (v === undefined) throw new Error(`phrase-bank: no value for {${slot}} in "${template}"`);
    return v;
  });
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A date formatter on UTC calendar dates (the service cannot know the reader's zone), in `locale`. */
export function utcDates(locale: string, options: Intl.DateTimeFormatOptions): (date: Date) => string {
  const format = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...options });
  return (date) => format.format(date);
}

/** One entry per sign (sign_id order) or per house (house 1 first). */
export type Twelve<T> = readonly [T, T, T, T, T, T, T, T, T, T, T, T];

/** What an intro names an event by: its words already chosen (date and sign as written in the language). */
export type HeadlineEvent = { date: string; sign: string; signId: number } & (
  | { type: 'phase'; phase: MoonPhase; /** the eclipse's name, when it is one */ eclipse?: string }
  | { type: 'ingress'; planet: PlanetName; retrograde: boolean }
  | { type: 'station'; planet: PlanetName; direction: 'retrograde' | 'direct' }
);

export interface NatalIntro {
  name: string;
  /** YYYY-MM-DD and HH:MM, as requested */
  date: string;
  time: string;
  place: string;
  sun: string;
  moon: string;
  rising: string;
}

/**
 * Everything the report writer and the natal texts say in one language. Slots in report templates: {date} {sign}
 * {house} (the ordinal) {topic} {planet} {theme} {degree} {eclipse}; the comments name any others.
 */
export interface PhraseBank {
  // ---- Names ----
  signNames: Twelve<string>;
  /** As the natal answer's `planetName` and in "Mercury in Virgo". */
  planetNames: Readonly<Record<PlanetName, string>>;
  /** A planet as a sentence's subject: 'the Sun', 'Mercury'. */
  planetSubjects: Readonly<Record<PlanetName, string>>;
  /** What each house (1..12) is about, as a noun phrase. */
  houseTopics: Twelve<string>;
  /** What each planet stands for, as a noun phrase that takes a plural verb. */
  planetThemes: Readonly<Record<PlanetName, string>>;
  /** Sign qualities for natal texts. */
  signQualities: Twelve<string>;
  /**
   * A sign after "in" where the language inflects it (German "im Schützen", "in den Schützen"): the slots {inSign}
   * (where) and {intoSign} (whither), also {inSign2}; a language that writes "in Sagittario" leaves them out and uses {sign}.
   */
  signsIn?: Twelve<string>;
  signsInto?: Twelve<string>;

  // ---- Grammar and dates ----
  /** House n's rank as the templates use it: '3rd', 'tercera'. */
  ordinal(n: number): string;
  /** An eclipse's name with its indefinite article: 'an annular solar eclipse'. */
  withArticle(eclipse: string): string;
  eclipseName(kind: EclipseKind, solar: boolean): string;
  /** 'a, b and c'. */
  list(items: readonly string[]): string;
  /** The last touch on every finished text (Spanish contracts "de el" to "del"). */
  finish(text: string): string;
  /** A day and month, with the year when `periodYear` is given and the date falls in another year. */
  day(date: Date, periodYear?: number): string;
  /** Two days of one year, the year left out: 'February 26 – March 20'. */
  dayRange(first: Date, last: Date): string;
  monthName(date: Date): string;
  /** How the text names a week (its Monday and Sunday) and a month. */
  weekLabel(first: Date, last: Date): string;
  monthLabel(first: Date): string;
  /** 'this week', 'this month', 'this year'. */
  spans: Readonly<Record<'weekly' | 'monthly' | 'yearly', string>>;
  /** The plain-text name of an event, for intros: 'the full moon on November 24 in Gemini'. */
  headline(event: HeadlineEvent): string;

  // ---- Report sentences ----
  phases: Readonly<Record<MoonPhase, readonly string[]>>;
  /** Slot {eclipse}: the eclipse with its article. */
  eclipseSentences: readonly string[];
  ingresses: readonly string[];
  retrogradeIngresses: readonly string[];
  sunIngresses: readonly string[];
  stationsRetrograde: readonly string[];
  stationsDirect: readonly string[];
  /** Opening lines of weekly and monthly columns. Slots: {span}, {sign} (the Sun's), {house}, {topic}. */
  seasonOpenings: readonly string[];
  closings: readonly string[];
  quietLines: readonly string[];

  column: {
    /** Slots: {planets} (a list), {opens} (when). */
    retrogradeOne: string;
    retrogradeMany: string;
    opens: Readonly<Record<'weekly' | 'monthly', string>>;
    keyDates: string;
    /** Slots: {sign} {when} (the period's label) {headline} {house} {topic}. */
    intro: string;
    /** The intro of a period with no event. Slots: {sign} {when} {house} {topic} (of the Sun). */
    quietIntro: string;
  };

  year: {
    /** The ascendant-yearly report's first paragraph. Slot: {sign}. */
    risingNote: string;
    jupiterAndSaturn: string;
    eclipseSeasons: string;
    /** Slots: {year} {seasons} {months} (a list) {who}. */
    eclipseSeasonsText: string;
    retrogradePeriods: string;
    retrogradePeriodsText: string;
    outerPlanets: string;
    /** A slow planet's year. Slots: {planet} {theme} {sign} {house} {topic}, and {moves} (a list of moveInto/moveBackInto). */
    stays: string;
    moves: string;
    /** Slots: {sign} {date} {house} {topic}. */
    moveInto: string;
    moveBackInto: string;
    /** Retrograde periods. Slots: {planet} {date} {dates} (a dayRange) {degree} {sign} {house} {sign2} {house2} {nextYear}. */
    retrogradeUntil: string;
    retrogradeWithin: string;
    retrogradeAcross: string;
    retrogradeOpen: string;
    /** Whom the report is for, in the eclipse paragraph and at the head of the intro. Slot: {sign}. */
    who: Readonly<Record<'sun' | 'rising', string>>;
    lead: Readonly<Record<'sun' | 'rising', string>>;
    /** Slots: {lead} {year} {headline} {house} {topic}; introJupiter has {sign} (Jupiter's) instead of {headline}. */
    intro: string;
    introJupiter: string;
    /** 'two seasons'. */
    seasons(count: number): string;
    /** The intro's last sentence: 'Four eclipses mark the turning points.' */
    eclipseCount(count: number): string;
  };

  natal: {
    /** Slots: {planet} {subject} {sign} {theme} {qualities}. */
    planet: readonly string[];
    /** Slots: {subject} {Subject} {house} {theme} {topic}. */
    house: readonly string[];
    intro(birth: NatalIntro): string;
  };
}
