// The search page: the query of `?q=` (the header's form sends it here), looked up with Pagefind's JS API in the
// index the build wrote, and the results listed with DOM methods: no inline script or style for the policy to
// allow. https://pagefind.app/docs/api/
//
// The index is in parts (src/model/search-parts.ts): the main bundle, whose script this loads, and the closed
// years' bundles, merged into it (https://pagefind.app/docs/multisite/). `parts.json`, beside the script, lists them
// with a tag each that changes with the bundle, so each bundle's entry file may come from the browser's cache, and
// the ranking weights (src/cli/builder/search-index.ts), given to every bundle: `options()` reaches the main bundle alone.
// Search degrades rather than breaks: a part that is missing or cannot be read leaves the others' results, and a
// missing or damaged list the main part's, each with a note that part of the archive could not be searched.
// The script also runs in Node, where the suite imports `rankedSearch`: no document, nothing to do.
const results = globalThis.document?.getElementById('search-results');
const input = globalThis.document?.getElementById('site-search-q');
const status = results?.querySelector('[role="status"]');
const asked = (new URLSearchParams(globalThis.location?.search).get('q') ?? '').trim();

/**
 * Each word of a query costs every part two or three searches (rankedSearch): a query is cut to its first words and
 * characters, which any real search fits in, so that a pasted page cannot keep the visitor's browser busy for seconds.
 */
const QUERY_LIMITS = { words: 10, characters: 100 };

if (results && status && asked) {
  const { query, cut } = cappedQuery(asked);
  if (input) input.value = query;
  status.textContent = results.dataset.searching ?? '';
  search(query, cut).catch((error) => {
    status.textContent = results.dataset.failed ?? '';
    console.error(error);
  });
}

/** `text`'s first words and characters, within QUERY_LIMITS, and whether it was cut. */
function cappedQuery(text) {
  const words = text.split(/\s+/).filter(Boolean);
  // Characters, not UTF-16 units: a cut never splits an emoji or another character beyond the BMP in two.
  const query = [...words.slice(0, QUERY_LIMITS.words).join(' ')].slice(0, QUERY_LIMITS.characters).join('').trim();
  return { query, cut: query !== words.join(' ') };
}

async function search(text, cut) {
  // Pagefind searches in its worker, off the page's thread; `_headers` gives the worker's file the search policy.
  const bundle = new URL(results.dataset.bundle, window.location.href);
  const pathOf = (part) => new URL(`../${part.folder}/`, bundle).pathname;
  const main = new URL('.', bundle).pathname.split('/').at(-2);
  const [pagefind, listed] = await Promise.all([import(bundle.pathname), partsOf(bundle, main)]);
  // Without a readable list, the main part alone, with Pagefind's own weights: its pages are the newest.
  const index = listed ?? { parts: [{ folder: main, pages: 0 }] };
  const merged = await mergeParts(pagefind, index, pathOf);
  const { ranked, silent } = await rankedSearch(pagefind, text, merged);
  const unread = await Promise.all(silent.map((part) => unreadable(part, pathOf)));
  // The page names the closed parts its build has: a list that lacks one is damaged.
  const lacking = (results.dataset.parts ?? '').split(' ').filter((folder) => folder && !index.parts.some((part) => part.folder === folder));
  const partial = !listed || lacking.length > 0 || merged.length < index.parts.length || unread.includes(true);
  const pages = await Promise.all(ranked.slice(0, 20).map((result) => result.data()));
  const notes = [cut && results.dataset.shortened, partial && results.dataset.partial].filter(Boolean);
  const count = pages.length ? `${results.dataset.results ?? ''}: ${ranked.length}` : (results.dataset.noResults ?? '');
  // One live region: a screen reader reads the notes with the count.
  status.replaceChildren(...[count, ...notes].flatMap((line, i) => (i ? [document.createElement('br'), line] : [line])));
  const list = document.createElement('ol');
  list.className = 'search-list';
  for (const page of pages) list.append(resultItem(page));
  results.querySelector('.search-list')?.remove();
  if (pages.length) results.append(list);
}

/**
 * Gives the main bundle its settings and merges the other parts into it, each with the same ranking and a `part`
 * filter naming it, so a search can ask one part alone, and returns the parts merged: the main one and every other
 * that Pagefind could load. `pathOf(part)` is a bundle's path; it ends with `/`, and Pagefind skips a merge whose path
 * starts the main bundle's.
 */
export async function mergeParts(pagefind, index, pathOf) {
  const [main, ...closed] = index.parts;
  const settings = (part) => ({
    basePath: pathOf(part), ranking: index.ranking, mergeFilter: { part: part.folder }, ...(part.tag ? { metaCacheTag: part.tag } : {}),
  });
  const merge = async (parts) => {
    // One call: a second one before Pagefind starts replaces the first's options rather than adding to them.
    await pagefind.options(settings(main));
    return Promise.allSettled(parts.map((part) => pagefind.mergeIndex(pathOf(part), settings(part))));
  };
  const merges = await merge(closed);
  const merged = closed.filter((_, i) => merges[i].status === 'fulfilled');
  if (merged.length < closed.length) {
    // A part that failed to load stays in Pagefind and fails every search: start again without it.
    await pagefind.destroy();
    await merge(merged);
  }
  return [main, ...merged];
}

/**
 * The pages found, best first, scored as one index of the whole archive would score them (`ranked`), and the parts
 * that found none (`silent`). Pagefind scores a word on a page as idf × tf (https://pagefind.app/docs/ranking/), with
 * tf of the page alone when `pageLength` is 0, but the idf from its own part's counts: how many pages the part holds,
 * and how many hold the word. So each part is asked alone, for the query and for each of its words, and a word's
 * score is scaled by the whole archive's idf over the part's.
 */
