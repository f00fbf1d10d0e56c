// The site models of the live preview's rounds (src/cli/preview/serve.ts). Each language keeps its model while what it is
// built from is unchanged, and its joined model while the other languages' summaries are too: an edit of one
// language's files rebuilds that language's model alone, and a language whose joined model is the last round's
// object is neither fingerprinted nor rendered again (src/cli/preview/preview-rounds.ts; docs/performance.md, "The live
// preview").
import { contentDigest, inputDigest } from './input-digest.ts';
import { linkLanguage, summarizeLanguage, type LanguageSummary } from '../model/languages.ts';
import { buildSiteModel } from '../model/site-model.ts';
import type { SiteModel, SiteModelInput } from '../model/types.ts';

/** One language's model as the last round built it. */
interface Kept {
  /** What the model was built from (`modelKey`). */
  key: string;
  model: SiteModel;
  summary: LanguageSummary;
  /** What the other languages' links to this one are made of. */
  summaryKey: string;
  /** The model joined to the others, and the summaries it was joined with. */
  linked?: SiteModel;
  linkedWith?: string;
}

/** A language's content: what its model is built from (src/cli/builder/prepare-site.ts `FetchedLanguage`). */
interface LanguageInput {
  language: string;
  input: SiteModelInput;
}

export class PreviewModels {
  /** By language tag. */
  #kept = new Map<string, Kept>();

  /** Each language's joined model, in place of its input: the last round's object when nothing it is made of changed. */
  models<L extends LanguageInput>(
    languages: readonly L[],
    renderer: string,
  ): (Omit<L, 'input'> & { model: SiteModel })[] {
    // A site of one language: every edit changes what its model is made of, so the digest would only cost time.
    if (languages.length === 1)
      return languages.map(({ input, ...rest }) => ({ ...rest, model: buildSiteModel(input) }));
    const built = languages.map(({ language, input }): Kept => {
      const key = modelKey(input, renderer);
      const kept = this.#kept.get(language);
      if (kept?.key === key) return kept;
      const model = buildSiteModel(input);
      const summary = summarizeLanguage(model);
      return { key, model, summary, summaryKey: summaryKey(summary) };
    });
    const summaries = built.map((k) => k.summary);
    // In order: which language is the default one decides what its model writes.
    const joinedWith = built.map((k) => k.summaryKey).join('\n');
    const next = built.map((k, i): Kept => {
      if (k.linked && k.linkedWith === joinedWith) return k;
      return { ...k, linked: linkLanguage(k.model, i, summaries), linkedWith: joinedWith };
    });
    // Only once every language's model is built: a broken edit keeps the last good round's.
    this.#kept = new Map(next.map((k, i) => [languages[i]!.language, k]));
    return languages.map(({ input: _input, ...rest }, i) => ({ ...rest, model: next[i]!.linked! }));
  }
}

/**
 * Everything `buildSiteModel` reads, as the build's digest has it (src/incremental/input-digest.ts), with the whole build
 * date: the preview never saves its page dates, so a page new to the history is dated the day of the round.
 */
function modelKey(input: SiteModelInput, renderer: string): string {
  return `${input.buildDate}\n${inputDigest(contentDigest(input, renderer), input.pageHistory)}`;
}

/** A summary as text: its URLs' origin and prefix (the functions are left out), and its pages in order. */
function summaryKey(summary: LanguageSummary): string {
  return JSON.stringify({ ...summary, pages: [...summary.pages] });
}
