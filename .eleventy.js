// Eleventy configuration, wiring only: plugins from src/eleventy/, the data from the build (global `model`).
// https://www.11ty.dev/docs/config/
import path from 'node:path';
import rssPlugin from '@11ty/eleventy-plugin-rss';
import chartWheelPlugin from './src/eleventy/chart-wheel-plugin.ts';
import filtersPlugin from './src/eleventy/filters.ts';
import fingerprintAssetsPlugin from './src/eleventy/fingerprint-assets.ts';
import securityHeadersPlugin from './src/eleventy/security-headers.ts';

/** @param {import('@11ty/eleventy').UserConfig} eleventyConfig */
export default function (eleventyConfig) {
  // Printing undefined fails the build; dev: true is Eleventy's default. https://www.11ty.dev/docs/languages/nunjucks/
  eleventyConfig.setNunjucksEnvironmentOptions({ dev: true, throwOnUndefined: true });
  // absoluteUrl and dateToRfc3339 for the feeds, the sitemap and robots.txt. https://www.11ty.dev/docs/plugins/rss/
  eleventyConfig.addPlugin(rssPlugin);
  eleventyConfig.addPlugin(filtersPlugin);
  eleventyConfig.addPlugin(chartWheelPlugin);
  // The meta CSP (`csp`) every layout carries, and _headers for hosts that read it.
  eleventyConfig.addPlugin(securityHeadersPlugin);
  // `{{ 'site.css' | assetUrl }}` → /assets/site.<hash>.css; an absolute folder, so any working directory works.
  eleventyConfig.addPlugin(fingerprintAssetsPlugin, { sourceDir: path.join(import.meta.dirname, 'templates/assets') });
  // Content edits in the live preview rebuild the model (src/cli/serve.ts). https://www.11ty.dev/docs/watch-serve/
  eleventyConfig.addWatchTarget('./content/');
}

// No input or output: src/cli/render-site.ts passes both, and folders set here would win over them.
export const config = {
  dir: { includes: '_includes', layouts: '_layouts' },
  templateFormats: ['njk'],
  htmlTemplateEngine: 'njk',
};
