// The month grid: weeks from Monday, each day's Moon against USNO's 2026 phases, the lit part drawn on the right
// side while waxing and the left while waning.
import { describe, expect, it } from 'vitest';
import { monthGrid } from '../../src/model/calendar-grid.ts';
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

  it('tells the Moon of each day: full on the 3rd (USNO 11:38 UT), new on the 19th (01:24 UT), marked days', () => {
    expect(day(3).label).toBe('March 3, 2026: full moon, 100% lit');
    expect(day(19).label).toMatch(/^March 19, 2026: new moon, [01]% lit$/);
    expect([day(3).hasEvents, day(4).hasEvents]).toEqual([true, false]);
    expect(day(19).moonPath).toBe('');
  });

  it('names a principal phase on its day alone, and the days around it by their quarter', () => {
    // USNO: new moon 2026-11-09 07:02 UTC, first quarter 11-17 11:48, full moon 11-24 14:53.
    const november = monthGrid('2026-11', 'November 2026', new Set(), 'en', 'UTC', messages.t);
    const phase = (n: number) => /: ([a-z ]+),/.exec(november.weeks.flat().find((d) => d?.day === n)!.label)![1];
    expect([7, 8, 9, 10, 11].map(phase)).toEqual([
      'waning crescent',
      'waning crescent',
      'new moon',
      'waxing crescent',
      'waxing crescent',
    ]);
    expect([15, 16, 17, 18].map(phase)).toEqual([
      'waxing crescent',
      'waxing crescent',
      'first quarter',
      'waxing gibbous',
    ]);
    expect([23, 24, 25].map(phase)).toEqual(['waxing gibbous', 'full moon', 'waning gibbous']);
  });

  it("marks the build's date as today, the 7th of December 2026 and no other day, whatever the calendar's zone", () => {
    // The build date is the day the site is built for: the cell of that date, even where its midnight is still the
    // day before in UTC (Pacific/Kiritimati, UTC+14) or already the day after (America/Los_Angeles, UTC−8).
    for (const zone of ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati']) {
      const december = monthGrid('2026-12', 'December 2026', new Set(), 'en', zone, messages.t, '2026-12-07');
      const today = december.weeks.flat().filter((d) => d?.isToday);
      expect(
        today.map((d) => d!.datetime),
        zone,
      ).toEqual(['2026-12-07']);
    }
    // Another month's grid has no today; nor has a grid built for no date.
    const november = monthGrid('2026-11', 'November 2026', new Set(), 'en', 'UTC', messages.t, '2026-12-07');
    expect(november.weeks.flat().filter((d) => d?.isToday)).toEqual([]);
    expect(grid.weeks.flat().filter((d) => d?.isToday)).toEqual([]);
  });

  it("explains its bold days, its icons and the mark of today in the language's words", () => {
    expect(grid.legend).toMatchObject({
      events: 'Bold: a day with an event in the list below',
      moon: 'The Moon at noon, its lit part light',
      today: 'Outlined: today',
    });
    // The sample icon is a first quarter: from the top clockwise (sweep 1, SVG's y down) round the right limb to the
    // bottom, and straight back up the terminator (an arc of no width).
    expect(grid.legend.moonPath).toBe('M0 -9A9 9 0 0 1 0 9A0 9 0 0 0 0 -9Z');
  });
});
