// The calendar at its edges, with expected values from published tables (USNO's phases, NASA's eclipses, ephemeris
// stations) and worked by hand: retrogrades across 1 January and under way when the feed opens, zones west and east
// of UTC read on the zone's own clock, Spanish and German, stations as dates, rounding to the minute, absolute
// subscription links, and the home page's list of retrograde planets joined with the language's "and".
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { loadMessages } from '../../src/data/i18n.ts';
import { readSigns } from '../../src/data/signs.ts';
import { calendarApiFiles } from '../../src/model/calendar-api.ts';
import { calendarEvent, utcMinute } from '../../src/model/calendar-events.ts';
import { buildCalendar, type CalendarInput } from '../../src/model/calendar.ts';
import { todayView } from '../../src/model/today.ts';
import { siteUrls } from '../../src/model/urls.ts';
import { messages, signs, site } from './fixture.ts';

const content = path.resolve(import.meta.dirname, '../fixtures/site/content');
const language = (tag: string) => {
  const m = loadMessages(content, tag);
  return { messages: m, signs: readSigns(path.join(content, 'signs.json'), m) };
};

function calendarOf(buildDate: string, options: { timeZone?: string; tag?: string } = {}) {
  const words = options.tag ? language(options.tag) : { messages, signs };
  const own = {
    ...site,
    language: options.tag ?? 'en',
    ...(options.timeZone ? { calendar: { timeZone: options.timeZone } } : {}),
  };
  const input: CalendarInput = { site: own, ...words, urls: siteUrls(own), buildDate, oldestStart: '2026-01-05' };
  return buildCalendar(input)!;
}
const monthPage = (model: ReturnType<typeof calendarOf>, key: string) =>
  model.pages.find((p) => p.view === 'month' && p.month!.key === key)!;
