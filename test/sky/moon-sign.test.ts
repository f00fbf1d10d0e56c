// The Moon's sign and when it moves on. Expected values from published ephemerides, not from astronomy-engine: the
// Moon enters Gemini on 2026-11-24 at 11:10 UTC (as the daily almanacs list it), after two and a half days in
// Taurus; it enters Taurus late on November 21, so at midday on the 22nd it is in Taurus, on the 24th in Gemini.
import { describe, expect, it } from 'vitest';
import { moonSign } from '../../src/sky/moon-sign.ts';

const MINUTE = 60_000;

describe('moonSign', () => {
  it('is Taurus at midday on 2026-11-22, until the Moon enters Gemini on the 24th at 11:10 UTC', () => {
    const { signId, until } = moonSign(new Date('2026-11-22T12:00:00Z'));
    expect(signId).toBe(1);
    expect(Math.abs(until.getTime() - Date.parse('2026-11-24T11:10:00Z'))).toBeLessThanOrEqual(2 * MINUTE);
  });

  it('is Gemini on 2026-11-24 after 11:10 UTC, and Taurus still a few minutes before', () => {
    expect(moonSign(new Date('2026-11-24T12:00:00Z')).signId).toBe(2);
    expect(moonSign(new Date('2026-11-24T11:00:00Z')).signId).toBe(1);
    // A Moon in Gemini leaves it within two to three days: on the 26th.
    expect(moonSign(new Date('2026-11-24T12:00:00Z')).until.toISOString().slice(0, 10)).toBe('2026-11-26');
  });

  it('finds the next sign across Pisces into Aries', () => {
    // The Moon is in Pisces from 2026-11-17 to the 19th (the first quarter in Aquarius on the 17th at 11:48 UTC).
    const { signId, until } = moonSign(new Date('2026-11-18T12:00:00Z'));
    expect(signId).toBe(11);
    expect(moonSign(new Date(until.getTime() + MINUTE)).signId).toBe(0);
    expect(moonSign(new Date(until.getTime() - MINUTE)).signId).toBe(11);
  });
});
