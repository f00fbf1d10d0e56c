// Natal charts: the natal answer's shape (docs/service-api.md), real positions, houses, retrograde flags.
import { describe, expect, it } from 'vitest';
import { computeNatal, equalHouse, splitLongitude } from '../../src/sample-service/natal.ts';
import { findPlace, type SamplePlace } from '../../src/sample-service/places.ts';
import { angleDifference, normalizeDegrees } from '../../src/sky/positions.ts';
import { natalChartSchema } from '../../src/api/schemas.ts';

const london = findPlace(2643743)!;
const sydney = findPlace(2147714)!;

interface Planet {
  speeds: string;
  housePosition: number;
  planetId: number;
  planetName: string;
  retrograde: boolean;
  housetext: string | null;
  longitude: string;
  signId: number;
  signName: string;
  degrees: number;
  minutes: number;
  seconds: number;
  collectText: boolean;
  text: string | null;
}
interface Chart {
  profile: Record<string, unknown> & {
    birthdate: { date: string; timezone: string };
    utBirthdate: { date: string; timezone: string };
  };
  intro: string;
  planets: Planet[];
  ascendant: number;
  houses: number[];
}

function natal(date: string, time: string, place: SamplePlace = london, lang = 'en'): Chart {
  return computeNatal({ name: 'Ada', date, time, lang, place }) as unknown as Chart;
}

const NUMERIC_TEXT = /^-?\d+\.\d+$/;

