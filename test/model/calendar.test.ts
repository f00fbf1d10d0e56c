// The sky's calendar in the model: the pages' events against USNO's 2026 table, the .ics read back by ical.js with
// UIDs unique and the same a day later, the calendar's time zone, and nothing of it with "calendar": false.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildCalendar, type CalendarInput } from '../../src/model/calendar.ts';
import { fingerprints } from '../../src/incremental/page-fingerprints.ts';
import { siteUrls } from '../../src/model/urls.ts';
import { ConfigError } from '../../src/data/config.ts';
import { monthPeriod, weekPeriod } from '../../src/data/periods.ts';
import { writeReport } from '../sample-service/helpers/write-report.ts';
import { messages, modelOf, signs, site } from './fixture.ts';

const input = (buildDate: string, calendar?: CalendarInput['site']['calendar']): CalendarInput => ({
  site: { ...site, ...(calendar === undefined ? {} : { calendar }) },
  messages,
  signs,
  urls: siteUrls(site),
  buildDate,
  oldestStart: '2026-01-05',
});
const march = buildCalendar(input('2026-03-10'))!;
const monthPage = (model: typeof march, key: string) =>
  model.pages.find((p) => p.view === 'month' && p.month!.key === key)!;

function uids(body: string): string[] {
  return new ICAL.Component(ICAL.parse(body))
    .getAllSubcomponents('vevent')
    .map((e) => String(e.getFirstPropertyValue('uid')));
}

