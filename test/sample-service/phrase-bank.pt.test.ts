// The Portuguese the phrase bank needs beyond its templates, Portugal's and Brazil's: contractions, Brazil's
// possessive without its article, the first of the month, and each country's names.
import { describe, expect, it } from 'vitest';
import { PT, PT_BR } from '../../src/sample-service/phrase-bank.pt.ts';

const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe('Portuguese phrase banks', () => {
  it('join "de", "em", "a" and "por" with the article after them', () => {
    expect(
      PT.finish(
        'a entrada de o Sol, em torno de a lua, marcado por o eclipse, ligadas a as viagens, a o resto, em o lar, no início de esta semana',
      ),
    ).toBe(
      'a entrada do Sol, em torno da lua, marcado pelo eclipse, ligadas às viagens, ao resto, no lar, no início desta semana',
    );
    expect(PT.finish('a sua casa, de outro, a oitava, em ondas')).toBe('a sua casa, de outro, a oitava, em ondas');
  });

  it('write the possessive without its article in Brazil, as Portugal keeps it', () => {
    const text = 'ilumina a sua casa. A sua vez, os seus planos, as suas necessidades, dá à sua atenção, na sua casa';
    expect(PT_BR.finish(text)).toBe(
      'ilumina sua casa. Sua vez, seus planos, suas necessidades, dá à sua atenção, na sua casa',
    );
    expect(PT.finish(text)).toBe(text);
  });

  it('write the first of the month and the names as each country does', () => {
    expect(PT.day(utc('2026-03-01'), 2026)).toBe('1 de março');
    expect(PT_BR.day(utc('2026-03-01'), 2026)).toBe('1º de março');
    expect(PT_BR.day(utc('2027-01-03'), 2026)).toBe('3 de janeiro de 2027');
    expect(PT_BR.weekLabel(utc('2026-10-26'), utc('2026-11-01'))).toBe(
      'a semana de 26 de outubro a 1º de novembro de 2026',
    );
    expect(PT.weekLabel(utc('2026-12-07'), utc('2026-12-13'))).toBe('a semana de 7 a 13 de dezembro de 2026');
    expect([PT.signNames[2], PT.signNames[3], PT.planetNames.Venus, PT.planetNames.Neptune]).toEqual([
      'Gémeos',
      'Caranguejo',
      'Vénus',
      'Neptuno',
    ]);
    expect([PT_BR.signNames[2], PT_BR.signNames[3], PT_BR.planetNames.Venus, PT_BR.planetNames.Neptune]).toEqual([
      'Gêmeos',
      'Câncer',
      'Vênus',
      'Netuno',
    ]);
    expect([1, 11, 12].map(PT.ordinal)).toEqual(['primeira', 'décima primeira', 'décima segunda']);
  });

  it('introduce a natal chart with the hour as both countries write it', () => {
    const birth = {
      name: 'Ada',
      date: '1926-04-21',
      place: 'London',
      sun: 'Touro',
      moon: 'Leão',
      rising: 'Capricórnio',
    };
    expect(PT.natal.intro({ ...birth, time: '02:40' })).toBe(
      'Ada: nascimento no dia 21 de abril de 1926, às 2h40, em London; Sol em Touro, Lua em Leão, ascendente em Capricórnio.',
    );
    expect(PT_BR.natal.intro({ ...birth, date: '1926-04-01', time: '01:05' })).toBe(
      'Ada: nascimento no dia 1º de abril de 1926, à 1h05, em London; Sol em Touro, Lua em Leão, ascendente em Capricórnio.',
    );
  });
});
