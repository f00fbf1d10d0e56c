// A language's editors' files come from its own folder whenever it has one (src/data/editor-folders.ts); those at
// the roots of content/pages/ and content/overrides/ belong to the first language while it has none
// (docs/languages.md). The last build's first language is kept in .cache/, so the build that sees it change names,
// in one line per file, what now publishes where, and where to move a root file to keep it in the language it was
// written for, never onto a file already there; `npm run check` names those still at the root until the next build.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  EDITORS_KINDS,
  folderFiles,
  hasOwnFolder,
  rootFiles,
  tagFolder,
  type EditorsKind,
} from '../../data/editor-folders.ts';
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

const sameTag = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
/** `content/pages/en/about.md` exists in `contentDir`. */
const taken = (contentDir: string, file: string) => existsSync(path.join(contentDir, file.slice('content/'.length)));

/** How to keep `file` in `language`: move it to its folder, unless a file is there already (never advise an overwrite). */
function keepAdvice(contentDir: string, file: string, language: string, publishIt: string): string {
  const target = keptIn(file, language);
  return taken(contentDir, target)
    ? `${target} is there already: keep what you need of this one in it, then remove this one`
    : `move it to ${target} to ${publishIt} in ${language}`;
}

/** One line for a root file that publishes in `to` now that the first language is no longer `from`. */
export function movedLine(
  contentDir: string,
  file: string,
  from: string,
  to: string,
  languages: readonly string[],
): string {
  const keep = languages.some((tag) => sameTag(tag, from))
    ? keepAdvice(contentDir, file, from, 'keep it')
    : `${from} is no longer published: check that it is written in ${to}`;
  return `warning: ${file} now publishes in ${to}, the first language, where the last build published it in ${from}: ${keep}`;
}

/** One line for a root file the first language, reading its own folder, does not publish. */
export function unpublishedLine(
  contentDir: string,
  file: string,
  first: string,
  from: string | undefined,
  languages: readonly string[],
): string {
  const kind = file.split('/')[1]!;
  const advice =
    from && !sameTag(from, first) && languages.some((tag) => sameTag(tag, from))
      ? keepAdvice(contentDir, file, from, 'publish it')
      : `move it into the folder of the language it is written in (content/${kind}/{tag}/), or remove it`;
  return `warning: ${file} is not published: ${first}, the first language, has its own folder content/${kind}/${tagFolder(first)}/: ${advice}`;
}

/** The lines of one kind's files for a change of the first language from `from` to `to`, and the root files it moved. */
function changeLines(
  contentDir: string,
  kind: EditorsKind,
  from: string,
  to: string,
  languages: readonly string[],
): { lines: string[]; moved: string[] } {
  const lines: string[] = [];
  // The new first language's folder now publishes at the root, the old one's under its tag.
  if (hasOwnFolder(contentDir, kind, to)) {
    lines.push(
      ...folderFiles(contentDir, kind, to).map(
        (file) => `warning: ${file} now publishes at the site's root, in ${to}, the first language`,
      ),
    );
  }
  if (languages.some((tag) => sameTag(tag, from)) && hasOwnFolder(contentDir, kind, from)) {
    lines.push(
      ...folderFiles(contentDir, kind, from).map(
        (file) => `warning: ${file} now publishes under /${tagFolder(from)}/, in ${from}, no longer the first language`,
      ),
    );
  }
  const root = rootFiles(contentDir, kind);
  if (hasOwnFolder(contentDir, kind, to))
    return {
      lines: [...lines, ...root.map((file) => unpublishedLine(contentDir, file, to, from, languages))],
      moved: [],
    };
  // The old first language read its own folder: the root's files were nobody's, and now are the new one's.
  if (hasOwnFolder(contentDir, kind, from)) {
    return {
      lines: [
        ...lines,
        ...root.map(
          (file) => `warning: ${file} now publishes in ${to}, the first language: check that it is written in ${to}`,
        ),
      ],
      moved: [],
    };
  }
  return { lines: [...lines, ...root.map((file) => movedLine(contentDir, file, from, to, languages))], moved: root };
}

/**
 * The lines for the editors' files against the last build's first language, `previous`: on a change, what now
 * publishes where (none without a record); on every build, the root files a first language with folders of its own
 * leaves unpublished. And the record to keep once this build is published.
 */
export function firstLanguageChange(
  previous: FirstLanguage | undefined,
  languages: readonly string[],
  contentDir: string,
): { lines: string[]; record: FirstLanguage } {
  const language = languages[0]!;
  const from = previous && !sameTag(previous.language, language) ? previous.language : undefined;
  const lines: string[] = [];
  const moved: string[] = [];
  for (const kind of EDITORS_KINDS) {
    if (from) {
      const change = changeLines(contentDir, kind, from, language, languages);
      lines.push(...change.lines);
      moved.push(...change.moved);
    } else if (hasOwnFolder(contentDir, kind, language)) {
      lines.push(
        ...rootFiles(contentDir, kind).map((file) => unpublishedLine(contentDir, file, language, undefined, languages)),
      );
    }
  }
  return { lines, record: from && moved.length ? { language, moved: { from, files: moved } } : { language } };
}

/**
 * For `npm run check`: the last build's moved files still at the root, and the root files a first language with
 * folders of its own leaves unpublished.
 */
export function unmovedLines(contentDir: string, cacheDir: string, languages: readonly string[]): string[] {
  const first = languages[0];
  if (!first) return [];
  const record = readFirstLanguage(cacheDir);
  const from = record && sameTag(record.language, first) ? record.moved?.from : undefined;
  const moved = from
    ? record!
        .moved!.files.filter((file) => taken(contentDir, file))
        .map((file) => movedLine(contentDir, file, from, first, languages))
    : [];
  const unpublished = EDITORS_KINDS.flatMap((kind) =>
    hasOwnFolder(contentDir, kind, first)
      ? rootFiles(contentDir, kind).map((file) => unpublishedLine(contentDir, file, first, from, languages))
      : [],
  );
  return [...moved, ...unpublished];
}
