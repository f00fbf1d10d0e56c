// Publishing a build: the site is rendered into a temporary folder beside `dist/` (same file system, so the
// renames are atomic) and swapped in only when the whole build succeeded. A failed build never touches dist/.
import { chmod, mkdtemp, rename, rm, stat } from 'node:fs/promises';
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

/** Replaces `outputDir` with `stagingDir`. The previous output is moved aside first and removed last. */
export async function swapIntoPlace(stagingDir: string, outputDir: string): Promise<void> {
  // A staging folder without a home page means the render went elsewhere or nowhere: never publish that.
  if (!(await exists(path.join(stagingDir, 'index.html')))) {
    throw new Error(`the rendered site in ${stagingDir} has no index.html; ${path.basename(outputDir)}/ was not replaced`);
  }
  const previous = `${stagingDir}-previous`;
  const hadPrevious = await exists(outputDir);
  if (hadPrevious) await rename(outputDir, previous);
  try {
    await rename(stagingDir, outputDir);
  } catch (error) {
    if (hadPrevious) await rename(previous, outputDir); // put the published site back
    throw error;
  }
  if (hadPrevious) await rm(previous, { recursive: true, force: true });
}

export async function removeStagingDir(stagingDir: string): Promise<void> {
  await rm(stagingDir, { recursive: true, force: true });
}
