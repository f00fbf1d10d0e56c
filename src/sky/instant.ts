// The sky at one instant: where each planet is (longitude, sign, whether it is retrograde) and how the Moon looks
// (its phase angle, lit fraction and the name of its phase). Pure function of the time, like the rest of src/sky.
// https://github.com/cosinekitty/astronomy/tree/master/source/js#MoonPhase
import * as Astronomy from 'astronomy-engine';
import {
  PLANET_NAMES,
  type PlanetName,
  type TimeInput,
  eclipticLongitude,
  longitudeSpeed,
  signOf,
  toTime,
} from './positions.ts';

/** The eight names of the Moon's look, in order from new moon. */
export const MOON_PHASE_NAMES = [
  'newMoon',
  'waxingCrescent',
  'firstQuarter',
  'waxingGibbous',
  'fullMoon',
  'waningGibbous',
  'lastQuarter',
  'waningCrescent',
] as const;
export type MoonPhaseName = (typeof MOON_PHASE_NAMES)[number];

export interface PlanetAt {
  body: PlanetName;
  /** Apparent geocentric ecliptic longitude of date, degrees [0, 360). */
  longitude: number;
  /** 0 (Aries) .. 11 (Pisces). */
  signId: number;
  /** Moving backwards in longitude (never for the Sun and Moon). */
  retrograde: boolean;
}

export interface MoonAt {
  /** Moon's longitude minus the Sun's, degrees [0, 360): 0 new, 90 first quarter, 180 full, 270 last quarter. */
  phaseAngle: number;
  /** Fraction of the disc lit, 0..1. */
  litFraction: number;
  /** The phase the angle falls in, each of the eight spanning 45° centred on its own angle. */
  phaseName: MoonPhaseName;
}

export interface SkyAt {
  time: Date;
  /** The ten planets in PLANET_NAMES order (the Sun first). */
  planets: PlanetAt[];
  moon: MoonAt;
}

/** Which of the eight phases a phase angle (degrees) falls in. */
export function moonPhaseName(phaseAngle: number): MoonPhaseName {
  const octant = Math.floor((((phaseAngle % 360) + 360 + 22.5) % 360) / 45);
  return MOON_PHASE_NAMES[octant]!;
}

/** The Moon's phase angle at `t` (degrees [0, 360)), alone: cheaper than moonAt, which also models the lit disc. */
export function moonPhaseAngle(t: TimeInput): number {
  return Astronomy.MoonPhase(toTime(t));
}

/** Lit fraction of the Moon's disc at `t`, 0..1. */
export function moonLitFraction(t: TimeInput): number {
  return Astronomy.Illumination(Astronomy.Body.Moon, toTime(t)).phase_fraction;
}

/** The Moon's phase angle, lit fraction and phase name at `t`. */
export function moonAt(t: TimeInput): MoonAt {
  const time = toTime(t);
  const phaseAngle = moonPhaseAngle(time);
  return { phaseAngle, litFraction: moonLitFraction(time), phaseName: moonPhaseName(phaseAngle) };
}

/** Each planet's place and the Moon's phase at `t`. */
export function skyAt(t: TimeInput): SkyAt {
  const time = toTime(t);
  const planets = PLANET_NAMES.map((body): PlanetAt => {
    const longitude = eclipticLongitude(body, time);
    const retrograde = body !== 'Sun' && body !== 'Moon' && longitudeSpeed(body, time) < 0;
    return { body, longitude, signId: signOf(longitude), retrograde };
  });
  return { time: time.date, planets, moon: moonAt(time) };
}
