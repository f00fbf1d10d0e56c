// The site's words in its language: `content/i18n/<language>.json`, one file per language, owned by editors.
// Messages are ICU MessageFormat (placeholders `{sign}`, plurals `{count, plural, one {…} other {…}}`), read by
// FormatJS's intl-messageformat, the format translators and their tools know. https://formatjs.github.io/docs/intl-messageformat/
// Every key below is required in every language: a missing one fails the build, since an English fallback on a
// published page in another language is a defect, not a convenience.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { z } from 'zod';
import { ConfigError, readJsonFile } from './config.ts';

const message = z.string({ error: (issue) => (issue.input === undefined ? 'is missing' : 'must be a string') });
/** A group missing, or not an object; other problems (an unknown key) keep their own message. */
const groupError = (issue: { code?: string; input?: unknown }) => {
  if (issue.code !== 'invalid_type') return undefined;
  return issue.input === undefined
    ? 'is missing (every language needs the group: copy it from content/i18n/en.json and translate it)'
    : 'must be an object of messages';
};
const group = <K extends string>(...keys: K[]) =>
  z.strictObject(Object.fromEntries(keys.map((k) => [k, message])) as Record<K, typeof message>, { error: groupError });

const kindMessages = group(
  'title',
  'section',
  'heading',
  'previous',
  'next',
  'pager',
  'allSigns',
  'sectionDescription',
  'count',
);
const signMessages = group('name', 'element', 'modality', 'ruler');

const messagesSchema = z.strictObject({
  site: group(
    'description',
    'documentTitle',
    'titleWithPeriod',
    'skipLink',
    'signsNav',
    'breadcrumbNav',
    'footerNav',
    'languagesNav',
    'home',
    'sitemap',
    'sampleNotice',
    'copyright',
  ),
  home: group('thisWeek', 'signThisWeek', 'archives', 'heading', 'pickSignNote', 'changeSign'),
  // The home page's sky on the build's date (src/model/today.ts).
  today: group(
    'title',
    'moonPhase',
    'moonIn',
    'sunIn',
    'retrograde',
    'noRetrograde',
    'wheelTitle',
    'wheelDescription',
    'events',
    'phaseNew',
    'phaseWaxingCrescent',
    'phaseFirstQuarter',
    'phaseWaxingGibbous',
    'phaseFull',
    'phaseWaningGibbous',
    'phaseLastQuarter',
    'phaseWaningCrescent',
  ),
  // Each sign's line of the day, the Moon's sign as its house (src/model/daily.ts); without it, no daily line.
  daily: group(
    'heading',
    'line',
    'house1',
    'house2',
    'house3',
    'house4',
    'house5',
    'house6',
    'house7',
    'house8',
    'house9',
    'house10',
    'house11',
    'house12',
  ).optional(),
  kinds: z.strictObject({
    weekly: kindMessages,
    monthly: kindMessages,
    yearly: kindMessages,
    ascendantYearly: kindMessages,
  }),
  section: group('weekLabel', 'current', 'empty'),
  periodHub: group('description'),
  signHub: group('title', 'description', 'now', 'archive', 'follow', 'feedLink'),
  report: group('otherSigns', 'allSignHoroscopes'),
  signFacts: group('dates', 'element', 'modality', 'ruler'),
  feed: group('title', 'subtitle'),
  // The page at the JSON API's folder (`/api/v1/`), for whoever opens it (src/model/api.ts apiPage).
  api: group('title', 'description', 'index', 'schema'),
  charts: group('title', 'intro', 'description', 'cardSuffix', 'born', 'empty'),
  chart: group(
    'title',
    'description',
    'born',
    'localTime',
    'utc',
    'place',
    'wheelCaption',
    'wheelTitle',
    'wheelDescription',
    'wheelPlanet',
    'wheelRetrograde',
    'tableCaption',
    'planet',
    'sign',
    'position',
    'house',
    'retrograde',
    'yes',
    'no',
    'planetHeading',
    'about',
    'leadsHeading',
    'sunSign',
    'moonSign',
    'risingSign',
    'risingUnknown',
  ),
  // Only with content/site.json's chartForm, which then requires them (src/model/chart-form.ts).
  chartForm: group(
    'title',
    'description',
    'intro',
    'date',
    'time',
    'unknownTime',
    'unknownTimeNote',
    'place',
    'placeHint',
    'placeChoice',
    'submit',
    'privacy',
    'wheelTitle',
    'tableCaption',
    'choosePlace',
    'noPlace',
    'badDate',
    'badTime',
    'badPlace',
    'placeTooLong',
    'badRequest',
    'tooMany',
    'dailyLimit',
    'unavailable',
    'errorTitle',
    'risingQuestion',
    'risingInvite',
    'another',
  ).optional(),
  // The sky's calendar (src/model/calendar.ts): required unless content/site.json has "calendar": false.
  calendar: group(
    'nav',
    'title',
    'description',
    'yearTitle',
    'yearDescription',
    'monthTitle',
    'monthDescription',
    'thisMonth',
    'upcoming',
    'years',
    'retrogrades',
    'eclipses',
    'seasons',
    'noEvents',
    'timesIn',
    'phase',
    'solarEclipse',
    'lunarEclipse',
    'ingress',
    'ingressRetrograde',
    'season',
    'station',
    'retrogradePeriod',
    'gridCaption',
    'moonDay',
    'weekHeading',
    'weekNone',
    'monthLink',
    'nextHeading',
    'allEvents',
    'subscribeHeading',
    'subscribeText',
    'webcal',
    'google',
    'copyAddress',
    'icsName',
    'earlier',
    'later',
    'sampleDates',
    'legendEvents',
    'legendMoon',
    'legendToday',
  ).optional(),
  notFound: group('title', 'description', 'text', 'home', 'pickSign', 'searchHeading'),
  search: group(
    'title',
    'description',
    'label',
    'button',
    'noScript',
    'searching',
    'results',
    'noResults',
    'failed',
    'partial',
    'shortened',
    'placeholder',
  ),
  // The sentence an editors' page prints for its paragraph `{{ scripts }}` (src/model/privacy-notice.ts): needed only there.
  privacy: group('noTrackers', 'analytics', 'policyLink', 'search', 'sign', 'chartForm')
    .extend({
      // The title of the privacy page a language with analytics and no `privacy.md` gets (src/data/static-pages.ts).
      title: message.optional(),
    })
    .optional(),
  shareImage: group('taglineFirst', 'taglineSecond', 'siteAlt', 'siteLogoAlt'),
  // What makes the words around a planet or a sign agree, by ICU `select` on their English keys (`venus`,
  // `sagittarius`): the planet's gender, the sign with its article and case where it is in ("im Schützen") and
  // where something enters it ("in den Steinbock"). src/model/calendar-events.ts passes them to its messages.
  grammar: group('planetGender', 'signIn', 'signInto'),
  // By the service's planetId, Sun 0 to Pluto 9 (src/model/chart-leads.ts PLANET_KEYS): charts name the planets in
  // the site's language, as they do the signs.
  planets: group('sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto'),
  signs: z.strictObject({
    aries: signMessages,
    taurus: signMessages,
    gemini: signMessages,
    cancer: signMessages,
    leo: signMessages,
    virgo: signMessages,
    libra: signMessages,
    scorpio: signMessages,
    sagittarius: signMessages,
    capricorn: signMessages,
    aquarius: signMessages,
    pisces: signMessages,
  }),
});

