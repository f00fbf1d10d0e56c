// Runs Eleventy programmatically with the site model as global data.
// https://www.11ty.dev/docs/programmatic/
import path from 'node:path';
import type { SiteModel } from '../data/site-model.ts';
import type { EleventyConfig } from '../eleventy/eleventy-types.ts';

/**
 * Eleventy for our project: `templates/` in, `outputDir` out, `.eleventy.js` as config, with `setup` adding what
 * the caller needs (the build's model, the preview's watch settings). The one place the build and the preview
 * construct it. https://www.11ty.dev/docs/programmatic/
 */
export async function createEleventy(
  rootDir: string,
  outputDir: string,
  options: { quietMode?: boolean; runMode?: 'build' | 'serve'; setup: (config: EleventyConfig) => void },
) {
  const { default: Eleventy } = await import('@11ty/eleventy');
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
  quiet?: boolean;
}

export interface SiteRenderer {
  /** Renders the site with `model` into the output folder; returns the number of HTML pages written. */
  render(model: SiteModel): Promise<number>;
  /** Settles the early initialisation when no render follows (a failed fetch), so no rejection goes unhandled. */
  abandon(): Promise<void>;
}

/**
 * Starts Eleventy before the data exists: loading the config and its plugins, the engines and the template scan
 * run while the build waits for the service. The model arrives later as global data (a promise Eleventy awaits
 * when it reads the data cascade, after initialisation).
 */
export async function openRenderer({ rootDir, outputDir, quiet = true }: Omit<RenderOptions, 'model'>): Promise<SiteRenderer> {
  let provideModel!: (model: SiteModel) => void;
  const model = new Promise<SiteModel>((resolve) => (provideModel = resolve));
  const eleventy = await createEleventy(rootDir, outputDir, {
    quietMode: quiet,
    setup: (eleventyConfig) => eleventyConfig.addGlobalData('model', () => model),
  });
  // Caught here and rethrown by render(): a bad config fails the build where it would have without the overlap.
  const initialised = eleventy.init().then(() => undefined, (error: unknown) => error);
  return {
    async render(value) {
      // Provided before waiting, so an initialisation that reads global data could never wait on itself.
      provideModel(value);
      const initError = await initialised;
      if (initError !== undefined) throw initError;
      const results = (await eleventy.write()) as unknown;
      // write() resolves to [passthroughCopies, templates]; count the HTML pages (not feeds, sitemap or _headers).
      const templates = Array.isArray(results) ? (results as { outputPath?: unknown }[][])[1] : undefined;
      return (templates ?? []).filter((t) => typeof t.outputPath === 'string' && t.outputPath.endsWith('.html')).length;
    },
    async abandon() {
      await initialised;
    },
  };
}

/** Renders the site into `outputDir`; returns the number of HTML pages written. */
export async function renderSite({ model, ...options }: RenderOptions): Promise<number> {
  return (await openRenderer(options)).render(model);
}
