// `npm run check` on the site's .ics files: each of the four faults calendar apps choke on is named with its line,
// and a file the writer made has none.
import { describe, expect, it } from 'vitest';
import { calendarProblems } from '../../../src/cli/check/check-calendar.ts';
import { icsFile } from '../../../src/model/ics.ts';

const good = icsFile({
  prodId: '-//example.org//Test//EN',
  name: 'Stars, Moons; and \\ more',
  description: 'Every moon',
  url: 'https://example.org/calendar/',
  source: 'https://example.org/calendar/sky.ics',
  stamp: new Date('2026-02-01T00:00:00Z'),
  events: ['a', 'b'].map((id) => ({
    uid: `${id}@example.org`,
    summary: `Full Moon ${'é'.repeat(50)}`,
    url: 'https://example.org/calendar/2026-03/',
    start: new Date('2026-03-03T11:38:00Z'),
  })),
});
const lineOf = (text: string, start: string) => text.split('\r\n').findIndex((line) => line.startsWith(start)) + 1;

describe('calendarProblems', () => {
  it('finds nothing in a file the writer made', () => {
    expect(calendarProblems(good)).toEqual([]);
  });

  it('names a bare LF', () => {
    const text = good.replace('METHOD:PUBLISH\r\n', 'METHOD:PUBLISH\n');
    expect(calendarProblems(text)).toContainEqual({
      line: lineOf(good, 'METHOD'),
      message: 'has a bare LF: every line must end with CRLF',
    });
  });

  it('names a bare CR, inside a line or just before its CRLF, on the line where it is', () => {
    const inside = good.replace('METHOD:PUBLISH\r\n', 'METHOD:PUB\rLISH\r\n');
    expect(calendarProblems(inside)).toEqual([
      { line: lineOf(good, 'METHOD'), message: 'has a bare CR: every line must end with CRLF' },
    ]);
    const doubled = good.replace('CALSCALE:GREGORIAN\r\n', 'CALSCALE:GREGORIAN\r\r\n');
    expect(calendarProblems(doubled)).toEqual([
      { line: lineOf(good, 'CALSCALE'), message: 'has a bare CR: every line must end with CRLF' },
    ]);
  });

  it('names a bare LF in a folded continuation, and a file with LF line ends throughout', () => {
    const folded = good.split('\r\n');
    const continuation = folded.findIndex((line) => line.startsWith(' '));
    expect(continuation).toBeGreaterThan(0);
    const text = good.replace(`\r\n${folded[continuation]}`, `\n${folded[continuation]}`);
    expect(calendarProblems(text)).toContainEqual({
      line: continuation,
      message: 'has a bare LF: every line must end with CRLF',
    });
    const unix = good.replaceAll('\r\n', '\n');
    expect(calendarProblems(unix).map((p) => p.message)).toEqual(
      expect.arrayContaining(['does not end its last line with CRLF', 'has a bare LF: every line must end with CRLF']),
    );
  });

  it('names an unfolded line by its octets, not its characters', () => {
    // 40 "é" are 40 characters but 80 octets.
    const text = good.replace('DESCRIPTION:Every moon', `DESCRIPTION:${'é'.repeat(40)}`);
    expect(calendarProblems(text)).toEqual([
      { line: lineOf(good, 'DESCRIPTION'), message: 'is 92 octets long: lines are folded at 75' },
    ]);
  });

  it('names a repeated UID', () => {
    const text = good.replace('UID:b@example.org', 'UID:a@example.org');
    expect(calendarProblems(text)).toEqual([
      { line: lineOf(good, 'UID:b'), message: `repeats the UID a@example.org of line ${lineOf(good, 'UID:a')}` },
    ]);
  });

  it('names an unparsable property, and a last line without its CRLF', () => {
    const text = `${good.replace('CALSCALE:GREGORIAN', 'CALSCALE GREGORIAN')}X-EXTRA:1`;
    const problems = calendarProblems(text);
    expect(problems).toHaveLength(2);
    expect(problems).toEqual(
      expect.arrayContaining([
        { line: lineOf(good, 'CALSCALE'), message: 'has an unparsable property: "CALSCALE GREGORIAN"' },
        { line: text.split('\n').length, message: 'does not end its last line with CRLF' },
      ]),
    );
  });
});
