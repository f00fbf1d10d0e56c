// The sky at an instant against published moments: USNO's 2026 phases and equinox, Mercury's 2026 retrograde.
import { describe, expect, it } from 'vitest';
import { moonPhaseName, skyAt } from '../../src/sky/instant.ts';

const at = (iso: string) => skyAt(new Date(iso));
const planet = (sky: ReturnType<typeof skyAt>, body: string) => sky.planets.find((p) => p.body === body)!;

describe('skyAt', () => {
  it('shows a full moon at the full moon of 2026-03-03 11:38 UT (USNO), in Virgo', () => {
    const sky = at('2026-03-03T11:38:00Z');
    expect(Math.abs(sky.moon.phaseAngle - 180)).toBeLessThan(0.1);
    expect(sky.moon.litFraction).toBeGreaterThan(0.999);
    expect(sky.moon.phaseName).toBe('fullMoon');
    expect(planet(sky, 'Moon').signId).toBe(5);
  });

  it('shows a new moon at the new moon of 2026-11-09 07:02 UT, in Scorpio', () => {
    const sky = at('2026-11-09T07:02:00Z');
    expect(Math.min(sky.moon.phaseAngle, 360 - sky.moon.phaseAngle)).toBeLessThan(0.1);
    // Not quite 0: the Moon passes up to 5° north or south of the Sun, so a sliver (≤ (1 − cos 5°) / 2) stays lit.
    expect(sky.moon.litFraction).toBeLessThan(0.002);
    expect(sky.moon.phaseName).toBe('newMoon');
    expect(planet(sky, 'Moon').signId).toBe(7);
  });

  it('moves the Sun from Pisces to Aries across the March equinox, 2026-03-20 14:46 UT (USNO)', () => {
    expect(planet(at('2026-03-20T14:40:00Z'), 'Sun').signId).toBe(11);
    expect(planet(at('2026-03-20T14:52:00Z'), 'Sun').signId).toBe(0);
  });

  it('marks Mercury retrograde inside 26 February – 20 March 2026 and not outside, and never the Sun or Moon', () => {
    expect(planet(at('2026-03-08T00:00:00Z'), 'Mercury').retrograde).toBe(true);
    expect(planet(at('2026-02-20T00:00:00Z'), 'Mercury').retrograde).toBe(false);
    expect(planet(at('2026-04-08T00:00:00Z'), 'Mercury').retrograde).toBe(false);
    const sky = at('2026-03-08T00:00:00Z');
    expect(sky.planets.map((p) => p.body)).toEqual([
      'Sun',
      'Moon',
      'Mercury',
      'Venus',
      'Mars',
      'Jupiter',
      'Saturn',
      'Uranus',
      'Neptune',
      'Pluto',
    ]);
    expect([planet(sky, 'Sun').retrograde, planet(sky, 'Moon').retrograde]).toEqual([false, false]);
  });

  it('names the eight phases by 45° spans centred on 0°, 45° … 315°', () => {
    expect([359, 0, 22, 23, 67, 68, 90, 180, 202, 203, 270, 315, 337, 338].map(moonPhaseName)).toEqual([
      'newMoon',
      'newMoon',
      'newMoon',
      'waxingCrescent',
      'waxingCrescent',
      'firstQuarter',
      'firstQuarter',
      'fullMoon',
      'fullMoon',
      'waningGibbous',
      'lastQuarter',
      'waningCrescent',
      'waningCrescent',
      'newMoon',
    ]);
  });
});
