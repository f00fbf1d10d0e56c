// Planet positions and chart angles against published values.
import { describe, expect, it } from 'vitest';
import * as Astronomy from 'astronomy-engine';
import { PLANET_NAMES, angleDifference, eclipticLongitude, longitudeSpeed, signOf } from '../../src/sky/positions.ts';
import { chartAngles } from '../../src/sky/angles.ts';

const ARC_MINUTE = 1 / 60;

/** Time given as a Julian Ephemeris Day (TT), as Meeus's worked examples are. */
function fromJde(jde: number): Astronomy.AstroTime {
  return Astronomy.AstroTime.FromTerrestrialTime(jde - 2451545.0);
}

describe('eclipticLongitude (apparent, of date)', () => {
  it('matches the Sun of Meeus, Astronomical Algorithms (2nd ed.), example 25.a, within 1′', () => {
    // 1992 October 13.0 TD (JDE 2448908.5): apparent longitude 199°54′32″ = 199.90895°
    // (also the value printed by PyMeeus' docs/source/ex-Sun.rst for the same epoch).
    const lon = eclipticLongitude('Sun', fromJde(2448908.5));
    expect(Math.abs(angleDifference(lon, 199.90895))).toBeLessThan(ARC_MINUTE);
  });

  it('matches the Moon of Meeus, example 47.a, within 1′', () => {
    // 1992 April 12.0 TD (JDE 2448724.5): apparent longitude 133.167265° (PyMeeus ex-Moon.rst: 133.167264).
    const lon = eclipticLongitude('Moon', fromJde(2448724.5));
    expect(Math.abs(angleDifference(lon, 133.167265))).toBeLessThan(ARC_MINUTE);
  });

  it('gives the commonly quoted J2000 (2000-01-01 12:00 UTC) positions: Sun ≈ 280.37°, Moon ≈ 223.32°', () => {
    // These are rounded to 0.01°, so this is a coarse check (the Meeus cases above are the precise ones).
    const t = new Date('2000-01-01T12:00:00Z');
    expect(Math.abs(angleDifference(eclipticLongitude('Sun', t), 280.37))).toBeLessThan(ARC_MINUTE);
    expect(Math.abs(angleDifference(eclipticLongitude('Moon', t), 223.32))).toBeLessThan(ARC_MINUTE);
  });

  it('returns [0, 360) for every planet', () => {
    const t = new Date('1990-05-17T13:30:00Z');
    for (const p of PLANET_NAMES) {
      const lon = eclipticLongitude(p, t);
      expect(lon).toBeGreaterThanOrEqual(0);
      expect(lon).toBeLessThan(360);
    }
  });
});

describe('longitudeSpeed', () => {
  it('is negative for Mercury inside its 2026 February–March retrograde and positive outside it', () => {
    expect(longitudeSpeed('Mercury', new Date('2026-03-08T00:00:00Z'))).toBeLessThan(0);
    expect(longitudeSpeed('Mercury', new Date('2026-04-08T00:00:00Z'))).toBeGreaterThan(0);
  });

  it('gives the Sun about 1°/day and the Moon about 13°/day', () => {
    const t = new Date('2026-06-01T00:00:00Z');
    expect(longitudeSpeed('Sun', t)).toBeGreaterThan(0.95);
    expect(longitudeSpeed('Sun', t)).toBeLessThan(1.03);
    expect(longitudeSpeed('Moon', t)).toBeGreaterThan(11.5);
    expect(longitudeSpeed('Moon', t)).toBeLessThan(15.5);
  });
});

describe('chartAngles', () => {
  /** Altitude and azimuth of the ecliptic point at `lon` (latitude 0) for an observer. */
  function horizonOf(lon: number, time: Date, lat: number, long: number): Astronomy.HorizontalCoordinates {
    const at = Astronomy.MakeTime(time);
    const rad = (lon * Math.PI) / 180;
    const ect = new Astronomy.Vector(Math.cos(rad), Math.sin(rad), 0, at);
    const eqd = Astronomy.RotateVector(Astronomy.Rotation_ECT_EQD(at), ect);
    const eq = Astronomy.EquatorFromVector(eqd);
    return Astronomy.Horizon(at, new Astronomy.Observer(lat, long, 0), eq.ra, eq.dec);
  }

  it.each([
    ['London', 51.50853, -0.12574, '1990-05-17T13:30:00Z'],
    ['Sydney', -33.86785, 151.20732, '2026-11-24T03:00:00Z'],
    ['New York', 40.71427, -74.00597, '2026-11-01T05:30:00Z'],
    ['Quito', -0.22985, -78.52495, '2000-01-01T12:00:00Z'],
  ] as const)(
    'puts the ascendant on the eastern horizon and the midheaven on the meridian (%s)',
    (_, lat, long, iso) => {
      const t = new Date(iso);
      const { ascendant, midheaven } = chartAngles(t, lat, long);
      const asc = horizonOf(ascendant, t, lat, long);
      expect(Math.abs(asc.altitude)).toBeLessThan(0.05);
      expect(asc.azimuth).toBeGreaterThan(0);
      expect(asc.azimuth).toBeLessThan(180);
      const mc = horizonOf(midheaven, t, lat, long);
      // On the meridian: due south (180°) or due north (0°/360°) of the observer, and above the horizon.
      const az = mc.azimuth;
      expect(Math.min(Math.abs(az - 180), az, 360 - az)).toBeLessThan(0.05);
      expect(mc.altitude).toBeGreaterThan(0);
    },
  );
});

describe('signOf', () => {
  it('maps longitudes to 0..11 with 0° Aries = 0 and 359.9° = Pisces', () => {
    expect(signOf(0)).toBe(0);
    expect(signOf(29.9999)).toBe(0);
    expect(signOf(30)).toBe(1);
    expect(signOf(359.9)).toBe(11);
    expect(signOf(-0.1)).toBe(11);
  });
});
