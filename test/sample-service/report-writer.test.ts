// Report content: real events, houses counted from the sign, allowed HTML only, deterministic.
import { describe, expect, it } from 'vitest';
import {
  ReportPeriodError,
  SIGN_NAMES,
  isoWeekMonday,
  isoWeeksInYear,
  periodRange,
  type SampleReportKind,
} from '../../src/sample-service/report-writer.ts';
import { writeReport } from './helpers/write-report.ts';
import { EN } from '../../src/sample-service/phrase-bank.en.ts';

const ALLOWED_TAGS = new Set(['p', 'h2', 'h3', 'strong', 'em', 'ul', 'li']);

function tagsOf(html: string): string[] {
  return [...html.matchAll(/<\/?([a-zA-Z0-9]+)[^>]*>/g)].map((m) => m[1]!.toLowerCase());
}

describe('periods', () => {
  it('uses ISO weeks: 2026-W48 is Monday November 23 to Sunday November 29', () => {
    const r = periodRange('weekly', { year: 2026, week: 48 });
    expect(r.start.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(r.end.toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(r.label).toBe('the week of November 23–29, 2026');
  });

  it('knows ISO week 1 may start in December and which years have 53 weeks', () => {
    expect(isoWeekMonday(2026, 1).toISOString().slice(0, 10)).toBe('2025-12-29');
    expect(isoWeekMonday(2021, 1).toISOString().slice(0, 10)).toBe('2021-01-04');
    expect(isoWeeksInYear(2026)).toBe(53);
    expect(isoWeeksInYear(2025)).toBe(52);
  });

  it('rejects out-of-range weeks, months and sign ids with messages naming the field', () => {
    expect(() => writeReport('weekly', { year: 2025, week: 53 }, 0)).toThrow(ReportPeriodError);
    expect(() => writeReport('weekly', { year: 2025, week: 53 }, 0)).toThrow(/"week".*1 to 52/);
    expect(() => writeReport('monthly', { year: 2026, month: 13 }, 0)).toThrow(/"month"/);
    expect(() => writeReport('yearly', { year: 2026 }, 12)).toThrow(/sign id/);
  });
});

describe('writeReport', () => {
  it('names the full moon of November 24 in Gemini in the 2026-w48 weekly, in the house counted from each sign', () => {
    // Gemini is sign 2: it is the 3rd house for Aries (0), the 1st for Gemini, the 12th for Cancer (3).
    const expected: Array<[number, string]> = [
      [0, '3rd'],
      [2, '1st'],
      [3, '12th'],
      [8, '7th'],
    ];
    for (const [signId, house] of expected) {
      const { intro, text } = writeReport('weekly', { year: 2026, week: 48 }, signId);
      expect(intro).toContain('full moon on November 24 in Gemini');
      expect(intro).toContain(`your ${house} house`);
      expect(text).toMatch(/full (moon )?in Gemini on November 24|full moon on November 24 in Gemini/);
      expect(text).toContain(`your ${house} house`);
    }
  });

  it('counts houses from the sign: a full moon in Taurus is the 2nd house for Aries', () => {
    // The full moon of 2026-10-26 is in Taurus.
    const { text } = writeReport('monthly', { year: 2026, month: 10 }, 0);
    const item = [...text.matchAll(/<li>(.*?)<\/li>/g)]
      .map((m) => m[1]!)
      .find((li) => /full/.test(li) && /Taurus/.test(li));
    expect(item).toBeDefined();
    expect(item).toContain('2nd house');
  });

  it('writes the ascendant-yearly report for the rising sign, counting houses from it', () => {
    const { intro, text } = writeReport('ascendantYearly', { year: 2026 }, 0);
    expect(intro).toMatch(/^For Aries rising, 2026/);
    expect(text).toContain('Aries rising');
    // Saturn enters Aries on February 14, 2026: the 1st house for Aries rising.
    expect(text).toMatch(/moves into Aries on February 14 \(your 1st house/);
    expect(writeReport('yearly', { year: 2026 }, 0).text).not.toContain('rising');
  });

  it("lists the year's eclipses and Mercury retrograde periods in the yearly report", () => {
    const { text } = writeReport('yearly', { year: 2026 }, 6);
    expect(text).toContain('<h3>Eclipse seasons</h3>');
    for (const d of ['February 17', 'March 3', 'August 12', 'August 28']) expect(text).toContain(d);
    expect(text).toContain('Mercury: February 26 – March 20');
  });

  it('is deterministic: the same inputs give the same output, different signs different words', () => {
    const kinds: Array<[SampleReportKind, { year: number; week?: number; month?: number }]> = [
      ['weekly', { year: 2026, week: 48 }],
      ['monthly', { year: 2026, month: 3 }],
      ['yearly', { year: 2027 }],
      ['ascendantYearly', { year: 2027 }],
    ];
    for (const [kind, period] of kinds) {
      const all = SIGN_NAMES.map((_, s) => writeReport(kind, period, s));
      expect(SIGN_NAMES.map((_, s) => writeReport(kind, period, s))).toEqual(all);
      expect(new Set(all.map((r) => r.text)).size).toBe(12);
    }
  });

  it('uses only the allowed tags, balanced, a plain-text intro of one or two sentences, and no unfilled slots', () => {
    for (const kind of ['weekly', 'monthly', 'yearly', 'ascendantYearly'] as const) {
      for (let signId = 0; signId < 12; signId++) {
        const period = { year: 2026, week: 1 + signId * 4, month: 1 + signId };
        const { intro, text } = writeReport(kind, period, signId);
        expect(intro).not.toMatch(/[<>]/);
        expect(intro.split(/(?<=\.)\s/).length).toBeLessThanOrEqual(2);
        expect(intro).toContain(SIGN_NAMES[signId]);
        expect(text).not.toMatch(/[{}]|undefined|NaN/);
        const tags = tagsOf(text);
        expect(tags.filter((t) => !ALLOWED_TAGS.has(t))).toEqual([]);
        const opens = text.match(/<(p|h2|h3|strong|em|ul|li)>/g)?.length ?? 0;
        const closes = text.match(/<\/(p|h2|h3|strong|em|ul|li)>/g)?.length ?? 0;
        expect(opens).toBe(closes);
      }
    }
  });
});

/** Every fixed run of three or more words in the English bank's templates: none may leak into another language. */
function englishFixedPhrases(): string[] {
  const strings: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') strings.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(EN);
  return strings
    .flatMap((template) => template.replace(/<[^>]+>/g, '').split(/\{\w+\}|[.,:;()]/))
    .map((piece) => piece.trim())
    .filter((piece) => piece.split(/\s+/).length >= 3);
}

describe('writeReport in Spanish', () => {
  const periods: Array<[SampleReportKind, { year: number; week?: number; month?: number }]> = [
    ['weekly', { year: 2026, week: 48 }],
    ['weekly', { year: 2026, week: 53 }],
    ['monthly', { year: 2026, month: 3 }],
    ['monthly', { year: 2026, month: 11 }],
    ['yearly', { year: 2026 }],
    ['ascendantYearly', { year: 2027 }],
  ];
  const spanish = periods.flatMap(([kind, period]) => SIGN_NAMES.map((_, s) => writeReport(kind, period, s, 'es')));

  it('tells the full moon of November 24 in Gemini in Spanish, in the house counted from the sign', () => {
    const { intro, text } = writeReport('weekly', { year: 2026, week: 48 }, 0, 'es');
    expect(intro).toBe(
      'Aries: la semana del 23 al 29 de noviembre de 2026 gira en torno a la luna llena del 24 de noviembre en Géminis, ' +
        'en tu tercera casa, la de las conversaciones, los hermanos y los viajes cortos.',
    );
    expect(text).toContain('<h3>Fechas clave</h3>');
    expect(text).toMatch(/luna llena (del 24 de noviembre )?en Géminis/);
    expect(writeReport('weekly', { year: 2026, week: 48 }, 2, 'es').intro).toContain('en tu primera casa');
  });

  it("writes the yearly report's eclipses, retrograde periods and rising sign in Spanish", () => {
    const yearly = writeReport('yearly', { year: 2026 }, 6, 'es').text;
    expect(yearly).toContain('<h3>Temporadas de eclipses</h3>');
    for (const d of ['17 de febrero', '3 de marzo', '12 de agosto', '28 de agosto']) expect(yearly).toContain(d);
    expect(yearly).toContain('Mercurio: del 26 de febrero al 20 de marzo, en Piscis');
    const rising = writeReport('ascendantYearly', { year: 2026 }, 0, 'es');
    expect(rising.intro).toMatch(/^Ascendente Aries: 2026 /);
    expect(rising.text).toContain('<strong>ascendente Aries</strong>');
    expect(rising.text).toMatch(/entra en Aries el 14 de febrero \(tu primera casa/);
  });

  it('leaves no English behind: no fixed phrase of the English templates, no English month or common word', () => {
    const phrases = englishFixedPhrases();
    expect(phrases.length).toBeGreaterThan(100);
    for (const { intro, text } of spanish) {
      for (const piece of [intro, text]) {
        for (const phrase of phrases) expect(piece).not.toContain(phrase);
        expect(piece).not.toMatch(
          /\b(the|your|house|and|of|in|on|retrograde|January|February|March|April|June|July|August|September|October|November|December)\b/,
        );
        expect(piece).not.toMatch(
          /\b(Taurus|Gemini|Cancer|Scorpio|Sagittarius|Capricorn|Aquarius|Pisces|Mercury|Jupiter|Saturn|Uranus|Neptune|Pluto)\b/,
        );
        expect(piece).not.toMatch(/\b(de|a) el\b/);
      }
    }
  });

  it('is deterministic like English, and uses only the allowed tags with no unfilled slots', () => {
    for (const [kind, period] of periods) {
      const all = SIGN_NAMES.map((_, s) => writeReport(kind, period, s, 'es'));
      expect(SIGN_NAMES.map((_, s) => writeReport(kind, period, s, 'es'))).toEqual(all);
      expect(new Set(all.map((r) => r.text)).size).toBe(12);
    }
    for (const { intro, text } of spanish) {
      expect(intro).not.toMatch(/[<>{}]/);
      expect(text).not.toMatch(/[{}]|undefined|NaN/);
      expect(tagsOf(text).filter((t) => !ALLOWED_TAGS.has(t))).toEqual([]);
    }
  });

  it('names periods in Spanish', () => {
    expect(periodRange('weekly', { year: 2026, week: 14 }, 'es').label).toBe(
      'la semana del 30 de marzo al 5 de abril de 2026',
    );
    expect(periodRange('monthly', { year: 2026, month: 11 }, 'es').label).toBe('noviembre de 2026');
    expect(periodRange('yearly', { year: 2026 }, 'es').span).toBe('este año');
  });
});
