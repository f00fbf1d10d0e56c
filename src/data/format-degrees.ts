// Zodiac positions as people read them: "12°30′" (degree sign U+00B0, prime U+2032), whole arc-minutes.
//
// One rule everywhere, the astrologers' tables' (the ephemerides print a position truncated to the minute): the
// seconds are dropped, never rounded up, so a chart's table and its wheel give a planet the same position, and a
// position is never shown in the next minute, degree or sign before it gets there.

const DEGREE_SIGN = '\u00B0';
const PRIME = '\u2032';

/** Minutes in one sign (30°) and in the whole circle (360°). */
const MINUTES_PER_SIGN = 30 * 60;
const MINUTES_PER_CIRCLE = 360 * 60;

export class DegreeFormatError extends RangeError {
  readonly code = 'ERR_DEGREE_FORMAT';
  constructor(field: string, value: unknown, expected: string) {
    super(`${field}: ${expected}, got ${String(value)}`);
    this.name = 'DegreeFormatError';
  }
}

function requireNonNegative(field: string, value: number): void {
  if (!Number.isFinite(value) || value < 0) throw new DegreeFormatError(field, value, 'expected a finite number >= 0');
}

/**
 * Whole arc-minutes in `degrees`, truncated. The tolerance keeps binary fractions that stand for a whole minute
 * (12.1 × 60 = 725.9999999999999) on that minute.
 */
function wholeMinutes(degrees: number): number {
  return Math.floor(degrees * 60 + 1e-9);
}

function formatMinutes(totalMinutes: number): string {
  const degrees = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return `${degrees}${DEGREE_SIGN}${String(minutes).padStart(2, '0')}${PRIME}`;
}

/**
 * Formats an angle as `12°30′`.
 * - `formatDegrees(12.5)`: decimal degrees, truncated to the arc-minute.
 * - `formatDegrees(12, 30)` / `formatDegrees(12, 29, 45)`: the service's `degrees`, `minutes`, `seconds` members;
 *   seconds are dropped (29′45″ → 29′).
 */
export function formatDegrees(degrees: number, minutes?: number, seconds?: number): string {
  requireNonNegative('degrees', degrees);
  if (minutes === undefined) {
    if (seconds !== undefined) throw new DegreeFormatError('minutes', minutes, 'required when seconds are given');
    return formatMinutes(wholeMinutes(degrees));
  }
  requireNonNegative('minutes', minutes);
  if (seconds !== undefined) requireNonNegative('seconds', seconds);
  return formatMinutes(Math.floor(degrees) * 60 + wholeMinutes((degrees % 1) + minutes / 60 + (seconds ?? 0) / 3600));
}

interface SignPosition {
  /** 0 = Aries … 11 = Pisces (the service's `sign_id`). */
  signId: number;
  /** Whole degrees within the sign, 0–29. */
  degrees: number;
  /** Arc-minutes, 0–59. */
  minutes: number;
  /** `12°30′` */
  text: string;
}

/**
 * Splits an ecliptic longitude (degrees; any finite value, taken modulo 360) into its sign and the position within
 * that sign, truncated to the arc-minute: 29°59′59″ Aries is 29°59′ Aries.
 */
export function formatSignPosition(longitude: number): SignPosition {
  if (!Number.isFinite(longitude)) throw new DegreeFormatError('longitude', longitude, 'expected a finite number');
  const total = ((wholeMinutes(longitude) % MINUTES_PER_CIRCLE) + MINUTES_PER_CIRCLE) % MINUTES_PER_CIRCLE;
  const signId = Math.floor(total / MINUTES_PER_SIGN);
  const within = total % MINUTES_PER_SIGN;
  return { signId, degrees: Math.floor(within / 60), minutes: within % 60, text: formatMinutes(within) };
}
