// Eleventy configuration: wiring only. The data arrives ready from src/data/ (the build adds it as global data
// `model`); filters, feeds, headers and assets live in small plugin modules under src/eleventy/.
// https://www.11ty.dev/docs/config/
import filtersPlugin from './src/eleventy/filters.ts';

/** @param {import('@11ty/eleventy').UserConfig} eleventyConfig */
export default function (eleventyConfig) {
  eleventyConfig.addPlugin(filtersPlugin);
  // Content edits in the live preview rebuild the model (src/build/serve.ts); templates are watched by default.
  eleventyConfig.addWatchTarget('./content/');
  eleventyConfig.addPassthroughCopy({ 'templates/assets': 'assets' });
}

// No `output` here: the build renders into a staging folder it names itself (src/build/render-site.ts), and a
// directory set in this file would take precedence over it.
export const config = {
  dir: { input: 'templates', includes: '_includes', layouts: '_layouts' },
  templateFormats: ['njk'],
  htmlTemplateEngine: 'njk',
};
