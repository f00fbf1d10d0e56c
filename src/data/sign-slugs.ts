// The signs' page slugs by `sign_id` (0 = aries … 11 = pisces), in a module that imports nothing, so the Worker's
// bundle can read them without the build's configuration.
export const SIGN_SLUGS = [
  'aries',
  'taurus',
  'gemini',
  'cancer',
  'leo',
  'virgo',
  'libra',
  'scorpio',
  'sagittarius',
  'capricorn',
  'aquarius',
  'pisces',
] as const;
export type SignSlug = (typeof SIGN_SLUGS)[number];