describe('buildCalendar', () => {
  it("publishes the hub, the years from the oldest period's to the next, and their months", () => {
    const urls = march.pages.map((p) => p.url);
    expect(urls.slice(0, 3)).toEqual(['/calendar/', '/calendar/2026/', '/calendar/2026-01/']);
    expect(urls).toContain('/calendar/2027-12/');
    expect(urls).not.toContain('/calendar/2025/');
    expect(urls).toHaveLength(1 + 2 + 24);
  });

  it("lists the March equinox at USNO's minute and the eclipse at NASA's greatest eclipse, in UTC by default", () => {
    const events = monthPage(march, '2026-03').month!.events;
    const equinox = events.find((e) => e.kind === 'season')!;
    const minutesFrom = (e: { datetime: string }, iso: string) =>
      Math.abs(Date.parse(e.datetime) - Date.parse(iso)) / 60_000;
    expect(minutesFrom(equinox, '2026-03-20T14:46:00Z')).toBeLessThanOrEqual(1);
    expect(equinox.title).toBe('March equinox: Sun enters Aries');
    expect(equinox.when).toContain('UTC');
    const eclipse = events.find((e) => e.kind === 'eclipse')!;
    // NASA's catalog: greatest eclipse 2026-03-03 11:34:52 TD, 11:33:43 UT (ΔT 69 s); the full moon itself is 11:38 UT.
    expect(minutesFrom(eclipse, '2026-03-03T11:33:43Z')).toBeLessThanOrEqual(1);
    expect(eclipse.title).toBe('Total lunar eclipse, Full Moon in Virgo');
  });

  it("gives Mercury's retrograde as a span with its sign on the year page", () => {
    const year = march.pages.find((p) => p.url === '/calendar/2026/')!;
    // Intl's range puts thin spaces around its dash.
    expect(year.retrogrades!.map((r) => r.title.replace(/\s+/g, ' '))).toContain(
      'Mercury retrograde: February 26 – March 20, 2026, Pisces',
    );
  });

  it('shows times and days in calendar.timeZone, the <time> still in UTC', () => {
    const madrid = buildCalendar(input('2026-03-10', { timeZone: 'Asia/Tokyo' }))!;
    // The eclipse's greatest moment, 2026-03-03 11:33:43 UT (NASA), is 20:33 or 20:34 in Tokyo (UTC+9).
    const eclipse = monthPage(madrid, '2026-03').month!.events.find((e) => e.kind === 'eclipse')!;
    expect(eclipse.datetime).toMatch(/^2026-03-03T11:3[34]:00Z$/);
    expect(eclipse.when).toMatch(/8:3[34]\s?PM/);
    expect(madrid.pages[0]!.zoneNote).toBe('Times in Japan Standard Time.');
    // The new moon of 2026-03-19 01:24 UT is still the 19th in Tokyo; the last quarter of 2026-03-11 09:39 UT too.
    expect(
      monthPage(madrid, '2026-03')
        .month!.events.filter((e) => e.day === '2026-03-19')
        .map((e) => e.kind),
    ).toContain('phase');
  });

  it("writes an .ics that ical.js reads, with unique UIDs at the site's host, the same file a day later", () => {
    const body = march.feeds[0]!.body;
    const ids = uids(body);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => id.endsWith('@stars.example.org'))).toBe(true);
    expect(ids).toContain('lunareclipse-moon-virgo-20260303-en@stars.example.org');
    const nextDay = buildCalendar(input('2026-03-11'))!;
    expect(nextDay.feeds[0]!.body).toBe(body);
    // The pages differ a day later only by the day their grid marks as today.
    const unmarked = (pages: unknown) => JSON.stringify(pages).replaceAll('"isToday":true', '"isToday":false');
    expect(unmarked(nextDay.pages)).toBe(unmarked(march.pages));
    expect(JSON.stringify(nextDay.pages)).not.toBe(JSON.stringify(march.pages));
  });

  it("keeps each event's UID when the window moves a month on", () => {
    const april = uids(buildCalendar(input('2026-04-02'))!.feeds[0]!.body);
    const shared = uids(march.feeds[0]!.body).filter((id) => id.includes('-202604') || id.includes('-202605'));
    expect(shared.length).toBeGreaterThan(10);
    for (const id of shared) expect(april).toContain(id);
  });

  it('runs its feed from the first day of the month a year back to 24 months ahead, retrogrades as all-day spans', () => {
    const events = new ICAL.Component(ICAL.parse(march.feeds[0]!.body))
      .getAllSubcomponents('vevent')
      .map((e) => new ICAL.Event(e));
    const starts = events
      .filter((e) => !e.startDate.isDate)
      .map((e) => e.startDate.toJSDate().toISOString())
      .sort();
    expect(starts[0]! >= '2025-03-01').toBe(true);
    expect(starts[0]! < '2025-03-08').toBe(true);
    expect(starts.at(-1)! < '2028-03-01').toBe(true);
    const mercury = events.find((e) => e.uid.startsWith('retrograde-mercury-pisces-20260226'))!;
    expect([mercury.startDate.toString(), mercury.endDate.toString()]).toEqual(['2026-02-26', '2026-03-21']);
  });

  it('links every event of the .ics to a page the site publishes, beyond the last published year too', () => {
    const pages = new Set(march.pages.map((p) => `https://stars.example.org${p.url}`));
    const vevents = new ICAL.Component(ICAL.parse(march.feeds[0]!.body)).getAllSubcomponents('vevent');
    const urls = vevents.map((e) => String(e.getFirstPropertyValue('url')));
    // The feed runs to February 2028, a year the site does not publish: those link the hub.
    expect(urls).toContain('https://stars.example.org/calendar/');
    for (const url of urls) expect(pages.has(url), url).toBe(true);
  });

  it('is off with calendar: false', () => {
    expect(buildCalendar(input('2026-03-10', false))).toBeUndefined();
  });

  it("names an owner's message file without the calendar's words in one line, unless the calendar is off", () => {
    const { calendar: _words, ...ui } = messages.ui;
    const without = { ...input('2026-03-10'), messages: { ...messages, ui } };
    expect(() => buildCalendar(without)).toThrow(
      new ConfigError(
        'content/i18n/en.json: calendar',
        'is missing: the sky\'s calendar needs its words in every language (or "calendar": false in content/site.json)',
      ),
    );
    expect(buildCalendar({ ...without, site: { ...site, calendar: false } })).toBeUndefined();
  });
});

