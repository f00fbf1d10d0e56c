// When the preview may say it is ready: once Eleventy's watcher watches every folder editors and theme authors
// save into. chokidar 4 (Eleventy's watcher) can emit `ready` before that whenever a path it was given does not
// exist, as `.eleventyignore` usually does (it counts such a path twice: paulmillr/chokidar#1110), and a file saved
// into a folder it does not watch yet is never seen. https://github.com/paulmillr/chokidar#methods--events
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export interface WatchedFolders {
  /** chokidar's `getWatched()`: each folder it has met (absolute, or relative to `options.cwd`) and its entries. */
  getWatched(): Record<string, string[]>;
  /**
   * chokidar's own record of the paths whose watch is set, a folder's only once it was listed and watched (src/
   * index.ts `_addPathCloser`); not public, so `getWatched()`, which has a folder a moment earlier, stands in
   * when it is gone.
   */
  _closers?: unknown;
  options?: { cwd?: string };
}

const WAIT = {
  /** Between two looks at what is watched. */
  intervalMs: 20,
  /** Then the preview goes on regardless: a folder an ignore file leaves out is never watched. */
  timeoutMs: 5_000,
};

/** Every folder under `roots`, the roots included, as absolute paths (a missing root has none). */
async function foldersUnder(roots: readonly string[]): Promise<string[]> {
  const folders: string[] = [];
  for (const root of roots) {
    const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => undefined);
    if (!entries) continue;
    folders.push(path.resolve(root));
    for (const entry of entries) if (entry.isDirectory()) folders.push(path.resolve(entry.parentPath, entry.name));
  }
  return folders;
}

/**
 * Resolves once `watcher` watches every folder under `roots` (true), or after `timeoutMs` (false).
 */
export async function watchingAll(watcher: WatchedFolders, roots: readonly string[], wait = WAIT): Promise<boolean> {
  const folders = await foldersUnder(roots);
  const base = watcher.options?.cwd ?? process.cwd();
  for (const started = performance.now(); ; await sleep(wait.intervalMs)) {
    const paths = watcher._closers instanceof Map ? [...watcher._closers.keys()] : Object.keys(watcher.getWatched());
    const watched = new Set(paths.map((folder) => path.resolve(base, String(folder))));
    if (folders.every((folder) => watched.has(folder))) return true;
    if (performance.now() - started > wait.timeoutMs) return false;
  }
}
