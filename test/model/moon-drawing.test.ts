// The Moon as drawn and named. The drawing is checked by what it shows across the disc's middle row, worked from
// the path's arcs (both run between the disc's top and bottom, so each crosses the middle at its centre ± its
// horizontal radius, on the side its sweep turns to): the lit part spans the lit fraction's share of the diameter
// from the limb on the Sun's side, the right while waxing and the left while waning (as seen from the northern
// hemisphere). The names against USNO's phases of November 2026 (new moon November 9, 07:02 UTC; first quarter
// November 17, 11:48; full moon November 24, 14:53) and of March 2026 (full moon March 3, 11:38; new moon March 19,
// 01:24): a principal phase is named on its day only.
import { describe, expect, it } from 'vitest';
import { addDays, zonedMidnight } from '../../src/model/calendar-time.ts';
import { moonLitPath, moonPhaseOfDay } from '../../src/model/moon-drawing.ts';

/** The lit stretch of the middle row of a disc of radius 1 at the origin, as [left, right] x, from its path. */
function litRow(litFraction: number, waxing: boolean): [number, number] | undefined {
  const d = moonLitPath(litFraction, waxing, 1);
  if (!d) return undefined;
  const arcs = [...d.matchAll(/A([\d.]+) [\d.]+ 0 (\d) (\d) ([-\d.]+) ([-\d.]+)/g)].map((m) => ({
    rx: Number(m[1]),
    large: m[2],
    sweep: m[3],
    endY: Number(m[5]),
  }));
  if (arcs.every((arc) => arc.large === '1')) return [-1, 1];
  // Top to bottom (end below), clockwise (sweep 1) passes on the right; bottom to top clockwise, on the left.
  const xs = arcs.map((arc) => (arc.endY > 0 === (arc.sweep === '1') ? arc.rx : -arc.rx));
  return [Math.min(...xs), Math.max(...xs)];
}

describe('moonLitPath', () => {
  it.each([
    ['a waxing crescent', 0.25, true, [0.5, 1]],
    ['the first quarter', 0.5, true, [0, 1]],
    ['a waxing gibbous', 0.75, true, [-0.5, 1]],
    ['a waning gibbous', 0.75, false, [-1, 0.5]],
    ['the last quarter', 0.5, false, [-1, 0]],
    ['a waning crescent', 0.1, false, [-1, -0.8]],
  ] as const)(
    "lights %s from the limb on the Sun's side, over its lit share of the diameter",
    (_name, k, waxing, [left, right]) => {
      const [x0, x1] = litRow(k, waxing)!;
      expect(x0).toBeCloseTo(left, 2);
      expect(x1).toBeCloseTo(right, 2);
    },
  );

  it('lights the whole disc at full moon and nothing at new moon', () => {
    expect(litRow(1, false)).toEqual([-1, 1]);
    expect(litRow(0.999, true)).toEqual([-1, 1]);
    expect(litRow(0, true)).toBeUndefined();
    expect(litRow(0.001, false)).toBeUndefined();
  });

  it('draws at any centre and radius, the path closed', () => {
    expect(moonLitPath(0.5, true, 50, 50, 50)).toMatch(/^M50 0A50 50 0 0 1 50 100A0 50 0 0 [01] 50 0Z$/);
  });
});

describe('moonPhaseOfDay', () => {
  const day = (date: string, zone = 'UTC') =>
    moonPhaseOfDay(zonedMidnight(date, zone), zonedMidnight(addDays(date, 1), zone));

  it('names the new moon, the first quarter and the full moon on their days alone', () => {
    expect(['2026-11-08', '2026-11-09', '2026-11-10'].map((d) => day(d))).toEqual([
      'waningCrescent',
      'newMoon',
      'waxingCrescent',
    ]);
    expect(['2026-11-16', '2026-11-17', '2026-11-18'].map((d) => day(d))).toEqual([
      'waxingCrescent',
      'firstQuarter',
      'waxingGibbous',
    ]);
    expect(['2026-11-23', '2026-11-24', '2026-11-25'].map((d) => day(d))).toEqual([
      'waxingGibbous',
      'fullMoon',
      'waningGibbous',
    ]);
    expect([day('2026-03-03'), day('2026-03-19')]).toEqual(['fullMoon', 'newMoon']);
  });

  it("follows the reader's day: the new moon of March 19, 01:24 UTC, falls on the 18th in New York", () => {
    expect(day('2026-03-18', 'America/New_York')).toBe('newMoon');
    expect(day('2026-03-19', 'America/New_York')).toBe('waxingCrescent');
  });

  it('names each day between by the quarter of elongation at its middle', () => {
    const at = (angles: [number, number]) => moonPhaseOfDay(new Date(0), new Date(1), (t) => angles[t.getTime()]!);
    expect(at([30, 42])).toBe('waxingCrescent');
    expect(at([100, 112])).toBe('waxingGibbous');
    expect(at([200, 212])).toBe('waningGibbous');
    expect(at([300, 312])).toBe('waningCrescent');
    // The instant of a phase in the day, its start included: across 360°, and at 90° exactly.
    expect(at([355, 7])).toBe('newMoon');
    expect(at([90, 102])).toBe('firstQuarter');
    expect(at([78, 90])).toBe('waxingCrescent');
  });
});
