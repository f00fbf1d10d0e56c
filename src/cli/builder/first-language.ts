// The editors' files at the roots of content/pages/ and content/overrides/ belong to the site's first language
// (docs/languages.md): a change of it moves them into the new one. The last build's first language is kept in
// .cache/, so the build that sees it change names each such file in one line, with where to move it to keep it in
// the language it was written for; `npm run check` names those still there until the next build.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../../data/write-atomic.ts';
import { languageFolder } from '../../model/languages.ts';

const FILE = 'first-language.json';

/** What .cache/ keeps: the first language of the last build, and the root files it found published in another. */
export interface FirstLanguage {
  language: string;
  moved?: { from: string; files: string[] };
}

export const firstLanguageFile = (cacheDir: string) => path.join(cacheDir, FILE);

/** The record of the last build, or undefined when none is known (a first build, a cleared or damaged cache). */
export function readFirstLanguage(cacheDir: string): FirstLanguage | undefined {
  try {
    const record = JSON.parse(readFileSync(firstLanguageFile(cacheDir), 'utf8')) as FirstLanguage;
    return typeof record.language === 'string' ? record : undefined;
  } catch {
    return undefined;
  }
}

export async function saveFirstLanguage(cacheDir: string, record: FirstLanguage): Promise<void> {
  await mkdir(cacheDir, { recursive: true });
  await writeFileAtomic(firstLanguageFile(cacheDir), `${JSON.stringify(record, null, 2)}\n`);
}

/** `content/pages/about.md` → `content/pages/en/about.md`: where the file keeps publishing in `language`. */
export function keptIn(file: string, language: string): string {
  const [content, folder, ...rest] = file.split('/');
  return [content, folder, languageFolder(language, false).slice(0, -1), ...rest].join('/');
}

/** One line for a root file that publishes in `to` now that the first language is no longer `from`. */
export function movedLine(file: string, from: string, to: string, languages: readonly string[]): string {
  const keep = languages.some((tag) => tag.toLowerCase() === from.toLowerCase())
    ? `move it to ${keptIn(file, from)} to keep it in ${from}`
    : `${from} is no longer published: check that it is written in ${to}`;
  return `warning: ${file} now publishes in ${to}, the first language, where the last build published it in ${from}: ${keep}`;
}

/**
 * The lines for a change of the first language since `previous` (none without one, or without a change), and the
 * record to keep once this build is published. `rootFiles`: the first language's pages and overrides, as labelled.
 */
export function firstLanguageChange(previous: FirstLanguage | undefined, languages: readonly string[], rootFiles: readonly string[]): { lines: string[]; record: FirstLanguage } {
  const language = languages[0]!;
  if (!previous || previous.language.toLowerCase() === language.toLowerCase()) return { lines: [], record: { language } };
  const files = [...rootFiles].sort();
  return {
    lines: files.map((file) => movedLine(file, previous.language, language, languages)),
    record: files.length ? { language, moved: { from: previous.language, files } } : { language },
  };
}

/** For `npm run check`: the lines of the last build's moved files still at the root, in `rootDir`. */
export function unmovedLines(rootDir: string, cacheDir: string, languages: readonly string[]): string[] {
  const record = readFirstLanguage(cacheDir);
  if (!record?.moved || record.language.toLowerCase() !== languages[0]?.toLowerCase()) return [];
  const { from, files } = record.moved;
  return files.filter((file) => existsSync(path.join(rootDir, file))).map((file) => movedLine(file, from, record.language, languages));
}
