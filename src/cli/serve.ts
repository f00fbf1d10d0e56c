// `npm start`: a live preview on localhost. Reports come from the cache (only what it lacks is fetched, once);
// edits to templates or content/ rebuild the pages from that data without asking the service again.
// https://www.11ty.dev/docs/programmatic/ and https://www.11ty.dev/docs/watch-serve/
//
// An edit under content/ re-renders only the pages whose data changed (src/data/page-fingerprints.ts): Eleventy's
// own incremental mode re-renders a template when its file changes and everything when global data does, which
// every content edit is. Any other edit (a template, the stylesheet, the config) re-renders every page.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { loadDotEnv } from '../data/config.ts';
import { RoundMemo } from '../data/memo.ts';
import { changedPageLists, fingerprints, pageLists, type Fingerprints, type PageLists } from '../data/page-fingerprints.ts';
import type { SiteModel } from '../data/site-model.ts';
import shareImagesPlugin from '../eleventy/share-images-plugin.ts';
import { describeFailure } from './describe-failure.ts';
import { errorPage, isPageRequest } from './preview-error-page.ts';
import { createEleventy } from './render-site.ts';
import { prepareSite, type BuildOptions, type PreparedSite } from './run-build.ts';

export const PREVIEW_DIR = '.preview'; // never dist/: that holds only complete builds

/** One rebuild: its model, and the pages to render from it. */
interface Round {
  model: SiteModel;
  pageLists: PageLists;
  fingerprints: Fingerprints;
  rendering: number;
  started: number;
}

export async function servePreview(options: BuildOptions & { port?: number }): Promise<void> {
  loadDotEnv(options.rootDir);
  const outputDir = path.join(options.rootDir, PREVIEW_DIR);
  const log = options.log ?? ((line) => console.log(line));
  // Files of an earlier preview may be pages this one does not have: start empty, as a build does.
  await rm(outputDir, { recursive: true, force: true });
  // The reports' sanitized HTML, kept between models: an edit changes one or none of them.
  const memo = new RoundMemo();
  // The first preparation may fetch what the cache lacks; later ones (after edits) find everything cached.
  let prepared: PreparedSite | undefined = await prepareSite({ ...options, preview: true, memo });
  let shareImages = prepared.shareImages;
  const contentDir = prepared.config.contentDir;
  // Rebuilds after edits read everything from the cache: no log lines, no progress.
  const silentStream = { isTTY: false, write: () => true } as unknown as NodeJS.WriteStream;
  const silent = { log: () => {}, warn: options.warn, progressStream: silentStream, memo };

  /** The fingerprints of what `.preview/` holds; undefined: not known (the first render, a failed one). */
  let shown: Fingerprints | undefined;
  /** Paginated pages whose files may be in `.preview/`, to remove those a model no longer has. */
  let written = new Set<string>();
  let renderAll = true;
  let started = performance.now();
  let round: Promise<Round> | undefined;

  async function nextRound(): Promise<Round> {
    const site = prepared ?? (await prepareSite({ ...options, ...silent, preview: true }));
    prepared = undefined;
    const model = Object.freeze(site.model);
    const now = fingerprints(model);
    const before = renderAll ? undefined : shown;
    const lists = before && before.siteWide === now.siteWide ? changedPageLists(model, now, before) : pageLists(model);
    // Pages are about to be written: until this render succeeds, .preview/ is a mix no fingerprint describes.
    shown = undefined;
    written = new Set([...written, ...now.pages.keys()]);
    shareImages = site.shareImages;
    const rendering = Object.values(lists).reduce((sum, list: unknown[]) => sum + list.length, 0);
    return { model, pageLists: Object.freeze(lists), fingerprints: now, rendering, started };
  }
  /** A broken edit's message, answered for every page until a render succeeds. */
  let failure: string | undefined;
  const failed = (error: unknown): never => {
    failure = describeFailure(error);
    // Eleventy only sends the error to the browser's console: reload the open page, so it shows the error page.
    void eleventy.eleventyServe?.reload({ files: [] });
    // One line: Eleventy prints it without the stack trace it leaves out for errors marked `skipOriginalStack`
    // (Errors/EleventyErrorHandler.js).
    throw Object.assign(new Error(failure), { skipOriginalStack: true });
  };
  // Both global data read the same round, whichever Eleventy asks for first.
  const current = () => (round ??= nextRound().catch(failed));

  const eleventy = createEleventy(options.rootDir, outputDir, {
    runMode: 'serve',
    setup(eleventyConfig) {
      // Eleventy's scan of the config file's JavaScript imports does not understand TypeScript; template and
      // content/ edits are what the preview reloads on.
      eleventyConfig.setWatchJavaScriptDependencies(false);
      // A saved file must stay unchanged this long before the rebuild starts: Eleventy's 150 ms is a third of what
      // an edit may take to show (Eleventy.js getChokidarConfig; https://github.com/paulmillr/chokidar#performance).
      eleventyConfig.setChokidarConfig({ awaitWriteFinish: { stabilityThreshold: 50, pollInterval: 10 } });
      eleventyConfig.setServerOptions({
        onRequest: { '/*': ({ url }: { url: URL }) => (failure && isPageRequest(url) ? { status: 500, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body: errorPage(failure) } : undefined) },
      });
      // Functions, so every rebuild re-reads content/ (overrides, pages, sign facts, charts) from disk.
      eleventyConfig.addGlobalData('model', async () => (await current()).model);
      eleventyConfig.addGlobalData('pageLists', async () => (await current()).pageLists);
      // https://www.11ty.dev/docs/events/#eleventy-beforewatch: the files that changed, before the rebuild.
      eleventyConfig.on('eleventy.beforeWatch', (changed: string[]) => {
        started = performance.now();
        round = undefined;
        if (changed.some((file) => !isInside(path.resolve(file), contentDir))) renderAll = true;
      });
      // Before the share images' copy (added below) and the browser's reload.
      eleventyConfig.on('eleventy.after', async () => {
        const done = await current();
        for (const url of written) if (!done.fingerprints.pages.has(url)) await rm(path.join(outputDir, outputFile(url)), { force: true });
        written = new Set(done.fingerprints.pages.keys());
        shown = done.fingerprints;
        renderAll = false;
        failure = undefined;
        const seconds = ((performance.now() - done.started) / 1000).toFixed(2);
        log(`Preview: rendered ${done.rendering} of ${done.fingerprints.pages.size} paginated pages in ${seconds} s`);
      });
      // Copied after each rebuild's pages: the images of the model that rebuild used.
      eleventyConfig.addPlugin(shareImagesPlugin, { files: () => shareImages });
    },
  });
  await eleventy.init();
  const rebuild = await eleventy.watch();
  // Eleventy only logs a deleted file (Eleventy.js, watcher.on("unlink")); a deleted override or page must go.
  eleventy.watcher?.on('unlink', (file) => void rebuild(file));
  await eleventy.serve(options.port ?? 8080);
}

function isInside(file: string, dir: string): boolean {
  const relative = path.relative(dir, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/** Where Eleventy writes a permalink: `/about/` → `about/index.html`, `/leo/feed.xml` as it is. */
function outputFile(url: string): string {
  return url.endsWith('/') ? `${url}index.html` : url;
}
