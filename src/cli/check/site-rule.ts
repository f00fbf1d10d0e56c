// What the rules of `npm run check` (src/cli/check/check-site.ts) share: the file each is shown, the site it belongs to,
// and the problems they report. A rule is a module of its own: it is shown every file of the site in turn, reads
// only the ones it is about, and may report more once it has seen them all.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../../data/config.ts';
import type { SiteAddress } from '../../model/urls.ts';
import { readPage, type ReadPage } from './read-page.ts';

/** One problem: the file at fault (its path in the site's folder), the 1-based line when there is one, and what. */
export interface Problem {
  file: string;
  line?: number;
  message: string;
}

/** `leo/index.html:12: broken link /virgo-x/ (no such file)`: the form compilers use, which editors open. */
export const formatProblem = ({ file, line, message }: Problem): string =>
  `${file}${line ? `:${line}` : ''}: ${message}`;

/** What the check counts, for its last line. */
export interface CheckCounts {
  pages: number;
  feeds: number;
  sitemaps: number;
  links: number;
}

/** One file of the site, read when a rule first asks for it and at most once. */
export interface SiteFile {
  /** Its path in the site's folder, with `/` separators. */
  name: string;
  text(): string;
  /** An HTML page, parsed (read-page.ts). */
  page(): ReadPage;
}

/** A file of `dir` whose text and parsed page are each made once, when first asked for. */
export function siteFile(
  dir: string,
  name: string,
  origin: string,
  read = () => readFileSync(path.join(dir, name), 'utf8'),
): SiteFile {
  let text: string | undefined;
  let page: ReadPage | undefined;
  const file: SiteFile = {
    name,
    text: () => (text ??= read()),
    page: () => (page ??= readPage(file.text(), { origin })),
  };
  return file;
}

/** What every rule is given: the site, and where to report. */
export interface CheckContext {
  dir: string;
  /** Every file of the site. */
  files: ReadonlySet<string>;
  published: SiteAddress;
  site: Pick<SiteConfig, 'url' | 'language' | 'languages' | 'api' | 'card'>;
  /** The Content-Security-Policy `_headers` gives a path of the site (`/search/`), if any. */
  headerPolicy(sitePath: string): string | undefined;
  counts: CheckCounts;
  report(problem: Problem): void;
}

export interface SiteRule {
  /** Shown each file of the site, in order. */
  visit(file: SiteFile): void;
  /** Once every file was shown. */
  end?(): void;
}
