// The home page's sky on the build's date. Expected values from outside the code: the Moon's phases of November
// 2026 from USNO's table (new moon November 9, 07:02 UTC; first quarter November 17, 11:48; full moon November 24,
// 14:53), the Sun entering Sagittarius on November 22, 2026 at 05:35 UTC, and the retrograde periods of that
// autumn as almanacs list them (Mercury October 24 to November 13; Venus October 3 to November 14; Saturn July 26 to December 10; Neptune July 7
// to December 12; Uranus from September 10 into February 2027; Pluto direct since October 15). The drawing's own
// tests are test/model/moon-drawing.test.ts.
import { describe, expect, it } from 'vitest';
import { todayView } from '../../src/model/today.ts';
import path from 'node:path';
import { loadMessages } from '../../src/data/i18n.ts';
import { readSigns } from '../../src/data/signs.ts';
import { messages, signs } from './fixture.ts';

describe('todayView', () => {
  it('says the day, and names the Moon, the Sun and the planets retrograde at midday UTC of the build date', () => {
    const today = todayView('2026-11-22', signs, messages);
    expect(today.title).toBe('The sky on November 22');
    // Two days before the full moon: gibbous and waxing, over nine tenths lit.
    expect(today.moon.phase).toMatch(/^waxing gibbous, 9\d\u00a0% lit$/);
    expect(today.sun).toBe('Sun in Sagittarius');
    expect(today.retrograde).toBe('Retrograde now: Saturn, Uranus, and Neptune');
    // The drawing is named by the phase's words, which the page prints beside it with this id.
    expect(today.moon.svg).toMatch(
      /^<svg class="moon-phase" viewBox="0 0 100 100" role="img" aria-labelledby="moon-phase-text">/,
    );
  });

  it('names the new and the full moon on their days, and Mercury and Venus retrograde before November 13', () => {
    expect(todayView('2026-11-09', signs, messages).moon.phase).toMatch(/^new moon, [0-2]\u00a0% lit$/);
    expect(todayView('2026-11-24', signs, messages).moon.phase).toMatch(/^full moon, (99|100)\u00a0% lit$/);
    expect(todayView('2026-11-17', signs, messages).moon.phase).toMatch(/^first quarter, (4\d|5\d)\u00a0% lit$/);
    expect(todayView('2026-11-05', signs, messages).retrograde).toBe(
      'Retrograde now: Mercury, Venus, Saturn, Uranus, and Neptune',
    );
    expect(todayView('2026-11-21', signs, messages).sun).toBe('Sun in Scorpio');
  });

  it('names the days around a principal phase by their own quarter, not by the phase two days off', () => {
    expect(todayView('2026-11-07', signs, messages).moon.phase).toMatch(/^waning crescent, \d\u00a0% lit$/);
    expect(todayView('2026-11-10', signs, messages).moon.phase).toMatch(/^waxing crescent, \d\u00a0% lit$/);
    expect(todayView('2026-11-16', signs, messages).moon.phase).toMatch(/^waxing crescent, \d+\u00a0% lit$/);
  });

  it("keeps the percent sign on the number's line: a no-break space between them", () => {
    expect(todayView('2026-11-22', signs, messages).moon.phase).not.toMatch(/\d %/);
  });

  it('draws the lit part in its own class over the dark disc, and no lit part at new moon', () => {
    expect(todayView('2026-11-22', signs, messages).moon.svg).toMatch(
      /<circle class="moon-dark"[^>]*\/><path class="moon-lit" d="M50 0A50 50 0 0 1 50 100A[\d.]+ 50 0 0 1 50 0Z"\/>/,
    );
    expect(todayView('2026-11-09', signs, messages).moon.svg).not.toContain('moon-lit');
  });

  it('draws the sky on the wheel without houses, each planet named in words', () => {
    const { wheel } = todayView('2026-11-22', signs, messages);
    expect(wheel).toContain('<title id="sky-now-title">The planets on November 22</title>');
    expect(wheel).toContain('Saturn in Aries at');
    expect(wheel).not.toContain('wheel-house');
    expect(wheel.match(/class="wheel-planet[ "]/g)).toHaveLength(10);
  });

  it("names the Sun's and the Moon's signs as German says them, with the article's case", () => {
    const content = path.resolve(import.meta.dirname, '../fixtures/site/content');
    const de = loadMessages(content, 'de');
    // 2026-11-22 at midday UTC: the Sun in Sagittarius (since 05:35), the Moon in Taurus (USNO, ephemerides).
    const today = todayView('2026-11-22', readSigns(path.join(content, 'signs.json'), de), de);
    expect(today.sun).toBe('Sonne im Schützen');
    expect(today.moon.sign).toBe('Mond im Stier');
  });
});
