// The published output's folders, checked by their stat: a folder whose stat is the one recorded holds the entries
// it held then (adding, removing or renaming an entry changes its mtime and ctime, as git's untracked cache relies
// on), so a build lists only the folders whose stat changed. https://git-scm.com/docs/git-update-index#_untracked_cache
import { readdirSync, statSync, type BigIntStats, type Dirent } from 'node:fs';
import path from 'node:path';
import { isSettled, sameStat, statOf, type FileStat } from './file-stat.ts';

/** By path relative to the output folder, with `/` separators; '' is the output folder itself. */
export type FolderStats = Record<string, FileStat>;

/** Each folder of `files` (relative paths, `/`-separated), with the names of the entries it holds: files and folders. */
export function folderTree(files: Iterable<string>): Map<string, Set<string>> {
  const tree = new Map<string, Set<string>>([['', new Set()]]);
  for (const file of files) {
    let child = file;
    for (;;) {
      const slash = child.lastIndexOf('/');
      const parent = slash < 0 ? '' : child.slice(0, slash);
      const known = tree.get(parent);
      const names = known ?? new Set<string>();
      names.add(child.slice(slash + 1));
      // A folder seen before is in its own parent already.
      if (known) break;
      tree.set(parent, names);
      child = parent;
    }
  }
  return tree;
}

/**
 * Whether each folder of `tree` under `dir` holds its entries and nothing else: taken as it is where its stat is
 * the one `recorded` has, listed otherwise. An extra folder with no file anywhere in it is let be.
 */
export function foldersHold(dir: string, tree: Map<string, Set<string>>, recorded: FolderStats | undefined): boolean {
  for (const [folder, names] of tree) {
    const full = path.join(dir, folder);
    let stats: BigIntStats;
    try {
      stats = statSync(full, { bigint: true });
    } catch {
      return false;
    }
    if (!stats.isDirectory()) return false;
    const known = recorded?.[folder];
    if (known && sameStat(statOf(stats), known)) continue;
    if (!listingHolds(full, names)) return false;
  }
  return true;
}

function listingHolds(folder: string, names: ReadonlySet<string>): boolean {
  let entries: Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return false;
  }
  let found = 0;
  for (const entry of entries) {
    if (names.has(entry.name)) found++;
    else if (!(entry.isDirectory() && holdsNoFile(path.join(folder, entry.name)))) return false;
  }
  return found === names.size;
}

function holdsNoFile(folder: string): boolean {
  try {
    return readdirSync(folder, { recursive: true, withFileTypes: true }).every((entry) => entry.isDirectory());
  } catch {
    return false;
  }
}

/**
 * The stat of each folder of `tree` under `dir` that holds exactly its entries, unchanged while listed, and last
 * changed over `settledMs` ago (a later change then gives it another ctime, file-stat.ts).
 */
export function folderStats(dir: string, tree: Map<string, Set<string>>, settledMs: number): FolderStats {
  const stats: FolderStats = {};
  for (const [folder, names] of tree) {
    const full = path.join(dir, folder);
    try {
      const before = statOf(statSync(full, { bigint: true }));
      if (!isSettled(before, settledMs)) continue;
      const entries = readdirSync(full);
      const exact = entries.length === names.size && entries.every((name) => names.has(name));
      if (exact && sameStat(before, statOf(statSync(full, { bigint: true })))) stats[folder] = before;
    } catch {
      // Gone, or not a folder: not recorded.
    }
  }
  return stats;
}
