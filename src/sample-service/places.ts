// The sample service's place list: the 2000 most populous GeoNames places with their other names ("Lisboa",
// "Köln"), bundled as places-data.json (made by scripts/generate-places.ts, committed). Ids are real GeoNames ids,
// so a place_id pinned in a chart's front matter means the same place here as in any GeoNames-based service.
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

/** One row of places-data.json: [id, name, latitude, longitude, country_code, admin1_code, population, timezone, other names?]. */
type PlaceRow = [number, string, number, number, string, string, number, string, string[]?];

const DEFAULTS = {
  /** Most results one search returns; a one-letter query would otherwise return hundreds. */
  maxResults: 20,
};

const rows = placesData as PlaceRow[];

const ENTRIES = rows
  .map(([id, name, latitude, longitude, country_code, admin1_code, population, timezone, others = []]) => ({
    place: { id, name, longitude, latitude, country_code, admin1_code, population, timezone } satisfies SamplePlace,
    names: [name, ...others],
  }))
  .sort((a, b) => b.place.population - a.place.population || a.place.id - b.place.id);

const PLACES: readonly SamplePlace[] = ENTRIES.map((entry) => entry.place);

const BY_ID = new Map(PLACES.map((p) => [p.id, p]));

/** Lower case without accents, so 'sao paulo' finds 'São Paulo' and 'zurich' finds 'Zürich'. */
function foldName(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

const FOLDED = ENTRIES.map(({ place, names }) => ({ place, folded: names.map(foldName) }));

/** Whether `query` starts `name` or one of its words. */
function startsAWord(name: string, query: string): boolean {
  for (let at = name.indexOf(query); at >= 0; at = name.indexOf(query, at + 1)) {
    if (at === 0 || /[\s\-'.(]/.test(name[at - 1]!)) return true;
  }
  return false;
}

/**
 * How well a place's folded names (its own first) match `query`, best first: 0, one of them is the query; 1, its
 * own name or one of its words starts with it; 2, another name's word does; 3, its own name has it inside a word;
 * undefined, no match (another name with the query inside a word is no match: "koln" is in some name of Stockholm).
 */
function matchTier([own, ...others]: string[], query: string): number | undefined {
  if (own === query || others.includes(query)) return 0;
  if (startsAWord(own!, query)) return 1;
  if (others.some((name) => startsAWord(name, query))) return 2;
  return own!.includes(query) ? 3 : undefined;
}

/**
 * Places with a name (their own, or another such as "Lisboa" for Lisbon) matching `query`, case- and
 * accent-insensitively, at most 20, ordered by population, largest first, whatever their country. When more than
 * 20 match, the better matches are chosen first (see matchTier), so 'san' gives San Francisco rather than Busan;
 * the order of what is returned is still population, as docs/service-api.md#places says. An empty query matches
 * nothing.
 */
export function searchPlaces(query: string): SamplePlace[] {
  const q = foldName(query);
  if (q === '') return [];
  const matches: { place: SamplePlace; tier: number }[] = [];
  for (const { place, folded } of FOLDED) {
    const tier = matchTier(folded, q);
    if (tier !== undefined) matches.push({ place, tier });
  }
  // The list is in population order, and the sort is stable: the largest of each tier come first.
  const chosen = matches
    .sort((a, b) => a.tier - b.tier)
    .slice(0, DEFAULTS.maxResults)
    .map((match) => match.place);
  return chosen.sort((a, b) => b.population - a.population || a.id - b.id);
}

export function findPlace(id: number): SamplePlace | undefined {
  return BY_ID.get(id);
}

/** Every bundled place, largest population first (for tests and tools). */
export function allPlaces(): readonly SamplePlace[] {
  return PLACES;
}
