// The live preview's state from one of Eleventy's renders to the next (src/cli/preview/serve.ts), in one place: the round
// the render under way reads, the message of a broken edit, and when the edit being rendered was seen.
import { describeFailure } from '../describe-failure.ts';
import type { PreviewModels } from '../../incremental/preview-models.ts';
import { rendererFingerprint } from '../../incremental/render-plan.ts';
import type { Round } from './preview-rounds.ts';
import { fetchSite, type FetchSiteOptions, type PreparedLanguage, type PreparedSite } from '../builder/prepare-site.ts';

/** A round's site: every language's content and joined model, and the renderer's fingerprint they were made for. */
export type PreviewSite = PreparedSite & { renderer: string };

/** Every language's content (from the cache but for what it lacks) and its model, joined, kept by `models`. */
export async function preparePreview(models: PreviewModels, options: FetchSiteOptions): Promise<PreviewSite> {
  const fetched = await fetchSite(options);
  const renderer = rendererFingerprint(options.rootDir, fetched.config.contentDir);
  return { ...fetched, languages: models.models(fetched.languages, renderer), renderer };
}

/** What one render of the preview reads: the default language's round and image files, and the site they are of. */
export interface ServedRound extends Round {
  imageFiles: PreparedLanguage['imageFiles'];
  site: PreviewSite;
  renderer: string;
}

export interface PreviewSessionOptions {
  /** The site prepared at start, before Eleventy was created: the first round's. */
  first: PreviewSite;
  /** Prepares the site again, after an edit. */
  prepare: () => Promise<PreviewSite>;
  /** The round of a prepared site. */
  plan: (site: PreviewSite) => ServedRound;
  /** Called when a round or the rest of a render failed, its message kept (the open page should reload). */
  onFailure: () => void;
}

/**
 * Every global data and plugin of one render reads the same round (`current`), prepared when the first of them
 * asks; an edit (`changed`) drops it, so the next render prepares another. A failure (`failed`) is kept as one line
 * (`failure`), which the dev server answers every page with until a render `succeeded`.
 */
export class PreviewSession {
  readonly #options: PreviewSessionOptions;
  /** The start's site, until the first round has taken it. */
  #first: PreviewSite | undefined;
  /** The round of the render under way; undefined after an edit, until a render asks for it. */
  #round: Promise<ServedRound> | undefined;
  #failure: string | undefined;
  #since = performance.now();

  constructor(options: PreviewSessionOptions) {
    this.#options = options;
    this.#first = options.first;
  }

  /** The round of the render under way; rejects, as `failed` throws, when it cannot be prepared. */
  current(): Promise<ServedRound> {
    return (this.#round ??= this.#next().catch((error: unknown) => this.failed(error)));
  }

  async #next(): Promise<ServedRound> {
    const site = this.#first ?? (await this.#options.prepare());
    this.#first = undefined;
    return this.#options.plan(site);
  }

  /** Files changed (eleventy.beforeWatch): the next render reads a new round. */
  changed(): void {
    this.#since = performance.now();
    this.#round = undefined;
  }

  /**
   * Keeps the failure's one line and throws it, marked so that Eleventy prints it without the stack trace it leaves
   * out for errors marked `skipOriginalStack` (Errors/EleventyErrorHandler.js).
   */
  failed(error: unknown): never {
    this.#failure = describeFailure(error);
    this.#options.onFailure();
    throw Object.assign(new Error(this.#failure), { skipOriginalStack: true });
  }

  /** A render is done: the failure is over. Returns the seconds since the edit it shows was seen. */
  succeeded(): number {
    this.#failure = undefined;
    return (performance.now() - this.#since) / 1000;
  }

  /** A broken edit's message, until a render succeeds. */
  get failure(): string | undefined {
    return this.#failure;
  }
}
