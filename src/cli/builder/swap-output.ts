// Publishing a build: the site is rendered into a temporary folder beside `dist/` (same file system, so the
// renames are atomic) and swapped in only when the whole build succeeded. A failed build never touches dist/.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { chmod, mkdtemp, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SETTLED_MS } from '../../incremental/file-stat.ts';
import { recordStats } from '../../incremental/build-manifest.ts';

/** Inside a staging folder while a build renders into it: the building process's pid, removed before the swap. */
const OWNER_FILE = '.build-owner';

/** Staging folders of this process not yet swapped in or removed, for an interrupted build to remove. */
const activeStagingDirs = new Set<string>();

/** A fresh, empty folder beside `outputDir`, e.g. `.dist-build-Ab12Cd/`, marked as this process's. */
export async function makeStagingDir(outputDir: string): Promise<string> {
  const dir = await mkdtemp(path.join(path.dirname(outputDir), `.${path.basename(outputDir)}-build-`));
  activeStagingDirs.add(dir);
  await writeFile(path.join(dir, OWNER_FILE), `${process.pid}\n`);
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
 * Replaces `outputDir` with `stagingDir`. The previous output is moved aside first; its folder is returned, for
 * `removeInBackground`: deleting a large archive's thousands of files is a noticeable part of a build on disk, and
 * nothing needs to wait for it.
 */
export async function swapIntoPlace(stagingDir: string, outputDir: string): Promise<string[]> {
  // A staging folder without a home page means the render went elsewhere or nowhere: never publish that.
  if (!(await exists(path.join(stagingDir, 'index.html')))) {
    throw new Error(
      `the rendered site in ${stagingDir} has no index.html; ${path.basename(outputDir)}/ was not replaced`,
    );
  }
  await unlink(path.join(stagingDir, OWNER_FILE));
  swapping = renameIntoPlace(stagingDir, outputDir);
  try {
    return await swapping;
  } finally {
    swapping = undefined;
  }
}

/** Set while the two renames of a swap run: an interrupt waits for it, so dist/ is never left missing. */
export let swapping: Promise<string[]> | undefined;

async function renameIntoPlace(stagingDir: string, outputDir: string): Promise<string[]> {
  const previous = previousDirFor(stagingDir);
  const hadPrevious = await exists(outputDir);
  if (hadPrevious) await rename(outputDir, previous);
  try {
    await rename(stagingDir, outputDir);
  } catch (error) {
    if (hadPrevious) await rename(previous, outputDir); // put the published site back
    throw error;
  }
  activeStagingDirs.delete(stagingDir);
  return hadPrevious ? [previous] : [];
}

/** The folders beside `outputDir` that builds made: staging folders and moved-aside outputs (`.dist-build-*`). */
async function buildDirsBeside(outputDir: string): Promise<string[]> {
  const prefix = `.${path.basename(outputDir)}-build-`;
  const parent = path.dirname(outputDir);
  try {
    return (await readdir(parent)).filter((name) => name.startsWith(prefix)).map((name) => path.join(parent, name));
  } catch {
    return [];
  }
}

/** The outputs that builds moved aside (`.dist-build-*-previous/`), removed or not yet. */
export async function previousDirsBeside(outputDir: string): Promise<string[]> {
  return (await buildDirsBeside(outputDir)).filter((dir) => dir.endsWith('-previous'));
}

/**
 * Folders that builds left behind: staging folders whose owner process is gone (killed, or its machine stopped),
 * and outputs moved aside whose background removal never finished. Never those of a build still running: a
 * staging folder is marked with its owner's pid (a pid reused since only keeps a leftover one build longer), and
 * a folder without a live owner counts only once it is a minute old (a rename or a new file sets its ctime).
 */
export async function leftoverDirs(outputDir: string, now = Date.now()): Promise<string[]> {
  const dirs = await buildDirsBeside(outputDir);
  const left = await Promise.all(
    dirs.map(async (dir) => {
      const owner = dir.endsWith('-previous') ? undefined : await ownerPid(dir);
      if (owner !== undefined) return !isAlive(owner);
      try {
        return (await stat(dir)).ctimeMs < now - LEFTOVER_AGE_MS;
      } catch {
        return false; // already gone
      }
    }),
  );
  return dirs.filter((_, i) => left[i]);
}

async function ownerPid(dir: string): Promise<number | undefined> {
  try {
    const pid = Number((await readFile(path.join(dir, OWNER_FILE), 'utf8')).trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Signal 0 tests whether a process exists (https://nodejs.org/api/process.html#processkillpid-signal). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by another user
  }
}

const LEFTOVER_AGE_MS = 60_000; // ms before a build folder without a live owner counts as left behind

/** After the removal, the published files whose stat to record in the build manifest (`recordStats`). */
export interface StatsJob {
  manifestFile: string;
  outputDir: string;
  settledMs?: number;
}

/**
 * Removes folders from a detached Node process that outlives this one. Removing the same folder twice at once is
 * harmless (`force`), so a leftover may be handed to it again by the next build. If the process cannot be
 * started, the folders are removed here instead (this process then stays alive until that is done). With `stats`,
 * it records the published files' stats once the removal no longer changes them (docs/architecture.md).
 */
export function removeInBackground(dirs: string[], stats?: StatsJob): void {
  if (dirs.length === 0 && !stats) return;
  const job = JSON.stringify({ dirs, stats });
  const script = `import(${JSON.stringify(pathToFileURL(import.meta.filename).href)}).then((m) => m.removeThenRecord(JSON.parse(process.argv[1])))`;
  const fallback = () => void removeThenRecord({ dirs, stats }).catch(() => {});
  try {
    // No NODE_OPTIONS: whatever this process was started with (a loader, a profiler) is not for this script.
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    const child = spawn(process.execPath, ['-e', script, job], { detached: true, stdio: 'ignore', env });
    child.once('error', fallback);
    child.unref();
  } catch {
    fallback();
  }
}

/**
 * What the detached process does. With `stats`, each folder's contents go first, then the stats are recorded, and
 * the empty folders last: a `-previous` folder exists until all is done (the benchmark waits for that).
 */
export async function removeThenRecord({ dirs, stats }: { dirs: string[]; stats?: StatsJob }): Promise<void> {
  const remove = (dir: string) => rm(dir, { recursive: true, force: true, maxRetries: 3 });
  if (stats) {
    for (const dir of dirs)
      await Promise.all((await readdir(dir).catch(() => [])).map((name) => remove(path.join(dir, name))));
    // The removal changed the ctime of every page the build linked from the old output: let it settle first.
    const settledMs = stats.settledMs ?? SETTLED_MS;
    await sleep(settledMs);
    await recordStats(stats.manifestFile, stats.outputDir, settledMs).catch(() => {});
  }
  await Promise.all(dirs.map(remove));
}

export async function removeStagingDir(stagingDir: string): Promise<void> {
  await rm(stagingDir, { recursive: true, force: true });
  activeStagingDirs.delete(stagingDir);
}

/** For an interrupted build, which must finish before it exits: removes this process's staging folders at once. */
export function removeActiveStagingDirsSync(): void {
  for (const dir of activeStagingDirs) rmSync(dir, { recursive: true, force: true });
}
