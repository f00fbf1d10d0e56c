// The month page's grid: its days in weeks from Monday (as the site's ISO weeks), each with the Moon's phase at the
// day's local noon drawn as an SVG path of its lit part and told in words (the icon's text alternative).
import { moonAt } from '../sky/index.ts';
import type { Messages } from '../data/i18n.ts';
import { daysInMonth, formatterFor, zonedMidnight } from './calendar-time.ts';

export interface CalendarDay {
  /** Day of the month. */
  day: number;
  /** `YYYY-MM-DD` */
  datetime: string;
  /** "March 3, 2026: full moon, 100% lit" */
  label: string;
  /** The lit part of a disc of radius 9 centred on 0,0 (viewBox -10 -10 20 20); empty at new moon. */
  moonPath: string;
  /** An event of the month list falls on it. */
  hasEvents: boolean;
}

export interface CalendarGrid {
  caption: string;
  weekdays: { short: string; long: string }[];
  /** Rows of seven, null outside the month. */
  weeks: (CalendarDay | null)[][];
}

const RADIUS = 9;
const moonCache = new Map<number, { phaseAngle: number; litFraction: number; phaseName: string }>();

/** The lit part of the disc: the limb on the lit side, closed by the terminator, a half-ellipse. */
export function moonPath(phaseAngle: number, litFraction: number): string {
  if (litFraction < 0.005) return '';
  const waxing = phaseAngle % 360 < 180;
  const rx = Number((RADIUS * Math.abs(1 - 2 * litFraction)).toFixed(2));
  const gibbous = litFraction > 0.5;
  // From the top along the lit limb to the bottom, then back up along the terminator (sweep 1 is clockwise).
  const limb = waxing ? 1 : 0;
  const terminator = waxing === gibbous ? 1 : 0;
  return `M0 -${RADIUS}A${RADIUS} ${RADIUS} 0 0 ${limb} 0 ${RADIUS}A${rx} ${RADIUS} 0 0 ${terminator} 0 -${RADIUS}Z`;
}

function moonOn(day: string, timeZone: string) {
  const noon = zonedMidnight(day, timeZone).getTime() + 12 * 3_600_000;
  let moon = moonCache.get(noon);
  if (!moon) {
    moon = moonAt(new Date(noon));
    moonCache.set(noon, moon);
  }
  return moon;
}

/** The grid of month `YYYY-MM`; `eventDays` are the local days its events fall on. */
export function monthGrid(month: string, monthLabel: string, eventDays: ReadonlySet<string>, locale: string, timeZone: string, t: Messages['t']): CalendarGrid {
  const dateLabel = formatterFor(locale, 'UTC', { dateStyle: 'long' });
  const percent = new Intl.NumberFormat(locale, { style: 'percent' });
  const days: CalendarDay[] = Array.from({ length: daysInMonth(month) }, (_, i) => {
    const datetime = `${month}-${String(i + 1).padStart(2, '0')}`;
    const moon = moonOn(datetime, timeZone);
    const date = dateLabel.format(new Date(`${datetime}T12:00:00Z`));
    return {
      day: i + 1,
      datetime,
      label: t('calendar.moonDay', { date, phase: moon.phaseName, lit: percent.format(moon.litFraction) }),
      moonPath: moonPath(moon.phaseAngle, moon.litFraction),
      hasEvents: eventDays.has(datetime),
    };
  });
  // Monday 0 … Sunday 6.
  const lead = (new Date(`${month}-01T12:00:00Z`).getUTCDay() + 6) % 7;
  const cells: (CalendarDay | null)[] = [...Array<null>(lead).fill(null), ...days];
  while (cells.length % 7) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
  // 2024-01-01 was a Monday.
  const weekday = (style: 'short' | 'long', i: number) => formatterFor(locale, 'UTC', { weekday: style }).format(new Date(Date.UTC(2024, 0, 1 + i, 12)));
  const weekdays = Array.from({ length: 7 }, (_, i) => ({ short: weekday('short', i), long: weekday('long', i) }));
  return { caption: t('calendar.gridCaption', { month: monthLabel }), weekdays, weeks };
}