export async function rankedSearch(pagefind, text, parts) {
  const searchPart = (part, term) => pagefind.search(term, { filters: { part: part.folder } }).then((found) => found.results);
  const silentOf = (answers) => answers.filter(({ found }) => found.length === 0).map(({ part }) => part);
  // One part is the whole archive: its own scores are the whole archive's.
  if (parts.length === 1) {
    const found = await searchPart(parts[0], text);
    return { ranked: found, silent: silentOf([{ part: parts[0], found }]) };
  }
  const words = [...new Set(text.split(/\s+/).filter(Boolean))];
  const answers = await Promise.all(parts.map(async (part) => {
    const found = await searchPart(part, text);
    const perWord = await Promise.all(words.map(async (word) => {
      const results = words.length === 1 ? found : await searchPart(part, word);
      return { results, spelled: results.length > 0 && (await spelledIn(searchPart, part, word, results[0])) };
    }));
    return { part, found, perWord };
  }));
  // A word that some part spells, the whole archive holds: a part that lacks it has none of its pages to add.
  const inArchive = words.map((_, i) => answers.some(({ perWord }) => perWord[i].spelled));
  // Otherwise no part holds the word, and each part's matches of a shorter word are what the whole archive matches.
  const counts = (answer, i) => answer.spelled || !inArchive[i];
  const pages = parts.reduce((sum, part) => sum + part.pages, 0);
  const pagesWithWord = words.map((_, i) => answers.reduce((sum, { perWord }) => sum + (counts(perWord[i], i) ? perWord[i].results.length : 0), 0));
  const ranked = answers.filter(({ perWord }) => perWord.every(counts)).flatMap(({ part, found, perWord }) => {
    const scale = perWord.map((answer, i) => idf(pages, pagesWithWord[i]) / idf(part.pages, answer.results.length));
    const scores = perWord.map((answer) => new Map(answer.results.map((result) => [result.id, result.score])));
    return found.map((result) => ({ result, score: scores.reduce((sum, byPage, i) => sum + (byPage.get(result.id) ?? 0) * scale[i], 0) }));
  });
  return { ranked: ranked.sort((a, b) => b.score - a.score).map(({ result }) => result), silent: silentOf(answers) };
}

/**
 * Whether a part's matches of `word` are words that start with it. When a part holds no such word, Pagefind matches
 * the longest word it holds that `word` starts with ("2025" finds "20"), which an index holding the word would not.
 * An exact search finds the word itself; otherwise the first match's marked word says which it was.
 */
async function spelledIn(searchPart, part, word, first) {
  if ((await searchPart(part, `"${word}"`)).length) return true;
  const bare = (text) => text.toLocaleLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  const marked = bare(/<mark>(.*?)<\/mark>/.exec((await first.data()).excerpt ?? '')?.[1] ?? bare(word));
  return !(marked.length < bare(word).length && bare(word).startsWith(marked));
}

/** BM25's inverse document frequency, as Pagefind computes it. */
function idf(pages, holding) {
  return Math.log((pages - holding + 0.5) / (holding + 0.5) + 1);
}

/**
 * The list of parts, asked of the server every time (it changes with every build), answered from cache when
 * unchanged; undefined when it is missing or not a list whose first part is `main`, the folder of Pagefind's script.
 */
async function partsOf(bundle, main) {
  try {
    const response = await fetch(new URL('parts.json', bundle), { cache: 'no-cache' });
    const list = response.ok ? await response.json() : undefined;
    const valid = (part) => /^[\w-]+$/.test(part?.folder) && typeof part.tag === 'string' && Number.isInteger(part.pages);
    if (Array.isArray(list?.parts) && list.parts[0]?.folder === main && list.parts.every(valid)) return list;
    console.error(`${response.url}: ${response.ok ? 'not a list of search parts' : response.status}`);
  } catch (error) {
    console.error(error);
  }
  return undefined;
}

/**
 * Whether a part that found nothing could not be read: a part's index chunks are fetched by Pagefind's worker, which
 * takes a chunk it cannot load as one holding nothing. The list names a chunk of each part to ask for.
 */
async function unreadable(part, pathOf) {
  if (!part.probe) return false;
  const response = await fetch(new URL(part.probe, new URL(pathOf(part), window.location.href)), { method: 'HEAD' }).catch(() => undefined);
  return !response?.ok;
}

function resultItem(page) {
  const item = document.createElement('li');
  const heading = document.createElement('h2');
  const link = document.createElement('a');
  link.href = page.url;
  link.textContent = page.meta?.title ?? page.url;
  heading.append(link);
  const excerpt = document.createElement('p');
  excerpt.append(...excerptNodes(fromSentence(page.excerpt ?? '')));
  item.append(heading, excerpt);
  return item;
}

/**
 * Pagefind's excerpt opens a set number of words before the first word found, often mid-sentence
 * (https://pagefind.app/docs/api/#controlling-excerpts): it is cut to open at the last sentence that starts before
 * that word, when one does inside the excerpt; one with no word marked is left whole.
 */
export function fromSentence(html) {
  const first = html.indexOf('<mark>');
  if (first < 0) return html;
  const before = html.slice(0, first);
  const last = [...before.matchAll(/[.!?…]["”»’)]?\s+(?=[\p{Lu}¿¡"“«‘])/gu)].at(-1);
  return last ? html.slice(last.index + last[0].length) : html;
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
