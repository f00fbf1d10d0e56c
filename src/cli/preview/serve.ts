// `npm start`: a live preview on localhost. Reports come from the cache (only what it lacks is fetched, once);
// edits to templates or content/ rebuild the pages from that data without asking the service again, and render
// only the pages whose fingerprint changed, as a build does (src/cli/preview/preview-rounds.ts).
// https://www.11ty.dev/docs/programmatic/ and https://www.11ty.dev/docs/watch-serve/
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { loadDotEnv } from '../../data/config.ts';
import { parseHeadersFile, type HeaderRule } from '../../eleventy/security-headers.ts';
import { FormProxy } from './form-proxy.ts';
import { describeAddress, listenOn, PREVIEW_ADDRESS } from './preview-address.ts';
import { PreviewModels } from '../../incremental/preview-models.ts';
import { watchingAll } from './preview-watcher.ts';
import { OtherLanguages, PreviewRounds } from './preview-rounds.ts';
import { preparePreview, PreviewSession } from './preview-session.ts';
import { createEleventy } from '../builder/render-site.ts';
import type { FetchSiteOptions } from '../builder/prepare-site.ts';

const PREVIEW_DIR = '.preview'; // never dist/: that holds only complete builds

export async function servePreview(options: FetchSiteOptions & { port?: number; host?: string }): Promise<void> {
  loadDotEnv(options.rootDir);
  const outputDir = path.join(options.rootDir, PREVIEW_DIR);
  const log = options.log ?? ((line) => console.log(line));
  // Files of an earlier preview may be pages this one does not have: start empty, as a build does.
  await rm(outputDir, { recursive: true, force: true });
  // The first preparation may fetch what the cache lacks; later ones (after edits) find everything cached, and
  // rebuild only the models of the languages whose files changed.
  const models = new PreviewModels();
  const prepared = await preparePreview(models, { ...options, preview: true });
  // Served under the path of site.json's `url`, as published; an edit to it takes a restart.
  const { pathPrefix } = prepared.languages[0]!.model.site;
  // Rebuilds after edits read everything from the cache: no log lines, no progress.
  const silentStream = { isTTY: false, write: () => true } as unknown as NodeJS.WriteStream;
  const silent = { log: () => {}, warn: options.warn, progressStream: silentStream };

  // With the chart form, its routes go to its Worker, started once the first render has written the form's files.
  const formProxy = prepared.config.site.chartForm ? new FormProxy() : undefined;

  // The `_headers` of the last render that succeeded, which the dev server applies (src/eleventy/preview-headers.ts).
  let headerRules: readonly HeaderRule[] = [];
  const rounds = new PreviewRounds(outputDir);
  const others = new OtherLanguages(options.rootDir, outputDir);
  const session = new PreviewSession({
    first: prepared,
    prepare: () => preparePreview(models, { ...options, ...silent, preview: true }),
    // The default language is the one the preview's own Eleventy renders; the others: src/cli/preview/preview-rounds.ts.
    plan: (site) => {
      const [first] = site.languages;
      return {
        ...rounds.plan(Object.freeze(first!.model), site.renderer),
        imageFiles: first!.imageFiles,
        site,
        renderer: site.renderer,
      };
    },
    // Eleventy only sends the error to the browser's console: reload the open page, so it shows the error page.
    onFailure: () => void eleventy.eleventyServe?.reload({ files: [] }),
  });

  const eleventy = createEleventy(
    options.rootDir,
    outputDir,
    {
      round: () => session.current(),
      changed: () => session.changed(),
      async rendered() {
        const done = await session.current();
        // A site of several languages: the others after the default one, each into its folder, as a build does.
        const more = await others
          .render(done.site.languages.slice(1), done.renderer)
          .catch((error: unknown) => session.failed(error));
        await rounds.done(done);
        headerRules = parseHeadersFile(await readFile(path.join(outputDir, '_headers'), 'utf8'));
        const seconds = session.succeeded().toFixed(2);
        log(
          `Preview: rendered ${done.rendering + more.rendering} of ${done.prints.size + more.pages} paginated pages in ${seconds} s`,
        );
      },
      failure: () => session.failure,
      pathPrefix,
      ...(formProxy ? { middleware: [formProxy.middleware] } : {}),
      headerRules: () => headerRules,
    },
    { runMode: 'serve' },
  );
  await eleventy.init();
  const rebuild = await eleventy.watch();
  // Ready only once every folder an edit can be saved into is watched (src/cli/preview/preview-watcher.ts).
  if (eleventy.watcher)
    await watchingAll(
      eleventy.watcher,
      ['content', 'templates'].map((dir) => path.join(options.rootDir, dir)),
    );
  // Eleventy only logs a deleted file (Eleventy.js, watcher.on("unlink")); a deleted override or page must go.
  eleventy.watcher?.on('unlink', (file) => void rebuild(file));
  if (formProxy) await startFormWorker(formProxy, outputDir, log);
  const port = options.port ?? PREVIEW_ADDRESS.port;
  listenOn(options.host ?? PREVIEW_ADDRESS.host, (address) => log(describeAddress(address, port, pathPrefix)));
  await eleventy.serve(port);
}

/**
 * The form's Worker over the preview's output. It goes with the preview: workerd ends with its parent process, and
 * wrangler removes its temporary files on the way out (its own exit hooks, on Ctrl-C and SIGTERM too).
 */
async function startFormWorker(formProxy: FormProxy, outputDir: string, log: (line: string) => void): Promise<void> {
  const worker = await formProxy.start(outputDir, process.env);
  log(
    `Chart form: answered by its Worker in workerd on ${worker.url.origin}, ${worker.sample ? 'from the embedded sample service' : 'from the account in ASTRO_API_URL'}`,
  );
}
