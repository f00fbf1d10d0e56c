// What a build keeps for the next one, beside the response cache: the digest of its inputs, and for every file it
// published the hash of its bytes (with its stat, once recorded) and, for a paginated page, the fingerprint of
// everything that decided them (src/incremental/render-plan.ts). A page is taken from the published output only when both
// still hold; anything else is rendered.
import { hash } from 'node:crypto';
import { closeSync, copyFileSync, fstatSync, linkSync, mkdirSync, openSync, readFileSync, statSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { isSettled, sameStat, SETTLED_MS, statOf, type FileStat } from './file-stat.ts';
import { writeFileAtomic } from '../data/write-atomic.ts';
import { outputFile } from '../model/urls.ts';
import { folderStats, folderTree, foldersHold } from './output-folders.ts';

const MANIFEST = { file: 'build-manifest.json', version: 2 };

/** A published file: the hash of its bytes, its stat once recorded, and for a paginated page its fingerprint. */
interface FileEntry {
  print?: string;
  sha256: string;
  stat?: FileStat;
}

/**
 * The files and folders are checked by `isEntry` and `isStat`, not by zod: a ten-year archive's 17,000 files and
 * 8,600 folders took zod longer than parsing the JSON, in a build that keeps the output (docs/performance.md).
 */
const manifestSchema = z.object({
  version: z.literal(MANIFEST.version),
  /** The digest of what the published pages were made of (src/incremental/input-digest.ts), and the day they were built. */
  inputs: z.string(),
  buildDate: z.string(),
  files: z.custom<Record<string, FileEntry>>((files) => isRecordOf(files, isEntry)),
  /** The stat of the output's folders, once recorded (output-folders.ts). */
  dirs: z.custom<Record<string, FileStat>>((dirs) => isRecordOf(dirs, isStat)).optional(),
});

export type Manifest = Omit<z.infer<typeof manifestSchema>, 'version'>;

function isRecordOf(value: unknown, isValue: (value: unknown) => boolean): boolean {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  for (const key in value) if (!isValue((value as Record<string, unknown>)[key])) return false;
  return true;
}

function isEntry(value: unknown): value is FileEntry {
  if (!value || typeof value !== 'object') return false;
  const { print, sha256, stat } = value as Record<string, unknown>;
  return (
    typeof sha256 === 'string' &&
    (print === undefined || typeof print === 'string') &&
    (stat === undefined || isStat(stat))
  );
}

function isStat(value: unknown): value is FileStat {
  if (!value || typeof value !== 'object') return false;
  const { size, mtimeNs, ctimeNs, ino } = value as Record<string, unknown>;
  return (
    typeof size === 'number' && typeof mtimeNs === 'string' && typeof ctimeNs === 'string' && typeof ino === 'string'
  );
}

/** By path relative to the output folder, with `/` separators. */
export type ManifestFiles = Manifest['files'];
export type ManifestEntry = ManifestFiles[string];

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
  return parseManifest(file, text);
}

