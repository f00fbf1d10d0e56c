// Publishing a build: the site is rendered into a temporary folder beside `dist/` (same file system, so the
// renames are atomic) and swapped in only when the whole build succeeded. A failed build never touches dist/.
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** A fresh, empty folder beside `outputDir`, e.g. `.dist-build-Ab12Cd/`. */
export async function makeStagingDir(outputDir: string): Promise<string> {
  const dir = await mkdtemp(path.join(path.dirname(outputDir), `.${path.basename(outputDir)}-build-`));
  // mkdtemp makes the folder private (0700); a published site must be world-readable like any other folder.
  await chmod(dir, 0o755);
  return dir;
}

async function exists(p: string): Promise<boolean> {
  try {
    await stat(p);
    return true;
  } catch {
    return false;
  }
}

/** Where the previous output goes while the new one is renamed into place: `.dist-build-Ab12Cd-previous/`. */
export const previousDirFor = (stagingDir: string) => `${stagingDir}-previous`;

/**
 * Replaces `outputDir` with `stagingDir`. The previous output is moved aside first, then removed in the background:
 * deleting a large archive's thousands of files is a noticeable part of a build on disk, and nothing waits for it.
 */
export async function swapIntoPlace(stagingDir: string, outputDir: string): Promise<void> {
  // A staging folder without a home page means the render went elsewhere or nowhere: never publish that.
  if (!(await exists(path.join(stagingDir, 'index.html')))) {
    throw new Error(`the rendered site in ${stagingDir} has no index.html; ${path.basename(outputDir)}/ was not replaced`);
  }
  const previous = previousDirFor(stagingDir);
  const hadPrevious = await exists(outputDir);
  if (hadPrevious) await rename(outputDir, previous);
  try {
    await rename(stagingDir, outputDir);
  } catch (error) {
    if (hadPrevious) await rename(previous, outputDir); // put the published site back
    throw error;
  }
  if (hadPrevious) removeInBackground([previous]);
}

/** The folders beside `outputDir` that builds moved its previous outputs to (`.dist-build-*-previous/`). */
export async function previousDirsBeside(outputDir: string): Promise<string[]> {
  const prefix = `.${path.basename(outputDir)}-build-`;
  const parent = path.dirname(outputDir);
  try {
    return (await readdir(parent)).filter((name) => name.startsWith(prefix) && name.endsWith('-previous')).map((name) => path.join(parent, name));
  } catch {
    return [];
  }
}

/**
 * Previous outputs that a build moved aside but that were never removed (the machine stopped before the
 * background removal finished). Only `-previous` folders: a `.dist-build-*` folder without the suffix may be
 * another build's staging folder, in use right now. And only those moved aside over a minute ago (a rename sets
 * the folder's ctime), never one that a build running beside this one may still be putting back.
 */
export async function leftoverPreviousDirs(outputDir: string, now = Date.now()): Promise<string[]> {
  const dirs = await previousDirsBeside(outputDir);
  const old = await Promise.all(dirs.map(async (dir) => {
    try {
      return (await stat(dir)).ctimeMs < now - LEFTOVER_AGE_MS;
    } catch {
      return false; // already gone
    }
  }));
  return dirs.filter((_, i) => old[i]);
}

const LEFTOVER_AGE_MS = 60_000; // ms since a previous output was moved aside before another build removes it

/**
 * Removes folders from a detached Node process that outlives this one. Removing the same folder twice at once is
 * harmless (`force`), so a leftover may be handed to it again by the next build. If the process cannot be
 * started, the folders are removed here instead (this process then stays alive until that is done).
 */
export function removeInBackground(dirs: string[]): void {
  if (dirs.length === 0) return;
  const script = "for (const dir of process.argv.slice(1)) require('node:fs').rmSync(dir, { recursive: true, force: true, maxRetries: 3 });";
  const fallback = () => void Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))).catch(() => {});
  try {
    // No NODE_OPTIONS: whatever this process was started with (a loader, a profiler) is not for this script.
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    const child = spawn(process.execPath, ['-e', script, ...dirs], { detached: true, stdio: 'ignore', env });
    child.once('error', fallback);
    child.unref();
  } catch {
    fallback();
  }
}

export async function removeStagingDir(stagingDir: string): Promise<void> {
  await rm(stagingDir, { recursive: true, force: true });
}
