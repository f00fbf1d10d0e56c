// What a build keeps for the next one, beside the response cache: for every file it published, the hash of its
// bytes and, for a paginated page, the fingerprint of everything that decided them (src/cli/render-plan.ts). The
// next build takes a page from the published output only when both still hold; anything else is rendered.
import { hash } from 'node:crypto';
import { copyFileSync, linkSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../data/write-atomic.ts';
import { outputFile } from '../model/urls.ts';

const MANIFEST = { file: 'build-manifest.json', version: 2 };

const manifestSchema = z.object({
  version: z.literal(MANIFEST.version),
  /** The digest of what the published pages were made of (src/model/input-digest.ts), and the day they were built. */
  inputs: z.string(),
  buildDate: z.string(),
  files: z.record(z.string(), z.object({ print: z.string().optional(), sha256: z.string() })),
});

export type Manifest = Omit<z.infer<typeof manifestSchema>, 'version'>;

/** By path relative to the output folder, with `/` separators. */
export type ManifestFiles = Manifest['files'];

export function manifestPath(cacheDir: string): string {
  return path.join(cacheDir, MANIFEST.file);
}

/**
 * The last published build's files; none when there is no manifest, or one that cannot be trusted: `problem` then
 * says what was ignored (`a damaged build manifest …: not JSON`), for the build's warning.
 */
export async function loadManifest(file: string): Promise<{ manifest?: Manifest; problem?: string }> {
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
  if (!parsed.success) return { problem: `a damaged build manifest ${file}: not a build manifest` };
  const { version: _version, ...manifest } = parsed.data;
  return { manifest };
}

/**
 * The manifest a build takes unchanged pages from: none with `--full`, and none, with a warning, when it cannot
 * be trusted (damaged, or written by another version).
 */
export async function previousManifest(file: string, { full, warn, log }: { full: boolean; warn: (line: string) => void; log: (line: string) => void }): Promise<Manifest | undefined> {
  if (full) return undefined;
  const { manifest, problem } = await loadManifest(file);
  if (problem) warn(`warning: ignored ${problem}; every page is rendered`);
  else if (!manifest) log('No earlier build to take unchanged pages from: every page is rendered.');
  return manifest;
}

export function saveManifest(file: string, manifest: Manifest): Promise<void> {
  return writeFileAtomic(file, JSON.stringify({ version: MANIFEST.version, ...manifest }));
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
    return entry !== undefined && entry.print === print && holds(publishedDir, file, entry);
  };
}

/** Whether the file at `relative` under `dir` still has the bytes the manifest's `entry` says. */
function holds(dir: string, relative: string, entry: ManifestFiles[string]): boolean {
  try {
    return sha256(readFileSync(path.join(dir, relative))) === entry.sha256;
  } catch {
    return false;
  }
}

/** Whether `dir` holds the manifest's files, each with its bytes, and nothing else: what the build that wrote them published. */
export function holdsExactly(dir: string, files: ManifestFiles): boolean {
  let found: string[];
  try {
    found = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => !entry.isDirectory())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  } catch {
    return false;
  }
  return found.length === Object.keys(files).length && found.every((file) => Object.hasOwn(files, file) && holds(dir, file, files[file]!));
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
