// The plain comparison site: Nunjucks pages, layouts in _layouts, nothing else (the settings of .eleventy.js).
// No `input` here: bench/plain/build.js passes the absolute folder, and a relative one would resolve against
// the working directory (the project's own templates/).
export const config = {
  dir: { includes: '_includes', layouts: '_layouts' },
  templateFormats: ['njk'],
  htmlTemplateEngine: 'njk',
};
