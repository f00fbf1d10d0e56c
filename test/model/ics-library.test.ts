// Why src/model/ics.ts writes the .ics itself: ical-generator, configured as our writer is used, checked rule by rule
// against RFC 5545 (§3.1 content lines, §3.3.11 TEXT) and RFC 7986 (§5.1 NAME, §5.7 REFRESH-INTERVAL). The rules are
// checked on the text alone, by neither writer's code. https://www.rfc-editor.org/rfc/rfc5545#section-3.1
import ical, { ICalCalendarMethod, ICalEventTransparency } from 'ical-generator';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { icsFile } from '../../src/model/ics.ts';

// The owners' words reach the calendar's name, PRODID and description: every character TEXT must escape.
const title = 'Stars, Moons; & \\ more\nlines';
const name = `${title}: the sky's calendar`;
const prodId = `-//example.org//${title}//EN`;
const description = 'Every moon, eclipse; and retrograde';
const summary = `Pleine lune en Vierge — ${'é'.repeat(40)} ${title}`;
const stamp = new Date('2026-02-01T00:00:00Z');
const moon = {
  uid: 'fullmoon-moon-virgo-20260303@example.org',
  url: 'https://example.org/calendar/2026-03/',
  start: new Date('2026-03-03T11:38:00Z'),
};
// Mercury retrograde 26 February to 20 March inclusive: both writers are given the day after, which DTEND must be
// (§3.6.1: a DATE end is not inclusive).
const span = {
  uid: 'retrograde-mercury-pisces-20260226@example.org',
  url: 'https://example.org/calendar/2026-02/',
  first: '2026-02-26',
  after: '2026-03-21',
};

function ours(): string {
  return icsFile({
    prodId,
    name,
    description,
    stamp,
    url: 'https://example.org/calendar/',
    source: 'https://example.org/calendar/sky.ics',
    events: [
      { uid: moon.uid, summary, url: moon.url, start: moon.start },
      { uid: span.uid, summary: 'Mercury retrograde', url: span.url, startDay: span.first, endDay: span.after },
    ],
  });
}

function icalGenerator(): string {
  const calendar = ical({
    prodId: { company: 'example.org', product: title, language: 'EN' },
    name,
    description,
    url: 'https://example.org/calendar/',
    source: 'https://example.org/calendar/sky.ics',
    method: ICalCalendarMethod.PUBLISH,
    ttl: 24 * 60 * 60,
  });
  calendar.createEvent({
    id: moon.uid,
    stamp,
    start: moon.start,
    summary,
    url: moon.url,
    transparency: ICalEventTransparency.TRANSPARENT,
  });
  calendar.createEvent({
    id: span.uid,
    stamp,
    allDay: true,
    summary: 'Mercury retrograde',
    url: span.url,
    transparency: ICalEventTransparency.TRANSPARENT,
    start: new Date(`${span.first}T00:00:00Z`),
    end: new Date(`${span.after}T00:00:00Z`),
  });
  return calendar.toString();
}

/** §3.1: a CRLF followed by one space or tab is a fold; what remains between CRLFs is one content line each. */
function contentLines(text: string): string[] {
  return text.replace(/\r\n[ \t]/g, '').split('\r\n');
}

/** The value of the first content line whose name (before `;` or `:`) is `property`. */
function valueOf(text: string, property: string): string | undefined {
  const line = contentLines(text).find((l) => l.split(/[;:]/, 1)[0] === property);
  return line?.slice(line.indexOf(':') + 1);
}

/** §3.3.11: TSAFE-CHAR excludes CONTROL (but HTAB), `;`, `,` and `\`, which appear only as `\\ \; \, \n`. */
function isText(value: string | undefined, words: string): boolean {
  // eslint-disable-next-line no-control-regex -- CONTROL is what the grammar forbids
  if (value === undefined || !/^(?:[^\u0000-\u0008\u000a-\u001f\u007f\\;,]|\\[\\;,nN])*$/.test(value)) return false;
  return value.replace(/\\([\\;,nN])/g, (_, ch: string) => (ch.toLowerCase() === 'n' ? '\n' : ch)) === words;
}

