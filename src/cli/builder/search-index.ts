// The search index: Pagefind's Node API reads a language's pages, as the build wrote them into its folder of the
// output, and writes a bundle per part of the index (src/model/search-parts.ts) beside them, which the search page
// loads and merges (templates/assets/search.js). https://pagefind.app/docs/node-api/
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../../data/write-atomic.ts';
import { SEARCH_FOLDER } from '../../model/urls.ts';
import { linkFiles, sha256, stillAsRecorded, type ManifestFiles } from '../../incremental/build-manifest.ts';
import type { SearchPart } from '../../model/search-parts.ts';
import { filesUnder } from '../../data/files-under.ts';
import type { StartedService } from './search-services.ts';

/** Pagefind's manifest of a bundle: its entry in the build manifest records what the bundle was built from. */
const ENTRY = 'pagefind-entry.json';
/** The parts the search page merges and each bundle's tag, in the main bundle's folder; written every build. */
export const SEARCH_PARTS_FILE = `${SEARCH_FOLDER}/parts.json`;
/** Pagefind's ready-made interfaces, which the site does not use: not published. */
const UNUSED = /^pagefind-(ui|modular-ui|component-ui|highlight)\.(js|css)$/;
/** What a merged bundle never loads: the main bundle's script, worker and WebAssembly serve every part. */
const MAIN_ONLY = /^(pagefind\.js|pagefind-worker\.js|wasm\.[^/]+\.pagefind)$/;

interface SearchIndexOptions {
  /** A language's folder of the output, its pages written. */
  outputDir: string;
  /** The parts of the index, the main one first, and their pages (relative to `outputDir`). */
  parts: readonly SearchPart[];
  /** The output's manifest so far, which hashes the pages. */
  files: ManifestFiles;
  /** What else shapes the index: the renderer's fingerprint (templates, src/, Pagefind's version in package-lock.json). */
  renderer: string;
  /** The published output and its manifest: a part's bundle is taken when it was built from the same pages. */
  previous?: { dir: string; files?: ManifestFiles };
  /** A Pagefind service started ahead (search-services.ts), for the first part to index. */
  started?: StartedService;
}

/**
 * Pagefind's weights (https://pagefind.app/docs/ranking/), given to every bundle: `pageLength` 0 (no favour to pages
 * shorter than their bundle's average) makes a word's tf on a page the same in any part, so the search page can
 * rescale each part's scores to the whole archive's (docs/search.md); the rest are Pagefind's defaults.
 */
export const SEARCH_RANKING = { termSimilarity: 1.0, pageLength: 0, termSaturation: 1.4, termFrequency: 1.0 };

/**
 * The content of SEARCH_PARTS_FILE: every part, the main one first, with its folder, its tag (which changes when its
 * entry file does: Pagefind's `metaCacheTag`) and how many pages it holds (the search page weighs each part's scores
 * by it), one of its index chunks (`probe`, relative to its folder: the search page asks for it when the part finds
 * nothing, to tell a part that holds no match from one it cannot read), and the ranking weights every bundle is given.
 */
export interface SearchPartsFile {
  ranking: typeof SEARCH_RANKING;
  parts: { folder: string; tag: string; pages: number; probe?: string }[];
}

