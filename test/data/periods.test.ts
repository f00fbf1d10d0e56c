import { describe, expect, it } from 'vitest';
import {
  allPeriods,
  describeDateTime,
  describeMonthDayRange,
  describePeriod,
  isFinal,
  isoWeekOf,
  isoWeeksInYear,
  periodAt,
  periodParams,
  periodsFor,
  parseIsoDate,
  weekPeriod,
} from '../../src/data/periods.ts';

const week = (date: string) => isoWeekOf(parseIsoDate(date));

describe('ISO-8601 weeks', () => {
  it('puts 2026-12-31 and 2027-01-01 both in 2026-w53', () => {
    expect(week('2026-12-31')).toEqual({ year: 2026, week: 53 });
    expect(week('2027-01-01')).toEqual({ year: 2026, week: 53 });
    expect(week('2027-01-03')).toEqual({ year: 2026, week: 53 });
    expect(week('2027-01-04')).toEqual({ year: 2027, week: 1 });
  });

  it('puts 2024-12-30 in 2025-w01 (the week-numbering year is not the calendar year)', () => {
    expect(week('2024-12-30')).toEqual({ year: 2025, week: 1 });
    expect(week('2024-12-29')).toEqual({ year: 2024, week: 52 });
  });

  it('knows which years have a week 53', () => {
    expect(isoWeeksInYear(2020)).toBe(53);
    expect(isoWeeksInYear(2026)).toBe(53);
    expect(isoWeeksInYear(2024)).toBe(52);
    expect(isoWeeksInYear(2025)).toBe(52);
    expect(week('2020-12-31')).toEqual({ year: 2020, week: 53 });
  });

  it('gives a week its Monday to Sunday and its key', () => {
    const p = periodAt('weekly', parseIsoDate('2026-11-22'));
    expect(p).toMatchObject({ key: '2026-w47', year: 2026, week: 47, start: '2026-11-16', end: '2026-11-22' });
    expect(describePeriod(p)).toBe('November 16\u2009–\u200922, 2026');
    expect(periodParams(p)).toEqual({ year: 2026, week: 47 });
  });

  // Spanish, German and French as their style guides write dates (CLDR, as Intl.DateTimeFormat has it).
  it.each([
    [
      'es',
      '16–22 de noviembre de 2026',
      'noviembre de 2026',
      '22 de diciembre – 19 de enero',
      '21 de abril de 1926 a las 2:40',
    ],
    ['de', '16.–22. November 2026', 'November 2026', '22. Dezember – 19. Januar', '21. April 1926 um 02:40'],
    ['fr', '16–22 novembre 2026', 'novembre 2026', '22 décembre – 19 janvier', '21 avril 1926 à 02:40'],
  ])('writes periods, sign dates and birth times in %s', (locale, week, month, signDates, birth) => {
    const date = parseIsoDate('2026-11-22');
    expect(describePeriod(periodAt('weekly', date), locale)).toBe(week);
    expect(describePeriod(periodAt('monthly', date), locale)).toBe(month);
    expect(describeMonthDayRange('12-22', '01-19', locale)).toBe(signDates);
    expect(describeDateTime('1926-04-21 02:40', locale)).toBe(birth);
  });

  it('describes weeks that span months and years', () => {
    expect(describePeriod(periodAt('weekly', parseIsoDate('2026-11-30')))).toBe(
      'November 30\u2009–\u2009December 6, 2026',
    );
    expect(describePeriod(periodAt('weekly', parseIsoDate('2027-01-01')))).toBe(
      'December 28, 2026\u2009–\u2009January 3, 2027',
    );
  });

  it('sends the week-numbering year with the week', () => {
    expect(periodParams(periodAt('weekly', parseIsoDate('2024-12-30')))).toEqual({ year: 2025, week: 1 });
    expect(periodParams(periodAt('weekly', parseIsoDate('2027-01-01')))).toEqual({ year: 2026, week: 53 });
  });
});

