// The Moon as the pages draw and name it, one rule for the home page's sky (today.ts) and the calendar's grid
// (calendar-grid.ts): its lit part as one SVG path, and the name of a day's phase.
import { moonPhaseAngle, type MoonPhaseName } from '../sky/index.ts';

const DEFAULTS = {
  /** Below this lit fraction nothing is drawn lit; above one minus it, the whole disc. */
  litEpsilon: 0.005,
};

const round = (n: number) => Number(n.toFixed(2));

/**
 * The lit part of a disc of radius `r` centred on (cx, cy) as one path: the bright limb's half circle, closed by the
 * terminator, a half ellipse r·|1 − 2k| wide for a lit fraction k, bulging toward the limb while a crescent and away
 * from it while gibbous. Waxing, the right side is lit, as seen from the northern hemisphere. Empty at new moon.
 */
export function moonLitPath(litFraction: number, waxing: boolean, r: number, cx = 0, cy = 0): string {
  const k = Math.min(1, Math.max(0, litFraction));
  if (k < DEFAULTS.litEpsilon) return '';
  if (k > 1 - DEFAULTS.litEpsilon)
    return `M${round(cx - r)} ${round(cy)}A${r} ${r} 0 1 0 ${round(cx + r)} ${round(cy)}A${r} ${r} 0 1 0 ${round(cx - r)} ${round(cy)}Z`;
  const top = `${round(cx)} ${round(cy - r)}`;
  const bottom = `${round(cx)} ${round(cy + r)}`;
  const rx = round(r * Math.abs(1 - 2 * k));
  // From the top along the lit limb to the bottom, then back up the terminator (sweep 1 is clockwise).
  const limb = waxing ? 1 : 0;
  const terminator = k > 0.5 === waxing ? 1 : 0;
  return `M${top}A${r} ${r} 0 0 ${limb} ${bottom}A${rx} ${r} 0 0 ${terminator} ${top}Z`;
}

/** The principal phases by the Moon's elongation from the Sun (its phase angle, degrees). */
const PRINCIPAL: [number, MoonPhaseName][] = [
  [0, 'newMoon'],
  [90, 'firstQuarter'],
  [180, 'fullMoon'],
  [270, 'lastQuarter'],
];

/**
 * The name of a day's Moon, the day running from `start` to `end`: a principal phase (new, first quarter, full, last
 * quarter) on the day its instant falls in; between them, by the quarter of elongation the Moon is in at the day's
 * middle: waxing crescent (0–90°), waxing gibbous (90–180°), waning gibbous (180–270°), waning crescent (270–360°).
 */
export function moonPhaseOfDay(start: Date, end: Date, angleAt: (t: Date) => number = moonPhaseAngle): MoonPhaseName {
  const a0 = angleAt(start);
  // The Moon gains 11° to 15° a day on the Sun: the day's span of elongation, unwrapped past 360.
  const span = (angleAt(end) - a0 + 360) % 360;
  for (const [angle, name] of PRINCIPAL) if ((angle - a0 + 360) % 360 < span) return name;
  const middle = (a0 + span / 2) % 360;
  return middle < 90
    ? 'waxingCrescent'
    : middle < 180
      ? 'waxingGibbous'
      : middle < 270
        ? 'waningGibbous'
        : 'waningCrescent';
}
