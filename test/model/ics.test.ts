// The .ics writer against RFC 5545, read back by an independent parser (ical.js): CRLF only, lines of at most 75
// octets, TEXT escaped, instants in UTC, all-day spans with an exclusive end.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, icsFile, type IcsCalendar } from '../../src/model/ics.ts';

const owners = 'Stars, Moons; and \\ back\nslash';
const calendar: IcsCalendar = {
  prodId: '-//example.org//Test//EN',
  name: `${owners}: the sky's calendar`,
  description: 'Cada luna: llena, nueva; eclipses \\ y más\nsegunda línea',
  url: 'https://example.org/calendar/',
  source: 'https://example.org/calendar/sky.ics',
  stamp: new Date('2026-02-01T00:00:00Z'),
  events: [
    {
      uid: 'fullmoon-moon-virgo-20260303@example.org',
      summary: `Éclipse lunaire totale, pleine lune en Vierge — ${'é'.repeat(60)} ${owners}`,
      url: 'https://example.org/calendar/2026-03/',
      start: new Date('2026-03-03T11:38:00Z'),
    },
    {
      uid: 'retrograde-mercury-pisces-20260226@example.org',
      summary: 'Mercury retrograde',
      url: 'https://example.org/calendar/2026-02/',
      startDay: '2026-02-26',
      endDay: '2026-03-21',
    },
  ],
};
const text = icsFile(calendar);

describe('icsFile', () => {
  it('ends every line with CRLF and never has a bare LF or CR', () => {
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
  });

  it('folds every line at 75 octets, never inside a UTF-8 character', () => {
    const lines = text.split('\r\n').slice(0, -1);
    for (const line of lines) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    // Unfolded (§3.1: CRLF and one space removed), the summary comes back whole, so no character was cut.
    expect(text.replaceAll('\r\n ', '')).toContain('pleine lune en Vierge — éééé');
  });

  it("reads back in ical.js with the owners' words, the UTC instant and the exclusive all-day end", () => {
    const component = new ICAL.Component(ICAL.parse(text));
    // ical.js as installed, unpatched: NAME and the X-WR pair come back unescaped because they say VALUE=TEXT.
    expect(component.getFirstPropertyValue('name')).toBe(calendar.name);
    expect(component.getFirstPropertyValue('x-wr-calname')).toBe(calendar.name);
    expect(component.getFirstPropertyValue('description')).toBe(calendar.description);
    expect(component.getFirstPropertyValue('x-wr-caldesc')).toBe(calendar.description);
    expect(component.getFirstPropertyValue('refresh-interval')?.toString()).toBe('P1D');
    const [moon, mercury] = component.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    expect(moon!.summary).toBe(calendar.events[0]!.summary);
    expect(moon!.startDate.zone?.tzid).toBe('UTC');
    expect(moon!.startDate.toJSDate().toISOString()).toBe('2026-03-03T11:38:00.000Z');
    // A moment: an explicit end at the same instant, so no app makes it an hour or a day.
    expect(moon!.endDate.toJSDate().toISOString()).toBe('2026-03-03T11:38:00.000Z');
    expect(moon!.component.hasProperty('dtend')).toBe(true);
    expect(moon!.component.getFirstPropertyValue('transp')).toBe('TRANSPARENT');
    expect([mercury!.startDate.isDate, mercury!.startDate.toString(), mercury!.endDate.toString()]).toEqual([
      true,
      '2026-02-26',
      '2026-03-21',
    ]);
  });
});

describe('escapeText and foldLine', () => {
  it('escapes backslash, semicolon, comma and every kind of new line', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
  });

  it('leaves a line of exactly 75 ASCII octets whole and folds one of 76, each continuation 75 octets with its space', () => {
    expect(foldLine(`X:${'a'.repeat(73)}`)).toBe(`X:${'a'.repeat(73)}`);
    expect(foldLine(`X:${'a'.repeat(74)}`).split('\r\n')).toEqual([`X:${'a'.repeat(73)}`, ' a']);
    // 75 + 74 + 1 characters: the second line is the space and 74 more, 75 octets; the third the last one.
    const lines = foldLine(`X:${'b'.repeat(73 + 74 + 1)}`).split('\r\n');
    expect(lines.map((line) => Buffer.byteLength(line))).toEqual([75, 75, 2]);
  });

  it('never splits a three- or four-octet character across a fold, nor lets it push a line past 75 octets', () => {
    // "X:" and 24 "€" (3 octets) are 74 octets: the 25th does not fit, so it starts the continuation.
    const euro = foldLine(`X:${'€'.repeat(30)}`).split('\r\n');
    expect(euro.map((line) => Buffer.byteLength(line))).toEqual([74, 1 + 6 * 3]);
    // A continuation holds the space and 18 four-octet characters: 73 octets, a 19th would make 77.
    const stars = foldLine(`X:${'🌕'.repeat(18 + 18 + 1)}`).split('\r\n');
    expect(stars.map((line) => Buffer.byteLength(line))).toEqual([2 + 18 * 4, 1 + 18 * 4, 1 + 4]);
    expect(stars.join('').replaceAll(' ', '')).toBe(`X:${'🌕'.repeat(37)}`);
  });

  it('folds by octets: 37 two-octet characters after "X:" fill the first line, the next starts a continuation', () => {
    const line = `X:${'é'.repeat(40)}`;
    const [first, second] = foldLine(line).split('\r\n');
    expect([Buffer.byteLength(first!), second]).toEqual([2 + 36 * 2, ` ${'é'.repeat(4)}`]);
  });
});
