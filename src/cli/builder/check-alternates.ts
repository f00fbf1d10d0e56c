// What a site of several languages wrote, checked before it is published (by the build, and by npm run check):
// every page's hreflang cluster must be reciprocal (each translation it names names the same set back), and every
// tag valid BCP 47 and the language of the page it names, or search engines ignore the cluster.
// https://developers.google.com/search/docs/specialty/international/localized-versions
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isLanguageTag } from '../../data/config.ts';
import { decodeAttribute } from '../check/link-check.ts';
import type { PageAlternate, ReadPage } from '../check/read-page.ts';
import { lineFinder } from '../check/scan-text.ts';
import { formatProblem, type CheckContext, type Problem, type SiteRule } from '../check/site-rule.ts';

/** A page as written: its canonical URL, its `<html lang>` and its alternates. */
export interface WrittenPage {
  file: string;
  canonical?: string;
  lang?: string;
  alternates: PageAlternate[];
}

/**
 * A copy of `text` that keeps no page alive: V8 keeps the whole string a slice was cut from, and the pages read
 * here are kept until every page was read (docs/performance.md, "The language-cluster check").
 */
const detached = (text: string): string => Buffer.from(text, 'utf8').toString('utf8');

/** What of a page, as read-page.ts read it, the clusters are checked with. */
export function writtenPage(file: string, page: ReadPage): WrittenPage {
  return {
    file,
    ...(page.canonical !== undefined ? { canonical: detached(page.canonical) } : {}),
    ...(page.lang !== undefined ? { lang: detached(page.lang) } : {}),
    alternates: page.alternates.map(({ hreflang, href, line }) => ({
      hreflang: detached(hreflang),
      href: detached(href),
      line,
    })),
  };
}

const HTML_LANG = /<html lang="([^"]*)"/;
const CANONICAL = /<link rel="canonical" href="([^"]+)">/;
const ALTERNATE = /<link rel="alternate" hreflang="([^"]*)" href="([^"]+)">/g;

/**
 * The canonical URL, the language and the hreflang links of the head of a page the build wrote, for the build's own
 * check: regexes over the markup its templates write take half the time of parsing it (npm run check parses, as it
 * reads what an owner may have changed since).
 */
export function readAlternates(file: string, head: string): WrittenPage {
  const lineAt = lineFinder(head);
  const alternates = [...head.matchAll(ALTERNATE)].map(([, hreflang, href], i, all) => ({
    hreflang: hreflang!,
    href: decodeAttribute(href!),
    line: lineAt(all[i]!.index),
  }));
  const canonical = CANONICAL.exec(head)?.[1];
  const lang = HTML_LANG.exec(head)?.[1];
  return {
    file,
    ...(canonical !== undefined ? { canonical: decodeAttribute(canonical) } : {}),
    ...(lang !== undefined ? { lang } : {}),
    alternates,
  };
}

/** The problems of the pages' clusters, each naming the page and the line; none when every cluster holds. */
export function hreflangProblems(pages: readonly WrittenPage[]): Problem[] {
  // Every language's home has a cluster: none at all means the links are missing, or no longer read as written.
  if (!pages.some((page) => page.alternates.length > 0))
    return [{ file: 'index.html', message: 'no page names its translations (<link rel="alternate" hreflang>)' }];
  const byUrl = new Map(pages.flatMap((page) => (page.canonical ? [[page.canonical, page] as const] : [])));
  // Each tag checked and each cluster written once: a site of six languages names seven pages on each of 50,000.
  const tags = new Map<string, boolean>();
  const clusters = new Map<WrittenPage, string>();
  const known: Known = {
    byUrl,
    isTag: (tag) => tags.get(tag) ?? tags.set(tag, isLanguageTag(tag)).get(tag)!,
    clusterOf: (page) => clusters.get(page) ?? clusters.set(page, clusterOf(page)).get(page)!,
  };
  return pages.flatMap((page) => pageClusterProblems(page, known));
}

/** The alternates of a page as one text, to compare clusters by. */
const clusterOf = (page: WrittenPage) =>
  page.alternates
    .map(({ hreflang, href }) => `${hreflang} ${href}`)
    .sort()
    .join('\n');

/** Every page by its canonical URL, and what is worked out once per tag and per page. */
interface Known {
  byUrl: ReadonlyMap<string, WrittenPage>;
  isTag: (tag: string) => boolean;
  clusterOf: (page: WrittenPage) => string;
}

/** What is wrong with one page's cluster. */
function pageClusterProblems(page: WrittenPage, { byUrl, isTag, clusterOf }: Known): Problem[] {
  if (page.alternates.length === 0) return [];
  const problems: Problem[] = [];
  const cluster = clusterOf(page);
  for (const { hreflang: tag, href, line } of page.alternates) {
    const at = (message: string) => problems.push({ file: page.file, line, message });
    if (tag === 'x-default') continue;
    if (!isTag(tag)) {
      at(`hreflang "${tag}" is not a valid BCP 47 language tag`);
      continue;
    }
    // A link to the page itself is not looked up: another file may give the same canonical URL.
    const other = href === page.canonical ? page : byUrl.get(href);
    if (!other) at(`its hreflang ${tag} names ${href}, which the build did not write`);
    else if (other.lang !== undefined && other.lang.toLowerCase() !== tag.toLowerCase())
      at(`its hreflang ${tag} names ${href}, whose <html lang> is "${other.lang}"`);
    else if (other !== page && clusterOf(other) !== cluster)
      at(`its hreflang cluster is not reciprocal: ${other.file} names another set of translations`);
  }
  if (page.canonical && !page.alternates.some(({ href }) => href === page.canonical)) {
    problems.push({
      file: page.file,
      line: page.alternates[0]!.line,
      message: 'its hreflang cluster does not name the page itself',
    });
  }
  return problems;
}

/**
 * A page's text up to its `</head>`, decoded on its own: what is read from it is a part of that string and keeps it
 * alive, and the whole page's would keep every page of the site in memory at once.
 */
export function headOf(bytes: Buffer): string {
  const end = bytes.indexOf('</head>');
  return bytes.toString('utf8', 0, end < 0 ? bytes.length : end + '</head>'.length);
}

/**
 * Checks the HTML pages among `files`, the build's list of what it wrote into `dir` (its staging folder), rather than
 * listing a folder of some 200,000 files again; throws the first problem in one line.
 */
export function checkAlternates(dir: string, files: Iterable<string>): void {
  const pages = [...files]
    .filter((file) => file.endsWith('.html'))
    .map((file) => readAlternates(file, headOf(readFileSync(path.join(dir, file)))));
  const [problem] = hreflangProblems(pages);
  if (problem) throw new Error(`the build wrote a broken language cluster: ${formatProblem(problem)}`);
}

/** The rule of `npm run check` for the hreflang clusters of the site's pages. */
export function hreflangRule(context: CheckContext): SiteRule {
  const pages: WrittenPage[] = [];
  return {
    visit(file) {
      if (file.name.endsWith('.html')) pages.push(writtenPage(file.name, file.page()));
    },
    end() {
      // A site of one language has no clusters to check; one of several has them on every page but the 404 page.
      if (context.site.languages || pages.some((page) => page.alternates.length > 0))
        hreflangProblems(pages).forEach(context.report);
    },
  };
}
