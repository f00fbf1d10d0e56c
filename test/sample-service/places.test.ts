// The bundled GeoNames-derived place list and its search.
import { describe, expect, it } from 'vitest';
import { allPlaces, findPlace, searchPlaces } from '../../src/sample-service/places.ts';

describe('place list', () => {
  const places = allPlaces();

  it('holds at least the 500 most populous places, ordered by population, with every documented place field', () => {
    expect(places.length).toBeGreaterThanOrEqual(500);
    for (let i = 1; i < places.length; i++)
      expect(places[i - 1]!.population).toBeGreaterThanOrEqual(places[i]!.population);
    // One collected list of problems instead of ~12,000 expect calls keeps this fast and the failure readable.
    const problems: string[] = [];
    const ids = new Set<number>();
    for (const p of places) {
      const bad = (what: string): number => problems.push(`${p.id} ${p.name}: ${what}`);
      if (!(Number.isInteger(p.id) && p.id > 0)) bad('id');
      ids.add(p.id);
      if (p.name.length === 0) bad('name');
      if (!(Math.abs(p.latitude) <= 90 && Math.abs(p.longitude) <= 180)) bad('coordinates');
      if (!/^[A-Z]{2}$/.test(p.country_code)) bad('country_code');
      if (!p.admin1_code.startsWith(`${p.country_code}.`)) bad('admin1_code');
      if (!Number.isInteger(p.population)) bad('population');
    }
    // Every zone must be one this Node knows, or natal charts for that place would fail.
    for (const zone of new Set(places.map((p) => p.timezone))) {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
      } catch {
        problems.push(`unknown time zone ${zone}`);
      }
    }
    expect(problems).toEqual([]);
    expect(ids.size).toBe(places.length);
  });

  it('has real GeoNames ids and zones for well-known cities', () => {
    expect(findPlace(2643743)).toMatchObject({
      name: 'London',
      country_code: 'GB',
      admin1_code: 'GB.ENG',
      timezone: 'Europe/London',
    });
    expect(findPlace(5128581)).toMatchObject({
      name: 'New York City',
      admin1_code: 'US.NY',
      timezone: 'America/New_York',
    });
    expect(findPlace(5419384)).toMatchObject({ name: 'Denver', timezone: 'America/Denver' });
    expect(findPlace(2147714)).toMatchObject({ name: 'Sydney', timezone: 'Australia/Sydney' });
    expect(findPlace(1)).toBeUndefined();
  });
});

describe('searchPlaces', () => {
  it('finds names case- and accent-insensitively, largest first', () => {
    // Not Bexley, which GeoNames also names "London Borough of Bexley": a larger place's name is no other name.
    expect(searchPlaces('london').map((p) => `${p.name}/${p.country_code}`)).toEqual([
      'London/GB',
      'East London/ZA',
      'London/CA',
    ]);
    expect(searchPlaces('SAO PAULO')[0]?.name).toBe('São Paulo');
    expect(searchPlaces('zurich')[0]?.name).toBe('Zürich');
  });

  it('returns at most 20, still in population order, preferring names that start with the query', () => {
    const result = searchPlaces('san');
    expect(result).toHaveLength(20);
    for (let i = 1; i < result.length; i++)
      expect(result[i - 1]!.population).toBeGreaterThanOrEqual(result[i]!.population);
    expect(result.some((p) => p.name === 'San Francisco')).toBe(true);
    expect(result.some((p) => p.name === 'Busan')).toBe(false);
  });

  it('finds a place by the other names GeoNames gives it, in other languages and scripts', () => {
    const first = (query: string) => searchPlaces(query)[0];
    expect(first('Lisboa')).toMatchObject({ id: 2267057, name: 'Lisbon', country_code: 'PT' });
    expect(first('lisb')).toMatchObject({ id: 2267057 });
    expect(first('Londres')).toMatchObject({ id: 2643743, name: 'London' });
    expect(first('Wien')).toMatchObject({ name: 'Vienna', country_code: 'AT' });
    expect(first('Milano')).toMatchObject({ name: 'Milan', country_code: 'IT' });
    expect(first('Москва')).toMatchObject({ name: 'Moscow', country_code: 'RU' });
  });

  it('lists Porto, PT among the Brazilian Portos, in population order', () => {
    const porto = searchPlaces('Porto').map((p) => `${p.name}/${p.country_code}`);
    // Porto (GeoNames 2735943) among the Brazilian Portos, in population order.
    expect(porto).toContain('Porto/PT');
    expect(porto.indexOf('Porto Alegre/BR')).toBeLessThan(porto.indexOf('Porto/PT'));
    expect(porto.indexOf('Porto/PT')).toBeLessThan(porto.indexOf('Porto-Novo/BJ'));
  });

  it('matches another name only from the start of one of its words, so a query inside one finds nothing', () => {
    // "koln" is inside some other name of Stockholm; Köln itself is found by its own name.
    expect(searchPlaces('Köln').map((p) => p.name)).not.toContain('Stockholm');
    expect(searchPlaces('Köln')[0]?.name).toBe('Köln');
    // "isboa" is inside "Lisboa" only.
    expect(searchPlaces('isboa')).toEqual([]);
  });

  it('returns [] for an empty query or no match', () => {
    expect(searchPlaces('   ')).toEqual([]);
    expect(searchPlaces('Zzyzx-no-such-place')).toEqual([]);
  });
});
