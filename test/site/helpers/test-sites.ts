// The sites the built-site tests read, each built once per run and shared (test/helpers/shared-sites.ts): the tests'
// own site (test/fixtures/site) from the embedded sample service, and a small one in each other shipped language.
import { builtSite, type SharedSite } from '../../helpers/shared-sites.ts';

export const TEST_BUILD_DATE = '2026-11-22';
/** The shipped languages besides English (content/i18n/), each built as a whole site of its own. */
export const OTHER_LANGUAGES = ['es', 'pt', 'fr', 'de', 'it'];
/** The language sites' windows: the current period of each kind, and next week (the tests read week 48). */
const LANGUAGE_PERIODS = { weekly: { past: 0, future: 1 }, monthly: { past: 0, future: 0 }, yearly: { past: 0, future: 0 }, ascendantYearly: { past: 0, future: 0 } };

/** The tests' own site, its whole window, built on TEST_BUILD_DATE. */
export const testSite = (): Promise<SharedSite> => builtSite('site', { buildDate: TEST_BUILD_DATE });

/** Language → the built site's folder, for every language but English. */
export async function languageSites(): Promise<Record<string, string>> {
  const sites: Record<string, string> = {};
  // Their tests read the pages and the feeds, never the JSON API or the card, which the default site has.
  for (const language of OTHER_LANGUAGES) sites[language] = (await builtSite('site', { periods: LANGUAGE_PERIODS, site: { language, api: false, card: false }, buildDate: TEST_BUILD_DATE })).dist;
  return sites;
}
