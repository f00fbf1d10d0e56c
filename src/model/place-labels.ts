// The labels visitors pick a place by in the chart form: the place, then its country's name in the page's language
// (Intl.DisplayNames, CLDR's names: https://developer.mozilla.org/docs/Web/JavaScript/Reference/Global_Objects/Intl/DisplayNames),
// never a code. The service gives a region's code alone (`admin1_code`, docs/service-api.md), no name a visitor could
// read: two places of one name in one country are told apart by their coordinates instead.

export interface LabelledPlace {
  name: string;
  country_code: string;
  admin1_code: string;
  latitude: number;
  longitude: number;
}

/** The country's name in `language`, or undefined when CLDR has none for the code (nor is it a code at all). */
function countryName(names: Intl.DisplayNames, code: string): string | undefined {
  if (!/^[A-Za-z]{2}$/.test(code) || code.toUpperCase() === 'ZZ') return undefined;
  try {
    return names.of(code.toUpperCase()) || undefined;
  } catch {
    return undefined;
  }
}

/** Each place's label, in order: `Lima, Peru`; `Springfield (39.8°, -89.64°), United States` beside another Springfield of the same country. */
export function placeLabels(places: readonly LabelledPlace[], language: string): string[] {
  const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
  const degrees = new Intl.NumberFormat(language, {
    style: 'unit',
    unit: 'degree',
    unitDisplay: 'narrow',
    maximumFractionDigits: 2,
  });
  const sameName = (place: LabelledPlace) => `${place.name.toLowerCase()}\0${place.country_code.toUpperCase()}`;
  const counts = new Map<string, number>();
  for (const place of places) counts.set(sameName(place), (counts.get(sameName(place)) ?? 0) + 1);
  return places.map((place) => {
    const apart =
      counts.get(sameName(place))! > 1
        ? ` (${degrees.format(place.latitude)}, ${degrees.format(place.longitude)})`
        : '';
    const country = countryName(names, place.country_code);
    return `${place.name}${apart}${country ? `, ${country}` : ''}`;
  });
}
