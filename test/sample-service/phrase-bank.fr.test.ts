// The French the phrase bank needs beyond its templates: contractions, "1er", feminine ordinals, month labels.
import { describe, expect, it } from 'vitest';
import { FR } from '../../src/sample-service/phrase-bank.fr.ts';

const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe('French phrase bank', () => {
  it('contracts "de le", "de les", "à le" and "à les", and only those', () => {
    expect(FR.finish('l’entrée de le Soleil, autour de les amis, à le foyer, à les voyages. De le Soleil')).toBe(
      'l’entrée du Soleil, autour des amis, au foyer, aux voyages. Du Soleil',
    );
    expect(FR.finish('de la famille, de l’amour, de lecture, à lever, de leur')).toBe(
      'de la famille, de l’amour, de lecture, à lever, de leur',
    );
  });

  it('names an event with its article contracted once finished', () => {
    expect(
      FR.finish(
        FR.headline({
          type: 'ingress',
          planet: 'Sun',
          retrograde: false,
          date: '21 décembre',
          sign: 'Capricorne',
          signId: 9,
        }),
      ),
    ).toBe('l’entrée du Soleil en Capricorne le 21 décembre');
    expect(
      FR.headline({
        type: 'station',
        planet: 'Venus',
        direction: 'direct',
        date: '14 novembre',
        sign: 'Balance',
        signId: 6,
      }),
    ).toBe('la station directe de Vénus le 14 novembre en Balance');
  });

  it('writes dates the French way: "1er", no zero, the year only when it is not the period\'s', () => {
    expect(FR.day(utc('2026-03-01'), 2026)).toBe('1er mars');
    expect(FR.day(utc('2026-03-07'), 2026)).toBe('7 mars');
    expect(FR.day(utc('2027-01-03'), 2026)).toBe('3 janvier 2027');
    expect(FR.weekLabel(utc('2026-10-26'), utc('2026-11-01'))).toBe('la semaine du 26 octobre au 1er novembre 2026');
    expect(FR.weekLabel(utc('2026-12-07'), utc('2026-12-13'))).toBe('la semaine du 7 au 13 décembre 2026');
    expect(FR.weekLabel(utc('2026-12-28'), utc('2027-01-03'))).toBe('la semaine du 28 décembre 2026 au 3 janvier 2027');
    expect(FR.dayRange(utc('2027-10-07'), utc('2027-10-28'))).toBe('du 7 au 28 octobre');
    expect(FR.monthLabel(utc('2026-04-01'))).toBe('le mois d’avril 2026');
    expect(FR.monthLabel(utc('2026-11-01'))).toBe('le mois de novembre 2026');
    expect([1, 2, 9].map(FR.ordinal)).toEqual(['1re', '2e', '9e']);
  });

  it('introduces a natal chart with the hour as the French write it', () => {
    expect(
      FR.natal.intro({
        name: 'Ada',
        date: '1926-04-01',
        time: '02:40',
        place: 'London',
        sun: 'Bélier',
        moon: 'Lion',
        rising: 'Capricorne',
      }),
    ).toBe(
      'Ada\u00a0: naissance le 1er avril 1926 à 2\u00a0h\u00a040 à London\u00a0; Soleil en Bélier, Lune en Lion, ascendant Capricorne.',
    );
  });
});
