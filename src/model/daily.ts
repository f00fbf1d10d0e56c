// Each sign's line of the day, computed from the sky with no service call: the Moon's sign on the build's date, as
// the house it is counted from the sign itself (whole-sign houses: the sign is the 1st, the next the 2nd …), and
// when the Moon moves on. The words are the site's own (content/i18n, `daily.…`); without them, no line.
import type { Messages } from '../data/i18n.ts';
import { parseIsoDate } from '../data/periods.ts';
import type { Sign } from '../data/signs.ts';
import { moonSign } from '../sky/moon-sign.ts';
import { formatterFor } from './calendar-time.ts';

const DEFAULTS = {
  /** The hour (UTC) of the build's date the Moon's sign is told for: midday, as the home page's sky (today.ts). */
  hourUtc: 12,
};

/** How a shown time is written, in the owner's zone here and in the reader's by templates/assets/local-time.js. */
export const TIME_STYLES = {
  /** "Tuesday 11:10 AM UTC": within the next days. */
  weekday: { weekday: 'long', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export interface DailyLine {
  /** "Leo today" */
  heading: string;
  /** The sign the Moon is in. */
  moonSign: { slug: string; name: string };
  /** The Moon's house counted from the sign, 1..12. */
  house: number;
  /** When the Moon enters the next sign, an ISO instant in UTC. */
  until: string;
  /** The line, its time in the owner's zone (or UTC) by name. */
  text: string;
  /** The same as HTML, the time a `<time datetime>` in UTC that local-time.js writes in the reader's zone. */
  html: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Whole-sign house of the sign `fromId` that the sign `signId` is: the sign itself the 1st. */
export function wholeSignHouse(fromId: number, signId: number): number {
  return ((signId - fromId + 12) % 12) + 1;
}

/** The line of each sign on `buildDate`, by sign id, or undefined when the site's words have none. */
export function dailyLines(
  buildDate: string,
  signs: readonly Sign[],
  messages: Messages,
  timeZone = 'UTC',
): DailyLine[] | undefined {
  if (!messages.ui.daily) return undefined;
  const { t, locale } = messages;
  const moon = moonSign(new Date(parseIsoDate(buildDate).getTime() + DEFAULTS.hourUtc * 3_600_000));
  const until = new Date(Math.round(moon.until.getTime() / 60_000) * 60_000);
  const time = formatterFor(locale, timeZone, TIME_STYLES.weekday).format(until);
  const datetime = until.toISOString().replace('.000Z', 'Z');
  const moonSignOf = signs[moon.signId]!;
  // The time stands in as a mark no message holds, so the rest is escaped and the mark becomes the element.
  const MARK = '\u0001';
  return signs.map((sign): DailyLine => {
    const house = wholeSignHouse(sign.id, moon.signId);
    const values = { sign: sign.name, moonSign: moonSignOf.name, house: t(`daily.house${house}`) };
    const html = escapeHtml(t('daily.line', { ...values, time: MARK })).replace(
      MARK,
      `<time datetime="${datetime}" data-time="weekday">${escapeHtml(time)}</time>`,
    );
    return {
      heading: t('daily.heading', { sign: sign.name }),
      moonSign: { slug: moonSignOf.slug, name: moonSignOf.name },
      house,
      until: datetime,
      text: t('daily.line', { ...values, time }),
      html,
    };
  });
}
