// Eleventy configuration: wiring only. The data arrives ready from src/data/ (the build adds it as global data
// `model`); filters, feeds, headers and assets live in small plugin modules under src/eleventy/.
// https://www.11ty.dev/docs/config/
import path from 'node:path';
import rssPlugin from '@11ty/eleventy-plugin-rss';
import chartWheelPlugin from './src/eleventy/chart-wheel-plugin.ts';
import filtersPlugin from './src/eleventy/filters.ts';
import fingerprintAssetsPlugin from './src/eleventy/fingerprint-assets.ts';
import securityHeadersPlugin from './src/eleventy/security-headers.ts';

/** @param {import('@11ty/eleventy').UserConfig} eleventyConfig */
export default function (eleventyConfig) {
  // Misspelt variables fail the build; dev: true is Eleventy's default. https://www.11ty.dev/docs/languages/nunjucks/
  eleventyConfig.setNunjucksEnvironmentOptions({ dev: true, throwOnUndefined: true });
  // absoluteUrl and dateToRfc3339 for the Atom feeds (templates/feed.njk), the sitemap and robots.txt.
  eleventyConfig.addPlugin(rssPlugin);
  eleventyConfig.addPlugin(filtersPlugin);
  eleventyConfig.addPlugin(chartWheelPlugin);
  // The meta CSP (`csp`) every layout carries, and _headers for hosts that read it.
  eleventyConfig.addPlugin(securityHeadersPlugin);
  // /assets/site.<hash>.css through `{{ 'site.css' | assetUrl }}`; absolute so any working directory works.
  eleventyConfig.addPlugin(fingerprintAssetsPlugin, { sourceDir: path.join(import.meta.dirname, 'templates/assets') });
  // Content edits in the live preview rebuild the model (src/cli/serve.ts); templates are watched by default.
  eleventyConfig.addWatchTarget('./content/');
}

// No `input` or `output` here: the build passes both (src/cli/render-site.ts: `templates/` of its project root,
// and a staging folder it names itself), and directories set in this file would take precedence over them,
// resolved against the working directory rather than the project. Includes and layouts are inside the input.
export const config = {
  dir: { includes: '_includes', layouts: '_layouts' },
  templateFormats: ['njk'],
  htmlTemplateEngine: 'njk',
};
