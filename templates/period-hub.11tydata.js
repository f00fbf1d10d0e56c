// Data for templates/period-hub.njk: its permalink as a function, not a string Eleventy compiles per page.
// https://www.11ty.dev/docs/permalinks/#use-javascript-functions
export default {
  permalink: (data) => data.hub.url,
};
