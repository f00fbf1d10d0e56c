// The search index: Pagefind's Node API reads a language's pages, as the build wrote them into its folder of the
// output, and writes its bundle beside them in `pagefind/`, which the search page loads (templates/assets/search.js).
// https://pagefind.app/docs/node-api/
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { servedPath } from '../model/urls.ts';
import { linkFiles, sha256, stillAsRecorded, type ManifestFiles } from './build-manifest.ts';

/** The bundle's folder in a language's output; src/model/urls.ts SEARCH_BUNDLE names its script there. */
export const SEARCH_FOLDER = 'pagefind';
/** Pagefind's manifest of the bundle: its entry in the build manifest records what the index was built from. */
const ENTRY = `${SEARCH_FOLDER}/pagefind-entry.json`;
/** Pages sent to Pagefind at once: enough to keep it busy, few enough to hold little of the archive in memory. */
const IN_FLIGHT = 128;
/** Pagefind's ready-made interfaces, which the site does not use: not published. */
const UNUSED = /^pagefind-(ui|modular-ui|component-ui|highlight)\.(js|css)$/;

interface SearchIndexOptions {
  /** A language's folder of the output, its pages written. */
  outputDir: string;
  /** The pages to index (relative to `outputDir`) and the output's manifest so far, which hashes them. */
  pages: readonly string[];
  files: ManifestFiles;
  /** What else shapes the index: the renderer's fingerprint (templates, src/, Pagefind's version in package-lock.json). */
  renderer: string;
  /** The published output and its manifest: its bundle is taken when it was built from the same pages. */
  previous?: { dir: string; files?: ManifestFiles };
}

/**
 * Writes the bundle into `outputDir/pagefind/` and returns its files for the manifest. Pagefind writes the same
 * bytes for the same pages, so a bundle built from the very pages of this build is taken from the published
 * output instead (docs/performance.md).
 */
export async function writeSearchIndex(options: SearchIndexOptions): Promise<ManifestFiles> {
  const start = performance.now();
  try {
    return await indexOrReuse(options);
  } finally {
    // What the search costs a build, as `npm run bench -- --search` reads it (a user timing entry of this process).
    performance.measure(SEARCH_INDEX_MEASURE, { start });
  }
}

/** The name of the user timing entry each call of writeSearchIndex leaves. */
export const SEARCH_INDEX_MEASURE = 'search-index';

async function indexOrReuse({ outputDir, pages, files, renderer, previous }: SearchIndexOptions): Promise<ManifestFiles> {
  const sorted = [...pages].sort();
  const built = sha256(JSON.stringify([renderer, sorted.map((page) => [page, files[page]?.sha256 ?? ''])]));
  const reusable = previous && reusableBundle(previous.dir, previous.files, built);
  if (reusable) {
    linkFiles(previous.dir, outputDir, Object.keys(reusable));
    return reusable;
  }
  await indexPages(outputDir, sorted);
  const written: ManifestFiles = {};
  for (const file of bundleFiles(path.join(outputDir, SEARCH_FOLDER))) {
    const relative = `${SEARCH_FOLDER}/${file}`;
    written[relative] = { sha256: sha256(readFileSync(path.join(outputDir, relative))), ...(relative === ENTRY ? { print: built } : {}) };
  }
  return written;
}

/** The published bundle's files when it was built from the same pages and is still there as recorded. */
function reusableBundle(dir: string, files: ManifestFiles | undefined, built: string): ManifestFiles | undefined {
  if (!files || files[ENTRY]?.print !== built) return undefined;
  const bundle = Object.entries(files).filter(([file]) => file.startsWith(`${SEARCH_FOLDER}/`));
  for (const [file, entry] of bundle) {
    if (!stillAsRecorded(path.join(dir, file), entry)) return undefined;
  }
  return Object.fromEntries(bundle);
}

/** Pagefind's index of `pages`, each at its site path; the search page's script adds the path prefix. */
async function indexPages(outputDir: string, pages: readonly string[]): Promise<void> {
  // Loaded only when a build indexes: the preview and the commands that never do skip starting its binary.
  const pagefind = await import('pagefind');
  const fail = (errors: string[]) => new Error(`the search index (Pagefind): ${errors.join('; ')}`);
  const created = await pagefind.createIndex({});
  if (!created.index) throw fail(created.errors);
  const { index } = created;
  try {
    // Many pages in flight at once (one at a time takes twice as long), sent in the same order every build: Pagefind
    // numbers pages as they arrive, so the order is part of the bytes it writes.
    for (let start = 0; start < pages.length; start += IN_FLIGHT) {
      const batch = pages.slice(start, start + IN_FLIGHT);
      const contents = await Promise.all(batch.map((page) => readFile(path.join(outputDir, page), 'utf8')));
      const added = await Promise.all(batch.map((page, i) => index.addHTMLFile({ url: servedPath(page), content: contents[i]! })));
      const errors = added.flatMap((answer, i) => answer.errors.map((error) => `${batch[i]}: ${error}`));
      if (errors.length) throw fail(errors);
    }
    const written = await index.writeFiles({ outputPath: path.join(outputDir, SEARCH_FOLDER) });
    if (written.errors.length) throw fail(written.errors);
  } finally {
    await pagefind.close();
  }
  for (const file of readdirSync(path.join(outputDir, SEARCH_FOLDER))) {
    if (UNUSED.test(file)) rmSync(path.join(outputDir, SEARCH_FOLDER, file));
  }
}

/** Every file under `dir`, relative to it with `/` separators, sorted. */
function bundleFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}
