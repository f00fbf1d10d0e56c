// Local birth time -> UTC through IANA zones, across daylight-saving changes.
import { describe, expect, it } from 'vitest';
import {
  TimeZoneError,
  formatZonedDate,
  localTimeToUtc,
  zoneOffsetMinutes,
} from '../../src/sample-service/time-zone.ts';

function utc(date: string, time: string, zone: string): string {
  return new Date(localTimeToUtc(date, time, zone).utcMs).toISOString().slice(0, 16);
}

describe('localTimeToUtc', () => {
  it('uses GMT before and BST after the Europe/London change of 2026-03-29 01:00 UTC', () => {
    expect(utc('2026-03-29', '00:30', 'Europe/London')).toBe('2026-03-29T00:30');
    expect(utc('2026-03-29', '03:30', 'Europe/London')).toBe('2026-03-29T02:30');
    expect(localTimeToUtc('2026-03-29', '00:30', 'Europe/London').dst).toBe(false);
    expect(localTimeToUtc('2026-03-29', '03:30', 'Europe/London').dst).toBe(true);
  });

  it('reads a skipped wall time (01:30 London, 2026-03-29) with the offset before the change', () => {
    const r = localTimeToUtc('2026-03-29', '01:30', 'Europe/London');
    expect(r.resolution).toBe('skipped');
    expect(new Date(r.utcMs).toISOString().slice(0, 16)).toBe('2026-03-29T01:30');
    // ... which the clocks show as 02:30 BST.
    expect(formatZonedDate(r.utcMs, r.offsetMinutes)).toBe('2026-03-29 02:30:00.000000');
  });

  it('uses EDT before and EST after the America/New_York change of 2026-11-01, taking the earlier of a repeated hour', () => {
    expect(utc('2026-10-31', '12:00', 'America/New_York')).toBe('2026-10-31T16:00');
    expect(utc('2026-11-01', '03:00', 'America/New_York')).toBe('2026-11-01T08:00');
    const repeated = localTimeToUtc('2026-11-01', '01:30', 'America/New_York');
    expect(repeated.resolution).toBe('ambiguous');
    expect(new Date(repeated.utcMs).toISOString().slice(0, 16)).toBe('2026-11-01T05:30');
    expect(repeated.offsetMinutes).toBe(-240);
    expect(repeated.dst).toBe(true);
  });

  it('handles zones without DST, with odd offsets, and south of the equator', () => {
    expect(utc('2026-07-01', '12:00', 'Asia/Kathmandu')).toBe('2026-07-01T06:15');
    expect(localTimeToUtc('2026-07-01', '12:00', 'Asia/Kathmandu').dst).toBe(false);
    // Sydney keeps DST in the southern summer.
    expect(localTimeToUtc('2026-01-15', '12:00', 'Australia/Sydney')).toMatchObject({ offsetMinutes: 660, dst: true });
    expect(localTimeToUtc('2026-07-15', '12:00', 'Australia/Sydney')).toMatchObject({ offsetMinutes: 600, dst: false });
  });

  it('uses historical rules (British Standard Time kept GMT+1 all year in 1970)', () => {
    expect(zoneOffsetMinutes('Europe/London', Date.parse('1970-01-15T12:00:00Z'))).toBe(60);
  });

  it('rejects unknown zones and malformed or impossible local times with typed errors', () => {
    expect(() => localTimeToUtc('2026-01-01', '12:00', 'Mars/Olympus_Mons')).toThrow(TimeZoneError);
    expect(() => localTimeToUtc('2026-02-30', '12:00', 'UTC')).toThrow(/not a real date/);
    expect(() => localTimeToUtc('2026-01-01', '24:00', 'UTC')).toThrow(/not a real date/);
    expect(() => localTimeToUtc('2026/01/01', '12:00', 'UTC')).toThrow(/YYYY-MM-DD/);
  });
});

describe('local mean time offsets', () => {
  it('keeps the seconds of old offsets (Monrovia Mean Time, UTC-0:44:30, until 1972)', () => {
    const r = localTimeToUtc('1960-01-15', '12:00', 'Africa/Monrovia');
    expect(new Date(r.utcMs).toISOString()).toBe('1960-01-15T12:44:30.000Z');
    expect(r.offsetMinutes).toBe(-44.5);
    expect(formatZonedDate(r.utcMs, r.offsetMinutes)).toBe('1960-01-15 12:00:00.000000');
  });
});
