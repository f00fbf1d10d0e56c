// The sample reports in every language the site ships: written in that language throughout (its own words, no
// English sentence, each heading translated) and about the same sky as the English (the same events, on the same
// dates, in the same houses). Month names, headings and characteristic words are written here by hand.
import { describe, expect, it } from 'vitest';
import { reportWriter, type SampleReportKind } from '../../src/sample-service/report-writer.ts';
import { computeNatal } from '../../src/sample-service/natal.ts';
import { findPlace } from '../../src/sample-service/places.ts';
import type { SampleLanguage } from '../../src/sample-service/language.ts';

const ENGLISH_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

interface Language {
  months: string[];
  /** A day and month as the language writes it: captures the day number and the month name. */
  date: (months: string) => RegExp;
  /** A house as the language writes it: captures what `houseNumber` reads. */
  house: RegExp;
  houseNumber: (match: string) => number;
  /** Words every report of the language has, and its own report headings. */
  words: RegExp[];
  keyDates: string;
  yearHeadings: string[];
  /** Sign names (sign_id order) as the site writes them (content/i18n). */
  signs: string[];
}

const ORDINALS_IT = [
  'prima',
  'seconda',
  'terza',
  'quarta',
  'quinta',
  'sesta',
  'settima',
  'ottava',
  'nona',
  'decima',
  'undicesima',
  'dodicesima',
];
const ORDINALS_PT = [
  'primeira',
  'segunda',
  'terceira',
  'quarta',
  'quinta',
  'sexta',
  'sétima',
  'oitava',
  'nona',
  'décima',
  'décima primeira',
  'décima segunda',
];
const PT_MONTHS = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];
const portuguese = (signs: string[]): Language => ({
  months: PT_MONTHS,
  date: (m) => new RegExp(`(\\d+)º? de (${m})`, 'g'),
  // Longest first: "décima primeira" before "décima".
  house: new RegExp(`(${[...ORDINALS_PT].reverse().join('|')}) casa`, 'g'),
  houseNumber: (m) => ORDINALS_PT.indexOf(m) + 1,
  words: [/\bsua\b/, /\bcasa\b/, /\bque envolve\b/],
  keyDates: 'Datas-chave',
  yearHeadings: ['Júpiter e Saturno', 'Temporadas de eclipses', 'Períodos retrógrados', 'Os planetas lentos'],
  signs,
});

