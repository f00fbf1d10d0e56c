// Runs Eleventy for the build and the preview: `templates/` in, `.eleventy.js` as the configuration, the site's
// data handed over as a site source. https://www.11ty.dev/docs/programmatic/
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PublishedFile } from '../../eleventy/copy-into-output.ts';
import { newEleventy } from '../../eleventy/new-eleventy.ts';
import { ownerAssets, readAssetManifest } from '../../eleventy/fingerprint-assets.ts';
import { provideSite, type SiteSource } from '../../eleventy/site-source.ts';
import { unusedAnalyticsAssets } from '../../model/analytics.ts';
import type { SiteModel } from '../../model/types.ts';
import { outputFile, prefixed } from '../../model/urls.ts';
import { linkFiles, reusableFrom, sha256, type ManifestFiles } from '../../incremental/build-manifest.ts';
import { filesUnder } from '../../data/files-under.ts';
import { pagePrints, planRender } from '../../incremental/render-plan.ts';
import { writeSearchIndex } from './search-index.ts';
import type { StartedService } from './search-services.ts';
import { searchParts } from '../../model/search-parts.ts';
import { markPhase } from './build-phase.ts';

/** The one place the build and the preview construct Eleventy: they pass the output folder and the data. */
export function createEleventy(
  rootDir: string,
  outputDir: string,
  source: SiteSource,
  options: { quietMode?: boolean; runMode?: 'build' | 'serve' } = {},
) {
  return newEleventy(path.join(rootDir, 'templates'), outputDir, {
    configPath: path.join(rootDir, '.eleventy.js'),
    quietMode: options.quietMode ?? true,
    runMode: options.runMode ?? 'build',
    config: (eleventyConfig: object) => provideSite(eleventyConfig, source),
  });
}

/** The templates folders this process rendered from. */
const templatesRead = new Set<string>();

/**
 * Eleventy keeps what it read and compiled of the templates for the life of the process, and only its watcher clears
 * it, through its event bus (https://github.com/11ty/eleventy/issues/3667, src/EventBus.js): a later build from the
 * same folder in this process (the tests') announces every template, as the watcher would, and so starts afresh.
 */
async function forgetTemplates(dir: string): Promise<void> {
  if (!templatesRead.has(dir)) return void templatesRead.add(dir);
  const { default: eventBus } = (await import(
    new URL('./EventBus.js', import.meta.resolve('@11ty/eleventy')).href
  )) as { default: { emit(event: string, ...args: unknown[]): Promise<unknown> } };
  for (const file of filesUnder(dir))
    await eventBus.emit('eleventy.resourceModified', `./${path.relative(process.cwd(), path.join(dir, file))}`, [], {});
}

interface RenderOptions {
  rootDir: string;
  /** The fingerprint of what renders the model (render-plan.ts `rendererFingerprint`). */
  renderer: string;
  /** The staging folder, empty. */
  outputDir: string;
  model: SiteModel;
  /** The language's drawn share images and the owner's logo and favicon (`fetchSite`, prepare-site.ts), copied into the output with the pages. */
  imageFiles?: readonly PublishedFile[];
  /** The published output and its manifest: the pages whose files there still hold are taken, not rendered. */
  previous?: { dir: string; files?: ManifestFiles };
  /** False leaves the search index out (run-build.ts `BuildOptions`). */
  searchIndex?: boolean;
  quiet?: boolean;
}

export interface RenderResult {
  /** HTML pages in the output, and how many of them were rendered or taken from the published output. */
  pages: number;
  rendered: number;
  reused: number;
  /** The manifest of the output, for the next build. */
  files: ManifestFiles;
}

/** Renders `model` into `outputDir`, taking from `previous` the pages that did not change. */
export async function renderSite(options: RenderOptions): Promise<RenderResult> {
  // Loaded only by a build that indexes; started once Eleventy renders, its start-up beside the render.
  const started =
    options.searchIndex !== false ? new (await import('./search-services.ts')).StartedService() : undefined;
  try {
    return await renderAndIndex(options, started);
  } finally {
    await started?.close();
  }
}

async function renderAndIndex(
  { rootDir, renderer, outputDir, model, imageFiles = [], previous, searchIndex = true, quiet = true }: RenderOptions,
  started?: StartedService,
): Promise<RenderResult> {
  // Read first: a stylesheet naming a missing file fails here in one line, not inside Eleventy with its stack.
  const { pathPrefix } = model.site;
  const assets = readAssetManifest(
    path.join(rootDir, 'templates/assets'),
    undefined,
    pathPrefix,
    ownerAssets(path.join(rootDir, 'content')),
  );
  const prints = pagePrints(model, renderer);
  const plan = planRender(
    model,
    prints,
    previous ? reusableFrom(previous.dir, previous.files, pathPrefix) : () => false,
  );
  // Frozen: Eleventy deep-copies unfrozen global data into each page's data (@11ty/eleventy-utils Merge.js).
  const round = { model: Object.freeze(model), pageLists: plan.pageLists, imageFiles, assets };
  await forgetTemplates(path.join(rootDir, 'templates'));
  const eleventy = createEleventy(rootDir, outputDir, { round: async () => round }, { quietMode: quiet });
  started?.start();
  markPhase('render');
  // write() resolves to [passthrough copies, templates], each template with the content it wrote.
  const [, templates] = (await eleventy.write()) as [
    unknown,
    { url?: string; outputPath?: unknown; content?: string | Buffer }[],
  ];
  const files: ManifestFiles = {};
  let rendered = 0;
  for (const template of templates) {
    if (typeof template.outputPath !== 'string' || template.content === undefined) continue;
    const relative = path.relative(outputDir, template.outputPath).split(path.sep).join('/');
    // Eleventy's URL is the page's path in the output; the model's, and so the prints', is under the prefix.
    const print = template.url ? prints.get(prefixed(template.url, pathPrefix)) : undefined;
    files[relative] = { sha256: sha256(template.content), ...(print ? { print } : {}) };
    if (relative.endsWith('.html')) rendered += 1;
  }
  // After Eleventy: a link shares its file with the published output, which nothing may write through.
  const reusedFiles = plan.reused.map((url) => outputFile(url, pathPrefix));
  if (previous) linkFiles(previous.dir, outputDir, reusedFiles);
  for (const relative of reusedFiles) files[relative] = previous!.files![relative]!;
  // Every page is in the folder now, rendered or taken: the index reads them there.
  markPhase('search');
  if (searchIndex)
    Object.assign(
      files,
      await writeSearchIndex({
        outputDir,
        parts: searchParts(model),
        files,
        renderer,
        started,
        ...(previous ? { previous } : {}),
      }),
    );
  markPhase('files');
  // The JSON API's files the plugin wrote (src/eleventy/api-files-plugin.ts), each with its fingerprint.
  for (const { url } of plan.pageLists.api) {
    const relative = outputFile(url, pathPrefix);
    files[relative] = { sha256: sha256(readFileSync(path.join(outputDir, relative))), print: prints.get(url)! };
  }
  // The files the plugins copied: assets and share images.
  const unused = new Set(unusedAnalyticsAssets(model.analytics));
  const copied = [...[...assets.values()].filter((asset) => !unused.has(asset.name)), ...imageFiles];
  for (const { outputPath } of copied)
    files[outputPath] = { sha256: sha256(readFileSync(path.join(outputDir, outputPath))) };
  const reusedPages = reusedFiles.filter((file) => file.endsWith('.html')).length;
  return { pages: rendered + reusedPages, rendered, reused: reusedPages, files };
}
