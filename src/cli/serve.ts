// `npm start`: a live preview on localhost. Reports come from the cache (only what it lacks is fetched, once);
// edits to templates or content/ rebuild the pages from that data without asking the service again.
// https://www.11ty.dev/docs/programmatic/ and https://www.11ty.dev/docs/watch-serve/
import path from 'node:path';
import { loadDotEnv } from '../data/config.ts';
import shareImagesPlugin from '../eleventy/share-images-plugin.ts';
import { createEleventy } from './render-site.ts';
import { prepareSite, type BuildOptions, type PreparedSite } from './run-build.ts';

export const PREVIEW_DIR = '.preview'; // never dist/: that holds only complete builds

export async function servePreview(options: BuildOptions & { port?: number }): Promise<void> {
  loadDotEnv(options.rootDir);
  // The first preparation may fetch what the cache lacks; later ones (after edits) find everything cached.
  let prepared: PreparedSite = await prepareSite({ ...options, preview: true });
  // Rebuilds after edits read everything from the cache: no log lines, no progress.
  const silentStream = { isTTY: false, write: () => true } as unknown as NodeJS.WriteStream;
  const silent = { log: () => {}, warn: options.warn, progressStream: silentStream };
  const eleventy = createEleventy(options.rootDir, path.join(options.rootDir, PREVIEW_DIR), {
    runMode: 'serve',
    setup(eleventyConfig) {
      // Eleventy's scan of the config file's JavaScript imports does not understand TypeScript; template and
      // content/ edits are what the preview reloads on.
      eleventyConfig.setWatchJavaScriptDependencies(false);
      // A function, so every rebuild re-reads content/ (overrides, pages, sign facts, charts) from disk.
      eleventyConfig.addGlobalData('model', async () => {
        prepared = await prepareSite({ ...options, ...silent, preview: true });
        return prepared.model;
      });
      // Copied after each rebuild's pages: the images of the model that rebuild used.
      eleventyConfig.addPlugin(shareImagesPlugin, { files: () => prepared.shareImages });
    },
  });
  await eleventy.init();
  await eleventy.watch();
  await eleventy.serve(options.port ?? 8080);
}
