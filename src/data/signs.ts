// The twelve signs. Page slugs come from `sign_id` (0 = aries … 11 = pisces), never from the service's
// `sign_name`, which is free text shown escaped.
import { z } from 'zod';
import { ConfigError, readJsonFile } from './config.ts';
import type { Messages } from './i18n.ts';
import { describeMonthDayRange } from './periods.ts';
import { SIGN_SLUGS, type SignSlug } from './sign-slugs.ts';

export { SIGN_SLUGS, type SignSlug } from './sign-slugs.ts';

const monthDay = z.string().regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'must be a month and day, MM-DD');

/** What does not depend on the language; names and facts are words, in content/i18n/<language>.json. */
const signFactsSchema = z.strictObject({
  slug: z.enum(SIGN_SLUGS),
  glyph: z.string().min(1),
  from: monthDay,
  to: monthDay,
});

export interface Sign {
  id: number;
  slug: SignSlug;
  glyph: string;
  /** In the site's language, from content/i18n/. */
  name: string;
  /** "March 21 – April 19", in the site's language. */
  dates: string;
  element: string;
  modality: string;
  ruler: string;
}

/**
 * Reads the editor-owned sign facts (`content/signs.json`: twelve records in sign_id order) and gives them their
 * words in the site's language.
 */
export function readSigns(file: string, messages: Messages, label = file): Sign[] {
  const signs = readJsonFile(file, label, z.array(signFactsSchema).length(12, 'must list the 12 signs'));
  return signs.map((facts, id) => {
    if (facts.slug !== SIGN_SLUGS[id]) {
      throw new ConfigError(
        `${label}: ${id}.slug`,
        `must be "${SIGN_SLUGS[id]}" (entries are in sign_id order, aries first)`,
      );
    }
    const words = messages.ui.signs[facts.slug];
    return {
      id,
      slug: facts.slug,
      glyph: facts.glyph,
      ...words,
      dates: describeMonthDayRange(facts.from, facts.to, messages.locale),
    };
  });
}
