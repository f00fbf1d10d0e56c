// The sky's .ics as two independent parsers read it, neither patched: ical.js (npm) and Python's icalendar (Debian's
// python3-icalendar, installed by .ci/run; this test fails when it is missing). Two builds a month apart in English
// and Spanish: the calendar's name and description exactly, every surviving event's UID the same, the past year
// kept, no UID shared between languages, and every timed event with an explicit end.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ICAL from 'ical.js';
import { afterAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../../src/data/i18n.ts';
import { readSigns } from '../../src/data/signs.ts';
import { buildCalendar } from '../../src/model/calendar.ts';
import { siteUrls } from '../../src/model/urls.ts';
import { site } from './fixture.ts';

const PYTHON = '/usr/bin/python3';
const content = path.resolve(import.meta.dirname, '../fixtures/site/content');
// A title with every character TEXT escapes.
const title = 'Stars, Moons; and \\ more';

function feed(tag: string, buildDate: string): string {
  const messages = loadMessages(content, tag);
  const own = { ...site, title, language: tag };
  return buildCalendar({
    site: own,
    messages,
    signs: readSigns(path.join(content, 'signs.json'), messages),
    urls: siteUrls(own),
    buildDate,
    oldestStart: '2026-01-05',
  })!.feeds[0]!.body;
}

interface Read {
  name: string;
  xName: string;
  description: string;
  xDescription: string;
  events: { uid: string; start: string; end: string | null }[];
}

function byIcalJs(text: string): Read {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const value = (name: string) => String(calendar.getFirstPropertyValue(name));
  return {
    name: value('name'),
    xName: value('x-wr-calname'),
    description: value('description'),
    xDescription: value('x-wr-caldesc'),
    events: calendar.getAllSubcomponents('vevent').map((v) => {
      const event = new ICAL.Event(v);
      return {
        uid: event.uid,
        start: event.startDate.toString(),
        end: v.hasProperty('dtend') ? event.endDate.toString() : null,
      };
    }),
  };
}

const SCRIPT = `
import json, sys
import icalendar
out = []
for name in sys.argv[1:]:
    with open(name, 'rb') as f:
        cal = icalendar.Calendar.from_ical(f.read())
    text = lambda key: str(cal.get(key))
    events = []
    for e in cal.walk('VEVENT'):
        start = e.decoded('DTSTART')
        end = e.decoded('DTEND') if 'DTEND' in e else None
        events.append({'uid': str(e.get('UID')), 'start': start.isoformat(), 'end': end.isoformat() if end is not None else None})
    out.append({'name': text('NAME'), 'xName': text('X-WR-CALNAME'), 'description': text('DESCRIPTION'), 'xDescription': text('X-WR-CALDESC'), 'events': events})
print(json.dumps(out))
`;

const dir = mkdtempSync(path.join(os.tmpdir(), 'astro-ics-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function byPython(texts: string[]): Read[] {
  const files = texts.map((text, i) => {
    const file = path.join(dir, `${i}.ics`);
    writeFileSync(file, text);
    return file;
  });
  return JSON.parse(execFileSync(PYTHON, ['-c', SCRIPT, ...files], { encoding: 'utf8' })) as Read[];
}

describe("the .ics read by ical.js and by Python's icalendar", () => {
  const builds = {
    enMarch: feed('en', '2026-03-10'),
    enApril: feed('en', '2026-04-10'),
    esApril: feed('es', '2026-04-10'),
  };
  const js = {
    enMarch: byIcalJs(builds.enMarch),
    enApril: byIcalJs(builds.enApril),
    esApril: byIcalJs(builds.esApril),
  };

  it('has Python and its icalendar installed (.ci/run installs python3-icalendar)', () => {
    expect(execFileSync(PYTHON, ['-c', 'import icalendar; print("ok")'], { encoding: 'utf8' }).trim()).toBe('ok');
  });

  it('gives back the name and description exactly, in RFC 7986 NAME/DESCRIPTION and the X-WR pair, to both parsers', () => {
    const [py] = byPython([builds.esApril]);
    const name = `${title}: el calendario del cielo`;
    const description = loadMessages(content, 'es').t('calendar.description');
    for (const read of [js.esApril, py!]) {
      expect([read.name, read.xName, read.description, read.xDescription]).toEqual([
        name,
        name,
        description,
        description,
      ]);
    }
    expect(description).toContain(',');
  });

  it('keeps the UIDs of surviving events a month on, and a year back, in both parsers', () => {
    const [pyMarch, pyApril] = byPython([builds.enMarch, builds.enApril]);
    for (const [march, april] of [
      [js.enMarch, js.enApril],
      [pyMarch!, pyApril!],
    ] as const) {
      const aprilUids = new Set(april.events.map((e) => e.uid));
      // March's events from April 2025 on are still in April's feed (it opens on 2025-04-01).
      const surviving = march.events.filter((e) => e.start >= '2025-04-01');
      expect(surviving.length).toBeGreaterThan(300);
      for (const e of surviving) expect(aprilUids.has(e.uid), e.uid).toBe(true);
      // A year of history: April's feed opens with April 2025 and holds its events (a retrograde under way then
      // keeps its own start).
      const starts = april.events
        .filter((e) => !e.uid.startsWith('retrograde-'))
        .map((e) => e.start)
        .sort();
      expect(starts[0]!.slice(0, 7)).toBe('2025-04');
      expect(april.events.filter((e) => e.start.startsWith('2025-')).length).toBeGreaterThan(100);
    }
  });

  it('shares no UID between the English and Spanish feeds', () => {
    const [pyEn, pyEs] = byPython([builds.enApril, builds.esApril]);
    for (const [en, es] of [
      [js.enApril, js.esApril],
      [pyEn!, pyEs!],
    ] as const) {
      expect(es.events).toHaveLength(en.events.length);
      const english = new Set(en.events.map((e) => e.uid));
      expect(es.events.filter((e) => english.has(e.uid))).toEqual([]);
    }
  });

  it('gives every event an explicit end: a timed one its own instant, an all-day one the next day or later', () => {
    const [py] = byPython([builds.enApril]);
    for (const read of [js.enApril, py!]) {
      expect(read.events.filter((e) => e.end === null)).toEqual([]);
      const timed = read.events.filter((e) => e.start.includes('T'));
      expect(timed.length).toBeGreaterThan(200);
      for (const e of timed) expect(e.end, e.uid).toBe(e.start);
      for (const e of read.events.filter((x) => !x.start.includes('T'))) expect(e.end! > e.start, e.uid).toBe(true);
    }
  });
});
