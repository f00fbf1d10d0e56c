// The permalink of pages-compiled-once.njk as a function: no Nunjucks template compiled per page.
export default {
  permalink: (data) => data.item.path,
};
