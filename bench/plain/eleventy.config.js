// The plain comparison site: Nunjucks pages, layouts in _layouts, nothing else (the settings of .eleventy.js).
// No `input` here: bench/plain/build.js passes the absolute folder, and a relative one would resolve against
// the working directory (the project's own templates/).
//
// Two ways to write the same pages, chosen by BENCH_PLAIN_VARIANT: `idiomatic` (default; pages.njk, the body and
// a permalink string in the paginated template, as Eleventy's docs write it) or `compiled-once`
// (pages-compiled-once.njk, written the way the project's own templates/report.njk is).
export default function (eleventyConfig) {
  const compiledOnce = process.env.BENCH_PLAIN_VARIANT === 'compiled-once';
  // Relative to the working directory, like every Eleventy ignore: the benchmark runs from the project root.
  eleventyConfig.ignores.add(`bench/plain/templates/${compiledOnce ? 'pages.njk' : 'pages-compiled-once.njk'}`);
}

export const config = {
  dir: { includes: '_includes', layouts: '_layouts' },
  templateFormats: ['njk'],
  htmlTemplateEngine: 'njk',
};
