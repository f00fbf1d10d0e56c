// An iCalendar file (RFC 5545) with RFC 7986's calendar properties: CRLF after every line, lines folded at 75
// octets without splitting a UTF-8 character, TEXT values escaped. Written here rather than by ical-generator,
// which leaves PRODID, NAME and the X-WR- names unescaped (a site title with "," or a new line breaks the file) and
// the last line without its CRLF: test/model/ics-library.test.ts.
// https://www.rfc-editor.org/rfc/rfc5545#section-3.1 https://www.rfc-editor.org/rfc/rfc7986

const DEFAULTS = {
  /** Most octets of a line, CRLF excluded (RFC 5545 §3.1). */
  lineOctets: 75,
};

export interface IcsInstantEvent {
  uid: string;
  summary: string;
  url: string;
  /** An instant, written in UTC (`…Z`), never floating; DTEND is the same instant (a moment, not an hour). */
  start: Date;
  /** DESCRIPTION, when there is more to say than the summary. */
  description?: string;
}

export interface IcsAllDayEvent {
  uid: string;
  summary: string;
  url: string;
  /** First day and the day after the last (DTEND is exclusive), `YYYY-MM-DD`. */
  startDay: string;
  endDay: string;
}

export interface IcsCalendar {
  prodId: string;
  /** NAME and X-WR-CALNAME (DESCRIPTION and X-WR-CALDESC: `description`). */
  name: string;
  description: string;
  /** The calendar's page (URL) and its own address (SOURCE). */
  url: string;
  source: string;
  /** DTSTAMP of every event: deterministic, so an unchanged calendar is the same file. */
  stamp: Date;
  events: (IcsInstantEvent | IcsAllDayEvent)[];
}

/** A TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and new lines escaped; other controls dropped. */
export function escapeText(value: string): string {
  return (
    value
      .replace(/[\\;,]/g, (ch) => `\\${ch}`)
      .replace(/\r\n|\r|\n/g, '\\n')
      // eslint-disable-next-line no-control-regex -- CONTROL characters are not allowed in TEXT (§3.3.11)
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
  );
}

/** One content line folded into lines of at most 75 octets, each continuation starting with a space (§3.1). */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    if (octets + size > DEFAULTS.lineOctets) {
      out.push(current);
      current = ' ';
      octets = 1;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n');
}

/** `20260303T113800Z` */
function utcStamp(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

function eventLines(event: IcsInstantEvent | IcsAllDayEvent, stamp: Date): string[] {
  // An explicit end equal to the start: without one, apps guess (an hour, a point, a whole day) (RFC 5545 §3.6.1).
  const when =
    'start' in event
      ? [`DTSTART:${utcStamp(event.start)}`, `DTEND:${utcStamp(event.start)}`]
      : [
          `DTSTART;VALUE=DATE:${event.startDay.replaceAll('-', '')}`,
          `DTEND;VALUE=DATE:${event.endDay.replaceAll('-', '')}`,
        ];
  return [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${utcStamp(stamp)}`,
    ...when,
    `SUMMARY:${escapeText(event.summary)}`,
    ...('description' in event && event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    `URL;VALUE=URI:${event.url}`,
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ];
}

/** The whole file. */
export function icsFile(calendar: IcsCalendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${escapeText(calendar.prodId)}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    // VALUE=TEXT says what RFC 7986 defines (NAME) and the X- pair leave unknown: parsers then unescape them too.
    `NAME;VALUE=TEXT:${escapeText(calendar.name)}`,
    `X-WR-CALNAME;VALUE=TEXT:${escapeText(calendar.name)}`,
    `DESCRIPTION:${escapeText(calendar.description)}`,
    `X-WR-CALDESC;VALUE=TEXT:${escapeText(calendar.description)}`,
    `URL;VALUE=URI:${calendar.url}`,
    `SOURCE;VALUE=URI:${calendar.source}`,
    'REFRESH-INTERVAL;VALUE=DURATION:P1D',
    'X-PUBLISHED-TTL:P1D',
    ...calendar.events.flatMap((event) => eventLines(event, calendar.stamp)),
    'END:VCALENDAR',
  ];
  return lines.map((line) => `${foldLine(line)}\r\n`).join('');
}