describe('computeNatal', () => {
  const chart = natal('1990-05-17', '14:30');

  it('answers in the natal shape (docs/service-api.md) that the site client validates', () => {
    expect(natalChartSchema.safeParse(chart).success).toBe(true);
  });

  it('has the ten planets in planetId order, with consistent sign, degree and numeric-text fields', () => {
    // The Swiss Ephemeris numbering, SE_SUN = 0 … SE_PLUTO = 9 (swephexp.h).
    const names = ['Sun', 'Moon', 'Mercury', 'Venus', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto'];
    expect(chart.planets.map((p) => [p.planetId, p.planetName])).toEqual(names.map((n, i) => [i, n]));
    for (const p of chart.planets) {
      expect(p.longitude).toMatch(NUMERIC_TEXT);
      expect(p.speeds).toMatch(NUMERIC_TEXT);
      const lon = Number(p.longitude);
      expect(lon).toBeGreaterThanOrEqual(0);
      expect(lon).toBeLessThan(360);
      expect(p.housePosition).toBeGreaterThanOrEqual(1);
      expect(p.housePosition).toBeLessThanOrEqual(12);
      // Its house is the one whose cusp (from the chart's own cusp list) it has passed last.
      const cusp = chart.houses[p.housePosition - 1]!;
      expect(normalizeDegrees(lon - cusp), p.planetName).toBeLessThan(30);
      // The sign and d/m/s read back to the longitude within one arc-second.
      const back = p.signId * 30 + p.degrees + p.minutes / 60 + p.seconds / 3600;
      expect(Math.abs(angleDifference(back, lon))).toBeLessThan(1 / 3600 + 1e-9);
      expect(p.degrees).toBeLessThan(30);
      expect(p.minutes).toBeLessThan(60);
      expect(p.seconds).toBeLessThan(60);
      expect(
        p.collectText
          ? typeof p.text === 'string' && typeof p.housetext === 'string'
          : p.text === null && p.housetext === null,
      ).toBe(true);
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
    // By hand, at the inferior conjunction (Mar 7-8; Sun at 347.5°, so both planets at heliocentric 167.5°):
    // Mercury's true anomaly is 167.5° - 77.5° (perihelion) = 90°, so r = a(1-e²) = 0.387 × 0.958 = 0.371 AU and
    // its transverse speed √(k²/r) = 0.02825 AU/day; Earth, 0.993 AU out, 0.01733 AU/day. Mercury overtakes:
    // (0.02825 - 0.01733) / (0.993 - 0.371) = 0.01756 rad/day backwards = -1.006°/day.
    expect(Number(mercury.speeds)).toBeLessThan(-0.98);
    expect(Number(mercury.speeds)).toBeGreaterThan(-1.04);
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

  it("matches Queen Elizabeth II's published chart: 21°22′ Capricorn rising, Sun in the 4th and Moon in the 7th house", () => {
    // Astro-Databank, rating AA: 1926-04-21 02:40 BST, London; Asc 21°Cp22′ (270° + 21.37°), Sun 0°Ta12′, Moon 12°Le07′.
    const queen = natal('1926-04-21', '02:40');
    expect(Math.abs(angleDifference(queen.ascendant, 291.37))).toBeLessThan(0.1);
    // Equal houses from 291.37°: the Sun (30.20°) is 30.20 + 360 - 291.37 = 98.83° on, 98.83 / 30 = 3.3, so the 4th;
    // the Moon (132.12°) is 200.75° on, / 30 = 6.7, so the 7th.
    expect(queen.planets[0]).toMatchObject({ signName: 'Taurus', degrees: 0, minutes: 12, housePosition: 4 });
    expect(queen.planets[1]).toMatchObject({ signName: 'Leo', degrees: 12, minutes: 7, housePosition: 7 });
  });

  it('is deterministic for the same input and changes with the birth time', () => {
    expect(natal('1990-05-17', '14:30')).toEqual(chart);
    expect(natal('1990-05-17', '20:30').ascendant).not.toBe(chart.ascendant);
  });
});

describe("computeNatal in the request's lang", () => {
  const english = natal('1926-04-21', '02:40');
  const spanish = natal('1926-04-21', '02:40', london, 'es');

  it('writes Spanish texts, planet and sign names for lang "es", on the same positions', () => {
    expect(natalChartSchema.safeParse(spanish).success).toBe(true);
    expect(spanish.planets.map((p) => p.planetName)).toEqual([
      'Sol',
      'Luna',
      'Mercurio',
      'Venus',
      'Marte',
      'Júpiter',
      'Saturno',
      'Urano',
      'Neptuno',
      'Plutón',
    ]);
    // Elizabeth II: Sun in Taurus, Moon in Leo, Capricorn rising (see above).
    expect(spanish.planets.slice(0, 2).map((p) => p.signName)).toEqual(['Tauro', 'Leo']);
    expect(spanish.intro).toBe(
      'Ada nació el 21 de abril de 1926 a las 02:40 en London: Sol en Tauro, Luna en Leo, ascendente Capricornio.',
    );
    const sun = spanish.planets[0]!;
    expect(sun.text).toMatch(/^<p>(Con )?<strong>(el )?Sol en Tauro<\/strong>/);
    expect(sun.housetext).toContain('cuarta casa');
    for (const p of spanish.planets.filter((q) => q.collectText)) {
      expect(`${p.text} ${p.housetext}`).not.toMatch(/\b(the|in|house|and|your)\b/);
    }
    const positions = (c: Chart) => c.planets.map((p) => [p.longitude, p.signId, p.housePosition, p.retrograde]);
    expect(positions(spanish)).toEqual(positions(english));
    expect(natal('1926-04-21', '02:40', london, 'es')).toEqual(spanish);
  });

  it('answers in English for a language it does not write', () => {
    expect(english.planets[0]).toMatchObject({ planetName: 'Sun', signName: 'Taurus' });
    expect(english.intro).toBe(
      'Ada, born on 1926-04-21 at 02:40 in London: Sun in Taurus, Moon in Leo, Capricorn rising.',
    );
    expect(natal('1926-04-21', '02:40', london, 'nl')).toEqual(english);
  });
});

describe('equalHouse', () => {
  it('counts 30° houses from the ascendant, across 0° Aries', () => {
    // Ascendant 291.37°: house 1 is 291.37°–321.37°, house 4 starts at 291.37 + 90 - 360 = 21.37°.
    expect(equalHouse(291.37, 291.37)).toBe(1);
    expect(equalHouse(321.36, 291.37)).toBe(1);
    expect(equalHouse(321.38, 291.37)).toBe(2);
    expect(equalHouse(21.38, 291.37)).toBe(4);
    expect(equalHouse(291.36, 291.37)).toBe(12);
  });
});

describe('splitLongitude', () => {
  it('carries a rounded 29°59′59.6″ into the next sign rather than printing 60″ or 30°', () => {
    expect(splitLongitude(29.99999)).toEqual({ signId: 1, degrees: 0, minutes: 0, seconds: 0 });
    expect(splitLongitude(359.999999)).toEqual({ signId: 0, degrees: 0, minutes: 0, seconds: 0 });
    expect(splitLongitude(45.5)).toEqual({ signId: 1, degrees: 15, minutes: 30, seconds: 0 });
  });
});
