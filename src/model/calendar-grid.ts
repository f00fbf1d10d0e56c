// The month page's grid: its days in weeks from Monday (as the site's ISO weeks), each with the Moon's phase at the
// day's local noon drawn as an SVG path of its lit part and told in words (the icon's text alternative), named by
// the day's phase (moon-drawing.ts).
import { moonPhaseAngle, type MoonPhaseName } from '../sky/index.ts';
import type { Messages } from '../data/i18n.ts';
import { addDays, daysInMonth, formatterFor, zonedMidnight } from './calendar-time.ts';
import { moonLitPath, moonPhaseOfDay } from './moon-drawing.ts';

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
  /** The build's date: the page marks it `aria-current="date"`. */
  isToday: boolean;
}

export interface CalendarGrid {
  caption: string;
  weekdays: { short: string; long: string }[];
  /** Rows of seven, null outside the month. */
  weeks: (CalendarDay | null)[][];
  /** What the bold days, the icons and today's mark mean; `moonPath` draws a sample icon, a half-lit Moon. */
  legend: { events: string; moon: string; today: string; moonPath: string };
}

const RADIUS = 9;
const angleCache = new Map<number, number>();
const DAY_MS = 86_400_000;

/** The Moon's phase angle at `t`, kept: each day's midnight is the day before's end. */
function angleAt(t: Date): number {
  let angle = angleCache.get(t.getTime());
  if (angle === undefined) {
    angle = moonPhaseAngle(t);
    angleCache.set(t.getTime(), angle);
  }
  return angle;
}

/**
 * The Moon at `noon`, drawn. Its lit fraction from the phase angle, (1 − cos θ) / 2, which leaves out the Moon's
 * latitude: at most 0.2 % off (src/sky's moonLitFraction models it, at several times the cost over a few years of days).
 */
function moonAtNoon(noon: number): { litFraction: number; waxing: boolean } {
  const phaseAngle = angleAt(new Date(noon));
  return { litFraction: (1 - Math.cos((phaseAngle * Math.PI) / 180)) / 2, waxing: phaseAngle % 360 < 180 };
}

/**
 * The grid of month `YYYY-MM`; `eventDays` are the local days its events fall on, `today` the build's date
 * (`YYYY-MM-DD`, compared as written: it already is the day the site is built for, in no zone to convert from).
 */
export function monthGrid(
  month: string,
  monthLabel: string,
  eventDays: ReadonlySet<string>,
  locale: string,
  timeZone: string,
  t: Messages['t'],
  today = '',
): CalendarGrid {
  const dateLabel = formatterFor(locale, 'UTC', { dateStyle: 'long' });
  const percent = new Intl.NumberFormat(locale, { style: 'percent' });
  // The local noon of each day from the month's first midnight: a change of offset moves it an hour at most.
  const first = zonedMidnight(`${month}-01`, timeZone).getTime() + DAY_MS / 2;
  const days: CalendarDay[] = Array.from({ length: daysInMonth(month) }, (_, i) => {
    const datetime = `${month}-${String(i + 1).padStart(2, '0')}`;
    const moon = moonAtNoon(first + i * DAY_MS);
    const phase: MoonPhaseName = moonPhaseOfDay(
      zonedMidnight(datetime, timeZone),
      zonedMidnight(addDays(datetime, 1), timeZone),
      angleAt,
    );
    const date = dateLabel.format(new Date(`${datetime}T12:00:00Z`));
    return {
      day: i + 1,
      datetime,
      label: t('calendar.moonDay', { date, phase, lit: percent.format(moon.litFraction) }),
      moonPath: moonLitPath(moon.litFraction, moon.waxing, RADIUS),
      hasEvents: eventDays.has(datetime),
      isToday: datetime === today,
    };
  });
  // Monday 0 … Sunday 6.
  const lead = (new Date(`${month}-01T12:00:00Z`).getUTCDay() + 6) % 7;
  const cells: (CalendarDay | null)[] = [...Array<null>(lead).fill(null), ...days];
  while (cells.length % 7) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
  // 2024-01-01 was a Monday.
  const weekday = (style: 'short' | 'long', i: number) =>
    formatterFor(locale, 'UTC', { weekday: style }).format(new Date(Date.UTC(2024, 0, 1 + i, 12)));
  const weekdays = Array.from({ length: 7 }, (_, i) => ({ short: weekday('short', i), long: weekday('long', i) }));
  const legend = {
    events: t('calendar.legendEvents'),
    moon: t('calendar.legendMoon'),
    today: t('calendar.legendToday'),
    moonPath: moonLitPath(0.5, true, RADIUS),
  };
  return { caption: t('calendar.gridCaption', { month: monthLabel }), weekdays, weeks, legend };
}
