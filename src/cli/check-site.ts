// `npm run check`: a built site read before it is published, with rules that hold whatever content/ says, so they
// hold on every owner's site: no broken internal link, HTML that parses, feeds and sitemaps that parse as XML,
// reciprocal hreflang clusters, a Content-Security-Policy that covers exactly each page's scripts, no inline script
// and JSON-LD that parses. Files are read one at a time, so an archive of any size fits in memory.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../data/config.ts';
import { headersFor, parseHeadersFile, type HeaderRule } from '../eleventy/security-headers.ts';
import { servedPath, siteAddress, type SiteAddress } from '../model/urls.ts';
import { jsonProblems } from './check-json.ts';
import { alternatesProblems, headOf, readAlternates, type WrittenPage } from './check-alternates.ts';
import { pageProblems } from './check-page.ts';
import { hasLinks, internalUrls, linkProblem } from './link-check.ts';
import { parseXml } from './xml.ts';

/** What the check found: one line per problem, each naming the file (its path in the folder), and what it read. */
export interface SiteCheck {
  problems: string[];
  pages: number;
  feeds: number;
  sitemaps: number;
  links: number;
}

/** Every file under `dir`, relative, with `/` separators. */
function filesUnder(dir: string): Set<string> {
  const entries = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return new Set(entries.map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')));
}

/** The well-formedness of a feed or sitemap, counted by its root element. */
function checkXml(file: string, text: string, check: SiteCheck): void {
  try {
    const root = parseXml(text).name;
    if (root === 'feed') check.feeds++;
    if (root === 'urlset' || root === 'sitemapindex') check.sitemaps++;
  } catch (error) {
    check.problems.push(`${file}: is not well-formed XML (${(error as Error).message})`);
  }
}

/** The internal links of one file. */
function checkLinks(file: string, text: string, files: ReadonlySet<string>, published: SiteAddress, check: SiteCheck): void {
  for (const url of internalUrls(file, text, published)) {
    check.links++;
    const problem = linkProblem(url, text, files, published);
    if (problem) check.problems.push(`${file}: broken link ${url} (${problem})`);
  }
}

/** Checks the built site in `dir`, published at `site.url`; throws only when `dir` holds no built site. */
export function checkSite(dir: string, site: Pick<SiteConfig, 'url' | 'languages'>): SiteCheck {
  if (!existsSync(path.join(dir, 'index.html'))) throw new Error(`${dir} holds no built site (no index.html): run npm run build first`);
  const files = filesUnder(dir);
  const published = siteAddress(site.url);
  const headerRules: HeaderRule[] = files.has('_headers') ? parseHeadersFile(readFileSync(path.join(dir, '_headers'), 'utf8')) : [];
  const check: SiteCheck = { problems: [], pages: 0, feeds: 0, sitemaps: 0, links: 0 };
  const clusters: WrittenPage[] = [];
  for (const file of [...files].sort()) {
    if (!hasLinks(file)) continue;
    const bytes = readFileSync(path.join(dir, file));
    const text = bytes.toString('utf8');
    if (file.endsWith('.html')) {
      check.pages++;
      const headerPolicy = headersFor(headerRules, servedPath(file))['Content-Security-Policy'];
      check.problems.push(...pageProblems(text, published.origin, headerPolicy).map((problem) => `${file}: ${problem}`));
      clusters.push(readAlternates(file, headOf(bytes)));
    } else if (file.endsWith('.xml')) {
      checkXml(file, text, check);
    }
    checkLinks(file, text, files, published, check);
  }
  // A site of one language has no clusters to check; one of several has them on every page but the 404 page.
  if (site.languages || clusters.some((page) => page.alternates.length > 0)) check.problems.push(...alternatesProblems(clusters));
  check.problems.push(...jsonProblems(dir, [...files].sort()));
  return check;
}
