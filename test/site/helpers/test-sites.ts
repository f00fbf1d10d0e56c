// The sites the built-site tests read, each built once per run and shared (test/helpers/shared-sites.ts): the tests'
// own site (test/fixtures/site) from the embedded sample service, and a small one in each other shipped language.
import { builtSite, type SharedSite } from '../../helpers/shared-sites.ts';

export const TEST_BUILD_DATE = '2026-11-22';
/** The shipped languages besides English (content/i18n/), each built as a whole site of its own. */
export const OTHER_LANGUAGES = ['es', 'pt', 'fr', 'de', 'it'];
/** The language sites' windows: the current period of each kind, and next week (the tests read week 48). */
const LANGUAGE_PERIODS = {
  weekly: { past: 0, future: 1 },
  monthly: { past: 0, future: 0 },
  yearly: { past: 0, future: 0 },
  ascendantYearly: { past: 0, future: 0 },
};

/** The tests' own site, its whole window, built on TEST_BUILD_DATE. */
export const testSite = (): Promise<SharedSite> => builtSite('site', { buildDate: TEST_BUILD_DATE });

/**
 * Language → the built site's folder, for every language but English, built (or waited for) in the order `order`
 * gives: two files asking from opposite ends build the sites side by side.
 */
export async function languageSites(order: readonly string[] = OTHER_LANGUAGES): Promise<Record<string, string>> {
  const built: Record<string, string> = {};
  // Their tests read the pages and the feeds, never the JSON API or the card, which the default site has.
  for (const language of order)
    built[language] = (
      await builtSite('site', {
        periods: LANGUAGE_PERIODS,
        site: { language, api: false, card: false },
        buildDate: TEST_BUILD_DATE,
      })
    ).dist;
  return Object.fromEntries(OTHER_LANGUAGES.map((language) => [language, built[language]!]));
}
