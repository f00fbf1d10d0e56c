import { describe, expect, it } from 'vitest';
import { DegreeFormatError, formatDegrees, formatSignPosition } from '../../src/data/format-degrees.ts';

describe('formatDegrees', () => {
  it('formats decimal degrees with the degree sign and prime', () => {
    expect(formatDegrees(12.5)).toBe('12\u00B030\u2032');
    expect(formatDegrees(0)).toBe('0°00′');
    expect(formatDegrees(7.0833334)).toBe('7°05′'); // 5.000004′
    expect(formatDegrees(7.0833333)).toBe('7°04′'); // 4.999998′: not yet 5′
  });

  it("truncates to the minute, as astrologers' tables do, and never prints 60′", () => {
    expect(formatDegrees(29.9999)).toBe('29°59′'); // 59.994′
    expect(formatDegrees(12.99)).toBe('12°59′'); // 59.4′
    expect(formatDegrees(12.9917)).toBe('12°59′'); // 59.502′
    expect(formatDegrees(12.1)).toBe('12°06′'); // exactly 6′, whatever binary makes of 0.1
    for (let i = 0; i <= 3000; i++) expect(formatDegrees(i / 100 + 0.0099999)).not.toContain('60′');
  });

  it('takes the service form: degrees and minutes, optionally seconds', () => {
    expect(formatDegrees(12, 30)).toBe('12°30′');
    expect(formatDegrees(5, 7)).toBe('5°07′');
    expect(formatDegrees(12, 29, 29)).toBe('12°29′');
    expect(formatDegrees(12, 29, 45)).toBe('12°29′');
    expect(formatDegrees(29, 59, 59)).toBe('29°59′');
  });

  it('refuses bad input with a message naming the field', () => {
    expect(() => formatDegrees(Number.NaN)).toThrow(/degrees: expected a finite number >= 0, got NaN/);
    expect(() => formatDegrees(-1)).toThrow(DegreeFormatError);
    expect(() => formatDegrees(3, -5)).toThrow(/minutes/);
    expect(() => formatDegrees(3, 5, Number.POSITIVE_INFINITY)).toThrow(/seconds/);
  });
});

describe('formatSignPosition', () => {
  it('splits a longitude into sign and position', () => {
    expect(formatSignPosition(132.5)).toEqual({ signId: 4, degrees: 12, minutes: 30, text: '12°30′' });
    expect(formatSignPosition(0)).toEqual({ signId: 0, degrees: 0, minutes: 0, text: '0°00′' });
    expect(formatSignPosition(359.5).signId).toBe(11);
    expect(formatSignPosition(359.5).text).toBe('29°30′');
  });

  it('keeps a position in its sign until it gets to the next, and 360° is Aries again', () => {
    expect(formatSignPosition(29.9999)).toEqual({ signId: 0, degrees: 29, minutes: 59, text: '29°59′' });
    expect(formatSignPosition(359.9999)).toEqual({ signId: 11, degrees: 29, minutes: 59, text: '29°59′' });
    expect(formatSignPosition(360)).toEqual({ signId: 0, degrees: 0, minutes: 0, text: '0°00′' });
  });

  it("gives a chart's table and wheel one position: Frida Kahlo's Sun at 103.3756° is 13°22′ Cancer", () => {
    // 103.3756° = Cancer (90°) + 13° + 0.3756 × 60 = 22.536′, i.e. 22′32″: the service's degrees 13, minutes 22.
    expect(formatSignPosition(103.3756)).toEqual({ signId: 3, degrees: 13, minutes: 22, text: '13°22′' });
    expect(formatDegrees(13, 22, 32)).toBe('13°22′');
    expect(formatDegrees(13.3756)).toBe('13°22′');
  });

  it('takes any finite longitude modulo 360', () => {
    expect(formatSignPosition(360 + 45)).toEqual(formatSignPosition(45));
    expect(formatSignPosition(-30)).toEqual({ signId: 11, degrees: 0, minutes: 0, text: '0°00′' });
  });

  it('never shows 30° or 60′ anywhere on the circle', () => {
    for (let minute = 0; minute < 21600; minute += 7) {
      const { degrees, minutes, text } = formatSignPosition(minute / 60 + 0.00833);
      expect(degrees).toBeLessThan(30);
      expect(minutes).toBeLessThan(60);
      expect(text).not.toMatch(/^30°|60′/);
    }
  });

  it('refuses a non-finite longitude', () => {
    expect(() => formatSignPosition(Number.NaN)).toThrow(/longitude/);
  });
});
