// The sample service's place list: the 1500 most populous GeoNames places, bundled as places-data.json (made by
// scripts/generate-places.ts, committed). Ids are real GeoNames ids, so a place_id pinned in a chart's front matter
// means the same place here as in any GeoNames-based service.
import placesData from './places-data.json' with { type: 'json' };

export interface SamplePlace {
  id: number;
  name: string;
  longitude: number;
  latitude: number;
  country_code: string;
  admin1_code: string;
  population: number;
  timezone: string;
}

/** One row of places-data.json: [id, name, latitude, longitude, country_code, admin1_code, population, timezone]. */
type PlaceRow = [number, string, number, number, string, string, number, string];

const DEFAULTS = {
  /** Most results one search returns; a one-letter query would otherwise return hundreds. */
  maxResults: 20,
};

const rows = placesData as PlaceRow[];

const PLACES: readonly SamplePlace[] = rows
  .map(([id, name, latitude, longitude, country_code, admin1_code, population, timezone]) => ({
    id, name, longitude, latitude, country_code, admin1_code, population, timezone,
  }))
  .sort((a, b) => b.population - a.population || a.id - b.id);

const BY_ID = new Map(PLACES.map((p) => [p.id, p]));

/** Lower case without accents, so 'sao paulo' finds 'São Paulo' and 'zurich' finds 'Zürich'. */
function foldName(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

const FOLDED = PLACES.map((p) => ({ place: p, folded: foldName(p.name) }));

/**
 * Places whose name contains `query` (case- and accent-insensitive), at most 20, ordered by population, largest
 * first. When more than 20 match, names starting with the query (or with a word starting with it) are chosen
 * before names that merely contain it, so 'san' gives San Francisco rather than Busan; the order of what is
 * returned is still population, as docs/service-api.md#places says. An empty query matches nothing.
 */
export function searchPlaces(query: string): SamplePlace[] {
  const q = foldName(query);
  if (q === '') return [];
  const wordStart: SamplePlace[] = [];
  const inside: SamplePlace[] = [];
  for (const { place, folded } of FOLDED) {
    const at = folded.indexOf(q);
    if (at < 0) continue;
    if (at === 0 || /[\s\-'.(]/.test(folded[at - 1] ?? '')) wordStart.push(place);
    else inside.push(place);
  }
  // Both lists are already in population order, so taking from their heads keeps the largest of each.
  const chosen = [...wordStart, ...inside].slice(0, DEFAULTS.maxResults);
  return chosen.sort((a, b) => b.population - a.population || a.id - b.id);
}

export function findPlace(id: number): SamplePlace | undefined {
  return BY_ID.get(id);
}

/** Every bundled place, largest population first (for tests and tools). */
export function allPlaces(): readonly SamplePlace[] {
  return PLACES;
}
