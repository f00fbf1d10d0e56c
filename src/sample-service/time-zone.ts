// Local wall-clock time at a place -> UTC, through the place's IANA zone and Node's own Intl time-zone database
// (no dependency). Offsets are read back from Intl.DateTimeFormat, so historical rules (e.g. a 1970s birth) come
// from the same tzdb that Node ships.
//
// Wall times that do not map to exactly one instant follow the rule of Temporal's 'compatible' disambiguation
// (also java.time's and most calendar apps'):
// - ambiguous (the repeated hour when clocks go back): the EARLIER instant, i.e. the offset in force before the
//   change (01:30 on 2026-11-01 in New York is 01:30 EDT = 05:30 UTC);
// - non-existent (the skipped hour when clocks go forward): the wall time is read with the offset in force
//   BEFORE the change, which lands it as far after the gap as it was into it (01:30 on 2026-03-29 in London is
//   read as GMT = 01:30 UTC, which the clocks show as 02:30 BST).

export class TimeZoneError extends Error {
  readonly code: 'SAMPLE_BAD_TIME_ZONE' | 'SAMPLE_BAD_LOCAL_TIME';
  constructor(code: TimeZoneError['code'], message: string) {
    super(message);
    this.name = 'TimeZoneError';
    this.code = code;
  }
}

const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
        era: 'short',
      });
    } catch {
      throw new TimeZoneError('SAMPLE_BAD_TIME_ZONE', `time zone "${timeZone}" is not a known IANA zone`);
    }
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * Offset of `timeZone` from UTC at the instant `utcMs`, in minutes (east positive: Paris in summer is +120).
 * Not always whole: many zones once kept local mean time (Monrovia was -0:44:30 until 1972).
 */
export function zoneOffsetMinutes(timeZone: string, utcMs: number): number {
  return zoneOffsetMs(timeZone, utcMs) / MS_PER_MINUTE;
}

function zoneOffsetMs(timeZone: string, utcMs: number): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(utcMs));
  const get = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value);
  const era = parts.find((p) => p.type === 'era')?.value;
  const year = era === 'BC' || era === 'B' ? 1 - get('year') : get('year');
  const wall = Date.UTC(year, get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  // Whole seconds: the formatter drops milliseconds, so compare against the instant truncated the same way.
  return wall - Math.floor(utcMs / 1000) * 1000;
}

interface LocalTimeResolution {
  /** The instant, milliseconds since the epoch. */
  utcMs: number;
  /** Offset in force at that instant, minutes east of UTC (fractional for old local-mean-time offsets). */
  offsetMinutes: number;
  /** Daylight saving in force at that instant (offset above the zone's standard offset that year). */
  dst: boolean;
  /** 'exact' normally; 'ambiguous' or 'skipped' when the rule above had to choose. */
  resolution: 'exact' | 'ambiguous' | 'skipped';
}

/** `date` 'YYYY-MM-DD' and `time` 'HH:MM' (or 'HH:MM:SS') on the wall clocks of `timeZone`, as an instant. */
export function localTimeToUtc(date: string, time: string, timeZone: string): LocalTimeResolution {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time);
  if (!d || !t) {
    throw new TimeZoneError('SAMPLE_BAD_LOCAL_TIME', `local time "${date} ${time}" must be YYYY-MM-DD and HH:MM`);
  }
  const wallMs = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]), Number(t[3] ?? 0));
  const check = new Date(wallMs);
  if (
    Number.isNaN(wallMs) ||
    check.getUTCDate() !== Number(d[3]) ||
    check.getUTCHours() !== Number(t[1]) ||
    Number(t[2]) > 59
  ) {
    throw new TimeZoneError('SAMPLE_BAD_LOCAL_TIME', `local time "${date} ${time}" is not a real date and time`);
  }
  // Every zone change within a day of the wall time shows up as a different offset a day before or after it
  // (no zone changes its offset twice within two days).
  const before = zoneOffsetMs(timeZone, wallMs - MS_PER_DAY);
  const after = zoneOffsetMs(timeZone, wallMs + MS_PER_DAY);
  const candidates = [...new Set([before, after])]
    .map((offset) => wallMs - offset)
    .filter((utcMs) => utcMs + zoneOffsetMs(timeZone, utcMs) === wallMs)
    .sort((a, b) => a - b);
  let utcMs: number;
  let resolution: LocalTimeResolution['resolution'];
  if (candidates.length === 0) {
    utcMs = wallMs - before;
    resolution = 'skipped';
  } else {
    utcMs = candidates[0]!;
    resolution = candidates.length > 1 ? 'ambiguous' : 'exact';
  }
  const offsetMinutes = zoneOffsetMinutes(timeZone, utcMs);
  return {
    utcMs,
    offsetMinutes,
    dst: offsetMinutes > standardOffsetMinutes(timeZone, new Date(utcMs).getUTCFullYear()),
    resolution,
  };
}

/**
 * The zone's standard offset in `year`: the smaller of its January and July offsets. Zones whose rules call winter
 * time "negative DST" (Europe/Dublin in tzdb) still come out the conventional way: summer is DST.
 */
function standardOffsetMinutes(timeZone: string, year: number): number {
  return Math.min(zoneOffsetMinutes(timeZone, Date.UTC(year, 0, 1)), zoneOffsetMinutes(timeZone, Date.UTC(year, 6, 1)));
}

/** 'YYYY-MM-DD HH:MM:SS.000000' (the natal answer's date string, docs/service-api.md#natal-charts) of the wall time at `utcMs` shifted by `offsetMinutes`. */
export function formatZonedDate(utcMs: number, offsetMinutes: number): string {
  const iso = new Date(utcMs + offsetMinutes * MS_PER_MINUTE).toISOString(); // 'YYYY-MM-DDTHH:MM:SS.sssZ'
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}.000000`;
}
