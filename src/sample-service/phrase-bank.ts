// The sample service's words: house and planet meanings and a few interchangeable sentence templates per kind of
// event. The choice among templates is a hash of (report kind, period, sign, event), so the same request always
// gets the same words (the site build and its tests depend on that) while neighbouring pages do not all read
// alike. Templates fill `{name}` slots; only the HTML tags the report contract allows are used (strong, em).

/** 32-bit FNV-1a: small, stable across Node versions and platforms (unlike any built-in). */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** One element of `list`, chosen by the hash of `key`. */
export function pick<T>(list: readonly T[], key: string): T {
  if (list.length === 0) throw new Error('phrase-bank: pick from an empty list');
  return list[hashString(key) % list.length]!;
}

/** Replaces every `{slot}`; a slot without a value is a programming error, so it throws rather than print '{x}'. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, slot: string) => {
    const v = values[slot];
    if (v === undefined) throw new Error(`phrase-bank: no value for {${slot}} in "${template}"`);
    return v;
  });
}

export function ordinal(n: number): string {
  const rem100 = n % 100;
  if (rem100 >= 11 && rem100 <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

/** 'a' or 'an' before `word` (by its first letter, which is enough for this bank's words). */
export function withArticle(word: string): string {
  return /^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What each house (1..12) is about, as a noun phrase: "your 2nd house of money, possessions and self-worth". */
export const HOUSE_TOPICS: readonly string[] = [
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
];

/** What each moving planet stands for, as a plural-agreeing noun phrase. */
export const PLANET_THEMES: Readonly<Record<string, string>> = {
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
};

/** Sign qualities for natal texts: "steady, sensual and patient". */
export const SIGN_QUALITIES: readonly string[] = [
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
];

// ---- Report sentences. Slots: {date} {sign} {house} (ordinal) {topic} {planet} {theme} {degree} {eclipse} ----

export const PHASE_TEMPLATES: Readonly<Record<'newMoon' | 'firstQuarter' | 'fullMoon' | 'lastQuarter', readonly string[]>> = {
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
};

export const ECLIPSE_SENTENCES: readonly string[] = [
  'It is {eclipse}, so its effects may unfold over the following months.',
  'This one is {eclipse}: expect the story it starts to run well beyond the day itself.',
  'As {eclipse}, it marks a turning point rather than a passing mood.',
];

export const INGRESS_TEMPLATES: readonly string[] = [
  '<strong>{planet} enters {sign} on {date}</strong>, moving into your {house} house: {theme} turn toward {topic}.',
  'From {date}, <strong>{planet} travels through {sign}</strong>, your {house} house, bringing {theme} to matters of {topic}.',
  'On {date} <strong>{planet} crosses into {sign}</strong> and your {house} house of {topic}; {theme} follow.',
];

export const RETROGRADE_INGRESS_TEMPLATES: readonly string[] = [
  '{planet}, still retrograde, slips back into {sign} on {date}, revisiting your {house} house of {topic}.',
  'On {date} retrograde {planet} backs into {sign}, your {house} house: unfinished business around {topic} returns.',
];

export const SUN_INGRESS_TEMPLATES: readonly string[] = [
  '<strong>The Sun moves into {sign} on {date}</strong> and spends the next month in your {house} house of {topic}.',
  'From {date} <strong>the Sun shines in {sign}</strong>, warming your {house} house of {topic} for four weeks.',
];

export const STATION_RETROGRADE_TEMPLATES: readonly string[] = [
  '<strong>{planet} turns retrograde on {date}</strong> at {degree} {sign}, in your {house} house: review {topic} rather than push ahead.',
  'On {date} <strong>{planet} stations retrograde</strong> at {degree} {sign}. In your {house} house of {topic}, second thoughts are worth having.',
];

export const STATION_DIRECT_TEMPLATES: readonly string[] = [
  '<strong>{planet} turns direct on {date}</strong> at {degree} {sign}; matters of {topic} in your {house} house start moving again.',
  'On {date} <strong>{planet} stations direct</strong> at {degree} {sign}, and delays around {topic} ({house} house) begin to clear.',
];

/** Opening lines for weekly and monthly columns. Slots: {span} ('this week'), {sign} (the Sun's), {house}, {topic}. */
export const SEASON_OPENINGS: readonly string[] = [
  'With the Sun in {sign} as {span} begins, the spotlight is on your {house} house of {topic}.',
  'The Sun spends much of {span} in {sign}, your {house} house, so {topic} take centre stage.',
  'As {span} begins, the Sun is moving through {sign} and your {house} house of {topic}.',
];

export const CLOSINGS: readonly string[] = [
  'Keep your plans flexible and your promises modest; the sky rewards steady steps.',
  'Trust what you can check, and give the rest a little time.',
  'Pace yourself: the busiest days are not always the most important ones.',
  'A short walk, an early night and a clear list will do more than worry.',
  'Say the kind thing sooner rather than later.',
];

export const QUIET_LINES: readonly string[] = [
  'No big planetary shifts fall in this stretch, which makes it good for steady work on what is already in motion.',
  'The sky is quiet, with no new lunar phase or planetary change: use the calm to catch up.',
];

// ---- Natal sentences. Slots: {planet} {subject} ('the Sun', 'Mercury') {Subject} {sign} {qualities} {house} {topic} {theme} ----

export const NATAL_PLANET_TEMPLATES: readonly string[] = [
  '<p><strong>{planet} in {sign}</strong>: {theme} come out {qualities}.</p>',
  '<p>With <strong>{planet} in {sign}</strong>, {theme} turn out {qualities}.</p>',
  '<p><strong>{planet} in {sign}</strong> gives {theme} a style that is {qualities}.</p>',
];

export const NATAL_HOUSE_TEMPLATES: readonly string[] = [
  '<p>{Subject} in the {house} house puts {theme} to work in {topic}.</p>',
  '<p>Placed in the {house} house, {subject} draws {theme} toward {topic}.</p>',
];
