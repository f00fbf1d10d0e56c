// `npm run check`: a built site read before it is published, with rules that hold whatever content/ says, so they
// hold on every owner's site. Each rule is a module of its own (site-rule.ts says what one is): pages (check-page.ts),
// links (link-check.ts), feeds and sitemaps (check-feeds.ts), hreflang clusters (check-alternates.ts), the search
// (check-search.ts), the sky's calendars (check-calendar.ts), the JSON files (check-json.ts) and what partners fetch (check-syndication.ts). Files are read
// one at a time, so an archive of any size fits in memory, and a problem never stops the check: it reports every one, each naming the file and the line.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { headersFor, parseHeadersFile, type HeaderRule } from '../../eleventy/security-headers.ts';
import { siteAddress } from '../../model/urls.ts';
import { hreflangRule } from '../builder/check-alternates.ts';
import { calendarRule } from './check-calendar.ts';
import { feedsRule } from './check-feeds.ts';
import { jsonRule } from './check-json.ts';
import { pageRule } from './check-page.ts';
import { searchRule } from './check-search.ts';
import { syndicationRule } from './check-syndication.ts';
import { filesUnder } from '../../data/files-under.ts';
import { linkRule } from './link-check.ts';
import {
  formatProblem,
  siteFile,
  type CheckContext,
  type CheckCounts,
  type Problem,
  type SiteRule,
} from './site-rule.ts';

/** The rules, each shown every file in turn. */
const RULES: ReadonlyArray<(context: CheckContext) => SiteRule> = [
  pageRule,
  linkRule,
  feedsRule,
  calendarRule,
  hreflangRule,
  searchRule,
  jsonRule,
  syndicationRule,
];

/** What the check found: one line per problem, each naming the file (its path in the folder), and what it read. */
export interface SiteCheck extends CheckCounts {
  problems: string[];
}

/** Checks the built site in `dir`, published at `site.url`; throws only when `dir` holds no built site. */
export function checkSite(dir: string, site: CheckContext['site']): SiteCheck {
  if (!existsSync(path.join(dir, 'index.html')))
    throw new Error(`${dir} holds no built site (no index.html): run npm run build first`);
  const files = new Set(filesUnder(dir));
  const published = siteAddress(site.url);
  const headerRules: HeaderRule[] = files.has('_headers')
    ? parseHeadersFile(readFileSync(path.join(dir, '_headers'), 'utf8'))
    : [];
  const problems: Problem[] = [];
  const context: CheckContext = {
    dir,
    files,
    published,
    site,
    headerPolicy: (sitePath) =>
      files.has('_headers') ? headersFor(headerRules, sitePath)['Content-Security-Policy'] : undefined,
    counts: { pages: 0, feeds: 0, sitemaps: 0, links: 0 },
    report: (problem) => void problems.push(problem),
  };
  const rules = RULES.map((rule) => rule(context));
  for (const name of files) {
    const file = siteFile(dir, name, published.origin);
    for (const rule of rules) {
      // A file no rule can read (not UTF-8 text, say) is one problem, and the check goes on.
      try {
        rule.visit(file);
      } catch (error) {
        context.report({ file: name, message: `could not be checked (${(error as Error).message})` });
      }
    }
  }
  for (const rule of rules) rule.end?.();
  // By file, then line: a file's problems together, whichever rule found them.
  problems.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : (a.line ?? 0) - (b.line ?? 0)));
  return { ...context.counts, problems: problems.map(formatProblem) };
}
