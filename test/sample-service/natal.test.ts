// Natal charts: spec 2.3 shape, real positions, houses, retrograde flags.
import { describe, expect, it } from 'vitest';
import { computeNatal, equalHouse, splitLongitude } from '../../src/sample-service/natal.ts';
import { findPlace, type SamplePlace } from '../../src/sample-service/places.ts';
import { PLANET_NAMES, angleDifference, longitudeSpeed } from '../../src/sample-service/sky-positions.ts';
import { natalChartSchema } from '../../src/api/schemas.ts';

const london = findPlace(2643743)!;
const sydney = findPlace(2147714)!;

interface Planet {
  speeds: string; housePosition: number; planetId: number; planetName: string; retrograde: boolean;
  housetext: string | null; longitude: string; signId: number; signName: string;
  degrees: number; minutes: number; seconds: number; collectText: boolean; text: string | null;
}
interface Chart {
  profile: Record<string, unknown> & { birthdate: { date: string; timezone: string }; utBirthdate: { date: string; timezone: string } };
  intro: string;
  planets: Planet[];
  ascendant: number;
  houses: number[];
}

function natal(date: string, time: string, place: SamplePlace = london): Chart {
  return computeNatal({ name: 'Ada', date, time, lang: 'en', place }) as unknown as Chart;
}

const NUMERIC_TEXT = /^-?\d+\.\d+$/;

describe('computeNatal', () => {
  const chart = natal('1990-05-17', '14:30');

  it('answers the spec 2.3 shape that the site client validates', () => {
    expect(natalChartSchema.safeParse(chart).success).toBe(true);
  });

  it('has the ten planets in planetId order, with consistent sign, degree and numeric-text fields', () => {
    expect(chart.planets.map((p) => [p.planetId, p.planetName])).toEqual(PLANET_NAMES.map((n, i) => [i, n]));
    for (const p of chart.planets) {
      expect(p.longitude).toMatch(NUMERIC_TEXT);
      expect(p.speeds).toMatch(NUMERIC_TEXT);
      const lon = Number(p.longitude);
      expect(lon).toBeGreaterThanOrEqual(0);
      expect(lon).toBeLessThan(360);
      expect(p.housePosition).toBeGreaterThanOrEqual(1);
      expect(p.housePosition).toBeLessThanOrEqual(12);
      expect(p.housePosition).toBe(equalHouse(lon, chart.ascendant));
      // The sign and d/m/s read back to the longitude within one arc-second.
      const back = p.signId * 30 + p.degrees + p.minutes / 60 + p.seconds / 3600;
      expect(Math.abs(angleDifference(back, lon))).toBeLessThan(1 / 3600 + 1e-9);
      expect(p.degrees).toBeLessThan(30);
      expect(p.minutes).toBeLessThan(60);
      expect(p.seconds).toBeLessThan(60);
      expect(p.collectText ? typeof p.text === 'string' && typeof p.housetext === 'string' : p.text === null && p.housetext === null).toBe(true);
    }
  });

  it('places the Sun at 26° Taurus on 1990-05-17 (it entered Gemini on May 21)', () => {
    const sun = chart.planets[0]!;
    expect([sun.signName, sun.degrees]).toEqual(['Taurus', 26]);
  });

  it('sets retrograde exactly when the speed is negative, and finds real retrogrades', () => {
    for (const p of chart.planets) expect(p.retrograde).toBe(Number(p.speeds) < 0);
    // Mercury was retrograde in Pisces on 2026-03-08 (station Feb 26 – Mar 20).
    const rx = natal('2026-03-08', '12:00');
    const mercury = rx.planets[2]!;
    expect(mercury.retrograde).toBe(true);
    expect(mercury.signName).toBe('Pisces');
    expect(Number(mercury.speeds)).toBeCloseTo(longitudeSpeed('Mercury', new Date('2026-03-08T12:00:00Z')), 5);
    // Sun and Moon are never retrograde.
    expect(rx.planets[0]!.retrograde || rx.planets[1]!.retrograde).toBe(false);
  });

  it('fills the profile from the place and the zone (local, UTC, DST, flags)', () => {
    expect(chart.profile).toMatchObject({
      name: 'Ada',
      cityName: 'London',
      lat: london.latitude,
      long: london.longitude,
      east: false,
      south: false,
      dst: 1,
      timezoneName: 'Europe/London',
      birthdate: { date: '1990-05-17 14:30:00.000000', timezone_type: 3, timezone: 'Europe/London' },
      utBirthdate: { date: '1990-05-17 13:30:00.000000', timezone_type: 3, timezone: 'UTC' },
    });
    expect(chart.profile.realLat).not.toBe(london.latitude);
    const south = natal('2026-07-15', '12:00', sydney);
    expect(south.profile).toMatchObject({ east: true, south: true, dst: 0 });
    expect(south.profile.utBirthdate.date).toBe('2026-07-15 02:00:00.000000');
  });

  it('gives the ascendant and 12 equal house cusps, house 1 starting at the ascendant', () => {
    expect(chart.houses).toHaveLength(12);
    expect(chart.houses[0]).toBeCloseTo(chart.ascendant, 5);
    for (let i = 1; i < 12; i++) expect(angleDifference(chart.houses[i]!, chart.houses[i - 1]!)).toBeCloseTo(30, 5);
    expect(chart.intro).toMatch(/Sun in Taurus, Moon in \w+, \w+ rising\./);
  });

  it('is deterministic for the same input and changes with the birth time', () => {
    expect(natal('1990-05-17', '14:30')).toEqual(chart);
    expect(natal('1990-05-17', '20:30').ascendant).not.toBe(chart.ascendant);
  });
});

describe('splitLongitude', () => {
  it('carries a rounded 29°59′59.6″ into the next sign rather than printing 60″ or 30°', () => {
    expect(splitLongitude(29.99999)).toEqual({ signId: 1, degrees: 0, minutes: 0, seconds: 0 });
    expect(splitLongitude(359.999999)).toEqual({ signId: 0, degrees: 0, minutes: 0, seconds: 0 });
    expect(splitLongitude(45.5)).toEqual({ signId: 1, degrees: 15, minutes: 30, seconds: 0 });
  });
});
