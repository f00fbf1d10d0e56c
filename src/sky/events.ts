// The sky's events for a stretch of time: lunar phases (with eclipses marked), planets changing sign, and planets
// stationing retrograde or direct, each with its exact UTC moment and sign.
//
// Method: lunar phases come from astronomy-engine's SearchMoonQuarter; eclipses from SearchLunarEclipse and
// SearchGlobalSolarEclipse, attached to the full or new moon they belong to with their own greatest moment (and a
// lunar eclipse's penumbral contacts, peak ± its semi-duration). Ingresses and stations are found by
// sampling each planet's longitude on a fixed grid (finer for fast planets), then bisecting: on the sign index
// for ingresses, on the sign of the speed for stations. Moon ingresses (every 2.5 days) are left out: a weekly
// column would be nothing but Moon ingresses.
//
// Events are computed one calendar year (UTC) at a time and kept in memory, so every reader of a build (the
// sample's reports, the calendar) touches astronomy-engine only once per year.
import * as Astronomy from 'astronomy-engine';
import { type PlanetName, angleDifference, eclipticLongitude, longitudeSpeed, signOf } from './positions.ts';

export type MoonPhase = 'newMoon' | 'firstQuarter' | 'fullMoon' | 'lastQuarter';
export type EclipseKind = 'penumbral' | 'partial' | 'annular' | 'total' | 'hybrid';

interface EventBase {
  /** Exact moment, UTC. */
  time: Date;
  /** Ecliptic longitude of the body at that moment, degrees. */
  longitude: number;
  /** Sign of the body at that moment (for an ingress: the sign entered). */
  signId: number;
}
interface PhaseEvent extends EventBase {
  type: 'phase';
  body: 'Moon';
  phase: MoonPhase;
  /** Set when this new moon is a solar eclipse or this full moon a lunar eclipse. */
  eclipse?: EclipseKind;
  /** The eclipse's greatest moment (NASA's "greatest eclipse"), minutes from the phase's own. */
  greatest?: Date;
  /** A lunar eclipse's first and last contact with the penumbra (astronomy-engine gives none for a solar one). */
  contacts?: { first: Date; last: Date };
}
interface IngressEvent extends EventBase {
  type: 'ingress';
  body: PlanetName;
  fromSignId: number;
  /** The planet is moving backwards, so it re-enters the previous sign. */
  retrograde: boolean;
}
export interface StationEvent extends EventBase {
  type: 'station';
  body: PlanetName;
  /** 'retrograde': the planet stops and turns backwards; 'direct': it stops and resumes forward motion. */
  direction: 'retrograde' | 'direct';
}
export type SkyEvent = PhaseEvent | IngressEvent | StationEvent;

const DEFAULTS = {
  /** Sampling step per planet (days): small enough that no planet can change sign twice, or station twice, within one. */
  stepDays: {
    Sun: 2,
    Mercury: 1,
    Venus: 2,
    Mars: 2,
    Jupiter: 4,
    Saturn: 5,
    Uranus: 5,
    Neptune: 5,
    Pluto: 5,
  } as Record<Exclude<PlanetName, 'Moon'>, number>,
  /** Bisection stops when the bracket is this narrow (days): 30 seconds. */
  precisionDays: 30 / 86_400,
  /** An eclipse belongs to the syzygy closer than this (days). */
  eclipseMatchDays: 1,
  /** Most years kept in memory (a year is about 150 events). */
  maxCachedYears: 64,
};

const MOVING_PLANETS = Object.keys(DEFAULTS.stepDays) as Exclude<PlanetName, 'Moon'>[];
/** The Sun and Moon never turn retrograde. */
const STATIONING_PLANETS: readonly PlanetName[] = MOVING_PLANETS.filter((p) => p !== 'Sun');
const PHASES: readonly MoonPhase[] = ['newMoon', 'firstQuarter', 'fullMoon', 'lastQuarter'];

const yearCache = new Map<number, SkyEvent[]>();

/** Where years computed by an earlier process are kept (src/data/sky-cache.ts, under .cache/); none: memory alone. */
export interface YearStore {
  read(year: number): SkyEvent[] | undefined;
  write(year: number, events: readonly SkyEvent[]): void;
}
let yearStore: YearStore | undefined;

/** Keeps computed years in `store` too, and reads them from it before computing; undefined: memory alone. */
export function useYearStore(store: YearStore | undefined): void {
  yearStore = store;
}

/** Every event with start <= time < end, ordered by time (ties: by body order, then type). */
export function skyEvents(start: Date, end: Date): SkyEvent[] {
  if (!(start.getTime() < end.getTime())) return [];
  const out: SkyEvent[] = [];
  for (let year = start.getUTCFullYear(); year <= new Date(end.getTime() - 1).getUTCFullYear(); year++) {
    for (const e of eventsOfYear(year)) {
      if (e.time.getTime() >= start.getTime() && e.time.getTime() < end.getTime()) out.push(e);
    }
  }
  return out;
}

/** All events of one UTC calendar year, computed once and then served from memory (and the year store, if any). */
export function eventsOfYear(year: number): readonly SkyEvent[] {
  let events = yearCache.get(year);
  if (!events) {
    events = yearStore?.read(year);
    if (!events) {
      events = computeYear(year);
      yearStore?.write(year, events);
    }
    if (yearCache.size >= DEFAULTS.maxCachedYears) yearCache.delete(yearCache.keys().next().value!);
    yearCache.set(year, events);
  }
  return events;
}

