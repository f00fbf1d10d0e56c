// `npm start`: a live preview on localhost. Reports come from the cache (only what it lacks is fetched, once);
// edits to templates or content/ rebuild the pages from that data without asking the service again.
// https://www.11ty.dev/docs/programmatic/ and https://www.11ty.dev/docs/watch-serve/
//
// An edit under content/ re-renders only the pages whose data changed (src/cli/preview-rounds.ts): Eleventy's own
// incremental mode re-renders a template when its file changes and everything when global data does, which every
// content edit is. Any other edit (a template, the stylesheet, the config) re-renders every page.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { loadDotEnv } from '../data/config.ts';
import shareImagesPlugin from '../eleventy/share-images-plugin.ts';
import { describeFailure } from './describe-failure.ts';
import { errorPage, isPageRequest } from './preview-error-page.ts';
import { PreviewRounds, type Round } from './preview-rounds.ts';
import { createEleventy } from './render-site.ts';
import { prepareSite, type BuildOptions, type PreparedSite } from './run-build.ts';

export const PREVIEW_DIR = '.preview'; // never dist/: that holds only complete builds

export async function servePreview(options: BuildOptions & { port?: number }): Promise<void> {
  loadDotEnv(options.rootDir);
  const outputDir = path.join(options.rootDir, PREVIEW_DIR);
  const log = options.log ?? ((line) => console.log(line));
  // Files of an earlier preview may be pages this one does not have: start empty, as a build does.
  await rm(outputDir, { recursive: true, force: true });
  // The first preparation may fetch what the cache lacks; later ones (after edits) find everything cached.
  let prepared: PreparedSite | undefined = await prepareSite({ ...options, preview: true });
  let shareImages = prepared.shareImages;
  const contentDir = prepared.config.contentDir;
  // Rebuilds after edits read everything from the cache: no log lines, no progress.
  const silentStream = { isTTY: false, write: () => true } as unknown as NodeJS.WriteStream;
  const silent = { log: () => {}, warn: options.warn, progressStream: silentStream };

  const rounds = new PreviewRounds(outputDir);
  let started = performance.now();
  let round: Promise<Round> | undefined;
  /** A broken edit's message, answered for every page until a render succeeds. */
  let failure: string | undefined;

  async function nextRound(): Promise<Round> {
    const site = prepared ?? (await prepareSite({ ...options, ...silent, preview: true }));
    prepared = undefined;
    shareImages = site.shareImages;
    return rounds.plan(Object.freeze(site.model));
  }
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
      // How long a saved file must stay unchanged before the rebuild: Eleventy's default is a large share of an
      // edit's time (docs/performance.md). https://github.com/paulmillr/chokidar#performance
      eleventyConfig.setChokidarConfig({ awaitWriteFinish: { stabilityThreshold: 50, pollInterval: 10 } });
      const errorResponse = () => ({ status: 500, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body: errorPage(failure!) });
      eleventyConfig.setServerOptions({ onRequest: { '/*': ({ url }: { url: URL }) => (failure && isPageRequest(url) ? errorResponse() : undefined) } });
      // Functions, so every rebuild re-reads content/ (overrides, pages, sign facts, charts) from disk.
      eleventyConfig.addGlobalData('model', async () => (await current()).model);
      eleventyConfig.addGlobalData('pageLists', async () => (await current()).pageLists);
      // https://www.11ty.dev/docs/events/#eleventy-beforewatch: the files that changed, before the rebuild.
      eleventyConfig.on('eleventy.beforeWatch', (changed: string[]) => {
        started = performance.now();
        round = undefined;
        if (changed.some((file) => !isInside(path.resolve(file), contentDir))) rounds.renderAll();
      });
      // Before the share images' copy (added below) and the browser's reload.
      eleventyConfig.on('eleventy.after', async () => {
        const done = await current();
        await rounds.done(done);
        failure = undefined;
        const seconds = ((performance.now() - started) / 1000).toFixed(2);
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
