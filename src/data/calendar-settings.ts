// content/site.json `calendar`: the sky's calendar (docs/calendar.md), on unless set to false; `timeZone`, an IANA
// name, is the zone its pages show times in (default UTC). https://data.iana.org/time-zones/tz-link.html
import { z } from 'zod';

export const CALENDAR_DEFAULTS = { timeZone: 'UTC' } as const;

const TIME_ZONE = 'must be an IANA time zone name such as "Europe/Madrid", "America/New_York" or "UTC"';

/** Whether Intl knows `name` as a time zone (it throws a RangeError on any other). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const CALENDAR_OBJECT = 'must be false (no calendar) or an object such as {"timeZone": "Europe/Madrid"}';
const CALENDAR_UNKNOWN = 'is not a setting of calendar (a misspelt one?); known: timeZone';

export const calendarSchema = z.union(
  [
    z.boolean({ error: CALENDAR_OBJECT }),
    z.strictObject(
      { timeZone: z.string({ error: TIME_ZONE }).refine(isTimeZone, TIME_ZONE).optional() },
      {
        error: (issue) =>
          issue.code === 'unrecognized_keys'
            ? CALENDAR_UNKNOWN
            : issue.code === 'invalid_type'
              ? CALENDAR_OBJECT
              : undefined,
      },
    ),
  ],
  { error: CALENDAR_OBJECT },
);

export type CalendarSettings = z.infer<typeof calendarSchema>;

/** The calendar's time zone, or undefined when the site has no calendar. */
export function calendarTimeZone(setting: CalendarSettings | undefined): string | undefined {
  if (setting === false) return undefined;
  return (typeof setting === 'object' && setting.timeZone) || CALENDAR_DEFAULTS.timeZone;
}
