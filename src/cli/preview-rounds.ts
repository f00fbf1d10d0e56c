// What each of the live preview's renders writes (src/cli/serve.ts): the pages whose fingerprint changed since the
// render `.preview/` holds (src/data/page-fingerprints.ts), or every page when that is not known or a site-wide
// part changed; and, once a render is done, the files of pages the model no longer has, which Eleventy leaves.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { changedPageLists, fingerprints, pageLists, type Fingerprints, type PageLists } from '../model/page-fingerprints.ts';
import type { SiteModel } from '../model/types.ts';

/** One render: its model, and the pages to render from it. */
export interface Round {
  model: SiteModel;
  pageLists: PageLists;
  fingerprints: Fingerprints;
  /** How many paginated pages this render writes. */
  rendering: number;
}

export class PreviewRounds {
  /** The fingerprints of what the output holds; undefined: not known (before the first render, after a failed one). */
  #shown: Fingerprints | undefined;
  /** Paginated pages whose files may be in the output. */
  #written = new Set<string>();
  #renderAll = true;

  readonly outputDir: string;

  constructor(outputDir: string) {
    this.outputDir = outputDir;
  }

  /** The next render renders every page: a template, the stylesheet or the configuration changed. */
  renderAll(): void {
    this.#renderAll = true;
  }

  /** The render of `model`, about to be written. */
  plan(model: SiteModel): Round {
    const now = fingerprints(model);
    const before = this.#renderAll ? undefined : this.#shown;
    const lists = before && before.siteWide === now.siteWide ? changedPageLists(model, now, before) : pageLists(model);
    // Until this render succeeds, the output is a mix no fingerprint describes.
    this.#shown = undefined;
    this.#written = new Set([...this.#written, ...now.pages.keys()]);
    const rendering = Object.values(lists).reduce((sum, list: unknown[]) => sum + list.length, 0);
    return { model, pageLists: Object.freeze(lists), fingerprints: now, rendering };
  }

  /** After `round` was written: removes the files of pages it does not have, and remembers what the output holds. */
  async done(round: Round): Promise<void> {
    for (const url of this.#written) {
      if (!round.fingerprints.pages.has(url)) await rm(path.join(this.outputDir, outputFile(url)), { force: true });
    }
    this.#written = new Set(round.fingerprints.pages.keys());
    this.#shown = round.fingerprints;
    this.#renderAll = false;
  }
}

/** Where Eleventy writes a permalink: `/about/` → `about/index.html`, `/leo/feed.xml` as it is. */
function outputFile(url: string): string {
  return url.endsWith('/') ? `${url}index.html` : url;
}
