// Each sign's own line for the cards of a period (home page, period hubs): taken from the report's own text, never
// written here. Services often open all twelve reports with one sentence about the period ("Aries: the week of …
// turns on Venus entering Scorpio, in your 7th house …"), which tells a reader scanning for their sign nothing.
import { htmlToText } from './api.ts';

const DEFAULTS = {
  /** Paragraphs of a report read for its sentences: the opening is where a highlight is; the rest costs time. */
  paragraphs: 8,
  /** A shared opening is cut only when at least this many words of the sentence are left after it. */
  minWordsLeft: 3,
};

interface HighlightSource {
  /** The sign's name as the report may write it ("Aries"): every sign's name is masked when sentences are compared. */
  signName: string;
  intro: string;
  text: string;
}

/** A report's sentences in order (intro, then text), by the platform's sentence segmenter for the locale. */
function sentencesOf(source: HighlightSource, segmenter: Intl.Segmenter): string[] {
  const paragraphs = htmlToText(`<p>${source.intro}</p>${source.text}`).split('\n\n').slice(0, DEFAULTS.paragraphs);
  return paragraphs.flatMap((paragraph) => [...segmenter.segment(paragraph)].map((s) => s.segment.trim()).filter(Boolean));
}

/**
 * What two signs' sentences are compared by: their words in lower case, any sign's name as one placeholder, so that
 * "Aries: the week…" and "Taurus: the week…" open alike, and "in Scorpio," is the same words in Scorpio's report.
 */
function wordKeys(sentence: string, names: ReadonlySet<string>, locale: string): string[] {
  return sentence.split(/\s+/).map((word) => {
    const lower = word.toLocaleLowerCase(locale);
    return names.has(lower.replace(/[\p{P}\p{S}]+$/u, '')) ? '\u0000' : lower;
  });
}

/**
 * One line per report: its first sentence that no other report of the period has too (its own name masked), then,
 * when the twelve chosen sentences still open with the same words, without that opening, cut back to the last
 * clause it ends (a comma, colon or dash), so "… on November 22, in your 9th house of travel." reads "In your 9th
 * house of travel.". A report with no sentence of its own keeps its first sentence.
 */
export function periodHighlights(sources: readonly HighlightSource[], locale: string): string[] {
  const segmenter = new Intl.Segmenter(locale, { granularity: 'sentence' });
  const sentences = sources.map((source) => sentencesOf(source, segmenter));
  const names = new Set(sources.map((source) => source.signName.toLocaleLowerCase(locale)));
  const keys = sentences.map((list) => list.map((s) => wordKeys(s, names, locale).join(' ')));
  const chosen = sentences.map((list, i) => {
    const own = keys[i]!.findIndex((key) => keys.every((other, j) => j === i || !other.includes(key)));
    return list[own === -1 ? 0 : own] ?? '';
  });
  return sources.length > 1 ? withoutSharedOpening(chosen, names, locale) : chosen;
}

/** The sentences without the words all of them open with, cut back to a clause's end; as they are when none is shared. */
function withoutSharedOpening(chosen: readonly string[], names: ReadonlySet<string>, locale: string): string[] {
  const words = chosen.map((sentence) => sentence.split(/\s+/));
  const keys = chosen.map((sentence) => wordKeys(sentence, names, locale));
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