/** The message file's tree, every leaf a string: what templates print for messages without placeholders. */
type MessageTree = z.infer<typeof messagesSchema>;
type MessageValues = Record<string, string | number>;

export interface Messages {
  /** The BCP 47 tag the site is written in (content/site.json `language`). */
  locale: string;
  /** `content/i18n/es.json` */
  file: string;
  /** Every message formatted without values (placeholders left as written): for templates. */
  ui: MessageTree;
  /** One message, by its dotted key (`kinds.weekly.heading`), with its placeholders filled. */
  t(key: string, values?: MessageValues): string;
  /** One message as written, ICU and all (`'<'b'>'` quoted): for the chart form's Worker, which formats it itself. */
  written(key: string): string;
}

/** The languages that have a message file, from the file names (`es.json` → `es`). */
export function availableLanguages(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -5))
      .sort();
  } catch {
    return [];
  }
}

/** `content/i18n/<language>.json`, or the file of its primary language (`pt-BR` → `pt.json`). */
function messageFileFor(dir: string, language: string): string | undefined {
  const available = availableLanguages(dir);
  const match = [language, language.split('-')[0]!].find((tag) => available.includes(tag));
  return match && path.join(dir, `${match}.json`);
}

/** Reads, checks and compiles the message file of `language`; every problem is one ConfigError naming file and key. */
export function loadMessages(contentDir: string, language: string): Messages {
  const dir = path.join(contentDir, 'i18n');
  const file = messageFileFor(dir, language);
  if (!file) {
    const available = availableLanguages(dir);
    throw new ConfigError(
      `content/i18n/${language}.json`,
      `no message file for the site's language "${language}" (content/site.json); available: ${available.join(', ') || 'none'}`,
    );
  }
  const label = `content/i18n/${path.basename(file)}`;
  const tree = readJsonFile(file, label, messagesSchema);
  const compiled = new Map<string, IntlMessageFormat>();
  const written = new Map<string, string>();
  const t = (key: string, values?: MessageValues): string => {
    const format = compiled.get(key);
    if (!format) throw new Error(`i18n: no message "${key}"`);
    try {
      return String(format.format(values));
    } catch (error) {
      throw new ConfigError(`${label}: ${key}`, (error as Error).message);
    }
  };
  // One walk compiles every message and gives templates those without placeholders as text.
  const ui = mapLeaves(tree, (key, text) => {
    try {
      compiled.set(key, new IntlMessageFormat(text, language));
      written.set(key, text);
    } catch (error) {
      throw new ConfigError(`${label}: ${key}`, `is not a valid ICU message (${(error as Error).message})`);
    }
    return /[{}]/.test(text) ? text : t(key);
  });
  const writtenAs = (key: string): string => {
    const text = written.get(key);
    if (text === undefined) throw new Error(`i18n: no message "${key}"`);
    return text;
  };
  return { locale: language, file: label, ui: ui as MessageTree, t, written: writtenAs };
}

function mapLeaves(tree: object, fn: (key: string, text: string) => string, prefix = ''): object {
  return Object.fromEntries(
    Object.entries(tree).map(([k, v]) => [
      k,
      typeof v === 'string' ? fn(`${prefix}${k}`, v) : mapLeaves(v as object, fn, `${prefix}${k}.`),
    ]),
  );
}
