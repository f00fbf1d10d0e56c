// The sample service's English (see ./phrase-bank.ts for the shape and the slots).
import { capitalize, utcDates, type HeadlineEvent, type NatalIntro, type PhraseBank } from './phrase-bank.ts';

const monthDay = utcDates('en-US', { month: 'long', day: 'numeric' });
const monthDayYear = utcDates('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'];

function ordinal(n: number): string {
  const rem100 = n % 100;
  if (rem100 >= 11 && rem100 <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function day(date: Date, periodYear?: number): string {
  return periodYear === undefined || date.getUTCFullYear() === periodYear ? monthDay(date) : monthDayYear(date);
}

/** 'November 23–29, 2026', 'March 30 – April 5, 2026', 'December 28, 2026 – January 3, 2027'. */
function weekLabel(first: Date, last: Date): string {
  const y1 = first.getUTCFullYear();
  const y2 = last.getUTCFullYear();
  if (y1 !== y2) return `the week of ${monthDayYear(first)} – ${monthDayYear(last)}`;
  if (first.getUTCMonth() === last.getUTCMonth()) return `the week of ${monthDay(first)}–${last.getUTCDate()}, ${y2}`;
  return `the week of ${monthDay(first)} – ${monthDay(last)}, ${y2}`;
}

const PHASE_NAMES = {
  newMoon: 'new moon',
  firstQuarter: 'first-quarter moon',
  fullMoon: 'full moon',
  lastQuarter: 'last-quarter moon',
};

function headline(e: HeadlineEvent): string {
  if (e.type === 'phase') return `the ${e.eclipse ?? PHASE_NAMES[e.phase]} on ${e.date} in ${e.sign}`;
  if (e.type === 'ingress')
    return `${e.planet} ${e.retrograde ? 'slipping back into' : 'entering'} ${e.sign} on ${e.date}`;
  return `${e.planet} turning ${e.direction} on ${e.date} in ${e.sign}`;
}

function natalIntro(b: NatalIntro): string {
  return `${b.name}, born on ${b.date} at ${b.time} in ${b.place}: Sun in ${b.sun}, Moon in ${b.moon}, ${b.rising} rising.`;
}

export const EN: PhraseBank = {
  signNames: [
    'Aries',
    'Taurus',
    'Gemini',
    'Cancer',
    'Leo',
    'Virgo',
    'Libra',
    'Scorpio',
    'Sagittarius',
    'Capricorn',
    'Aquarius',
    'Pisces',
  ],
  planetNames: {
    Sun: 'Sun',
    Moon: 'Moon',
    Mercury: 'Mercury',
    Venus: 'Venus',
    Mars: 'Mars',
    Jupiter: 'Jupiter',
    Saturn: 'Saturn',
    Uranus: 'Uranus',
    Neptune: 'Neptune',
    Pluto: 'Pluto',
  },
  planetSubjects: {
    Sun: 'the Sun',
    Moon: 'the Moon',
    Mercury: 'Mercury',
    Venus: 'Venus',
    Mars: 'Mars',
    Jupiter: 'Jupiter',
    Saturn: 'Saturn',
    Uranus: 'Uranus',
    Neptune: 'Neptune',
    Pluto: 'Pluto',
  },
  houseTopics: [
    'self, body and first impressions',
    'money, possessions and self-worth',
    'conversations, siblings and short journeys',
    'home, family and roots',
    'romance, creativity and play',
    'daily work, routines and health',
    'partnerships and one-to-one relationships',
    'shared money, intimacy and change',
    'travel, study and belief',
    'career, reputation and ambition',
    'friends, groups and hopes',
    'rest, retreat and the hidden side of life',
  ],
  planetThemes: {
    Sun: 'your focus and vitality',
    Moon: 'your moods and needs',
    Mercury: 'thinking, talk and plans',
    Venus: 'love, pleasure and money',
    Mars: 'drive, courage and temper',
    Jupiter: 'growth, luck and generosity',
    Saturn: 'duty, structure and patience',
    Uranus: 'surprises and the wish for freedom',
    Neptune: 'dreams, ideals and intuition',
    Pluto: 'power and deep renewal',
  },
  signQualities: [
    'direct, brave and impatient',
    'steady, sensual and patient',
    'curious, quick and restless',
    'protective, tender and moody',
    'warm, proud and generous',
    'precise, helpful and self-critical',
    'fair, charming and hesitant',
    'intense, loyal and private',
    'hopeful, candid and wide-ranging',
    'disciplined, ambitious and dry-humoured',
    'independent, inventive and detached',
    'imaginative, gentle and porous',
  ],

  ordinal,
  withArticle: (eclipse) => (/^[aeiou]/i.test(eclipse) ? `an ${eclipse}` : `a ${eclipse}`),
  eclipseName: (kind, solar) => `${kind} ${solar ? 'solar' : 'lunar'} eclipse`,
  list,
  finish: (text) => text,
  day,
  dayRange: (first, last) => `${day(first)} – ${day(last)}`,
  monthName: utcDates('en-US', { month: 'long' }),
  weekLabel,
  monthLabel: utcDates('en-US', { month: 'long', year: 'numeric' }),
  spans: { weekly: 'this week', monthly: 'this month', yearly: 'this year' },
  headline,

  phases: {
    newMoon: [
      'The <strong>new moon on {date} in {sign}</strong> opens a fresh chapter in your {house} house of {topic}: a good moment to set an intention and start small.',
      'On {date} the <strong>new moon in {sign}</strong> seeds your {house} house of {topic}. Plant something you are willing to tend for the next six months.',
      'A <strong>new moon in {sign} on {date}</strong> resets the tone in your {house} house of {topic}; begin quietly and let the idea grow.',
    ],
    fullMoon: [
      'The <strong>full moon on {date} in {sign}</strong> lights up your {house} house of {topic}, bringing to a head what began about six months ago.',
      'When the moon is full in {sign} on {date}, your {house} house of {topic} asks for honest attention: finish, release or celebrate.',
      'The <strong>full moon in {sign} on {date}</strong> fills your {house} house of {topic} with feeling; notice what has ripened.',
    ],
    firstQuarter: [
      'The first-quarter moon on {date} in {sign} ({house} house) tests the plans you made at the new moon; adjust rather than abandon them.',
      'Around {date} the waxing half moon in {sign} stirs your {house} house of {topic} and asks for a decision.',
    ],
    lastQuarter: [
      'The last-quarter moon on {date} in {sign}, in your {house} house, is a good moment to clear out what no longer serves you.',
      'Around {date} the waning half moon in {sign} invites a tidy-up in your {house} house of {topic}.',
    ],
  },
  eclipseSentences: [
    'It is {eclipse}, so its effects may unfold over the following months.',
    'This one is {eclipse}: expect the story it starts to run well beyond the day itself.',
    'As {eclipse}, it marks a turning point rather than a passing mood.',
  ],
  ingresses: [
    '<strong>{planet} enters {sign} on {date}</strong>, moving into your {house} house: {theme} turn toward {topic}.',
    'From {date}, <strong>{planet} travels through {sign}</strong>, your {house} house, bringing {theme} to matters of {topic}.',
    'On {date} <strong>{planet} crosses into {sign}</strong> and your {house} house of {topic}; {theme} follow.',
  ],
  retrogradeIngresses: [
    '{planet}, still retrograde, slips back into {sign} on {date}, revisiting your {house} house of {topic}.',
    'On {date} retrograde {planet} backs into {sign}, your {house} house: unfinished business around {topic} returns.',
  ],
  sunIngresses: [
    '<strong>The Sun moves into {sign} on {date}</strong> and spends the next month in your {house} house of {topic}.',
    'From {date} <strong>the Sun shines in {sign}</strong>, warming your {house} house of {topic} for four weeks.',
  ],
  stationsRetrograde: [
    '<strong>{planet} turns retrograde on {date}</strong> at {degree} {sign}, in your {house} house: review {topic} rather than push ahead.',
    'On {date} <strong>{planet} stations retrograde</strong> at {degree} {sign}. In your {house} house of {topic}, second thoughts are worth having.',
  ],
  stationsDirect: [
    '<strong>{planet} turns direct on {date}</strong> at {degree} {sign}; matters of {topic} in your {house} house start moving again.',
    'On {date} <strong>{planet} stations direct</strong> at {degree} {sign}, and delays around {topic} ({house} house) begin to clear.',
  ],
  seasonOpenings: [
    'With the Sun in {sign} as {span} begins, the spotlight is on your {house} house of {topic}.',
    'The Sun spends much of {span} in {sign}, your {house} house, so {topic} take centre stage.',
    'As {span} begins, the Sun is moving through {sign} and your {house} house of {topic}.',
  ],
  closings: [
    'Keep your plans flexible and your promises modest; the sky rewards steady steps.',
    'Trust what you can check, and give the rest a little time.',
    'Pace yourself: the busiest days are not always the most important ones.',
    'A short walk, an early night and a clear list will do more than worry.',
    'Say the kind thing sooner rather than later.',
  ],
  quietLines: [
    'No big planetary shifts fall in this stretch, which makes it good for steady work on what is already in motion.',
    'The sky is quiet, with no new lunar phase or planetary change: use the calm to catch up.',
  ],

  column: {
    retrogradeOne: '{planets} is <em>retrograde</em> {opens}: a better time to revise than to launch.',
    retrogradeMany: '{planets} are <em>retrograde</em> {opens}: a better time to revise than to launch.',
    opens: { weekly: 'as the week opens', monthly: 'as the month opens' },
    keyDates: 'Key dates',
    intro: '{sign}: {when} turns on {headline}, in your {house} house of {topic}.',
    quietIntro: '{sign}: {when} is a quiet stretch in the sky, with the Sun in your {house} house of {topic}.',
  },

  year: {
    risingNote:
      'This forecast is written for <strong>{sign} rising</strong>: the houses below are counted from your rising sign, so it reads best if you know your birth time. Your sun-sign forecast tells the same sky from a different starting point.',
    jupiterAndSaturn: 'Jupiter and Saturn',
    eclipseSeasons: 'Eclipse seasons',
    eclipseSeasonsText:
      'The eclipses of {year} come in {seasons}, {months}. Eclipses mark turning points; the houses they fall in show where {who} can expect change.',
    retrogradePeriods: 'Retrograde periods',
    retrogradePeriodsText: 'Good weeks to review, repair and reconnect rather than to sign or launch:',
    outerPlanets: 'The outer planets',
    stays: '<strong>{planet}</strong> ({theme}) stays in {sign} all year, in your {house} house of {topic}.',
    moves: '<strong>{planet}</strong> ({theme}) starts the year in {sign}, your {house} house, then {moves}.',
    moveInto: 'moves into {sign} on {date} (your {house} house of {topic})',
    moveBackInto: 'slips back into {sign} on {date} (your {house} house of {topic})',
    retrogradeUntil: '{planet}: retrograde until {date}, ending at {degree} {sign} in your {house} house',
    retrogradeWithin: '{planet}: {dates}, in {sign}, your {house} house',
    retrogradeAcross: '{planet}: {dates}, from {sign} (your {house} house) back into {sign2} (your {house2} house)',
    retrogradeOpen: '{planet}: from {date} into {nextYear}, in {sign}, your {house} house',
    who: { sun: '{sign}', rising: '{sign} rising' },
    lead: { sun: '{sign}', rising: 'For {sign} rising' },
    intro: '{lead}, {year} is shaped by {headline}, in your {house} house of {topic}.',
    introJupiter: '{lead}, {year} is a year of Jupiter in {sign}, growing your {house} house of {topic}.',
    seasons: (count) => (count === 1 ? 'one season' : `${NUMBER_WORDS[count] ?? count} seasons`),
    eclipseCount(count) {
      const words = capitalize(NUMBER_WORDS[count] ?? String(count));
      return count === 1 ? `${words} eclipse marks the turning point.` : `${words} eclipses mark the turning points.`;
    },
  },

  natal: {
    planet: [
      '<p><strong>{planet} in {sign}</strong>: {theme} come out {qualities}.</p>',
      '<p>With <strong>{planet} in {sign}</strong>, {theme} turn out {qualities}.</p>',
      '<p><strong>{planet} in {sign}</strong> gives {theme} a style that is {qualities}.</p>',
    ],
    house: [
      '<p>{Subject} in the {house} house puts {theme} to work in {topic}.</p>',
      '<p>Placed in the {house} house, {subject} draws {theme} toward {topic}.</p>',
    ],
    intro: natalIntro,
  },
};
