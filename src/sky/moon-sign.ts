// The Moon's sign at an instant and the instant it moves on to the next: what a daily line tells each sign
// (src/model/daily.ts). The Moon moves 11.8° to 15.4° a day, so it leaves a 30° sign within 2.6 days.
// https://github.com/cosinekitty/astronomy/tree/master/source/js#Search
import * as Astronomy from 'astronomy-engine';
import { angleDifference, eclipticLongitude, signOf, toTime, type TimeInput } from './positions.ts';

const DEFAULTS = {
  /** Days searched for the next sign: more than the slowest Moon takes to cross a whole sign. */
  searchDays: 3,
  /** The ingress found to within a second. */
  toleranceSeconds: 1,
};

export interface MoonSign {
  /** 0 (Aries) .. 11 (Pisces): the sign the Moon is in at the instant asked. */
  signId: number;
  /** When the Moon enters the next sign. */
  until: Date;
}

/** The Moon's sign at `t`, and when it leaves it (apparent longitude of date, as ephemerides list ingresses). */
export function moonSign(t: TimeInput): MoonSign {
  const time = toTime(t);
  const signId = signOf(eclipticLongitude('Moon', time));
  const boundary = ((signId + 1) % 12) * 30;
  // Negative while the Moon is short of the next sign's first degree, positive once past it.
  const past = (at: Astronomy.AstroTime) => angleDifference(eclipticLongitude('Moon', at), boundary);
  const found = Astronomy.Search(past, time, time.AddDays(DEFAULTS.searchDays), {
    dt_tolerance_seconds: DEFAULTS.toleranceSeconds,
  });
  if (!found)
    throw new Error(`The Moon found no next sign within ${DEFAULTS.searchDays} days of ${time.date.toISOString()}`);
  return { signId, until: found.date };
}
