// Each sign's own line for the cards of a period (home page, period hubs): taken from the report's own text, never
// written here. Services often open all twelve reports with one sentence about the period ("Aries: the week of …
// turns on Venus entering Scorpio, in your 7th house …"), which tells a reader scanning for their sign nothing.

const DEFAULTS = {
  /** Characters of a report's HTML read, and sentences kept: a line of its own is in the opening, or nowhere. */
  htmlChars: 800,
  sentences: 6,
  /** A shared opening is cut only when at least this many words of the sentence are left after it. */
  minWordsLeft: 3,
};

interface HighlightSource {
  /** The sign's name as the report may write it ("Aries"): every sign's name is masked when sentences are compared. */
  signName: string;
  intro: string;
  text: string;
}

/** The blocks a sentence never runs across. */
const BLOCK_END = /<\/?(?:p|div|li|ul|ol|h[1-6]|blockquote|dd|dt|tr|table|br)\b[^>]*>/gi;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
/** Languages whose ordinals are a number and a full stop ("im 9. Haus", "am 12. Dezember"): no sentence ends there. */
const ORDINAL_DOT_LANGUAGES = new Set([
  'de',
  'da',
  'nb',
  'nn',
  'no',
  'fi',
  'is',
  'et',
  'lv',
  'cs',
  'sk',
  'sl',
  'hr',
  'sr',
  'bs',
  'hu',
  'pl',
  'tr',
]);
/** A sentence's end: a full stop, question or exclamation mark before a capital, a digit or an opening mark. */
const SENTENCE_END = /(?<=[.!?…])\s+(?=[\p{Lu}\p{N}¿¡«"“„])/u;
const SENTENCE_END_NOT_ORDINAL = /(?<=[.!?…])(?<!\p{N}\.)\s+(?=[\p{Lu}\p{N}¿¡«"“„])/u;

/**
 * A report's first sentences in order (intro, then text), from the opening of its sanitized HTML: blocks apart, tags
 * and entities resolved, each block cut after a full stop, question or exclamation mark before a capital. A cheap
 * reading, not a full parse: a build reads every period's twelve reports (docs/performance.md).
 */
function sentencesOf(source: Pick<HighlightSource, 'intro' | 'text'>, locale: string, limits = DEFAULTS): string[] {
  const sentenceEnd = ORDINAL_DOT_LANGUAGES.has(new Intl.Locale(locale).language)
    ? SENTENCE_END_NOT_ORDINAL
    : SENTENCE_END;
  const html = `<p>${source.intro}</p>${source.text}`;
  const blocks = html.slice(0, limits.htmlChars).split(BLOCK_END);
  // A block cut short by the limit is left out.
  if (html.length > limits.htmlChars && blocks.length > 1) blocks.pop();
  const sentences: string[] = [];
  for (const block of blocks) {
    const text = block
      .replace(/<[^>]*>/g, '')
      .replace(/&(?:#(\d+)|#x([0-9a-f]+)|(\w+));/gi, (whole, dec?: string, hex?: string, name?: string) =>
        dec
          ? String.fromCodePoint(Number(dec))
          : hex
            ? String.fromCodePoint(parseInt(hex, 16))
            : (ENTITIES[name!.toLowerCase()] ?? whole),
      )
      .replace(/\s+/g, ' ')
      .trim();
    for (const sentence of text ? text.split(sentenceEnd) : []) {
      sentences.push(sentence);
      if (sentences.length === limits.sentences) return sentences;
    }
  }
  return sentences;
}

/**
 * What two signs' sentences are compared by: their words in lower case, any sign's name as one placeholder, so that
 * "Aries: the week…" and "Taurus: the week…" open alike, and "in Scorpio," is the same words in Scorpio's report.
 */
function wordKeys(sentence: string, names: RegExp): string[] {
  return sentence.toLowerCase().replace(names, '\u0000').split(/\s+/);
}

/** Any of the names as a whole word, in lower case: what `wordKeys` masks. */
function namePattern(sources: readonly HighlightSource[]): RegExp {
  const escaped = sources.map((source) => source.signName.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${escaped.join('|')})(?![\\p{L}\\p{N}])`, 'gu');
}

/**
 * One line per report: its first sentence that no other report of the period has too (its own name masked), then,
 * when the twelve chosen sentences still open with the same words, without that opening, cut back to the last
 * clause it ends (a comma, colon or dash), so "… on November 22, in your 9th house of travel." reads "In your 9th
 * house of travel.". A report with no sentence of its own keeps its first sentence.
 */
export function periodHighlights(sources: readonly HighlightSource[], locale: string): string[] {
  const sentences = sources.map((source) => sentencesOf(source, locale));
  const names = namePattern(sources);
  const keys = sentences.map((list) => list.map((s) => wordKeys(s, names).join(' ')));
  const chosen = sentences.map((list, i) => {
    const own = keys[i]!.findIndex((key) => keys.every((other, j) => j === i || !other.includes(key)));
    return list[own === -1 ? 0 : own] ?? '';
  });
  return sources.length > 1 ? withoutSharedOpening(chosen, names, locale) : chosen;
}

/** The sentences without the words all of them open with, cut back to a clause's end; as they are when none is shared. */
function withoutSharedOpening(chosen: readonly string[], names: RegExp, locale: string): string[] {
  const words = chosen.map((sentence) => sentence.split(/\s+/));
  const keys = chosen.map((sentence) => wordKeys(sentence, names));
  let shared = 0;
  while (keys.every((k) => k[shared] !== undefined && k[shared] === keys[0]![shared])) shared += 1;
  // Back to the last word of the shared part that ends a clause: the cut never falls inside one.
  let cut = shared;
  while (cut > 0 && !/[,:;–—]$/u.test(words[0]![cut - 1]!)) cut -= 1;
  if (cut === 0 || words.some((w) => w.length - cut < DEFAULTS.minWordsLeft)) return [...chosen];
  return words.map((w) => {
    const rest = w.slice(cut).join(' ');
    return rest.charAt(0).toLocaleUpperCase(locale) + rest.slice(1);
  });
}

/** What a report's opening is read from: enough for a phone's first screen, and a bound on the work. */
const OPENING = { htmlChars: 4000, sentences: 20, minWordsLeft: 0 };

/**
 * A report's opening as plain text (the home page's remembered sign, the sign hub): its first whole sentences, intro
 * then text, until at least `minWords` words; a heading or a line without a full stop is no sentence and is left out.
 */
export function openingText(source: Pick<HighlightSource, 'intro' | 'text'>, locale: string, minWords = 40): string {
  const kept: string[] = [];
  let words = 0;
  for (const sentence of sentencesOf(source, locale, OPENING)) {
    if (words >= minWords) break;
    if (!/[.!?…]["”»’)]?$/u.test(sentence)) continue;
    kept.push(sentence);
    words += sentence.split(/\s+/).length;
  }
  return kept.join(' ');
}
