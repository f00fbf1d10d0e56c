// Runs Eleventy programmatically with the site model as global data.
// https://www.11ty.dev/docs/programmatic/
import Eleventy from '@11ty/eleventy';
import path from 'node:path';
import type { SiteModel } from '../data/site-model.ts';
import type { EleventyConfig } from '../eleventy/eleventy-types.ts';

export interface RenderOptions {
  rootDir: string;
  outputDir: string;
  model: SiteModel;
  quiet?: boolean;
}

/** Renders the site into `outputDir`; returns the number of files Eleventy wrote. */
export async function renderSite({ rootDir, outputDir, model, quiet = true }: RenderOptions): Promise<number> {
  const eleventy = new Eleventy(path.join(rootDir, 'templates'), outputDir, {
    configPath: path.join(rootDir, '.eleventy.js'),
    quietMode: quiet,
    config(eleventyConfig: EleventyConfig) {
      eleventyConfig.addGlobalData('model', model);
    },
  });
  const results = (await eleventy.write()) as unknown;
  // write() resolves to [passthroughCopies, templates]; count the pages written.
  const templates = Array.isArray(results) ? (results as unknown[][])[1] : undefined;
  return Array.isArray(templates) ? templates.length : 0;
}
