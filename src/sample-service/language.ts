// The languages the sample service writes. Report requests carry no language (a real account writes in its own),
// so the service is started with one; natal requests carry `lang`. Any other language gets English. Brazil's
// Portuguese has a bank of its own (its sign and planet names differ from Portugal's, as on the site).
import type { PhraseBank } from './phrase-bank.ts';
import { EN } from './phrase-bank.en.ts';
import { ES } from './phrase-bank.es.ts';
import { DE } from './phrase-bank.de.ts';
import { FR } from './phrase-bank.fr.ts';
import { IT } from './phrase-bank.it.ts';
import { PT, PT_BR } from './phrase-bank.pt.ts';

const BANKS = { en: EN, es: ES, de: DE, fr: FR, it: IT, pt: PT, 'pt-BR': PT_BR } as const satisfies Record<
  string,
  PhraseBank
>;

export type SampleLanguage = keyof typeof BANKS;
export const SAMPLE_LANGUAGES = Object.keys(BANKS) as readonly SampleLanguage[];

function isSampleLanguage(code: string): code is SampleLanguage {
  return Object.hasOwn(BANKS, code);
}

/**
 * The language the service writes for a language tag: the tag's language and region when it has a bank of their own
 * ('pt-BR'), else its primary language when written ('es-MX' → 'es', 'pt-PT' → 'pt'), else 'en'.
 */
export function sampleLanguageFor(tag: string): SampleLanguage {
  const [language = '', region = ''] = tag.split('-');
  const regional = `${language.toLowerCase()}-${region.toUpperCase()}`;
  if (isSampleLanguage(regional)) return regional;
  const primary = language.toLowerCase();
  return isSampleLanguage(primary) ? primary : 'en';
}

/**
 * The language of a natal answer: the request's `lang`, in the account's own regional variant when `lang` names
 * the account's language without a region ('pt' from a Brazilian account's site → 'pt-BR'), as clients send two letters.
 */
export function natalLanguageFor(lang: string, account: SampleLanguage): SampleLanguage {
  const language = sampleLanguageFor(lang);
  return !lang.includes('-') && language === account.split('-')[0] ? account : language;
}

export function phraseBank(language: SampleLanguage): PhraseBank {
  return BANKS[language];
}

/** A BCP 47 language tag such as "en" or "es-MX", or a RangeError naming `setting`. */
export function checkLanguageTag(setting: string, value: unknown): string {
  const wellFormed = typeof value === 'string' && /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(value) && isLocale(value);
  if (!wellFormed)
    throw new RangeError(`${setting} must be a language tag such as "en" or "es-MX", got ${JSON.stringify(value)}`);
  return value;
}

function isLocale(tag: string): boolean {
  try {
    new Intl.Locale(tag);
    return true;
  } catch {
    return false;
  }
}