/** The rules the calendar must keep, each with the words it is about; a rule is named once it is broken. */
function violations(text: string): string[] {
  const lines = contentLines(text);
  const rules: [string, boolean][] = [
    ['CRLF line ends (RFC 5545 §3.1)', !/[\r\n]/.test(text.replaceAll('\r\n', ''))],
    ['CRLF after the last line (RFC 5545 §3.1)', text.endsWith('END:VCALENDAR\r\n')],
    ['lines of at most 75 octets (RFC 5545 §3.1)', text.split('\r\n').every((l) => Buffer.byteLength(l) <= 75)],
    ['PRODID is TEXT, escaped (RFC 5545 §3.7.3, §3.3.11)', isText(valueOf(text, 'PRODID'), prodId)],
    ['NAME is TEXT, escaped (RFC 7986 §5.1)', isText(valueOf(text, 'NAME'), name)],
    ['X-WR-CALNAME is TEXT, escaped (RFC 5545 §3.8.8.2)', isText(valueOf(text, 'X-WR-CALNAME'), name)],
    ['X-WR-CALDESC is TEXT, escaped (RFC 5545 §3.8.8.2)', isText(valueOf(text, 'X-WR-CALDESC'), description)],
    ['SUMMARY is TEXT, escaped (RFC 5545 §3.8.1.12)', isText(valueOf(text, 'SUMMARY'), summary)],
    ['REFRESH-INTERVAL a day (RFC 7986 §5.7)', lines.includes('REFRESH-INTERVAL;VALUE=DURATION:P1D')],
    ['X-PUBLISHED-TTL a day', lines.includes('X-PUBLISHED-TTL:P1D')],
    ['UIDs as given (RFC 5545 §3.8.4.7)', lines.includes(`UID:${moon.uid}`) && lines.includes(`UID:${span.uid}`)],
    ['DTSTAMP as given (RFC 5545 §3.8.7.2)', lines.filter((l) => l === 'DTSTAMP:20260201T000000Z').length === 2],
    ['instant in UTC (RFC 5545 §3.3.5)', lines.includes('DTSTART:20260303T113800Z')],
    [
      'all-day span, exclusive DTEND (RFC 5545 §3.6.1)',
      lines.includes('DTSTART;VALUE=DATE:20260226') && lines.includes('DTEND;VALUE=DATE:20260321'),
    ],
  ];
  return rules.filter(([, kept]) => !kept).map(([rule]) => rule);
}

describe('the .ics writer and ical-generator against the RFCs', () => {
  afterEach(() => vi.useRealTimers());

  it('our writer keeps every rule', () => {
    expect(violations(ours())).toEqual([]);
  });

  it('ical-generator leaves PRODID, NAME and the X-WR- names unescaped, and the last line without its CRLF', () => {
    // The title's new line, written raw into PRODID, NAME and X-WR-CALNAME, is also a bare LF inside a line.
    expect(violations(icalGenerator())).toEqual([
      'CRLF line ends (RFC 5545 §3.1)',
      'CRLF after the last line (RFC 5545 §3.1)',
      'PRODID is TEXT, escaped (RFC 5545 §3.7.3, §3.3.11)',
      'NAME is TEXT, escaped (RFC 7986 §5.1)',
      'X-WR-CALNAME is TEXT, escaped (RFC 5545 §3.8.8.2)',
      'X-WR-CALDESC is TEXT, escaped (RFC 5545 §3.8.8.2)',
    ]);
  });

  it('both write the same file whatever the clock says', () => {
    const at = (now: string, write: () => string) => (vi.useFakeTimers({ now: new Date(now) }), write());
    for (const write of [ours, icalGenerator])
      expect(at('2026-02-02T10:00:00Z', write)).toBe(at('2027-07-09T23:59:59Z', write));
  });
});
