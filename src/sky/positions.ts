// Where the planets are: apparent geocentric ecliptic longitudes of date (tropical zodiac), as an ephemeris or an
// astrologer's software gives them, from astronomy-engine (VSOP87 planets, a numerically integrated Pluto, the
// NAO/Brown Moon; all well within the 1 arc-minute astrology needs). The chart's angles are in ./angles.ts.
import * as Astronomy from 'astronomy-engine';

/** planetId order of the natal answer's planets and of GET /api/planets. */
export const PLANET_NAMES = [
  'Sun',
  'Moon',
  'Mercury',
  'Venus',
  'Mars',
  'Jupiter',
  'Saturn',
  'Uranus',
  'Neptune',
  'Pluto',
] as const;
export type PlanetName = (typeof PLANET_NAMES)[number];

const BODIES: Record<PlanetName, Astronomy.Body> = {
  Sun: Astronomy.Body.Sun,
  Moon: Astronomy.Body.Moon,
  Mercury: Astronomy.Body.Mercury,
  Venus: Astronomy.Body.Venus,
  Mars: Astronomy.Body.Mars,
  Jupiter: Astronomy.Body.Jupiter,
  Saturn: Astronomy.Body.Saturn,
  Uranus: Astronomy.Body.Uranus,
  Neptune: Astronomy.Body.Neptune,
  Pluto: Astronomy.Body.Pluto,
};

const DEFAULTS = {
  /** Half-width of the central difference that gives a planet's speed (days): 1 hour. */
  speedHalfStepDays: 1 / 24,
};

export type TimeInput = Date | Astronomy.AstroTime;

export function toTime(t: TimeInput): Astronomy.AstroTime {
  return t instanceof Astronomy.AstroTime ? t : Astronomy.MakeTime(t);
}

export function normalizeDegrees(deg: number): number {
  const d = deg % 360;
  return d < 0 ? d + 360 : d;
}

/** Signed difference a - b folded into (-180, 180]. */
export function angleDifference(a: number, b: number): number {
  const d = normalizeDegrees(a - b);
  return d > 180 ? d - 360 : d;
}

/**
 * Apparent geocentric ecliptic longitude of date, degrees in [0, 360): light time, aberration, precession and
 * nutation included (true equinox of date), which is what published ephemerides list.
 */
export function eclipticLongitude(planet: PlanetName, t: TimeInput): number {
  const time = toTime(t);
  if (planet === 'Sun') return Astronomy.SunPosition(time).elon;
  if (planet === 'Moon') return Astronomy.EclipticGeoMoon(time).lon;
  return Astronomy.Ecliptic(Astronomy.GeoVector(BODIES[planet], time, true)).elon;
}

/** Speed in longitude, degrees per day; negative while the planet is retrograde. */
export function longitudeSpeed(planet: PlanetName, t: TimeInput): number {
  const time = toTime(t);
  const h = DEFAULTS.speedHalfStepDays;
  return (
    angleDifference(eclipticLongitude(planet, time.AddDays(h)), eclipticLongitude(planet, time.AddDays(-h))) / (2 * h)
  );
}

/** 0 (Aries) .. 11 (Pisces). */
export function signOf(longitude: number): number {
  return Math.floor(normalizeDegrees(longitude) / 30) % 12;
}
