// What each of the live preview's renders writes (src/cli/preview/serve.ts), planned as a build plans its render
// (src/incremental/render-plan.ts): the pages whose fingerprint is not the one of the file `.preview/` holds, every page
// when that is not known; and, once a render is done, the files of pages the model no longer has, which Eleventy
// leaves.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { SiteModel } from '../../model/types.ts';
import { outputFile } from '../../model/urls.ts';
import { pagePrints, planRender, type RenderPlan } from '../../incremental/render-plan.ts';
import { createEleventy } from '../builder/render-site.ts';
import type { PreparedLanguage } from '../builder/prepare-site.ts';

/** One render: its model, and the pages to render from it. */
export interface Round extends RenderPlan {
  model: SiteModel;
}

export class PreviewRounds {
  /** The fingerprints of the pages the output holds; undefined: not known (before the first render, after a failed one). */
  #shown: Map<string, string> | undefined;
  /** Files of paginated pages that may be in the output, relative to it. */
  #written = new Set<string>();
  /** The last model planned, with its renderer and fingerprints: a round with the same objects has the same prints. */
  #planned: { model: SiteModel; renderer: string; prints: Map<string, string> } | undefined;

  readonly outputDir: string;

  constructor(outputDir: string) {
    this.outputDir = outputDir;
  }

  /** The render of `model` with the renderer whose fingerprint is `renderer`, about to be written. */
  plan(model: SiteModel, renderer: string): Round {
    const planned = this.#planned;
    const prints =
      planned?.model === model && planned.renderer === renderer ? planned.prints : pagePrints(model, renderer);
    this.#planned = { model, renderer, prints };
    const shown = this.#shown;
    // Until this render succeeds, the output is a mix no fingerprint describes.
    this.#shown = undefined;
    this.#written = new Set([...this.#written, ...pageFiles(model, prints)]);
    return { model, ...planRender(model, prints, (url, print) => shown?.get(url) === print) };
  }

  /** The paginated pages the output holds, when known. */
  get pages(): number {
    return this.#shown?.size ?? 0;
  }

  /** Whether the output holds the render of this very model (src/incremental/preview-models.ts keeps it) with `renderer`. */
  holds(model: SiteModel, renderer: string): boolean {
    const planned = this.#planned;
    return planned?.model === model && planned.renderer === renderer && this.#shown === planned.prints;
  }

  /** After `round` was written: removes the files of pages it does not have, and remembers what the output holds. */
  async done(round: Round): Promise<void> {
    const files = new Set(pageFiles(round.model, round.prints));
    for (const file of this.#written) {
      if (!files.has(file)) await rm(path.join(this.outputDir, file), { force: true });
    }
    this.#written = files;
    this.#shown = round.prints;
  }
}

function pageFiles(model: SiteModel, prints: Map<string, string>): string[] {
  return [...prints.keys()].map((url) => outputFile(url, model.site.pathPrefix));
}

/**
 * The languages of a site of several other than the default one (which the preview's own Eleventy serves at the
 * root): each rendered by an Eleventy of its own into its folder of the output (`.preview/es/`), only the pages
 * whose fingerprint changed, after the default language's render.
 */
export class OtherLanguages {
  readonly #rounds = new Map<string, PreviewRounds>();
  readonly #rootDir: string;
  readonly #outputDir: string;

  constructor(rootDir: string, outputDir: string) {
    this.#rootDir = rootDir;
    this.#outputDir = outputDir;
  }

  /** Renders each of `languages`; resolves with the paginated pages rendered, of how many. */
  async render(
    languages: readonly PreparedLanguage[],
    renderer: string,
  ): Promise<{ rendering: number; pages: number }> {
    const total = { rendering: 0, pages: 0 };
    for (const { folder, model, imageFiles } of languages) {
      const dir = path.join(this.#outputDir, folder);
      let rounds = this.#rounds.get(folder);
      if (!rounds) this.#rounds.set(folder, (rounds = new PreviewRounds(dir)));
      // Its model is the one its folder shows: another language's edit, nothing to write.
      if (rounds.holds(model, renderer)) {
        total.pages += rounds.pages;
        continue;
      }
      const round = rounds.plan(Object.freeze(model), renderer);
      const data = { model: round.model, pageLists: round.pageLists, imageFiles };
      await createEleventy(this.#rootDir, dir, { round: async () => data }).write();
      await rounds.done(round);
      total.rendering += round.rendering;
      total.pages += round.prints.size;
    }
    return total;
  }
}