function computeYear(year: number): SkyEvent[] {
  const start = Astronomy.MakeTime(new Date(Date.UTC(year, 0, 1)));
  const end = Astronomy.MakeTime(new Date(Date.UTC(year + 1, 0, 1)));
  const events: SkyEvent[] = [...lunarPhases(start, end)];
  for (const planet of MOVING_PLANETS) events.push(...planetEvents(planet, start, end));
  const inYear = events.filter((e) => e.time >= start.date && e.time < end.date);
  return inYear.sort((a, b) => a.time.getTime() - b.time.getTime());
}

function lunarPhases(start: Astronomy.AstroTime, end: Astronomy.AstroTime): PhaseEvent[] {
  const eclipses = eclipsesBetween(start, end);
  const out: PhaseEvent[] = [];
  for (let q = Astronomy.SearchMoonQuarter(start); q.time.ut < end.ut; q = Astronomy.NextMoonQuarter(q)) {
    const longitude = eclipticLongitude('Moon', q.time);
    const phase = PHASES[q.quarter]!;
    const eclipse = eclipses.find(
      (e) =>
        Math.abs(e.time.ut - q.time.ut) < DEFAULTS.eclipseMatchDays &&
        (e.solar ? phase === 'newMoon' : phase === 'fullMoon'),
    );
    out.push({
      type: 'phase',
      body: 'Moon',
      phase,
      time: q.time.date,
      longitude,
      signId: signOf(longitude),
      ...(eclipse && {
        eclipse: eclipse.kind,
        greatest: eclipse.time.date,
        ...(eclipse.contacts && { contacts: eclipse.contacts }),
      }),
    });
  }
  return out;
}

interface Eclipse {
  time: Astronomy.AstroTime;
  kind: EclipseKind;
  solar: boolean;
  contacts?: { first: Date; last: Date };
}

const MINUTES_PER_DAY = 1440;

function eclipsesBetween(start: Astronomy.AstroTime, end: Astronomy.AstroTime): Eclipse[] {
  const out: Eclipse[] = [];
  // Start a day early so an eclipse a few hours before the year's first phase is still matched.
  const from = start.AddDays(-DEFAULTS.eclipseMatchDays);
  for (let e = Astronomy.SearchLunarEclipse(from); e.peak.ut < end.ut + 1; e = Astronomy.NextLunarEclipse(e.peak)) {
    // sd_penum: half the penumbral phase, in minutes (https://github.com/cosinekitty/astronomy/tree/master/source/js#LunarEclipseInfo).
    const contacts = {
      first: e.peak.AddDays(-e.sd_penum / MINUTES_PER_DAY).date,
      last: e.peak.AddDays(e.sd_penum / MINUTES_PER_DAY).date,
    };
    out.push({ time: e.peak, kind: e.kind as EclipseKind, solar: false, contacts });
  }
  for (
    let e = Astronomy.SearchGlobalSolarEclipse(from);
    e.peak.ut < end.ut + 1;
    e = Astronomy.NextGlobalSolarEclipse(e.peak)
  ) {
    out.push({ time: e.peak, kind: e.kind as EclipseKind, solar: true });
  }
  return out;
}

/** Ingresses and stations of one planet in [start, end), from a sampled grid refined by bisection. */
function planetEvents(
  planet: Exclude<PlanetName, 'Moon'>,
  start: Astronomy.AstroTime,
  end: Astronomy.AstroTime,
): SkyEvent[] {
  const step = DEFAULTS.stepDays[planet];
  const out: SkyEvent[] = [];
  // One step of margin on each side so a change right at the year boundary is still bracketed.
  const times: Astronomy.AstroTime[] = [];
  for (let t = start.AddDays(-step); t.ut <= end.ut + step; t = t.AddDays(step)) times.push(t);
  const lons = times.map((t) => eclipticLongitude(planet, t));

  for (let i = 1; i < times.length; i++) {
    const a = times[i - 1]!;
    const b = times[i]!;
    const la = lons[i - 1]!;
    const lb = lons[i]!;
    if (signOf(la) !== signOf(lb)) {
      const from = signOf(la);
      const t = bisect(a, b, (x) => signOf(eclipticLongitude(planet, x)) !== from);
      const longitude = eclipticLongitude(planet, t);
      const retrograde = angleDifference(lb, la) < 0;
      out.push({
        type: 'ingress',
        body: planet,
        time: t.date,
        longitude,
        signId: signOf(longitude),
        fromSignId: from,
        retrograde,
      });
    }
    if (STATIONING_PLANETS.includes(planet) && i + 1 < times.length) {
      // A station is a turning point of longitude: the sampled motion changes sign around times[i].
      const before = angleDifference(lb, la);
      const after = angleDifference(lons[i + 1]!, lb);
      if (Math.sign(before) !== Math.sign(after) && before !== 0) {
        const goingRetrograde = before > 0;
        const c = times[i + 1]!;
        const t = bisect(a, c, (x) => longitudeSpeed(planet, x) < 0 === goingRetrograde);
        const longitude = eclipticLongitude(planet, t);
        out.push({
          type: 'station',
          body: planet,
          time: t.date,
          longitude,
          signId: signOf(longitude),
          direction: goingRetrograde ? 'retrograde' : 'direct',
        });
      }
    }
  }
  return out;
}

/** First moment in [a, b] at which `after` holds, given that it is false at a and true at b. */
function bisect(
  a: Astronomy.AstroTime,
  b: Astronomy.AstroTime,
  after: (t: Astronomy.AstroTime) => boolean,
): Astronomy.AstroTime {
  let lo = a;
  let hi = b;
  while (hi.ut - lo.ut > DEFAULTS.precisionDays) {
    const mid = lo.AddDays((hi.ut - lo.ut) / 2);
    if (after(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}
