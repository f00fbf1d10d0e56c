// The sky at its edges, against published tables (never astronomy-engine's own output): retrogrades that cross
// 1 January or are under way when a window opens, a retrograde planet re-entering the sign it left, eclipses at
// NASA's greatest eclipse, and a year loop that reads no machine zone.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { eventsOfYear, type SkyEvent } from '../../src/sky/events.ts';
import { retrogradePeriods } from '../../src/sky/retrogrades.ts';

const MINUTE = 60_000;
const DAY = 1440 * MINUTE;
const near = (time: Date, iso: string, tolerance: number) => Math.abs(time.getTime() - Date.parse(iso)) <= tolerance;

/** `[body, station retrograde, station direct, sign at each]` of the periods overlapping [from, to). */
function periods(from: string, to: string, body: string) {
  return retrogradePeriods(new Date(from), new Date(to)).filter((p) => p.body === body);
}

describe('retrograde periods at the edges of a year or a window', () => {
  // Published stations (ephemeris tables, Astrodienst's Swiss Ephemeris for 2025–2027, in UT; astrology calendars in
  // American time list some a day earlier): Jupiter R 11 Nov 2025 25° Cancer, D 10–11 Mar 2026 15° Cancer;
  // R 12–13 Dec 2026 25° Leo, D 12–13 Apr 2027 15° Leo. Uranus R 6 Sep 2025 1° Gemini, D 4 Feb 2026 27° Taurus;
  // R 10 Sep 2026 5° Gemini, D 8 Feb 2027 1° Gemini. A day's tolerance: a station is known to hours.
  it("gives Jupiter's and Uranus's periods that cross 1 January 2027 whole, to a window opening that day", () => {
    const [jupiter] = periods('2027-01-01T00:00:00Z', '2027-02-01T00:00:00Z', 'Jupiter');
    expect(jupiter, 'Jupiter 2026–2027').toBeDefined();
    expect(
      near(jupiter!.start.time, '2026-12-13T00:00:00Z', DAY) && near(jupiter!.end.time, '2027-04-13T00:00:00Z', DAY),
    ).toBe(true);
    expect([jupiter!.start.signId, jupiter!.end.signId]).toEqual([4, 4]);
    const [uranus] = periods('2027-01-01T00:00:00Z', '2027-02-01T00:00:00Z', 'Uranus');
    expect(
      near(uranus!.start.time, '2026-09-10T12:00:00Z', DAY) && near(uranus!.end.time, '2027-02-08T12:00:00Z', DAY),
    ).toBe(true);
    expect([uranus!.start.signId, uranus!.end.signId]).toEqual([2, 2]);
  });

  it('gives a period under way when the window opens, and one that starts the day it closes, and none after', () => {
    // Window 2026-01-15 .. 2026-03-01: Jupiter (R Nov 2025) and Uranus (R Sep 2025) are both retrograde all along.
    const [jupiter] = periods('2026-01-15T00:00:00Z', '2026-03-01T00:00:00Z', 'Jupiter');
    expect(
      near(jupiter!.start.time, '2025-11-11T12:00:00Z', DAY) && near(jupiter!.end.time, '2026-03-11T00:00:00Z', DAY),
    ).toBe(true);
    expect([jupiter!.start.signId, jupiter!.end.signId]).toEqual([3, 3]);
    const [uranus] = periods('2026-01-15T00:00:00Z', '2026-03-01T00:00:00Z', 'Uranus');
    expect(
      near(uranus!.start.time, '2025-09-06T12:00:00Z', DAY) && near(uranus!.end.time, '2026-02-04T00:00:00Z', DAY),
    ).toBe(true);
    // Uranus stations retrograde in Gemini and direct in Taurus, having re-entered it.
    expect([uranus!.start.signId, uranus!.end.signId]).toEqual([2, 1]);
    // A window that closes before Jupiter's December station has no 2026–2027 period; one a day past it has.
    expect(periods('2026-11-01T00:00:00Z', '2026-12-10T00:00:00Z', 'Jupiter')).toEqual([]);
    expect(periods('2026-11-01T00:00:00Z', '2026-12-15T00:00:00Z', 'Jupiter')).toHaveLength(1);
    // And a window that opens after the station direct has none.
    expect(periods('2026-03-13T00:00:00Z', '2026-06-01T00:00:00Z', 'Jupiter')).toEqual([]);
  });
});

