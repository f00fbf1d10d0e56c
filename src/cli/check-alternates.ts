// What a site of several languages wrote, checked before it is published (by the build, and by npm run check):
// every page's hreflang cluster must be reciprocal (each translation it names names the same set back) and every tag
// valid BCP 47, or search engines ignore the cluster.
// https://developers.google.com/search/docs/specialty/international/localized-versions
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isLanguageTag } from '../data/config.ts';

const CANONICAL = /<link rel="canonical" href="([^"]+)">/;
const ALTERNATE = /<link rel="alternate" hreflang="([^"]*)" href="([^"]+)">/g;

/** A page as written: its canonical URL and its alternates, `hreflang href` each. */
export interface WrittenPage {
  file: string;
  canonical?: string;
  alternates: string[];
}

/** The canonical URL and the hreflang links of one HTML file's text. */
export function readAlternates(file: string, html: string): WrittenPage {
  const head = html.slice(0, html.indexOf('</head>') + 1 || undefined);
  const alternates = [...head.matchAll(ALTERNATE)].map(([, tag, href]) => `${tag} ${href}`);
  return { file, canonical: CANONICAL.exec(head)?.[1], alternates };
}

/** The problems of the pages' clusters, one line per page at fault naming it; none when every cluster holds. */
export function alternatesProblems(pages: readonly WrittenPage[]): string[] {
  // Every language's home has a cluster: none at all means the links are missing, or no longer read as written.
  if (!pages.some((page) => page.alternates.length > 0)) return ['no page names its translations (<link rel="alternate" hreflang>)'];
  const byUrl = new Map(pages.flatMap((page) => (page.canonical ? [[page.canonical, page] as const] : [])));
  return pages.flatMap((page) => {
    const problem = clusterProblem(page, byUrl);
    return problem ? [`${page.file}: ${problem}`] : [];
  });
}

/** The first problem of the pages' clusters, as one line naming the page; undefined when every cluster holds. */
export function alternatesProblem(pages: readonly WrittenPage[]): string | undefined {
  return alternatesProblems(pages)[0];
}

/** What is wrong with one page's cluster, `byUrl` every page by its canonical URL. */
function clusterProblem(page: WrittenPage, byUrl: ReadonlyMap<string, WrittenPage>): string | undefined {
  if (page.alternates.length === 0) return undefined;
  const set = [...page.alternates].sort().join('\n');
  for (const alternate of page.alternates) {
    const [tag, href] = alternate.split(' ') as [string, string];
    if (tag !== 'x-default' && !isLanguageTag(tag)) return `hreflang "${tag}" is not a valid BCP 47 language tag`;
    if (tag === 'x-default' || href === page.canonical) continue;
    const other = byUrl.get(href);
    if (!other) return `its hreflang ${tag} names ${href}, which the build did not write`;
    if ([...other.alternates].sort().join('\n') !== set) return `its hreflang cluster is not reciprocal: ${other.file} names another set of translations`;
  }
  if (page.canonical && !page.alternates.some((alternate) => alternate.endsWith(` ${page.canonical}`))) return 'its hreflang cluster does not name the page itself';
  return undefined;
}

/**
 * A page's text up to its `</head>`, decoded on its own: what is read from it is a part of that string and keeps it
 * alive, and the whole page's would keep every page of the site in memory at once.
 */
export function headOf(bytes: Buffer): string {
  const end = bytes.indexOf('</head>');
  return bytes.toString('utf8', 0, end < 0 ? bytes.length : end + '</head>'.length);
}

/** Checks every HTML file under `dir`; throws the first problem in one line. */
export function checkAlternates(dir: string): void {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && entry.name.endsWith('.html'));
  const pages = files.map((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return readAlternates(path.relative(dir, file).split(path.sep).join('/'), headOf(readFileSync(file)));
  });
  const problem = alternatesProblem(pages);
  if (problem) throw new Error(`the build wrote a broken language cluster: ${problem}`);
}