describe('ISO-8601 weeks, against the calendar', () => {
  // Worked from the calendar: ISO week 1 is the week with the year's first Thursday (January 4 is always in it);
  // a year has 53 weeks when it starts on a Thursday, or is a leap year starting on a Wednesday.
  it('starts week 1 of 2027 on Monday 2027-01-04, and gives 2026 a week 53 from 2026-12-28 to 2027-01-03', () => {
    expect(weekPeriod(2027, 1)).toMatchObject({ key: '2027-w01', start: '2027-01-04', end: '2027-01-10' });
    expect(weekPeriod(2026, 53)).toMatchObject({ key: '2026-w53', start: '2026-12-28', end: '2027-01-03' });
    expect(weekPeriod(2026, 47)).toMatchObject({ start: '2026-11-16', end: '2026-11-22' });
    expect(weekPeriod(2021, 1)).toMatchObject({ start: '2021-01-04' });
    expect(weekPeriod(2020, 53)).toMatchObject({ start: '2020-12-28', end: '2021-01-03' });
  });

  it('counts 53 weeks in 2020 (a leap year from a Wednesday) and 2026 (from a Thursday), 52 in the other years to 2030', () => {
    const long = [];
    for (let year = 2020; year <= 2030; year++) if (isoWeeksInYear(year) === 53) long.push(year);
    expect(long).toEqual([2020, 2026]);
  });

  it('gives every week of 2020 to 2030 back from its Monday, and its Monday is a Monday', () => {
    for (let year = 2020; year <= 2030; year++) {
      for (let week = 1; week <= isoWeeksInYear(year); week++) {
        const { start } = weekPeriod(year, week);
        const monday = parseIsoDate(start);
        expect(monday.getUTCDay(), start).toBe(1);
        expect(isoWeekOf(monday), start).toEqual({ year, week });
        expect(isoWeekOf(new Date(monday.getTime() + 6 * 86_400_000)), start).toEqual({ year, week });
      }
    }
  });
});

describe('publication window', () => {
  it('counts whole periods around the current one, oldest first', () => {
    const weeks = periodsFor('weekly', '2026-01-05', { past: 2, future: 1 });
    expect(weeks.map((p) => p.key)).toEqual(['2025-w52', '2026-w01', '2026-w02', '2026-w03']);
    const months = periodsFor('monthly', '2026-01-15', { past: 2, future: 1 });
    expect(months.map((p) => p.key)).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(months[1]).toMatchObject({ start: '2025-12-01', end: '2025-12-31', month: 12, year: 2025 });
    expect(periodsFor('yearly', '2026-06-01', { past: 1, future: 1 }).map((p) => p.key)).toEqual([
      '2025',
      '2026',
      '2027',
    ]);
  });

  it('crosses week 53 without skipping or repeating', () => {
    const keys = periodsFor('weekly', '2026-12-31', { past: 1, future: 2 }).map((p) => p.key);
    expect(keys).toEqual(['2026-w52', '2026-w53', '2027-w01', '2027-w02']);
  });

  it('builds the default window of content/site.json', () => {
    const periods = allPeriods('2026-11-22', {
      weekly: { past: 4, future: 1 },
      monthly: { past: 2, future: 1 },
      yearly: { past: 1, future: 1 },
      ascendantYearly: { past: 1, future: 1 },
    });
    expect(periods).toHaveLength(6 + 4 + 3 + 3);
    expect(periods.filter((p) => p.kind === 'ascendantYearly').map((p) => p.key)).toEqual(['2025', '2026', '2027']);
  });

  it('treats a period as final only once it has ended', () => {
    const p = periodAt('monthly', parseIsoDate('2026-10-10'));
    expect(isFinal(p, '2026-10-31')).toBe(false);
    expect(isFinal(p, '2026-11-01')).toBe(true);
  });
});
