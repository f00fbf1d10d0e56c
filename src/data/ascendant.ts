// The ascendant (the ecliptic degree rising in the east) from what the natal answer's profile documents: the birth
// time in UTC and the place's coordinates. Services need not send an ascendant of their own (docs/service-api.md).
// Local sidereal time from astronomy-engine's Greenwich apparent sidereal time plus the longitude, the true obliquity
// of the date, then the textbook formula asc = atan2(cos RAMC, −(sin RAMC cos ε + tan φ sin ε)).
// https://github.com/cosinekitty/astronomy/tree/master/source/js#SiderealTime
import { MakeTime, SiderealTime, e_tilt } from 'astronomy-engine';
import type { NatalChart } from '../api/schemas.ts';

/** `YYYY-MM-DD HH:MM[:SS[.ffffff]]` as the service writes `utBirthdate.date`. */
const UT_DATE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?/;

const RAD = Math.PI / 180;

function normalize(degrees: number): number {
  return ((degrees % 360) + 360) % 360;
}

/** The ascendant's ecliptic longitude (0–360) at `utc` for a place (latitude north positive, longitude east positive). */
export function ascendantAt(utc: Date, latitude: number, longitude: number): number {
  const time = MakeTime(utc);
  const ramc = normalize(SiderealTime(time) * 15 + longitude) * RAD;
  const eps = e_tilt(time).tobl * RAD;
  const phi = latitude * RAD;
  return normalize(Math.atan2(Math.cos(ramc), -(Math.sin(ramc) * Math.cos(eps) + Math.tan(phi) * Math.sin(eps))) / RAD);
}

/**
 * The ascendant of a natal answer from its profile, or undefined when its UTC birth time cannot be read. The
 * hemispheres come from the `south` and `east` flags, so coordinates sent as unsigned degrees read right too.
 */
export function profileAscendant(profile: NatalChart['profile']): number | undefined {
  const m = UT_DATE.exec(profile.utBirthdate.date);
  if (!m) return undefined;
  const utc = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +(m[6] ?? 0)));
  if (Number.isNaN(utc.getTime()) || !Number.isFinite(profile.lat) || !Number.isFinite(profile.long)) return undefined;
  const latitude = Math.abs(profile.lat) * (profile.south ? -1 : 1);
  const longitude = Math.abs(profile.long) * (profile.east ? 1 : -1);
  return ascendantAt(utc, latitude, longitude);
}

/** The sign (0 = Aries … 11 = Pisces) an ecliptic longitude falls in. */
export function signOfLongitude(longitude: number): number {
  return Math.floor(normalize(longitude) / 30) % 12;
}
