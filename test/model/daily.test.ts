// Each sign's line of the day. Expected values from a published ephemeris, not astronomy-engine: at midday UTC on
// 2026-11-22 the Moon is in Taurus, entering Gemini on the 24th at 11:10 UTC; counted from Leo (whole-sign houses,
// Leo the 1st), Taurus is the 10th house and Gemini the 11th; counted from Taurus itself, the 1st.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMessages } from '../../src/data/i18n.ts';
import { dailyLines, wholeSignHouse } from '../../src/model/daily.ts';
import { tempDir } from '../helpers/temp-dir.ts';
import { messages, signs } from './fixture.ts';

const FIXTURE_I18N = path.resolve(import.meta.dirname, '../fixtures/site/content/i18n');

/** The fixture's messages in `language`, its `daily` group changed by `edit`. */
function messagesWith(language: string, edit: (daily: Record<string, string>, all: Record<string, unknown>) => void) {
  const content = tempDir('daily-messages-');
  mkdirSync(path.join(content, 'i18n'));
  const all = JSON.parse(readFileSync(path.join(FIXTURE_I18N, `${language}.json`), 'utf8')) as Record<string, unknown>;
  edit(all.daily as Record<string, string>, all);
  writeFileSync(path.join(content, 'i18n', `${language}.json`), JSON.stringify(all));
  return loadMessages(content, language);
}

describe('wholeSignHouse', () => {
  it('counts the sign itself as the 1st and goes round the zodiac', () => {
    expect(wholeSignHouse(4, 1)).toBe(10);
    expect(wholeSignHouse(4, 4)).toBe(1);
    expect(wholeSignHouse(4, 3)).toBe(12);
    expect(wholeSignHouse(11, 0)).toBe(2);
  });
});

describe('dailyLines', () => {
  it('tells Leo on 2026-11-22 the Moon is in Taurus, its 10th house, until Tuesday 11:10 UTC', () => {
    const leo = dailyLines('2026-11-22', signs, messages)![4]!;
    expect(leo.heading).toBe('Leo today');
    expect(leo.moonSign).toEqual({ slug: 'taurus', name: 'Taurus' });
    expect(leo.house).toBe(10);
    expect(Math.abs(Date.parse(leo.until) - Date.parse('2026-11-24T11:10:00Z'))).toBeLessThanOrEqual(60_000);
    expect(leo.text).toBe(
      'The Moon is in Taurus, your 10th house of career and reputation, until Tuesday, 11:10 AM UTC.',
    );
    expect(leo.html).toBe(
      `The Moon is in Taurus, your 10th house of career and reputation, until <time datetime="${leo.until}" data-time="weekday">Tuesday, 11:10 AM UTC</time>.`,
    );
  });

  it('tells each sign its own house: Taurus its 1st, Gemini its 12th, and on 2026-11-24 Leo its 11th (Gemini)', () => {
    const lines = dailyLines('2026-11-22', signs, messages)!;
    expect(lines.map((line) => line.house)).toEqual([2, 1, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(new Set(lines.map((line) => line.text)).size).toBe(12);
    const leo = dailyLines('2026-11-24', signs, messages)![4]!;
    expect(leo.moonSign.slug).toBe('gemini');
    expect(leo.text).toMatch(/^The Moon is in Gemini, your 11th house of friends and hopes, until Thursday, /);
  });

  it("names the time in the owner's zone without JavaScript, and keeps the datetime in UTC", () => {
    const leo = dailyLines('2026-11-22', signs, messages, 'America/New_York')![4]!;
    expect(leo.text).toMatch(/until Tuesday, 6:10 AM EST\.$/);
    expect(leo.html).toContain(`<time datetime="${leo.until}"`);
    expect(leo.until).toMatch(/^2026-11-24T11:1\d:00Z$/);
  });

  it("is written in the site's language", () => {
    const es = messagesWith('es', () => {});
    expect(dailyLines('2026-11-22', signs, es)![4]!.text).toBe(
      'La Luna está en Taurus, tu casa 10, la de la carrera y la reputación, hasta el martes, 11:10 UTC.',
    );
  });

  it("escapes the owner's words in the HTML, and gives no line when the site's words have none", () => {
    const hostile = messagesWith('en', (daily) => (daily.line = "'<'b'>'{moonSign}'<'/b'>' & {house} until {time}"));
    const { html } = dailyLines('2026-11-22', signs, hostile)![4]!;
    expect(html).toMatch(
      /^&#60;b&#62;Taurus&#60;\/b&#62; &#38; your 10th house of career and reputation until <time datetime="[^"]+" data-time="weekday">Tuesday, 11:10 AM UTC<\/time>$/,
    );
    const none = messagesWith('en', (_daily, all) => delete all.daily);
    expect(dailyLines('2026-11-22', signs, none)).toBeUndefined();
  });
});
