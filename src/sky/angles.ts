// The chart's angles for a moment and a place: the ascendant (the ecliptic degree rising in the east) and the
// midheaven. RAMC is the local apparent sidereal time (astronomy-engine's Greenwich apparent sidereal time plus the
// longitude) with the true obliquity of the date, then the textbook formulas
// asc = atan2(cos RAMC, −(sin RAMC cos ε + tan φ sin ε)) and mc = atan2(sin RAMC, cos RAMC cos ε).
// https://github.com/cosinekitty/astronomy/tree/master/source/js#SiderealTime
// Within the polar circles the formula still gives a degree, astrologically doubtful (parts of the ecliptic never
// rise); it is not treated specially.
import * as Astronomy from 'astronomy-engine';
import { type TimeInput, normalizeDegrees, toTime } from './positions.ts';

export interface ChartAngles {
  /** Ecliptic longitude of the ascendant, degrees [0, 360). */
  ascendant: number;
  /** Ecliptic longitude of the midheaven (MC), degrees [0, 360). */
  midheaven: number;
  /** Local apparent sidereal time, degrees. */
  localSiderealTime: number;
  /** True obliquity of the ecliptic, degrees. */
  obliquity: number;
}

const RAD = Math.PI / 180;

/** Ascendant and midheaven at `t` for a place (latitude north positive, longitude east positive). */
export function chartAngles(t: TimeInput, latitude: number, longitude: number): ChartAngles {
  const time = toTime(t);
  const localSiderealTime = normalizeDegrees(Astronomy.SiderealTime(time) * 15 + longitude);
  const obliquity = Astronomy.e_tilt(time).tobl;
  const ramc = localSiderealTime * RAD;
  const eps = obliquity * RAD;
  const phi = latitude * RAD;
  const ascendant = normalizeDegrees(
    Math.atan2(Math.cos(ramc), -(Math.sin(ramc) * Math.cos(eps) + Math.tan(phi) * Math.sin(eps))) / RAD,
  );
  const midheaven = normalizeDegrees(Math.atan2(Math.sin(ramc), Math.cos(ramc) * Math.cos(eps)) / RAD);
  return { ascendant, midheaven, localSiderealTime, obliquity };
}
