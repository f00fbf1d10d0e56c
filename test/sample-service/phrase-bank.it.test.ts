// The Italian the phrase bank needs beyond its templates: articled prepositions, elision before 8 and 11, dates
// without zero padding, feminine ordinals, and planets that agree (Venere is feminine).
import { describe, expect, it } from 'vitest';
import { IT } from '../../src/sample-service/phrase-bank.it.ts';
import { writeReport } from './helpers/write-report.ts';

const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe('Italian phrase bank', () => {
  it('joins "di", "a" and "da" with the article, and elides the article before 8 and 11', () => {
    expect(IT.finish('intorno a la stazione di il Sole, da l’ingresso di gli amici, a i viaggi, di le radici')).toBe(
      'intorno alla stazione del Sole, dall’ingresso degli amici, ai viaggi, delle radici',
    );
    expect(IT.finish('il 8 dicembre, dal 11 al 18 marzo, Il 8 marzo, del 11 giugno, il 1º maggio, il 28 aprile')).toBe(
      'l’8 dicembre, dall’11 al 18 marzo, L’8 marzo, dell’11 giugno, il 1º maggio, il 28 aprile',
    );
    expect(IT.finish('nella ottava casa, Dalla undicesima casa, la tua casa, nella nona casa')).toBe(
      'nell’ottava casa, Dall’undicesima casa, la tua casa, nella nona casa',
    );
  });

  it('writes dates the Italian way: no zero padding, "1º", the year only when it is not the period\'s', () => {
    expect(IT.day(utc('2026-12-07'), 2026)).toBe('7 dicembre');
    expect(IT.day(utc('2026-03-01'), 2026)).toBe('1º marzo');
    expect(IT.weekLabel(utc('2026-12-07'), utc('2026-12-13'))).toBe('la settimana dal 7 al 13 dicembre 2026');
    expect(IT.weekLabel(utc('2026-06-08'), utc('2026-06-14'))).toBe('la settimana dall’8 al 14 giugno 2026');
    expect(IT.weekLabel(utc('2026-11-30'), utc('2026-12-06'))).toBe('la settimana dal 30 novembre al 6 dicembre 2026');
    expect(IT.dayRange(utc('2027-10-07'), utc('2027-10-28'))).toBe('dal 7 al 28 ottobre');
    expect([1, 9, 11].map(IT.ordinal)).toEqual(['prima', 'nona', 'undicesima']);
  });

  it('makes Venere agree: her station is "diretta", and no report calls her "retrogrado" or "diretto"', () => {
    expect(
      IT.finish(
        IT.headline({
          type: 'station',
          planet: 'Venus',
          direction: 'direct',
          date: '14 novembre',
          sign: 'Bilancia',
          signId: 6,
        }),
      ),
    ).toBe('la stazione diretta di Venere il 14 novembre in Bilancia');
    // Venus is retrograde from October 3 to November 14, 2026.
    for (const [kind, period] of [
      ['monthly', { year: 2026, month: 10 }],
      ['monthly', { year: 2026, month: 11 }],
      ['yearly', { year: 2026 }],
    ] as const) {
      for (let sign = 0; sign < 12; sign++) {
        const { intro, text } = writeReport(kind, period, sign, 'it');
        expect(`${intro} ${text}`).not.toMatch(/Venere(<\/strong>)? (è |torna |diventa )?(retrogrado|diretto)\b/);
      }
    }
    expect(writeReport('monthly', { year: 2026, month: 11 }, 0, 'it').text).toContain(
      'Mercurio, Venere e Saturno sono in <em>moto retrogrado</em>',
    );
  });

  it('introduces a natal chart with the hour as Italians write it, "all’1:30" included', () => {
    const birth = (date: string, time: string) =>
      IT.natal.intro({ name: 'Ada', date, time, place: 'London', sun: 'Toro', moon: 'Leone', rising: 'Capricorno' });
    expect(birth('1926-04-21', '02:40')).toBe(
      'Ada: nascita il 21 aprile 1926 alle 2:40 a London; Sole in Toro, Luna in Leone, ascendente Capricorno.',
    );
    expect(birth('1926-04-08', '01:30')).toBe(
      'Ada: nascita l’8 aprile 1926 all’1:30 a London; Sole in Toro, Luna in Leone, ascendente Capricorno.',
    );
  });
});
