// What a build keeps for the next one, beside the response cache: for every file it published, the hash of its
// bytes and, for a paginated page, the fingerprint of everything that decided them (src/cli/render-plan.ts). The
// next build takes a page from the published output only when both still hold; anything else is rendered.
import { hash } from 'node:crypto';
import { copyFileSync, linkSync, mkdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../data/write-atomic.ts';
import { outputFile } from '../model/urls.ts';

const MANIFEST = { file: 'build-manifest.json', version: 1 };

const manifestSchema = z.object({
  version: z.literal(MANIFEST.version),
  files: z.record(z.string(), z.object({ print: z.string().optional(), sha256: z.string() })),
});

/** By path relative to the output folder, with `/` separators. */
export type ManifestFiles = z.infer<typeof manifestSchema>['files'];

export function manifestPath(cacheDir: string): string {
  return path.join(cacheDir, MANIFEST.file);
}

/**
 * The last published build's files; none when there is no manifest, or one that cannot be trusted: `problem` then
 * says what was ignored (`a damaged build manifest …: not JSON`), for the build's warning.
 */
export async function loadManifest(file: string): Promise<{ files?: ManifestFiles; problem?: string }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    return { problem: `a damaged build manifest ${file}: ${(error as Error).message}` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: `a damaged build manifest ${file}: not JSON` };
  }
  const version = (json as { version?: unknown } | null)?.version;
  if (version !== MANIFEST.version) {
    return { problem: `the build manifest ${file}, written by another version (${JSON.stringify(version)}; this build reads ${MANIFEST.version})` };
  }
  const parsed = manifestSchema.safeParse(json);
  return parsed.success ? { files: parsed.data.files } : { problem: `a damaged build manifest ${file}: not a build manifest` };
}

/**
 * The manifest a build takes unchanged pages from: none with `--full`, and none, with a warning, when it cannot
 * be trusted (damaged, or written by another version).
 */
export async function previousManifest(file: string, { full, warn, log }: { full: boolean; warn: (line: string) => void; log: (line: string) => void }): Promise<ManifestFiles | undefined> {
  if (full) return undefined;
  const { files, problem } = await loadManifest(file);
  if (problem) warn(`warning: ignored ${problem}; every page is rendered`);
  else if (!files) log('No earlier build to take unchanged pages from: every page is rendered.');
  return files;
}

export function saveManifest(file: string, files: ManifestFiles): Promise<void> {
  return writeFileAtomic(file, JSON.stringify({ version: MANIFEST.version, files }));
}

export function sha256(content: string | Uint8Array): string {
  return hash('sha256', content, 'base64url');
}

/**
 * Whether the page at `url` (under `pathPrefix`) can be taken from `publishedDir` as it is: the manifest gives it this fingerprint,
 * and the file there still has the bytes the manifest says (a missing, edited or damaged file is rendered).
 */
export function reusableFrom(publishedDir: string, files: ManifestFiles | undefined, pathPrefix = '/') {
  return (url: string, print: string): boolean => {
    const file = outputFile(url, pathPrefix);
    const entry = files?.[file];
    if (!entry || entry.print !== print) return false;
    try {
      return sha256(readFileSync(path.join(publishedDir, file))) === entry.sha256;
    } catch {
      return false;
    }
  };
}

/** Puts each of `relativePaths` of `fromDir` into `toDir`: a hard link where the file system allows it, else a copy. */
export function linkFiles(fromDir: string, toDir: string, relativePaths: readonly string[]): void {
  const made = new Set<string>();
  for (const relative of relativePaths) {
    const target = path.join(toDir, relative);
    const folder = path.dirname(target);
    if (!made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      made.add(folder);
    }
    try {
      linkSync(path.join(fromDir, relative), target);
    } catch (error) {
      // Another device (EXDEV), or a file system without hard links (EPERM, ENOTSUP): copy.
      if (!['EXDEV', 'EPERM', 'ENOTSUP', 'EMLINK'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
      copyFileSync(path.join(fromDir, relative), target);
    }
  }
}
