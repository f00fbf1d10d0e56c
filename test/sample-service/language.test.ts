// Which languages the sample service writes, the fallback to English, and the check on a language option.
import { describe, expect, it } from 'vitest';
import { SAMPLE_LANGUAGES, checkLanguageTag, phraseBank, sampleLanguageFor } from '../../src/sample-service/language.ts';

describe('sample languages', () => {
  it('writes English and Spanish', () => {
    expect(SAMPLE_LANGUAGES).toEqual(['en', 'es']);
    expect(phraseBank('es').signNames).toEqual([
      'Aries', 'Tauro', 'Géminis', 'Cáncer', 'Leo', 'Virgo', 'Libra', 'Escorpio', 'Sagitario', 'Capricornio', 'Acuario', 'Piscis',
    ]);
  });

  it('answers in the primary language of a tag when it writes it, else in English', () => {
    expect(sampleLanguageFor('es')).toBe('es');
    expect(sampleLanguageFor('es-MX')).toBe('es');
    expect(sampleLanguageFor('ES')).toBe('es');
    expect(sampleLanguageFor('en-GB')).toBe('en');
    expect(sampleLanguageFor('fr')).toBe('en');
    expect(sampleLanguageFor('pt-BR')).toBe('en');
  });

  it('takes well-formed language tags and names the setting for anything else', () => {
    for (const tag of ['en', 'es', 'es-MX', 'pt-BR', 'de-CH-1996']) expect(checkLanguageTag('language', tag)).toBe(tag);
    for (const bad of ['spanish', 'es_MX', '', 'e', 'es-', 42, undefined]) {
      expect(() => checkLanguageTag('SAMPLE_API_LANGUAGE', bad)).toThrow(RangeError);
      expect(() => checkLanguageTag('SAMPLE_API_LANGUAGE', bad)).toThrow(/^SAMPLE_API_LANGUAGE must be a language tag such as "en" or "es-MX", got /);
    }
  });
});
