// The ascendant of a natal answer from what its profile documents: the birth time in UTC and the place's
// coordinates (the astronomy is src/sky's). Services need not send an ascendant of their own (docs/service-api.md).
import type { NatalChart } from '../api/schemas.ts';
import { chartAngles } from '../sky/angles.ts';

/** `YYYY-MM-DD HH:MM[:SS[.ffffff]]` as the service writes `utBirthdate.date`. */
const UT_DATE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?/;

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
  return chartAngles(utc, latitude, longitude).ascendant;
}
