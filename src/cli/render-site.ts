// Runs Eleventy programmatically with the site model as global data.
// https://www.11ty.dev/docs/programmatic/
import path from 'node:path';
import Eleventy from '@11ty/eleventy';
import { pageLists } from '../model/page-fingerprints.ts';
import type { SiteModel } from '../model/types.ts';
import type { EleventyConfig } from '../eleventy/eleventy-types.ts';
import shareImagesPlugin, { type PublishedFile } from '../eleventy/share-images-plugin.ts';

/**
 * Eleventy for our project: `templates/` in, `outputDir` out, `.eleventy.js` as config, with `setup` adding what
 * the caller needs (the build's model, the preview's watch settings). The one place the build and the preview
 * construct it. https://www.11ty.dev/docs/programmatic/
 */
export function createEleventy(
  rootDir: string,
  outputDir: string,
  options: { quietMode?: boolean; runMode?: 'build' | 'serve'; setup: (config: EleventyConfig) => void },
) {
  return new Eleventy(path.join(rootDir, 'templates'), outputDir, {
    configPath: path.join(rootDir, '.eleventy.js'),
    quietMode: options.quietMode ?? true,
    runMode: options.runMode ?? 'build',
    config: options.setup,
  });
}

export interface RenderOptions {
  rootDir: string;
  outputDir: string;
  model: SiteModel;
  /** The model's rendered share images (run-build.ts), copied into the output with the pages. */
  shareImages?: readonly PublishedFile[];
  quiet?: boolean;
}

/** Renders the site with `model` as global data into `outputDir`; returns the number of HTML pages written. */
export async function renderSite({ rootDir, outputDir, model, shareImages = [], quiet = true }: RenderOptions): Promise<number> {
  const eleventy = createEleventy(rootDir, outputDir, {
    quietMode: quiet,
    // Frozen: Eleventy deep-copies unfrozen global data into each template's data and wraps it in a Proxy on every
    // paginated page's access; a frozen object is passed as is (@11ty/eleventy-utils Merge.js, ProxyWrap.js).
    setup(eleventyConfig) {
      eleventyConfig.addGlobalData('model', () => Object.freeze(model));
      // A build renders every page (the preview only the changed ones, src/cli/serve.ts).
      eleventyConfig.addGlobalData('pageLists', () => Object.freeze(pageLists(model)));
      eleventyConfig.addPlugin(shareImagesPlugin, { files: () => shareImages });
    },
  });
  const results = (await eleventy.write()) as unknown;
  // write() resolves to [passthroughCopies, templates]; count the HTML pages (not feeds, sitemap or _headers).
  const templates = Array.isArray(results) ? (results as { outputPath?: unknown }[][])[1] : undefined;
  return (templates ?? []).filter((t) => typeof t.outputPath === 'string' && t.outputPath.endsWith('.html')).length;
}
