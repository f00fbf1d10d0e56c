// The search page: the query of `?q=` (the header's form sends it here), looked up with Pagefind's JS API in the
// index the build wrote, and the results listed with DOM methods: no inline script or style for the policy to
// allow. https://pagefind.app/docs/api/
//
// The index is in parts (src/model/search-parts.ts): the main bundle, whose script this loads, and the closed
// years' bundles, merged into it (https://pagefind.app/docs/multisite/). `parts.json`, beside the script, lists them
// with a tag each that changes with the bundle, so each bundle's entry file may come from the browser's cache, and
// the ranking weights (src/cli/search-index.ts), given to every bundle: `options()` reaches the main bundle alone.
// The script also runs in Node, where the suite imports `rankedSearch`: no document, nothing to do.
const results = globalThis.document?.getElementById('search-results');
const input = globalThis.document?.getElementById('site-search-q');
const status = results?.querySelector('[role="status"]');
const query = (new URLSearchParams(globalThis.location?.search).get('q') ?? '').trim();

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
  await mergeParts(pagefind, index, (part) => new URL(`../${part.folder}/`, bundle).pathname);
  const found = await rankedSearch(pagefind, text, index.parts);
  const pages = await Promise.all(found.slice(0, 20).map((result) => result.data()));
  status.textContent = pages.length ? `${results.dataset.results ?? ''}: ${found.length}` : (results.dataset.noResults ?? '');
  const list = document.createElement('ol');
  list.className = 'search-list';
  for (const page of pages) list.append(resultItem(page));
  results.querySelector('.search-list')?.remove();
  if (pages.length) results.append(list);
}

/**
 * Gives the main bundle its settings and merges the other parts into it, each with the same ranking and a `part`
 * filter naming it, so a search can ask one part alone. `pathOf(part)` is a bundle's path; it ends with `/`, and
 * Pagefind skips a merge whose path starts the main bundle's.
 */
export async function mergeParts(pagefind, index, pathOf) {
  const [main, ...closed] = index.parts;
  const settings = (part) => ({ basePath: pathOf(part), ranking: index.ranking, metaCacheTag: part.tag, mergeFilter: { part: part.folder } });
  // One call: a second one before Pagefind starts replaces the first's options rather than adding to them.
  await pagefind.options(settings(main));
  await Promise.all(closed.map((part) => pagefind.mergeIndex(pathOf(part), settings(part))));
}

/**
 * The pages found, best first, scored as one index of the whole archive would score them. Pagefind scores a word on a
 * page as idf × tf (https://pagefind.app/docs/ranking/), with tf of the page alone when `pageLength` is 0, but the
 * idf from its own part's counts: how many pages the part holds, and how many hold the word. So each part is asked
 * alone, for the query and for each of its words, and a word's score is scaled by the whole archive's idf over the
 * part's.
 */
export async function rankedSearch(pagefind, text, parts) {
  const words = [...new Set(text.split(/\s+/).filter(Boolean))];
  const alone = (part, term) => pagefind.search(term, { filters: { part: part.folder } }).then((found) => found.results);
  const asked = await Promise.all(parts.map(async (part) => {
    const found = await alone(part, text);
    const perWord = await Promise.all(words.map(async (word) => {
      const results = words.length === 1 ? found : await alone(part, word);
      return { results, spelled: results.length > 0 && (await spelledIn(alone, part, word, results[0])) };
    }));
    return { part, found, perWord };
  }));
  // A word that some part holds, the whole archive holds: a part that lacks it has none of its pages to add.
  const held = words.map((_, i) => asked.some(({ perWord }) => perWord[i].spelled));
  const counted = (word, i) => word.spelled || !held[i];
  const pages = parts.reduce((sum, part) => sum + part.pages, 0);
  const holding = words.map((_, i) => asked.reduce((sum, { perWord }) => sum + (counted(perWord[i], i) ? perWord[i].results.length : 0), 0));
  const ranked = asked.filter(({ perWord }) => perWord.every(counted)).flatMap(({ part, found, perWord }) => {
    const scale = perWord.map((word, i) => idf(pages, holding[i]) / idf(part.pages, word.results.length));
    const scores = perWord.map((word) => new Map(word.results.map((result) => [result.id, result.score])));
    return found.map((result) => ({ result, score: scores.reduce((sum, byPage, i) => sum + (byPage.get(result.id) ?? 0) * scale[i], 0) }));
  });
  return ranked.sort((a, b) => b.score - a.score).map(({ result }) => result);
}

/**
 * Whether a part's matches of `word` are words that start with it. When a part holds no such word, Pagefind matches
 * the longest word it holds that `word` starts with ("2025" finds "20"), which an index holding the word would not.
 * An exact search finds the word itself; otherwise the first match's marked word says which it was.
 */
async function spelledIn(alone, part, word, first) {
  if ((await alone(part, `"${word}"`)).length) return true;
  const bare = (text) => text.toLocaleLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  const marked = bare(/<mark>(.*?)<\/mark>/.exec((await first.data()).excerpt ?? '')?.[1] ?? bare(word));
  return !(marked.length < bare(word).length && bare(word).startsWith(marked));
}

/** BM25's inverse document frequency, as Pagefind computes it. */
function idf(pages, holding) {
  return Math.log((pages - holding + 0.5) / (holding + 0.5) + 1);
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
