// The chart form's place labels (src/model/place-labels.ts): the place and its country's name in the page's
// language, never a code. Expected names are CLDR's (https://cldr.unicode.org, the names ICU ships), written out here.
import { describe, expect, it } from 'vitest';
import { placeLabels, type LabelledPlace } from '../../src/model/place-labels.ts';

const place = (
  name: string,
  country_code: string,
  admin1_code: string,
  latitude = 0,
  longitude = 0,
): LabelledPlace => ({ name, country_code, admin1_code, latitude, longitude });
const RIO = place('Rio de Janeiro', 'BR', '21', -22.91, -43.18);

describe('placeLabels', () => {
  it("names the country in each shipped language, and never the region's code", () => {
    const countries: Record<string, string> = {
      en: 'Brazil',
      es: 'Brasil',
      pt: 'Brasil',
      'pt-BR': 'Brasil',
      fr: 'Brésil',
      de: 'Brasilien',
      it: 'Brasile',
    };
    for (const [language, country] of Object.entries(countries))
      expect(placeLabels([RIO], language), language).toEqual([`Rio de Janeiro, ${country}`]);
  });

  it("gives a long country name whole, in the page's language", () => {
    const kinshasa = place('Kinshasa', 'CD', '06', -4.33, 15.31);
    expect(placeLabels([kinshasa], 'es')).toEqual(['Kinshasa, República Democrática del Congo']);
    expect(placeLabels([place('Kingstown', 'VC', '04')], 'de')).toEqual(['Kingstown, St. Vincent und die Grenadinen']);
  });

  it('tells two places of one name in one country apart by their coordinates, and leaves a namesake abroad as it is', () => {
    const springfields = [
      place('Springfield', 'US', 'IL', 39.80172, -89.64371),
      place('Springfield', 'US', 'MA', 42.10148, -72.58981),
      place('Springfield', 'AU', '04', -27.65, 152.91),
    ];
    expect(placeLabels(springfields, 'en')).toEqual([
      'Springfield (39.8°, -89.64°), United States',
      'Springfield (42.1°, -72.59°), United States',
      'Springfield, Australia',
    ]);
    // In French, the decimal comma.
    expect(placeLabels(springfields.slice(0, 2), 'fr')[0]).toBe('Springfield (39,8°, -89,64°), États-Unis');
  });

  it('leaves out a country CLDR does not know rather than show its code', () => {
    expect(
      placeLabels([place('Atlantis', 'XX', '01'), place('Nowhere', 'ZZ', ''), place('Void', '', '')], 'en'),
    ).toEqual(['Atlantis', 'Nowhere', 'Void']);
  });
});
