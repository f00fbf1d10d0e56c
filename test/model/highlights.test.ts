// Each sign's own line of a period, taken from its report: the expected lines are worked by hand from the texts below.
import { describe, expect, it } from 'vitest';
import { periodHighlights } from '../../src/model/highlights.ts';
import { reportWriter } from '../../src/sample-service/report-writer.ts';
import { phraseBank, type SampleLanguage } from '../../src/sample-service/language.ts';

const NAMES = [
  'Aries',
  'Taurus',
  'Gemini',
  'Cancer',
  'Leo',
  'Virgo',
  'Libra',
  'Scorpio',
  'Sagittarius',
  'Capricorn',
  'Aquarius',
  'Pisces',
];
const HOUSES = ['12th', '11th', '10th', '9th', '8th', '7th', '6th', '5th', '4th', '3rd', '2nd', '1st'];

const twelve = (intro: (name: string, i: number) => string, text: (name: string, i: number) => string = () => '') =>
  NAMES.map((signName, i) => ({ signName, intro: intro(signName, i), text: text(signName, i) }));

describe('periodHighlights', () => {
  it("skips the opening all twelve share, names aside, to the end of its clause: a referee's texts that open alike", () => {
    const sources = twelve(
      (name, i) =>
        `${name}: the week of March 2–8, 2026 turns on the Sun entering Pisces on March 2, in your ${HOUSES[i]} house.`,
      () => '<p>Pace yourself this week.</p>',
    );
    const lines = periodHighlights(sources, 'en');
    expect(lines[0]).toBe('In your 12th house.');
    expect(lines[4]).toBe('In your 8th house.');
    expect(new Set(lines).size).toBe(12);
  });

  it("takes a sign's first sentence that no other report has, when the first is the same for all but the name", () => {
    const sources = twelve(
      (name) => `<p>${name}, the stars are busy this week. </p>`,
      (name, i) => `<p>The Moon lights your ${HOUSES[i]} house on Tuesday. Rest on Sunday.</p>`,
    );
    const lines = periodHighlights(sources, 'en');
    expect(lines[0]).toBe('The Moon lights your 12th house on Tuesday.');
    expect(lines[11]).toBe('The Moon lights your 1st house on Tuesday.');
  });

  it("passes over a sentence another sign's report has too, and reads list items and headings as sentences of their own", () => {
    const sources = twelve(
      () => 'A quiet week.',
      (_name, i) =>
        `<h2>Key dates</h2><ul><li>Venus turns direct.</li><li>${i < 2 ? 'Money returns.' : `Day ${i + 1} is yours.`}</li><li>Aries gets a call ${i}.</li></ul>`,
    );
    const lines = periodHighlights(sources, 'en');
    // Aries and Taurus share "Money returns.": each goes on to its own next sentence.
    expect(lines.slice(0, 3)).toEqual(['Aries gets a call 0.', 'Aries gets a call 1.', 'Day 3 is yours.']);
  });

  it("counts any sign's name as the same word, so Scorpio's own report does not end the shared opening early", () => {
    const sources = twelve(
      (name, i) => `${name}: November turns on Mercury in Scorpio, in your ${HOUSES[i]} house of change.`,
    );
    const lines = periodHighlights(sources, 'en');
    expect(lines[7]).toBe('In your 5th house of change.');
    expect(lines[0]).toBe('In your 12th house of change.');
  });

  it('keeps the first sentence where no report has one of its own, and cuts nothing that would leave too little', () => {
    expect(
      periodHighlights(
        twelve(() => 'All the same. Still the same.'),
        'en',
      ),
    ).toEqual(NAMES.map(() => 'All the same.'));
    const short = periodHighlights(
      twelve((name, i) => `${name}: the week turns on the Sun, house ${i}.`),
      'en',
    );
    expect(short[3]).toBe('Cancer: the week turns on the Sun, house 3.');
  });

  it('cuts the shared opening when exactly three words are left, and not when two are', () => {
    // After "…on the Sun," the rest is "in house N." (three words) in the first, "house N." (two) in the second.
    const three = periodHighlights(
      twelve((name, i) => `${name}: the week turns on the Sun, in house ${i}.`),
      'en',
    );
    expect(three[3]).toBe('In house 3.');
    const two = periodHighlights(
      twelve((name, i) => `${name}: the week turns on the Sun, house ${i}.`),
      'en',
    );
    expect(two[3]).toBe('Cancer: the week turns on the Sun, house 3.');
  });

  it('segments sentences as the language does', () => {
    const sources = twelve(
      (name, i) => `${name} : la semaine s’ouvre sur la pleine lune, dans votre maison ${i + 1} des amis.`,
    );
    expect(periodHighlights(sources, 'fr')[1]).toBe('Dans votre maison 2 des amis.');
  });

  it("reads a number and a full stop as an ordinal in German, and as a sentence's end in English", () => {
    const german = [
      'Widder',
      'Stier',
      'Zwillinge',
      'Krebs',
      'Löwe',
      'Jungfrau',
      'Waage',
      'Skorpion',
      'Schütze',
      'Steinbock',
      'Wassermann',
      'Fische',
    ];
    const sources = german.map((signName, i) => ({
      signName,
      intro: `${signName}: Die Woche vom 7. bis 13. Dezember 2026 dreht sich um den Neumond am 9. Dezember im Schützen, in deinem ${((8 - i + 12) % 12) + 1}. Haus.`,
      text: '',
    }));
    const lines = periodHighlights(sources, 'de');
    expect(lines[0]).toBe('In deinem 9. Haus.');
    expect(lines[8]).toBe('In deinem 1. Haus.');
    const english = twelve((name, i) => `${name}: the Moon is full on March 5. Rest in your ${HOUSES[i]} house.`);
    expect(periodHighlights(english, 'en')[0]).toBe('Rest in your 12th house.');
  });
});

describe("periodHighlights on the sample service's reports in each language", () => {
  /** How each language's line opens ("in your … house"), written by hand. */
  const OPENINGS: Record<string, RegExp> = {
    en: /^In your \d+(st|nd|rd|th) house /,
    es: /^En tu \p{L}+ casa, /u,
    de: /^In deinem \d+\. Haus \(/,
    fr: /^Dans votre \d+(re|e) maison, /,
    it: /^Nella tua \p{L}+ casa, /u,
    pt: /^Na sua \p{L}+( primeira| segunda)? casa, /u,
    'pt-BR': /^Na sua \p{L}+( primeira| segunda)? casa, /u,
  };

  it.each(Object.keys(OPENINGS))(
    'gives each sign its own line in %s, not the sentence all twelve share',
    (language) => {
      for (const [kind, period] of [
        ['weekly', { year: 2026, week: 50 }],
        ['monthly', { year: 2026, month: 3 }],
        ['yearly', { year: 2026 }],
      ] as const) {
        const write = reportWriter(kind, period, language as SampleLanguage);
        const names = phraseBank(language as SampleLanguage).signNames;
        const lines = periodHighlights(
          names.map((signName, i) => ({ signName, ...write(i) })),
          language,
        );
        expect(new Set(lines).size, kind).toBe(12);
        for (const line of lines) expect(line, kind).toMatch(OPENINGS[language]!);
      }
    },
  );
});
