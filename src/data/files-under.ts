// Listing a folder's files, the one way the build, the check and the tests do it.
import { readdirSync } from 'node:fs';
import path from 'node:path';

/** Every file under `dir`, relative to it with `/` separators, sorted; none when `dir` does not exist. */
export function filesUnder(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}
