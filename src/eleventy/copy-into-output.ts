// Copying files Eleventy does not render (fingerprinted assets, share images) into the output folder, and removing
// the ones an earlier build of the same process copied and this one no longer has (the live preview rebuilds in
// place). The one place both plugins do it.
import fs from 'node:fs';
import path from 'node:path';

export interface PublishedFile {
  /** Absolute path of the file to copy, */
  sourcePath?: string;
  /** or else the text to write (a sanitized SVG). */
  content?: string;
  /** Path relative to the output folder, with `/` separators. */
  outputPath: string;
}

/** Writes `files` under `outputDir`; removes what `before` holds and they do not. Returns the paths it wrote. */
export async function copyIntoOutput(
  outputDir: string,
  files: Iterable<PublishedFile>,
  before: ReadonlySet<string>,
): Promise<Set<string>> {
  const current = new Set<string>();
  for (const file of files) {
    const target = path.resolve(outputDir, file.outputPath);
    current.add(target);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    if (file.content !== undefined) await fs.promises.writeFile(target, file.content);
    else await fs.promises.copyFile(file.sourcePath!, target);
  }
  for (const stale of before) {
    if (!current.has(stale)) await fs.promises.rm(stale, { force: true });
  }
  return current;
}
