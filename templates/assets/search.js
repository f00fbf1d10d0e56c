// The search page: the query of `?q=` (the header's form sends it here), looked up with Pagefind's JS API in the
// index the build wrote, and the results listed with DOM methods: no inline script or style for the policy to
// allow. https://pagefind.app/docs/api/
//
// The index is in parts (src/model/search-parts.ts): the main bundle, whose script this loads, and one bundle per
// closed year, merged into it (https://pagefind.app/docs/multisite/). `parts.json`, beside the script, names them
// with a tag each that changes with the bundle, so each bundle's entry file may come from the browser's cache, and
// the ranking weights (src/cli/search-index.ts), given to every bundle: `options()` reaches the main bundle alone.
const results = document.getElementById('search-results');
const input = document.getElementById('site-search-q');
const status = results?.querySelector('[role="status"]');
const query = (new URLSearchParams(window.location.search).get('q') ?? '').trim();

if (results && status && query) {
  if (input) input.value = query;
  status.textContent = results.dataset.searching ?? '';
  search(query).catch((error) => {
    status.textContent = results.dataset.failed ?? '';
    console.error(error);
  });
}

async function search(text) {
  // Pagefind searches in its worker, off the page's thread; `_headers` gives the worker's file the search policy.
  const bundle = new URL(results.dataset.bundle, window.location.href);
  const [pagefind, index] = await Promise.all([import(bundle.pathname), partsOf(bundle)]);
  await pagefind.options({ ranking: index.ranking, metaCacheTag: index.tag });
  // A bundle's path ends with `/`: Pagefind skips a merge whose path starts the main bundle's.
  await Promise.all(index.parts.map((part) => pagefind.mergeIndex(new URL(`../${part.folder}/`, bundle).pathname, { ranking: index.ranking, metaCacheTag: part.tag })));
  const found = await pagefind.search(text);
  const pages = await Promise.all(found.results.slice(0, 20).map((result) => result.data()));
  status.textContent = pages.length ? `${results.dataset.results ?? ''}: ${found.results.length}` : (results.dataset.noResults ?? '');
  const list = document.createElement('ol');
  list.className = 'search-list';
  for (const page of pages) list.append(resultItem(page));
  results.querySelector('.search-list')?.remove();
  if (pages.length) results.append(list);
}

/** The list of parts, asked of the server every time (it changes with every build), answered from cache when unchanged. */
async function partsOf(bundle) {
  const response = await fetch(new URL('parts.json', bundle), { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${response.url}: ${response.status}`);
  return response.json();
}

function resultItem(page) {
  const item = document.createElement('li');
  const heading = document.createElement('h2');
  const link = document.createElement('a');
  link.href = page.url;
  link.textContent = page.meta?.title ?? page.url;
  heading.append(link);
  const excerpt = document.createElement('p');
  excerpt.append(...excerptNodes(page.excerpt ?? ''));
  item.append(heading, excerpt);
  return item;
}

/** Pagefind's excerpt is HTML with `<mark>` around the words found: parsed inert, only its text and marks kept. */
function excerptNodes(html) {
  const parsed = new DOMParser().parseFromString(`<p>${html}</p>`, 'text/html').body.firstChild;
  return [...(parsed?.childNodes ?? [])].map((node) => {
    if (node.nodeName !== 'MARK') return document.createTextNode(node.textContent ?? '');
    const mark = document.createElement('mark');
    mark.textContent = node.textContent ?? '';
    return mark;
  });
}