describe('a retrograde planet re-entering a sign', () => {
  it('marks Uranus back into Taurus on 8 November 2025 as retrograde, and into Gemini on 26 April 2026 as not', () => {
    // Published: Uranus re-enters Taurus retrograde 8 Nov 2025 (~02 UT) and enters Gemini again 25–26 Apr 2026.
    const uranus = [...eventsOfYear(2025), ...eventsOfYear(2026)].filter(
      (e) => e.type === 'ingress' && e.body === 'Uranus',
    );
    const back = uranus.find((e) => near(e.time, '2025-11-08T02:00:00Z', DAY))!;
    expect(back.type === 'ingress' && [back.retrograde, back.fromSignId, back.signId]).toEqual([true, 2, 1]);
    const again = uranus.find((e) => near(e.time, '2026-04-26T00:00:00Z', DAY))!;
    expect(again.type === 'ingress' && [again.retrograde, again.fromSignId, again.signId]).toEqual([false, 1, 2]);
  });
});

describe('eclipses at their greatest moment', () => {
  // NASA's Five Millennium Canon (Espenak and Meeus), greatest eclipse in TD less ΔT (69–70 s) to UT.
  const NASA: [string, string, string][] = [
    ['2026-02-17T12:11:56Z', 'newMoon', 'annular'],
    ['2026-03-03T11:33:43Z', 'fullMoon', 'total'],
    ['2026-08-12T17:45:57Z', 'newMoon', 'total'],
    ['2026-08-28T04:12:55Z', 'fullMoon', 'partial'],
    ['2027-02-06T15:59:38Z', 'newMoon', 'annular'],
    ['2027-02-20T23:11:56Z', 'fullMoon', 'penumbral'],
    ['2027-07-18T16:02:59Z', 'fullMoon', 'penumbral'],
    ['2027-08-02T10:06:41Z', 'newMoon', 'total'],
    ['2027-08-17T07:13:50Z', 'fullMoon', 'penumbral'],
  ];

  it("gives each eclipse of 2026–2027 its kind and NASA's greatest eclipse within three minutes", () => {
    const eclipses = [...eventsOfYear(2026), ...eventsOfYear(2027)].filter(
      (e): e is Extract<SkyEvent, { type: 'phase' }> => e.type === 'phase' && !!e.eclipse,
    );
    expect(eclipses.map((e) => [e.phase, e.eclipse])).toEqual(NASA.map(([, phase, kind]) => [phase, kind]));
    eclipses.forEach((e, i) =>
      expect(near(e.greatest!, NASA[i]![0], 3 * MINUTE), `${NASA[i]![0]}: ${e.greatest?.toISOString()}`).toBe(true),
    );
  });

  it('spans a lunar eclipse from first to last penumbral contact, as NASA gives them, and a solar one not at all', () => {
    // NASA: the total lunar eclipse of 2026-03-03, penumbral eclipse 08:44 to 14:23 UT.
    const moon = eventsOfYear(2026).find((e) => e.type === 'phase' && e.eclipse === 'total' && e.phase === 'fullMoon');
    const contacts = moon?.type === 'phase' ? moon.contacts : undefined;
    expect(
      near(contacts!.first, '2026-03-03T08:44:00Z', 3 * MINUTE) &&
        near(contacts!.last, '2026-03-03T14:23:00Z', 3 * MINUTE),
      JSON.stringify(contacts),
    ).toBe(true);
    const sun = eventsOfYear(2026).find((e) => e.type === 'phase' && e.eclipse === 'annular');
    expect(sun?.type === 'phase' && sun.contacts).toBeUndefined();
  });
});

describe('the year loop', () => {
  // Each zone in a process of its own: years are computed once per process, so one zone's years would hide another's.
  const windows = [
    ['2028-12-31T16:00:00Z', '2029-01-01T12:00:00Z'],
    ['2041-12-31T12:00:00Z', '2042-01-01T06:00:00Z'],
  ];
  const script = `import { skyEvents } from ${JSON.stringify(new URL('../../src/sky/events.ts', import.meta.url).href)};
    const windows = ${JSON.stringify(windows)};
    console.log(JSON.stringify(windows.map(([a, b]) => skyEvents(new Date(a), new Date(b)).map((e) => e.type + ' ' + e.body + ' ' + e.time.toISOString()))));`;
  const inZone = (zone: string): string[][] =>
    JSON.parse(
      execFileSync(process.execPath, ['--input-type=module', '-e', script], {
        env: { ...process.env, TZ: zone },
        encoding: 'utf8',
      }),
    ) as string[][];

  it("gives the same events across 1 January whatever the machine's own zone, west or east of UTC", () => {
    const [utc, losAngeles, tokyo] = ['UTC', 'America/Los_Angeles', 'Asia/Tokyo'].map(inZone);
    // USNO: full moon 2028-12-31 16:48 UT, already 1 January in Tokyo. An event in the first hours of 2042 (UTC) is
    // still 31 December in Los Angeles.
    expect(utc![0]!.some((e) => e.startsWith('phase Moon 2028-12-31T16:4'))).toBe(true);
    expect(utc![1]!.some((e) => e.includes(' 2042-01-01T0'))).toBe(true);
    expect(losAngeles).toEqual(utc);
    expect(tokyo).toEqual(utc);
  }, 30_000);
});
