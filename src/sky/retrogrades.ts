// Retrograde periods: from a planet's station retrograde to its next station direct, with the signs it is in at
// each end. Made from the events of ./events.ts, so a period and its stations always agree.
import type { PlanetName } from './positions.ts';
import { eventsOfYear, type StationEvent } from './events.ts';

export interface RetrogradePeriod {
  body: PlanetName;
  /** The station retrograde and the station direct that bound it. */
  start: StationEvent;
  end: StationEvent;
}

/** Every retrograde period that overlaps [start, end), each whole (its stations may lie outside). */
export function retrogradePeriods(start: Date, end: Date): RetrogradePeriod[] {
  // A slow planet stays retrograde about five months: a year's margin each side finds both of its stations.
  const stations: StationEvent[] = [];
  for (let year = start.getUTCFullYear() - 1; year <= end.getUTCFullYear() + 1; year++) {
    for (const e of eventsOfYear(year)) if (e.type === 'station') stations.push(e);
  }
  const out: RetrogradePeriod[] = [];
  stations.forEach((station, i) => {
    if (station.direction !== 'retrograde') return;
    const direct = stations.slice(i + 1).find((s) => s.body === station.body);
    if (!direct || direct.direction !== 'direct') return;
    if (station.time < end && direct.time >= start) out.push({ body: station.body, start: station, end: direct });
  });
  return out;
}
