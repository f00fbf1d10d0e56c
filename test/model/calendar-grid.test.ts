// The month grid: weeks from Monday, each day's Moon against USNO's 2026 phases, the lit part drawn on the right
// side while waxing and the left while waning.
import { describe, expect, it } from 'vitest';
import { monthGrid, moonPath } from '../../src/model/calendar-grid.ts';
import { messages } from './fixture.ts';

describe('monthGrid', () => {
  const grid = monthGrid('2026-03', 'March 2026', new Set(['2026-03-03']), 'en', 'UTC', messages.t);
  const day = (n: number) => grid.weeks.flat().find((d) => d?.day === n)!;

  it('starts its weeks on Monday: 1 March 2026 is a Sunday', () => {
    expect(grid.weekdays.map((w) => w.short)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(grid.weeks[0]!.map((d) => d?.day ?? null)).toEqual([null, null, null, null, null, null, 1]);
    expect(grid.weeks.flat().filter(Boolean)).toHaveLength(31);
    expect(grid.weeks.every((week) => week.length === 7)).toBe(true);
  });

  it("tells the Moon of each day: full on the 3rd (USNO 11:38 UT), new on the 19th (01:24 UT), marked days", () => {
    expect(day(3).label).toBe('March 3, 2026: full moon, 100% lit');
    expect(day(19).label).toMatch(/^March 19, 2026: new moon, [01]% lit$/);
    expect([day(3).hasEvents, day(4).hasEvents]).toEqual([true, false]);
    expect(day(19).moonPath).toBe('');
  });
});

describe('moonPath', () => {
  it('draws the lit limb on the right while waxing, on the left while waning, and the terminator between', () => {
    // Waxing crescent (45°): right limb (sweep 1), the terminator bulging right (sweep 0).
    expect(moonPath(45, (1 - Math.cos(Math.PI / 4)) / 2)).toBe('M0 -9A9 9 0 0 1 0 9A6.36 9 0 0 0 0 -9Z');
    // Waning gibbous (225°): left limb (sweep 0), the terminator bulging right (sweep 0).
    expect(moonPath(225, (1 - Math.cos((5 * Math.PI) / 4)) / 2)).toBe('M0 -9A9 9 0 0 0 0 9A6.36 9 0 0 0 0 -9Z');
    // Quarters: the terminator a straight line.
    expect(moonPath(90, 0.5)).toBe('M0 -9A9 9 0 0 1 0 9A0 9 0 0 0 0 -9Z');
  });
});
