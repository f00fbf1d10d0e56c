// The sample service's own sign and planet records (GET /api/signs and /api/planets). The service does not
// describe their fields (docs/service-api.md#other-endpoints), so they are deliberately small: id and name plus a few well-known facts. Kept here,
// not borrowed from src/data/, because the sample service stands beside the pipeline and must not import it.

interface SampleSign {
  id: number;
  name: string;
  element: 'Fire' | 'Earth' | 'Air' | 'Water';
  modality: 'Cardinal' | 'Fixed' | 'Mutable';
}

interface SamplePlanet {
  id: number;
  name: string;
}

/** sign_id order: Aries is 0, Pisces is 11 (docs/service-api.md#sign-ids). */
const SAMPLE_SIGN_NAMES = [
  'Aries',
  'Taurus',
  'Gemini',
  'Cancer',
  'Leo',
  'Virgo',
  'Libra',
  'Scorpio',
  'Sagittarius',
  'Capricorn',
  'Aquarius',
  'Pisces',
] as const;

const ELEMENTS = ['Fire', 'Earth', 'Air', 'Water'] as const;
const MODALITIES = ['Cardinal', 'Fixed', 'Mutable'] as const;

export const SAMPLE_SIGNS: readonly SampleSign[] = SAMPLE_SIGN_NAMES.map((name, id) => ({
  id,
  name,
  // The zodiac cycles the elements every 4 signs and the modalities every 3, starting from Aries.
  element: ELEMENTS[id % 4]!,
  modality: MODALITIES[id % 3]!,
}));

export const SAMPLE_PLANETS: readonly SamplePlanet[] = [
  'Sun',
  'Moon',
  'Mercury',
  'Venus',
  'Mars',
  'Jupiter',
  'Saturn',
  'Uranus',
  'Neptune',
  'Pluto',
].map((name, id) => ({ id, name }));