/**
 * Writes each part's bundle into its folder of `outputDir`, and the list of parts, and returns their files for the
 * manifest. Pagefind writes the same bytes for the same pages, so a part built from the very pages of this build is
 * taken from the published output instead (docs/performance.md).
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

async function indexOrReuse({
  outputDir,
  parts,
  files,
  renderer,
  previous,
  started,
}: SearchIndexOptions): Promise<ManifestFiles> {
  const written: ManifestFiles = {};
  const toIndex: { part: SearchPart; built: string }[] = [];
  const published = bundlesIn(
    previous?.files ?? {},
    parts.map((part) => part.folder),
  );
  for (const part of parts) {
    const built = sha256(
      JSON.stringify([renderer, part.folder, part.pages.map((page) => [page, files[page]?.sha256 ?? ''])]),
    );
    const reusable = previous && reusableBundle(previous.dir, published.get(part.folder)!, part.folder, built);
    if (reusable) {
      linkFiles(previous.dir, outputDir, Object.keys(reusable));
      Object.assign(written, reusable);
    } else toIndex.push({ part, built });
  }
  if (toIndex.length)
    await indexParts(
      outputDir,
      toIndex.map(({ part }) => part),
      started,
    );
  for (const { part, built } of toIndex) {
    for (const file of filesUnder(path.join(outputDir, part.folder))) {
      const relative = `${part.folder}/${file}`;
      written[relative] = {
        sha256: sha256(readFileSync(path.join(outputDir, relative))),
        ...(file === ENTRY ? { print: built } : {}),
      };
    }
  }
  const list: SearchPartsFile = {
    ranking: SEARCH_RANKING,
    parts: parts.map(({ folder, pages }) => ({
      folder,
      tag: written[`${folder}/${ENTRY}`]!.sha256.slice(0, 16),
      pages: pages.length,
      probe: probeOf(written, folder),
    })),
  };
  const text = `${JSON.stringify(list)}\n`;
  // Replaced, never written in place: the staging folder's files may be links to the published ones (linkFiles).
  await writeFileAtomic(path.join(outputDir, SEARCH_PARTS_FILE), text);
  written[SEARCH_PARTS_FILE] = { sha256: sha256(text) };
  return written;
}

/** The first index chunk of the bundle in `folder`, relative to it: none when it indexed no page. */
function probeOf(written: ManifestFiles, folder: string): string | undefined {
  const [first] = Object.keys(written)
    .filter((file) => file.startsWith(`${folder}/index/`))
    .sort();
  return first?.slice(folder.length + 1);
}

/** Each of `folders`' files in the published manifest, in one pass over a manifest of some 30,000 files. */
function bundlesIn(files: ManifestFiles, folders: readonly string[]): Map<string, ManifestFiles> {
  const bundles = new Map(folders.map((folder): [string, ManifestFiles] => [folder, {}]));
  for (const file in files) {
    const bundle = bundles.get(file.slice(0, file.indexOf('/')));
    // The list of parts is written anew: it is no part of a bundle.
    if (bundle && file !== SEARCH_PARTS_FILE) bundle[file] = files[file]!;
  }
  return bundles;
}

/** The published bundle's files in `folder` when it was built from the same pages and is still there as recorded. */
function reusableBundle(dir: string, bundle: ManifestFiles, folder: string, built: string): ManifestFiles | undefined {
  if (bundle[`${folder}/${ENTRY}`]?.print !== built) return undefined;
  for (const [file, entry] of Object.entries(bundle)) {
    if (!stillAsRecorded(path.join(dir, file), entry)) return undefined;
  }
  return bundle;
}

/**
 * Pagefind's index of each part's pages, each page at its site path (the bundle's folder gives the path prefix), the
 * parts on every core (search-services.ts), then what no part publishes removed.
 */
async function indexParts(outputDir: string, parts: readonly SearchPart[], started?: StartedService): Promise<void> {
  // Pagefind writes over what it finds: into an empty folder, it can write through no link to the published output.
  for (const part of parts) rmSync(path.join(outputDir, part.folder), { recursive: true, force: true });
  // Loaded only when a build indexes: the preview and the commands that never do start no thread.
  await (await import('./search-services.ts')).indexParts(outputDir, parts, undefined, started);
  for (const { folder } of parts) {
    const unused = (file: string) => UNUSED.test(file) || (folder !== SEARCH_FOLDER && MAIN_ONLY.test(file));
    for (const file of readdirSync(path.join(outputDir, folder))) {
      if (unused(file)) rmSync(path.join(outputDir, folder, file));
    }
  }
}
