// Where each language's editors' files are (docs/languages.md): its own folder, `content/pages/{tag}/` and
// `content/overrides/{tag}/`, whenever that folder exists, whichever language is first; the roots of those folders
// are the first language's only while it has no folder of its own, so a change of first language never publishes
// a folder's pages in another language.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const EDITORS_KINDS = ['overrides', 'pages'] as const;
export type EditorsKind = (typeof EDITORS_KINDS)[number];

/** The folders at the root of content/overrides/ that hold the first language's overrides (overrides.ts). */
const OVERRIDE_ROOTS: ReadonlySet<string> = new Set(['weekly', 'monthly', 'yearly', 'ascendant']);

/** `pt-BR` → `pt-br`: a language's folder under content/pages/ and content/overrides/. */
export const tagFolder = (language: string): string => language.toLowerCase();

function isFolder(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}

/** Whether `language` has a folder of its own under content/{kind}/. */
export function hasOwnFolder(contentDir: string, kind: EditorsKind, language: string): boolean {
  return isFolder(path.join(contentDir, kind, tagFolder(language)));
}

export interface EditorsFolder {
  dir: string;
  /** `content/pages/es`, `content/pages`: names the folder in messages. */
  label: string;
}

/** The folder `language`'s files of `kind` are read from: its own, or for the first language without one the root. */
export function editorsFolder(
  contentDir: string,
  kind: EditorsKind,
  language: string,
  isFirst: boolean,
): EditorsFolder {
  const folder = !isFirst || hasOwnFolder(contentDir, kind, language) ? tagFolder(language) : '';
  return { dir: path.join(contentDir, kind, folder), label: folder ? `content/${kind}/${folder}` : `content/${kind}` };
}

/** The Markdown files under `dir`, relative to it with `/`, sorted; none when it does not exist. */
function markdownUnder(dir: string, recursive: boolean): string[] {
  try {
    return readdirSync(dir, { recursive, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.md') && !entry.name.startsWith('.'))
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      .sort();
  } catch {
    return [];
  }
}

/** The editors' files at the root of content/{kind}/, as labelled: `content/pages/about.md`, `content/overrides/weekly/2026-w47/leo.md`. */
export function rootFiles(contentDir: string, kind: EditorsKind): string[] {
  const files = markdownUnder(path.join(contentDir, kind), kind === 'overrides');
  return files
    .filter((file) => (kind === 'pages' ? !file.includes('/') : OVERRIDE_ROOTS.has(file.split('/')[0]!)))
    .map((file) => `content/${kind}/${file}`);
}

/** The editors' files in `language`'s own folder of content/{kind}/, as labelled: `content/pages/it/about.md`. */
export function folderFiles(contentDir: string, kind: EditorsKind, language: string): string[] {
  const folder = tagFolder(language);
  return markdownUnder(path.join(contentDir, kind, folder), true)
    .filter((file) => (kind === 'pages' ? !file.includes('/') : OVERRIDE_ROOTS.has(file.split('/')[0]!)))
    .map((file) => `content/${kind}/${folder}/${file}`);
}
