// The sky's words in German, Italian and French where they must agree: each form against the wording a native
// writer would use, written here by hand; the period's dates as each locale writes them; the zone by its name.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMessages } from '../../src/data/i18n.ts';
import { describePeriod, weekPeriod } from '../../src/data/periods.ts';
import { readSigns } from '../../src/data/signs.ts';
import { buildCalendar } from '../../src/model/calendar.ts';
import { calendarEvent, type CalendarWords } from '../../src/model/calendar-events.ts';
import { zoneName } from '../../src/model/calendar-time.ts';
import { siteUrls } from '../../src/model/urls.ts';
import type { SkyEvent } from '../../src/sky/index.ts';
import { site } from './fixture.ts';

const content = path.resolve(import.meta.dirname, '../fixtures/site/content');

function words(language: string): CalendarWords {
  const messages = loadMessages(content, language);
  return {
    locale: language,
    timeZone: 'UTC',
    t: messages.t,
    signs: readSigns(path.join(content, 'signs.json'), messages),
    planets: messages.ui.planets,
  };
}

const SIGN = { aries: 0, gemini: 2, leo: 4, virgo: 5, sagittarius: 8, capricorn: 9, pisces: 11 } as const;
const time = new Date('2026-12-09T12:00:00Z');
const station = (
  body: 'Venus' | 'Saturn' | 'Mars' | 'Mercury',
  sign: keyof typeof SIGN,
  direction: 'retrograde' | 'direct',
): SkyEvent => ({ type: 'station', body, direction, time, longitude: 0, signId: SIGN[sign] });
const ingress = (body: 'Sun' | 'Venus' | 'Mercury', sign: keyof typeof SIGN, retrograde = false): SkyEvent => ({
  type: 'ingress',
  body,
  retrograde,
  fromSignId: (SIGN[sign] + (retrograde ? 1 : 11)) % 12,
  time,
  longitude: 0,
  signId: SIGN[sign],
});
const phase = (name: 'newMoon' | 'fullMoon', sign: keyof typeof SIGN, eclipse?: 'total'): SkyEvent => ({
  type: 'phase',
  body: 'Moon',
  phase: name,
  ...(eclipse ? { eclipse } : {}),
  time,
  longitude: 0,
  signId: SIGN[sign],
});
const titleIn = (language: string) => {
  const w = words(language);
  return (event: SkyEvent) => calendarEvent(event, w).title;
};

describe('Italian agreement with the planet', () => {
  const title = titleIn('it');
  it('makes Venus feminine: "Venere torna diretta", "diventa retrograda", "rientra …, retrograda"', () => {
    expect(title(station('Venus', 'sagittarius', 'direct'))).toBe('Venere torna diretta in Sagittario');
    expect(title(station('Venus', 'capricorn', 'retrograde'))).toBe('Venere diventa retrograda in Capricorno');
    expect(title(ingress('Venus', 'sagittarius', true))).toBe('Venere rientra in Sagittario, retrograda');
  });
  it('keeps the masculine planets masculine: "Saturno torna diretto", "Mercurio diventa retrogrado"', () => {
    expect(title(station('Saturn', 'aries', 'direct'))).toBe('Saturno torna diretto in Ariete');
    expect(title(station('Mercury', 'pisces', 'retrograde'))).toBe('Mercurio diventa retrogrado in Pesci');
  });
});

describe('French agreement with the planet', () => {
  const title = titleIn('fr');
  it('"Vénus redevient directe", "Mars redevient direct"', () => {
    expect(title(station('Venus', 'sagittarius', 'direct'))).toBe('Vénus redevient directe en Sagittaire');
    expect(title(station('Mars', 'leo', 'direct'))).toBe('Mars redevient direct en Lion');
  });
});

