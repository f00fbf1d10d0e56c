// How the build and the preview hand their data to .eleventy.js: the command passes a source with the Eleventy
// instance it creates (src/cli/builder/render-site.ts), and the configuration reads it from there. The configuration
// itself, global data included, is all in .eleventy.js.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PageLists } from '../incremental/page-fingerprints.ts';
import type { SiteModel } from '../model/types.ts';
import type { PublishedFile } from './copy-into-output.ts';
import type { FingerprintedAsset } from './fingerprint-assets.ts';
import type { HeaderRule } from './security-headers.ts';

/** What one render writes: the model every template reads, and the pages the paginated templates render. */
interface SiteRound {
  model: SiteModel;
  pageLists: PageLists;
  /** The drawn share images (src/data/share-images.ts) and the owner's logo and favicon, copied into the output after the pages. */
  imageFiles: readonly PublishedFile[];
  /** The asset manifest, when the command read it already (the build); else the plugin reads it (the preview). */
  assets?: Map<string, FingerprintedAsset>;
}

/** A handler of the preview's dev server, run before it serves a file; `next()` hands the request on. */
export type PreviewMiddleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => Promise<void>;

export interface SiteSource {
  /** The round to render; asked once per render by each global data and plugin that needs it. */
  round(): Promise<SiteRound>;
  /** After Eleventy wrote the round's pages, before the share images are copied and the preview reloads. */
  rendered?(): Promise<void>;
  /** The preview: files changed since the last render (eleventy.beforeWatch). */
  changed?(files: string[]): void;
  /** The preview: a broken edit's one-line message, shown for every page until a render succeeds. */
  failure?(): string | undefined;
  /** The preview: the path its dev server serves the site under (the model's `site.pathPrefix`). */
  pathPrefix?: string;
  /** The preview: what its dev server runs before serving a file (the chart form's routes). https://www.11ty.dev/docs/dev-server/ */
  middleware?: PreviewMiddleware[];
  /** The preview: the rules of the `_headers` its last render wrote, which its dev server applies to its answers. */
  headerRules?(): readonly HeaderRule[];
}

// A registered symbol, not a module's own state: Eleventy imports .eleventy.js (and so this module) on its own,
// which a test runner may load as a second copy of this module.
const SOURCE = Symbol.for('horoscope-site.site-source');

/** Called by the command, through Eleventy's `config` option, before .eleventy.js runs with the same object. */
export function provideSite(eleventyConfig: object, source: SiteSource): void {
  Object.defineProperty(eleventyConfig, SOURCE, { value: source });
}

/** The command's source; none when Eleventy runs on its own (the tests of the configuration's template options). */
export function siteSource(eleventyConfig: object): SiteSource | undefined {
  return (eleventyConfig as { [SOURCE]?: SiteSource })[SOURCE];
}