describe('the calendar in the site model', () => {
  const model = modelOf([weekPeriod(2026, 10), monthPeriod(2026, 3)], { buildDate: '2026-03-02' });

  it("lists a weekly hub's and page's events, the eclipse of 3 March in week 10, linking to the month", () => {
    const hub = model.periodHubs.find((h) => h.kind === 'weekly')!;
    expect(hub.sky!.events.map((e) => e.title)).toContain('Total lunar eclipse, Full Moon in Virgo');
    expect(hub.sky!.events.every((e) => e.day >= '2026-03-02' && e.day <= '2026-03-08')).toBe(true);
    expect(hub.sky!.link!.url).toBe('/calendar/2026-03/');
    expect(hub.pages[0]!.sky).toEqual(hub.sky);
  });

  it("links a monthly hub and page to the month's calendar, the navigation to the hub, the home page to the next three events", () => {
    const hub = model.periodHubs.find((h) => h.kind === 'monthly')!;
    expect([hub.calendarLink!.url, hub.pages[5]!.calendarLink!.url, hub.sky]).toEqual([
      '/calendar/2026-03/',
      '/calendar/2026-03/',
      undefined,
    ]);
    expect(model.links.calendar).toEqual({ url: '/calendar/', label: 'Sky calendar' });
    expect(model.skyNext!.events.map((e) => e.title)).toEqual([
      'Mars enters Pisces',
      'Total lunar eclipse, Full Moon in Virgo',
      'Venus enters Aries',
    ]);
  });

  it('has none of it with calendar: false', () => {
    const off = modelOf([weekPeriod(2026, 10)], { buildDate: '2026-03-02', site: { ...site, calendar: false } });
    expect([off.calendarPages, off.calendarFeeds, off.skyNext, off.links.calendar, off.periodHubs[0]!.sky]).toEqual([
      [],
      [],
      undefined,
      undefined,
      undefined,
    ]);
    expect(Object.keys(off.meta).some((url) => url.startsWith('/calendar/'))).toBe(false);
  });
});

describe("the calendar's page fingerprints", () => {
  const prints = (buildDate: string) => {
    const pages = fingerprints(modelOf([weekPeriod(2026, 10)], { buildDate })).pages;
    return new Map([...pages].filter(([url]) => url.startsWith('/calendar/')));
  };

  it('renders again the next day the two pages whose grid marks today, and the feed too when the month turns', () => {
    const [tenth, eleventh] = [prints('2026-03-10'), prints('2026-03-11')];
    expect(tenth.size).toBe(1 + 2 + 24 + 1);
    const changed = (from: Map<string, string>, to: Map<string, string>) =>
      [...from].filter(([url, print]) => to.get(url) !== print).map(([url]) => url);
    // The hub shows this month's grid, as March's own page does: today's mark moves from the 10th to the 11th.
    expect(changed(tenth, eleventh)).toEqual(['/calendar/', '/calendar/2026-03/']);
    // On April 1 the hub shows April, the mark leaves March's page for April's, and the feed's window moves on.
    expect(changed(tenth, prints('2026-04-01'))).toEqual([
      '/calendar/',
      '/calendar/2026-03/',
      '/calendar/2026-04/',
      '/calendar/sky.ics',
    ]);
  });
});

describe('the sample texts and the calendar', () => {
  it("name the same events: a week's key dates are the calendar's week, one for one", () => {
    for (const week of [10, 26, 47]) {
      const period = weekPeriod(2026, week);
      const keyDates =
        (
          /<h3>Key dates<\/h3>\n<ul>(.*)<\/ul>/.exec(writeReport('weekly', { year: 2026, week }, 0).text)?.[1] ?? ''
        ).split('<li>').length - 1;
      expect(keyDates, period.key).toBe(march.between(period.start, period.end).events.length);
      expect(keyDates, period.key).toBeGreaterThan(0);
    }
  });
});