describe('German signs with their article and case', () => {
  const title = titleIn('de');
  it('in the dative where something is in the sign: "Neumond im Schützen", "Vollmond in den Zwillingen"', () => {
    expect(title(phase('newMoon', 'sagittarius'))).toBe('Neumond im Schützen');
    expect(title(phase('fullMoon', 'gemini'))).toBe('Vollmond in den Zwillingen');
    expect(title(phase('fullMoon', 'virgo', 'total'))).toBe('Totale Mondfinsternis, Vollmond in der Jungfrau');
    expect(title(station('Saturn', 'aries', 'direct'))).toBe('Saturn wird im Widder direktläufig');
  });
  it('in the accusative where something enters it: "Sonne tritt in den Steinbock ein", "in die Jungfrau"', () => {
    expect(title(ingress('Sun', 'capricorn'))).toBe('Dezember-Sonnenwende: Sonne tritt in den Steinbock ein');
    expect(title(ingress('Venus', 'virgo'))).toBe('Venus tritt in die Jungfrau ein');
    expect(title(ingress('Mercury', 'pisces', true))).toBe('Merkur tritt rückläufig wieder in die Fische ein');
  });
});

describe('dates and zones as each locale writes them', () => {
  const spaced = (text: string) => text.replace(/\s+/g, ' ');
  it('writes Italian day ranges without zero padding, within a month and across two', () => {
    expect(spaced(describePeriod(weekPeriod(2026, 50), 'it'))).toBe('7–13 dicembre 2026');
    expect(spaced(describePeriod(weekPeriod(2026, 49), 'it'))).toBe('30 novembre – 6 dicembre 2026');
    expect(spaced(describePeriod(weekPeriod(2026, 50), 'de'))).toBe('7.–13. Dezember 2026');
  });
  it('names the zone as its readers know it, never by its IANA identifier', () => {
    expect(zoneName('de', 'Europe/Berlin')).toBe('Mitteleuropäische Zeit');
    expect(zoneName('it', 'Europe/Rome')).toBe('ora dell’Europa centrale');
    expect(zoneName('en', 'UTC')).toBe('UTC');
    expect(zoneName('es', 'Europe/Madrid')).toBe('hora de Europa central');
    // A chart's zone Intl does not know is shown as the service gave it, rather than failing the page.
    expect(zoneName('en', 'Mars/Olympus_Mons')).toBe('Mars/Olympus_Mons');
    const messages = loadMessages(content, 'de');
    const germanSite = { ...site, language: 'de', calendar: { timeZone: 'Europe/Berlin' } };
    const calendar = buildCalendar({
      site: germanSite,
      messages,
      signs: readSigns(path.join(content, 'signs.json'), messages),
      urls: siteUrls(germanSite),
      buildDate: '2026-12-07',
      oldestStart: '2026-12-07',
    })!;
    expect(calendar.pages[0]!.zoneNote).toBe('Uhrzeiten: Mitteleuropäische Zeit.');
    // A week's sky on a weekly page says its zone, as the report's own text may name the same event in another.
    expect(calendar.between('2026-12-07', '2026-12-13').zoneNote).toBe('Uhrzeiten: Mitteleuropäische Zeit.');
  });

  it("says, beside a week's sky, that the sample reports' own dates are in UTC where the calendar's zone is another", () => {
    const messages = loadMessages(content, 'de');
    const germanSigns = readSigns(path.join(content, 'signs.json'), messages);
    const week = (timeZone: string) => {
      const germanSite = { ...site, language: 'de', calendar: { timeZone } };
      const input = {
        site: germanSite,
        messages,
        signs: germanSigns,
        urls: siteUrls(germanSite),
        buildDate: '2026-12-07',
        oldestStart: '2026-12-07',
        sampleContent: true,
      };
      return buildCalendar(input)!.between('2026-12-07', '2026-12-13').zoneNote;
    };
    expect(week('Europe/Berlin')).toBe(
      'Uhrzeiten: Mitteleuropäische Zeit. Die Beispielhoroskope nennen ihre Daten in UTC.',
    );
    expect(week('UTC')).toBe('Uhrzeiten: UTC.');
  });
});