const LANGUAGES: Record<Exclude<SampleLanguage, 'en' | 'es'>, Language> = {
  de: {
    months: [
      'Januar',
      'Februar',
      'März',
      'April',
      'Mai',
      'Juni',
      'Juli',
      'August',
      'September',
      'Oktober',
      'November',
      'Dezember',
    ],
    date: (m) => new RegExp(`(\\d+)\\. (${m})`, 'g'),
    house: /(\d+)\. Haus/g,
    houseNumber: Number,
    words: [/\bdein(em)?\b/, /\bHaus\b/, /\b(der|die|den|das)\b/],
    keyDates: 'Wichtige Daten',
    yearHeadings: ['Jupiter und Saturn', 'Finsternisphasen', 'Rückläufige Phasen', 'Die äußeren Planeten'],
    signs: [
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
    ],
  },
  fr: {
    months: [
      'janvier',
      'février',
      'mars',
      'avril',
      'mai',
      'juin',
      'juillet',
      'août',
      'septembre',
      'octobre',
      'novembre',
      'décembre',
    ],
    date: (m) => new RegExp(`(\\d+)(?:er)? (${m})`, 'g'),
    house: /(\d+)(?:re|e) maison/g,
    houseNumber: Number,
    words: [/\bvotre\b/, /\bmaison\b/, /\b(le|la|les)\b/],
    keyDates: 'Dates clés',
    yearHeadings: ['Jupiter et Saturne', 'Saisons d’éclipses', 'Périodes rétrogrades', 'Les planètes lentes'],
    signs: [
      'Bélier',
      'Taureau',
      'Gémeaux',
      'Cancer',
      'Lion',
      'Vierge',
      'Balance',
      'Scorpion',
      'Sagittaire',
      'Capricorne',
      'Verseau',
      'Poissons',
    ],
  },
  it: {
    months: [
      'gennaio',
      'febbraio',
      'marzo',
      'aprile',
      'maggio',
      'giugno',
      'luglio',
      'agosto',
      'settembre',
      'ottobre',
      'novembre',
      'dicembre',
    ],
    date: (m) => new RegExp(`(\\d+)º? (${m})`, 'g'),
    house: new RegExp(`(${ORDINALS_IT.join('|')}) casa`, 'g'),
    houseNumber: (m) => ORDINALS_IT.indexOf(m) + 1,
    words: [/\btua\b/, /\bcasa\b/, /\bche riguarda\b/],
    keyDates: 'Date chiave',
    yearHeadings: ['Giove e Saturno', 'Stagioni delle eclissi', 'Periodi retrogradi', 'I pianeti lenti'],
    signs: [
      'Ariete',
      'Toro',
      'Gemelli',
      'Cancro',
      'Leone',
      'Vergine',
      'Bilancia',
      'Scorpione',
      'Sagittario',
      'Capricorno',
      'Acquario',
      'Pesci',
    ],
  },
  pt: portuguese([
    'Áries',
    'Touro',
    'Gémeos',
    'Caranguejo',
    'Leão',
    'Virgem',
    'Libra',
    'Escorpião',
    'Sagitário',
    'Capricórnio',
    'Aquário',
    'Peixes',
  ]),
  'pt-BR': portuguese([
    'Áries',
    'Touro',
    'Gêmeos',
    'Câncer',
    'Leão',
    'Virgem',
    'Libra',
    'Escorpião',
    'Sagitário',
    'Capricórnio',
    'Aquário',
    'Peixes',
  ]),
};

/**
 * English that no report in another language has: function words, the report's own English phrases, and the
 * English sign names the language does not share (French also says "Cancer", Portuguese "Libra").
 */
function englishIn(language: Language, text: string): string[] {
  const englishSigns = [
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
  ].filter((name) => !language.signs.includes(name));
  const words = [
    'the',
    'your',
    'house',
    'and',
    'with',
    'into',
    'turns',
    'enters',
    'moon',
    'week',
    'month',
    'year',
    'rising',
    'Key dates',
    'eclipse season',
    'retrograde',
    'Sun',
    'Moon',
    'Jupiter and Saturn',
    ...englishSigns,
  ];
  return words.filter((word) => new RegExp(`(?<![\\p{L}])${word}(?![\\p{L}])`, 'u').test(text));
}

const plain = (html: string) => html.replace(/<[^>]+>/g, ' ');
const firstList = (html: string) => /<ul>.*?<\/ul>/.exec(html)?.[0] ?? '';
const items = (html: string) => [...html.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1]!);

/** [month 1–12, day] of every date in `text`, in order. */
function datesIn(text: string, months: string[], pattern: (months: string) => RegExp): Array<[number, number]> {
  return [...text.matchAll(pattern(months.join('|')))].map((m) => [months.indexOf(m[2]!) + 1, Number(m[1])]);
}

/** [month 1–12, day] of every English date in `text` ('December 9'), in order. */
function englishDates(text: string): Array<[number, number]> {
  return [...text.matchAll(new RegExp(`(${ENGLISH_MONTHS.join('|')}) (\\d+)`, 'g'))].map((m) => [
    ENGLISH_MONTHS.indexOf(m[1]!) + 1,
    Number(m[2]),
  ]);
}
const englishHouses = (text: string) => [...text.matchAll(/(\d+)(?:st|nd|rd|th) house/g)].map((m) => Number(m[1]));
const housesIn = (language: Language, text: string) =>
  [...text.matchAll(language.house)].map((m) => language.houseNumber(m[1]!));

/** Periods with every kind of event between them: eclipses, stations, ingresses, retrograde ingresses, quarters. */
const PERIODS: Array<[SampleReportKind, { year: number; week?: number; month?: number }]> = [
  ['weekly', { year: 2026, week: 50 }],
  ['weekly', { year: 2026, week: 44 }],
  ['weekly', { year: 2026, week: 9 }],
  ['monthly', { year: 2026, month: 3 }],
  ['monthly', { year: 2026, month: 11 }],
  ['yearly', { year: 2026 }],
  ['ascendantYearly', { year: 2027 }],
];

