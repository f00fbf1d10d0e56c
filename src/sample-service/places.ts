// PLACEHOLDER, replaced by the GeoNames-derived place list (issue 5). Signature is the contract the server relies on.
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
const PLACES: SamplePlace[] = [
  { id: 2643743, name: 'London', longitude: -0.12574, latitude: 51.50853, country_code: 'GB', admin1_code: 'GB.ENG', population: 8961989, timezone: 'Europe/London' },
];
/** Places whose name matches `query` (case-insensitive), ordered by population, largest first. */
export function searchPlaces(query: string): SamplePlace[] {
  const q = query.trim().toLowerCase();
  return PLACES.filter((p) => p.name.toLowerCase().includes(q)).sort((a, b) => b.population - a.population);
}
export function findPlace(id: number): SamplePlace | undefined {
  return PLACES.find((p) => p.id === id);
}
