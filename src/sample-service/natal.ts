// The natal chart (docs/service-api.md#natal-charts) from real positions: the birth time is read on the place's
// clocks (./time-zone.ts), the ten planets' apparent geocentric longitudes of date come from astronomy-engine
// (src/sky), the ascendant from local sidereal time, and houses are equal houses of 30° from the
// ascendant.
//
// Beyond the documented members the answer carries `ascendant`, `midheaven` (degrees) and `houses` (the twelve cusp
// longitudes, house 1 first), which the site's chart wheel draws when present. Texts, planet and sign names are
// in `lang` when the service writes it (./language.ts), else in English (the service does not list the allowed
// languages).
import type { SamplePlace } from './places.ts';
import { localTimeToUtc, formatZonedDate } from './time-zone.ts';
import { PLANET_NAMES, eclipticLongitude, longitudeSpeed, normalizeDegrees } from '../sky/positions.ts';
import { chartAngles } from '../sky/angles.ts';
import { phraseBank, sampleLanguageFor } from './language.ts';
import { capitalize, fill, pick } from './phrase-bank.ts';

export interface NatalRequest {
  name: string;
  date: string;
  time: string;
  lang: string;
  place: SamplePlace;
}

const DEFAULTS = {
  /** Decimals of the numeric-text `longitude` (about 0.004″) and `speeds` (degrees/day). */
  longitudeDecimals: 6,
  speedDecimals: 6,
  /** Planets whose texts are "collected" (collectText true); the slow outer planets are generational, so their
   *  text is null, which also exercises clients' handling of nullable texts. */
  collectTextPlanets: new Set(['Sun', 'Moon', 'Mercury', 'Venus', 'Mars', 'Jupiter', 'Saturn']),
};

const ARCSEC_PER_SIGN = 30 * 3600;
const ARCSEC_PER_CIRCLE = 360 * 3600;

/**
 * Sign and degrees/minutes/seconds within it, rounded ONCE on whole arc-seconds of the full longitude, so a carry
 * moves into the next sign instead of printing 30°00′00″ or 60″.
 */
export function splitLongitude(longitude: number): {
  signId: number;
  degrees: number;
  minutes: number;
  seconds: number;
} {
  const total = Math.round(normalizeDegrees(longitude) * 3600) % ARCSEC_PER_CIRCLE;
  const signId = Math.floor(total / ARCSEC_PER_SIGN);
  const within = total - signId * ARCSEC_PER_SIGN;
  return {
    signId,
    degrees: Math.floor(within / 3600),
    minutes: Math.floor((within % 3600) / 60),
    seconds: within % 60,
  };
}

/** House 1..12 of `longitude` in equal houses starting at `ascendant`. */
export function equalHouse(longitude: number, ascendant: number): number {
  return Math.floor(normalizeDegrees(longitude - ascendant) / 30) + 1;
}

/** The natal chart answer: { profile, intro, planets } plus ascendant, midheaven, houses. */
export function computeNatal(req: NatalRequest): Record<string, unknown> {
  const { place } = req;
  const local = localTimeToUtc(req.date, req.time, place.timezone);
  const birth = new Date(local.utcMs);
  const angles = chartAngles(birth, place.latitude, place.longitude);
  const key = `${req.date}|${req.time}|${place.id}`;
  const bank = phraseBank(sampleLanguageFor(req.lang));

  const planets = PLANET_NAMES.map((planetName, planetId) => {
    const longitude = eclipticLongitude(planetName, birth);
    const speed = longitudeSpeed(planetName, birth);
    const { signId, degrees, minutes, seconds } = splitLongitude(longitude);
    const housePosition = equalHouse(longitude, angles.ascendant);
    const collectText = DEFAULTS.collectTextPlanets.has(planetName);
    const subject = bank.planetSubjects[planetName];
    const slots = {
      planet: bank.planetNames[planetName],
      subject,
      Subject: capitalize(subject),
      sign: bank.signNames[signId]!,
      inSign: bank.signsIn?.[signId] ?? bank.signNames[signId]!,
      qualities: bank.signQualities[signId]!,
      theme: bank.planetThemes[planetName],
      house: bank.ordinal(housePosition),
      topic: bank.houseTopics[housePosition - 1]!,
    };
    const write = (templates: readonly string[], part: string): string =>
      bank.finish(fill(pick(templates, `${key}|${part}|${planetId}`), slots));
    return {
      speeds: speed.toFixed(DEFAULTS.speedDecimals),
      housePosition,
      planetId,
      planetName: bank.planetNames[planetName],
      retrograde: speed < 0,
      housetext: collectText ? write(bank.natal.house, 'house') : null,
      longitude: longitude.toFixed(DEFAULTS.longitudeDecimals),
      signId,
      signName: bank.signNames[signId]!,
      degrees,
      minutes,
      seconds,
      collectText,
      text: collectText ? write(bank.natal.planet, 'planet') : null,
    };
  });

  const profile = natalProfile(req, local);

  const sun = planets[0]!;
  const moon = planets[1]!;
  const intro = bank.natal.intro({
    name: req.name,
    date: req.date,
    time: profile.birthdate.date.slice(11, 16),
    place: place.name,
    sun: sun.signName,
    moon: moon.signName,
    rising: bank.signNames[splitLongitude(angles.ascendant).signId]!,
  });

  return {
    profile,
    intro,
    planets,
    ascendant: Number(angles.ascendant.toFixed(DEFAULTS.longitudeDecimals)),
    midheaven: Number(angles.midheaven.toFixed(DEFAULTS.longitudeDecimals)),
    houses: Array.from({ length: 12 }, (_, i) =>
      Number(normalizeDegrees(angles.ascendant + 30 * i).toFixed(DEFAULTS.longitudeDecimals)),
    ),
  };
}

/** The chart's `profile`: who, when (local and UTC) and where. */
function natalProfile(req: NatalRequest, local: ReturnType<typeof localTimeToUtc>) {
  const { place } = req;
  const rad = Math.PI / 180;
  return {
    name: req.name,
    birthdate: { date: formatZonedDate(local.utcMs, local.offsetMinutes), timezone_type: 3, timezone: place.timezone },
    utBirthdate: { date: formatZonedDate(local.utcMs, 0), timezone_type: 3, timezone: 'UTC' },
    cityName: place.name,
    lat: place.latitude,
    long: place.longitude,
    // Computed from lat in a way the service does not describe: here the same angle in radians.
    realLat: Number((place.latitude * rad).toFixed(8)),
    realLong: Number((place.longitude * rad).toFixed(8)),
    east: place.longitude >= 0,
    south: place.latitude < 0,
    dst: local.dst ? 1 : 0,
    timezoneName: place.timezone,
  };
}