describe.each(Object.entries(LANGUAGES))('the sample reports in %s', (code, language) => {
  const tag = code as SampleLanguage;

  it('are in the language throughout: its own words, no English one, every slot filled', () => {
    for (const [kind, period] of PERIODS) {
      const write = reportWriter(kind, period, tag);
      for (let sign = 0; sign < 12; sign++) {
        const { intro, text } = write(sign);
        const where = `${kind} ${JSON.stringify(period)} sign ${sign}`;
        const all = `${intro}\n${plain(text)}`;
        expect(englishIn(language, all), where).toEqual([]);
        for (const word of language.words) expect(all, `${where}: ${word}`).toMatch(word);
        expect(all, where).not.toMatch(/[{}]|undefined|NaN/);
        if (kind === 'ascendantYearly') expect(intro, where).toContain(language.signs[sign]!);
        else expect(intro, where).toMatch(new RegExp(`^${language.signs[sign]}\\u00a0?:`));
      }
    }
  });

  it('translate every heading', () => {
    const weekly = reportWriter('weekly', { year: 2026, week: 50 }, tag)(0).text;
    expect([...weekly.matchAll(/<h3>(.*?)<\/h3>/g)].map((m) => m[1])).toEqual([language.keyDates]);
    const yearly = reportWriter('yearly', { year: 2026 }, tag)(0).text;
    expect([...yearly.matchAll(/<h3>(.*?)<\/h3>/g)].map((m) => m[1])).toEqual(language.yearHeadings);
  });

  it('name the same sky as the English: each key date on the same day, in the same house', () => {
    for (const [kind, period] of PERIODS) {
      const english = reportWriter(kind, period, 'en');
      const other = reportWriter(kind, period, tag);
      for (const sign of [0, 5, 10]) {
        const where = `${kind} ${JSON.stringify(period)} sign ${sign}`;
        const en = english(sign);
        const it = other(sign);
        // The intro's event (after the period's label, whose dates each language writes its own way): date and house.
        expect(datesIn(it.intro, language.months, language.date).at(-1), where).toEqual(englishDates(en.intro).at(-1));
        expect(housesIn(language, it.intro), where).toEqual(englishHouses(en.intro));
        // The first list (the key dates of a week or month, the eclipses of a year): the same events in the same order.
        const enItems = items(firstList(en.text));
        const itItems = items(firstList(it.text));
        expect(enItems.length, where).toBeGreaterThan(0);
        expect(itItems.length, where).toBe(enItems.length);
        itItems.forEach((li, i) => {
          expect(datesIn(li, language.months, language.date), `${where} item ${i}`).toEqual(englishDates(enItems[i]!));
          expect(housesIn(language, li), `${where} item ${i}`).toEqual(englishHouses(enItems[i]!));
        });
      }
    }
  });

  it("write the natal chart's texts and names in the language", () => {
    const chart = computeNatal({
      name: 'Ada',
      date: '1926-04-21',
      time: '02:40',
      lang: tag,
      place: findPlace(2643743)!,
    }) as {
      intro: string;
      planets: { signName: string; planetName: string; text: string | null; housetext: string | null }[];
    };
    // The Sun in Taurus, the Moon in Leo, Capricorn rising (as the English chart of the same birth says).
    expect(chart.planets[0]!.signName).toBe(language.signs[1]);
    expect(chart.planets[1]!.signName).toBe(language.signs[4]);
    expect(chart.intro).toContain(language.signs[9]!);
    const texts = chart.planets.flatMap((p) => [p.text, p.housetext]).filter((t): t is string => t !== null);
    expect(texts.length).toBe(14);
    for (const t of [chart.intro, ...texts]) {
      expect(englishIn(language, plain(t)), t).toEqual([]);
      expect(t).not.toMatch(/[{}]|undefined/);
    }
  });
});