export function parseManifest(file: string, text: string): { manifest?: Manifest; problem?: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: `a damaged build manifest ${file}: not JSON` };
  }
  const version = (json as { version?: unknown } | null)?.version;
  if (version !== MANIFEST.version) {
    return {
      problem: `the build manifest ${file}, written by another version (${JSON.stringify(version)}; this build reads ${MANIFEST.version})`,
    };
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
export async function previousManifest(
  file: string,
  { full, warn, log }: { full: boolean; warn: (line: string) => void; log: (line: string) => void },
): Promise<Manifest | undefined> {
  if (full) return undefined;
  const { manifest, problem } = await loadManifest(file);
  if (problem) warn(`warning: ignored ${problem}; every page is rendered`);
  else if (!manifest) log('No earlier build to take unchanged pages from: every page is rendered.');
  return manifest;
}

/**
 * The build's manifest holds no file's stat, not even one it took over with a page: linking the page into the new
 * output and removing the old one change its inode's ctime, so only `recordStats`, after that, records them.
 */
export function saveManifest(file: string, { files, dirs: _dirs, ...rest }: Manifest): Promise<void> {
  const withoutStats = Object.fromEntries(
    Object.entries(files).map(([name, { print, sha256 }]) => [
      name,
      print === undefined ? { sha256 } : { print, sha256 },
    ]),
  );
  return writeFileAtomic(file, manifestText({ ...rest, files: withoutStats }));
}

export function manifestText(manifest: Manifest): string {
  return JSON.stringify({ version: MANIFEST.version, ...manifest });
}

/**
 * Whether `file` still holds the bytes `entry` records: without reading it when its stat is the one recorded (any
 * write, rename onto it or replacement since changes its ctime or inode), else by hashing it. Missing: no.
 */
export function stillAsRecorded(file: string, entry: ManifestEntry): boolean {
  try {
    if (entry.stat && sameStat(statOf(statSync(file, { bigint: true })), entry.stat)) return true;
    return sha256(readFileSync(file)) === entry.sha256;
  } catch {
    return false;
  }
}

export function sha256(content: string | Uint8Array): string {
  return hash('sha256', content, 'base64url');
}

/**
 * Adds to the manifest `manifestFile` the stat of each file of `outputDir` that still holds the bytes it records
 * and was last changed over `settledMs` ago; for the detached process that removed the output this one replaced
 * (src/cli/builder/swap-output.ts). The manifest is replaced only if it is still the one read: a newer build's stays.
 */
export async function recordStats(manifestFile: string, outputDir: string, settledMs = SETTLED_MS): Promise<void> {
  let text: string;
  try {
    text = await readFile(manifestFile, 'utf8');
  } catch {
    return;
  }
  const { manifest } = parseManifest(manifestFile, text);
  if (!manifest) return;
  const { files } = manifest;
  const recorded: ManifestFiles = {};
  for (const [name, { stat: _, ...entry }] of Object.entries(files)) {
    const stat = verifiedStat(path.join(outputDir, name), entry.sha256, settledMs);
    recorded[name] = stat ? { ...entry, stat } : entry;
  }
  const dirs = folderStats(outputDir, folderTree(Object.keys(files)), settledMs);
  // No mkdir, unlike writeFileAtomic: a cache folder removed meanwhile stays removed.
  const temp = `${manifestFile}.${process.pid}.stats.tmp`;
  try {
    await writeFile(temp, manifestText({ ...manifest, files: recorded, dirs }));
    if ((await readFile(manifestFile, 'utf8')) === text) await rename(temp, manifestFile);
  } finally {
    await rm(temp, { force: true });
  }
}

/** The stat of `file` if it holds bytes of hash `sha256`, was not changed while read, and settled before. */
function verifiedStat(file: string, expected: string, settledMs: number): FileStat | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const before = statOf(fstatSync(fd, { bigint: true }));
    if (!isSettled(before, settledMs)) return undefined;
    const same = sha256(readFileSync(fd)) === expected;
    return same && sameStat(before, statOf(fstatSync(fd, { bigint: true }))) ? before : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Whether the page at `url` (under `pathPrefix`) can be taken from `publishedDir` as it is: the manifest gives it this fingerprint,
 * and the file there still has the bytes the manifest says (a missing, edited or damaged file is rendered).
 */
export function reusableFrom(publishedDir: string, files: ManifestFiles | undefined, pathPrefix = '/') {
  return (url: string, print: string): boolean => {
    const file = outputFile(url, pathPrefix);
    const entry = files?.[file];
    return entry !== undefined && entry.print === print && stillAsRecorded(path.join(publishedDir, file), entry);
  };
}

/**
 * Whether `dir` holds the manifest's files, each with its bytes, and nothing else: what the build that wrote them
 * published. Only the folders whose stat is not the one `dirs` records are listed (output-folders.ts).
 */
export function holdsExactly(dir: string, files: ManifestFiles, dirs?: Manifest['dirs']): boolean {
  return (
    foldersHold(dir, folderTree(Object.keys(files)), dirs) &&
    Object.entries(files).every(([file, entry]) => stillAsRecorded(path.join(dir, file), entry))
  );
}

/**
 * Puts each of `relativePaths` of `fromDir` into `toDir`: a hard link where the file system allows it, else a copy.
 * A link shares its bytes with the published output, which no build may change: whatever writes into `toDir` after
 * this writes a new file (renamed over a link, as writeFileAtomic does), never into one.
 */
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
