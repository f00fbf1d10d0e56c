// Which languages the sample service writes, the fallback to English, and the check on a language option.
import { describe, expect, it } from 'vitest';
import {
  SAMPLE_LANGUAGES,
  checkLanguageTag,
  natalLanguageFor,
  phraseBank,
  sampleLanguageFor,
} from '../../src/sample-service/language.ts';

describe('sample languages', () => {
  it('writes the seven languages of the site', () => {
    expect(SAMPLE_LANGUAGES).toEqual(['en', 'es', 'de', 'fr', 'it', 'pt', 'pt-BR']);
    expect(phraseBank('es').signNames).toEqual([
      'Aries',
      'Tauro',
      'Géminis',
      'Cáncer',
      'Leo',
      'Virgo',
      'Libra',
      'Escorpio',
      'Sagitario',
      'Capricornio',
      'Acuario',
      'Piscis',
    ]);
  });

  it('answers in the language and region of a tag, else its primary language when it writes it, else in English', () => {
    expect(sampleLanguageFor('es')).toBe('es');
    expect(sampleLanguageFor('es-MX')).toBe('es');
    expect(sampleLanguageFor('ES')).toBe('es');
    expect(sampleLanguageFor('en-GB')).toBe('en');
    expect(sampleLanguageFor('fr')).toBe('fr');
    expect(sampleLanguageFor('fr-CA')).toBe('fr');
    expect(sampleLanguageFor('de-CH')).toBe('de');
    expect(sampleLanguageFor('pt-BR')).toBe('pt-BR');
    expect(sampleLanguageFor('pt-br')).toBe('pt-BR');
    expect(sampleLanguageFor('pt-PT')).toBe('pt');
    expect(sampleLanguageFor('pt')).toBe('pt');
    expect(sampleLanguageFor('nl')).toBe('en');
    expect(sampleLanguageFor('ja-JP')).toBe('en');
  });

  it("answers a natal lang without a region in the account's own variant of that language", () => {
    expect(natalLanguageFor('pt', 'pt-BR')).toBe('pt-BR');
    expect(natalLanguageFor('pt-PT', 'pt-BR')).toBe('pt');
    expect(natalLanguageFor('pt', 'pt')).toBe('pt');
    expect(natalLanguageFor('pt', 'en')).toBe('pt');
    expect(natalLanguageFor('de', 'pt-BR')).toBe('de');
    expect(natalLanguageFor('nl', 'pt-BR')).toBe('en');
  });

  it('takes well-formed language tags and names the setting for anything else', () => {
    for (const tag of ['en', 'es', 'es-MX', 'pt-BR', 'de-CH-1996']) expect(checkLanguageTag('language', tag)).toBe(tag);
    for (const bad of ['spanish', 'es_MX', '', 'e', 'es-', 42, undefined]) {
      expect(() => checkLanguageTag('SAMPLE_API_LANGUAGE', bad)).toThrow(RangeError);
      expect(() => checkLanguageTag('SAMPLE_API_LANGUAGE', bad)).toThrow(
        /^SAMPLE_API_LANGUAGE must be a language tag such as "en" or "es-MX", got /,
      );
    }
  });
});
