// The German the phrase bank needs beyond its templates: a sign's article and case after "in", dates, ordinals.
import { describe, expect, it } from 'vitest';
import { DE } from '../../src/sample-service/phrase-bank.de.ts';
import { writeReport } from './helpers/write-report.ts';

const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe('German phrase bank', () => {
  it('gives each sign its article and case after "in": where (dative) and whither (accusative)', () => {
    expect([8, 2, 5, 11].map((i) => DE.signsIn![i])).toEqual([
      'im Schützen',
      'in den Zwillingen',
      'in der Jungfrau',
      'in den Fischen',
    ]);
    expect([9, 4, 6, 11].map((i) => DE.signsInto![i])).toEqual([
      'in den Steinbock',
      'in den Löwen',
      'in die Waage',
      'in die Fische',
    ]);
  });

  it('names events in the accusative after "um", with the sign declined', () => {
    expect(DE.headline({ type: 'phase', phase: 'newMoon', date: '9. Dezember', sign: 'Schütze', signId: 8 })).toBe(
      'den Neumond am 9. Dezember im Schützen',
    );
    expect(
      DE.headline({
        type: 'ingress',
        planet: 'Sun',
        retrograde: false,
        date: '21. Dezember',
        sign: 'Steinbock',
        signId: 9,
      }),
    ).toBe('den Eintritt der Sonne in den Steinbock am 21. Dezember');
    expect(
      DE.headline({
        type: 'station',
        planet: 'Venus',
        direction: 'direct',
        date: '14. November',
        sign: 'Waage',
        signId: 6,
      }),
    ).toBe('die Wende der Venus zur Direktläufigkeit am 14. November in der Waage');
  });

  it('never writes a bare sign after "in" in a report', () => {
    const signs = 'Widder|Stier|Zwillinge|Krebs|Löwe|Jungfrau|Waage|Skorpion|Schütze|Steinbock|Wassermann|Fische';
    for (const [kind, period] of [
      ['weekly', { year: 2026, week: 50 }],
      ['monthly', { year: 2026, month: 3 }],
      ['yearly', { year: 2026 }],
    ] as const) {
      const { intro, text } = writeReport(kind, period, 3, 'de');
      expect(`${intro} ${text}`).not.toMatch(new RegExp(`\\bin (${signs})\\b`));
    }
    expect(writeReport('weekly', { year: 2026, week: 50 }, 0, 'de').text).toContain(
      'Neumond am 9. Dezember im Schützen',
    );
  });

  it('writes dates and houses the German way', () => {
    expect(DE.day(utc('2026-12-09'), 2026)).toBe('9. Dezember');
    expect(DE.day(utc('2027-01-03'), 2026)).toBe('3. Januar 2027');
    expect(DE.weekLabel(utc('2026-12-07'), utc('2026-12-13'))).toBe('Die Woche vom 7. bis 13. Dezember 2026');
    expect(DE.weekLabel(utc('2026-03-30'), utc('2026-04-05'))).toBe('Die Woche vom 30. März bis 5. April 2026');
    expect(DE.weekLabel(utc('2026-12-28'), utc('2027-01-03'))).toBe(
      'Die Woche vom 28. Dezember 2026 bis 3. Januar 2027',
    );
    expect(DE.dayRange(utc('2027-10-07'), utc('2027-10-28'))).toBe('vom 7. bis 28. Oktober');
    expect(DE.monthLabel(utc('2026-11-01'))).toBe('Der November 2026');
    expect(DE.ordinal(9)).toBe('9.');
  });

  it('introduces a natal chart with the signs declined and the hour as Germans write it', () => {
    expect(
      DE.natal.intro({
        name: 'Ada',
        date: '1926-04-21',
        time: '02:40',
        place: 'London',
        sun: 'Stier',
        moon: 'Löwe',
        rising: 'Steinbock',
      }),
    ).toBe('Ada, geboren am 21. April 1926 um 2:40 Uhr in London: Sonne im Stier, Mond im Löwen, Aszendent Steinbock.');
  });
});