const vevents = (body: string) =>
  new ICAL.Component(ICAL.parse(body)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
const DAY = 86_400_000;
const near = (iso: string, published: string, tolerance: number) =>
  Math.abs(Date.parse(iso) - Date.parse(published)) <= tolerance;

describe('retrogrades across 1 January and under way when the feed opens', () => {
  // Published stations (Astrodienst's ephemeris, UT): Jupiter R 11 Nov 2025 – D 11 Mar 2026 (Cancer), R 13 Dec 2026 –
  // D 13 Apr 2027 (Leo); Uranus R 6 Sep 2025 – D 4 Feb 2026, R 10 Sep 2026 – D 8 Feb 2027.
  const december = calendarOf('2026-12-10');
  const year = (y: number) => december.pages.find((p) => p.view === 'year' && p.url === `/calendar/${y}/`)!;
  const spans = (list: { uid: string; startDatetime: string; endDatetime: string }[], body: string) =>
    list.filter((r) => r.uid.startsWith(`retrograde-${body}-`));

  it("puts Jupiter's and Uranus's periods on both years they cross, on the year pages and in the JSON API", () => {
    const jupiter2026 = spans(year(2026).retrogrades!, 'jupiter');
    expect(jupiter2026).toHaveLength(2);
    expect(
      near(jupiter2026[0]!.startDatetime, '2025-11-11T16:00:00Z', DAY) &&
        near(jupiter2026[0]!.endDatetime, '2026-03-11T00:00:00Z', DAY),
    ).toBe(true);
    expect(
      near(jupiter2026[1]!.startDatetime, '2026-12-13T00:00:00Z', DAY) &&
        near(jupiter2026[1]!.endDatetime, '2027-04-13T00:00:00Z', DAY),
    ).toBe(true);
    const jupiter2027 = spans(year(2027).retrogrades!, 'jupiter');
    expect(jupiter2027.map((r) => r.uid)).toEqual([jupiter2026[1]!.uid]);
    expect(spans(year(2027).retrogrades!, 'uranus').map((r) => r.endDatetime.slice(0, 10))).toContain('2027-02-08');
    expect(spans(year(2026).retrogrades!, 'uranus')).toHaveLength(2);
    const api = calendarApiFiles(december, site, siteUrls(site)).map(
      (f) => f.document as { year: number; retrogrades: { uid: string }[] },
    );
    expect(api.find((d) => d.year === 2027)!.retrogrades.map((r) => r.uid)).toContain(jupiter2026[1]!.uid);
    expect(api.find((d) => d.year === 2026)!.retrogrades.map((r) => r.uid)).toContain(jupiter2026[0]!.uid);
  });

  it('keeps in the feed a period already under way on its first day (a year back), as an all-day span', () => {
    // The December 2026 feed opens on 2025-12-01: Jupiter (since 11 Nov 2025) and Uranus (since 6 Sep 2025) are retrograde.
    const events = vevents(december.feeds[0]!.body);
    const jupiter = events.find((e) => e.uid.startsWith('retrograde-jupiter-cancer-2025111'))!;
    expect([
      jupiter.startDate.isDate,
      jupiter.startDate.toString().slice(0, 7),
      jupiter.endDate.toString().slice(0, 7),
    ]).toEqual([true, '2025-11', '2026-03']);
    expect(events.some((e) => e.uid.startsWith('retrograde-uranus-gemini-2025090'))).toBe(true);
    expect(events.some((e) => e.uid.startsWith('retrograde-jupiter-leo-2026121'))).toBe(true);
  });
});

describe("zones west and east of UTC, on the zone's own clock", () => {
  it('puts the new moon of 2026-03-19 01:23 UT (USNO) on 18 March, 6:23 PM PDT, in Los Angeles: list, grid and time agree', () => {
    const la = calendarOf('2026-03-10', { timeZone: 'America/Los_Angeles' });
    const march = monthPage(la, '2026-03').month!;
    const moon = march.events.find((e) => e.kind === 'phase' && e.title.startsWith('New Moon'))!;
    expect(near(moon.datetime, '2026-03-19T01:23:00Z', 60_000)).toBe(true);
    expect(moon.day).toBe('2026-03-18');
    expect(moon.when).toMatch(/^March 18, 2026(,| at) 6:2[234]\sPM PDT$/);
    const cell = (d: number) => march.grid.weeks.flat().find((c) => c?.day === d)!;
    expect(cell(18).hasEvents).toBe(true);
    // The zone's own day in the week list too (2026-03-16 .. 22 contains it; 2026-03-19 .. 19 does not).
    expect(la.between('2026-03-18', '2026-03-18').events.map((e) => e.title)).toContain(moon.title);
    expect(la.between('2026-03-19', '2026-03-19').events.map((e) => e.title)).not.toContain(moon.title);
  });

  it('puts the new moon of 2026-01-18 19:52 UT (USNO) on 19 January, 4:52 AM, in Tokyo', () => {
    const tokyo = calendarOf('2026-01-10', { timeZone: 'Asia/Tokyo' });
    const january = monthPage(tokyo, '2026-01').month!;
    const moon = january.events.find((e) => e.kind === 'phase' && e.title.startsWith('New Moon'))!;
    expect(near(moon.datetime, '2026-01-18T19:52:00Z', 60_000)).toBe(true);
    expect([moon.day, moon.month]).toEqual(['2026-01-19', '2026-01']);
    expect(moon.when).toMatch(/^January 19, 2026(,| at) 4:5[123]\sAM GMT\+9$/);
    expect(january.grid.weeks.flat().find((c) => c?.day === 19)!.hasEvents).toBe(true);
  });

  it("gives a station its zone's date, on the page and as an all-day event in the feed", () => {
    // Mercury stations retrograde 2026-02-26 06:48 UT (published): the 25th in Los Angeles (22:48 PST), the 26th in Tokyo.
    for (const [zone, day] of [
      ['America/Los_Angeles', '2026-02-25'],
      ['Asia/Tokyo', '2026-02-26'],
    ] as const) {
      const model = calendarOf('2026-03-10', { timeZone: zone });
      const station = monthPage(model, '2026-02').month!.events.find(
        (e) => e.kind === 'station' && e.title.startsWith('Mercury'),
      )!;
      expect([station.day, station.allDay], zone).toEqual([day, true]);
      expect(station.when, zone).toBe(`February ${day.slice(8)}, 2026`);
      const feed = vevents(model.feeds[0]!.body).find((e) =>
        e.uid.startsWith('stationretrograde-mercury-pisces-20260226'),
      )!;
      expect([feed.startDate.isDate, feed.startDate.toString(), feed.endDate.toString()], zone).toEqual([
        true,
        day,
        `2026-02-${String(Number(day.slice(8)) + 1)}`,
      ]);
    }
  });
});

describe('the calendar in Spanish and German', () => {
  it("names months, events and dates in the calendar's language", () => {
    const es = calendarOf('2026-03-10', { tag: 'es' });
    const march = monthPage(es, '2026-03');
    expect(march.month!.label).toBe('marzo de 2026');
    const eclipse = march.month!.events.find((e) => e.kind === 'eclipse')!;
    expect(eclipse.title).toBe('Eclipse lunar total, luna llena en Virgo');
    expect(eclipse.when).toMatch(/^3 de marzo de 2026/);
    expect(
      es.pages
        .find((p) => p.view === 'year')!
        .months!.map((m) => m.label)
        .slice(0, 2),
    ).toEqual(['enero de 2026', 'febrero de 2026']);
    const de = calendarOf('2026-03-10', { tag: 'de' });
    expect(monthPage(de, '2026-03').month!.label).toBe('März 2026');
    expect(monthPage(de, '2026-03').month!.grid.weekdays[0]!.long).toBe('Montag');
  });

  it('joins the retrograde planets with the language\'s "and" on the home page', () => {
    // 2026-12-20: Jupiter (since 13 Dec) and Uranus (since 10 Sep) are retrograde, Neptune direct since ~10 Dec.
    const es = language('es');
    const line = todayView('2026-12-20', es.signs, es.messages).retrograde;
    expect(line).toContain('Júpiter y Urano');
    expect(line).not.toMatch(/\band\b/);
    const de = language('de');
    expect(todayView('2026-12-20', de.signs, de.messages).retrograde).toContain('Jupiter und Uranus');
  });
});

describe('precision and rounding', () => {
  const words = { locale: 'en', timeZone: 'UTC', t: messages.t, signs, planets: messages.ui.planets };
  const moonAt = (iso: string) =>
    calendarEvent(
      { type: 'phase', body: 'Moon', phase: 'fullMoon', time: new Date(iso), longitude: 162, signId: 5 },
      words,
    );

  it('rounds to the nearest minute, never truncates: 11:38:30 is 11:39, 11:38:29 is 11:38', () => {
    expect(utcMinute(new Date('2026-03-03T11:38:30Z'))).toBe('2026-03-03T11:39:00Z');
    expect(utcMinute(new Date('2026-03-03T11:38:29.999Z'))).toBe('2026-03-03T11:38:00Z');
    expect(utcMinute(new Date('2026-03-03T23:59:45Z'))).toBe('2026-03-04T00:00:00Z');
    const late = moonAt('2026-03-03T11:38:45Z');
    expect([late.datetime, late.when]).toEqual(['2026-03-03T11:39:00Z', 'March 3, 2026 at 11:39 AM UTC']);
  });

  it('shows a station as a date alone, however exact its computed moment', () => {
    const station = calendarEvent(
      {
        type: 'station',
        body: 'Saturn',
        direction: 'direct',
        time: new Date('2026-12-10T23:23:00Z'),
        longitude: 357,
        signId: 11,
      },
      words,
    );
    expect([station.when, station.allDay, station.day]).toEqual(['December 10, 2026', true, '2026-12-10']);
    const mars = calendarEvent(
      {
        type: 'ingress',
        body: 'Mars',
        fromSignId: 10,
        retrograde: false,
        time: new Date('2026-03-02T14:23:00Z'),
        longitude: 330,
        signId: 11,
      },
      words,
    );
    expect([mars.allDay, mars.when]).toEqual([false, 'March 2, 2026 at 2:23 PM UTC']);
    const jupiter = calendarEvent(
      {
        type: 'ingress',
        body: 'Jupiter',
        fromSignId: 3,
        retrograde: false,
        time: new Date('2026-06-30T05:56:00Z'),
        longitude: 120,
        signId: 4,
      },
      words,
    );
    expect([jupiter.allDay, jupiter.when]).toEqual([true, 'June 30, 2026']);
  });

  it('tells a retrograde re-entry as such: Uranus back into Taurus on 8 November 2025', () => {
    const event = calendarEvent(
      {
        type: 'ingress',
        body: 'Uranus',
        fromSignId: 2,
        retrograde: true,
        time: new Date('2025-11-08T02:04:00Z'),
        longitude: 59.99,
        signId: 1,
      },
      words,
    );
    expect(event.title).toBe('Uranus re-enters Taurus, retrograde');
    const model = calendarOf('2026-03-10');
    expect(
      vevents(model.feeds[0]!.body).some(
        (e) => e.summary === 'Uranus re-enters Taurus, retrograde' && e.startDate.toString() === '2025-11-08',
      ),
    ).toBe(true);
  });
});

describe('eclipses at their own time', () => {
  it("gives the penumbral eclipses of 2027 NASA's greatest eclipse, not the full moon's minute, with their span in the feed", () => {
    const model = calendarOf('2027-06-10');
    const july = monthPage(model, '2027-07').month!.events.find((e) => e.kind === 'eclipse')!;
    // NASA: greatest eclipse 2027-07-18 16:04:09 TD (16:03 UT); the full moon is 15:45 UT.
    expect(near(july.datetime, '2027-07-18T16:03:00Z', 3 * 60_000)).toBe(true);
    const august = monthPage(model, '2027-08').month!.events.find(
      (e) => e.kind === 'eclipse' && e.title.includes('lunar'),
    )!;
    // NASA: greatest eclipse 2027-08-17 07:14:59 TD (07:13:50 UT); the full moon is 07:29 UT.
    expect(near(august.datetime, '2027-08-17T07:14:00Z', 3 * 60_000)).toBe(true);
    expect(august.title).toBe('Penumbral lunar eclipse, Full Moon in Aquarius');
    const feed = vevents(model.feeds[0]!.body).find((e) => e.summary === august.title)!;
    expect([feed.startDate.toJSDate().toISOString(), feed.endDate.toJSDate().toISOString()]).toEqual([
      `${august.datetime.slice(0, 19)}.000Z`,
      `${august.datetime.slice(0, 19)}.000Z`,
    ]);
    expect(feed.description).toBe(august.when);
    // The span, first to last penumbral contact, after the greatest moment.
    expect(august.when).toMatch(
      /^August 17, 2027 at 7:1[345] AM UTC \(\d{1,2}:\d\d(\s[AP]M)?\s–\s\d{1,2}:\d\d\s[AP]M\)$/,
    );
  });
});

describe('subscription links', () => {
  it('are absolute: webcal, Google with the webcal address, and the https address to copy', () => {
    const hub = calendarOf('2026-03-10').pages[0]!;
    expect(hub.subscribe.webcal.url).toBe('webcal://stars.example.org/calendar/sky.ics');
    expect(hub.subscribe.https.url).toBe('https://stars.example.org/calendar/sky.ics');
    const google = new URL(hub.subscribe.google.url);
    expect([google.origin, google.searchParams.get('cid')]).toEqual([
      'https://calendar.google.com',
      'webcal://stars.example.org/calendar/sky.ics',
    ]);
    const es = calendarOf('2026-03-10', { tag: 'es' }).pages[0]!;
    expect(es.subscribe.https.url).toMatch(/^https:\/\/stars\.example\.org\/.*calendar\/sky\.ics$/);
  });
});

describe('docs/calendar.md', () => {
  it('shows a timed event as the site writes it', () => {
    const docs = readFileSync(path.resolve(import.meta.dirname, '../../docs/calendar.md'), 'utf8');
    const example = /```\n(DTSTART:\d{8}T\d{6}Z\nDTEND:\d{8}T\d{6}Z)\n```/.exec(docs)?.[1];
    expect(example).toBeDefined();
    expect(calendarOf('2026-03-10').feeds[0]!.body).toContain(`${example!.replace('\n', '\r\n')}\r\n`);
  });
});
