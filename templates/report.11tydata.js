// Data for templates/report.njk: its permalink as a function rather than a "{{ report.url }}" string, which
// Eleventy would compile as a Nunjucks template once per page (2,376 pages in a three-year archive).
// https://www.11ty.dev/docs/permalinks/#use-javascript-functions
export default {
  permalink: (data) => data.report.url,
};
