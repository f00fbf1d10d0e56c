// The rule of `npm run check` for each page of a built site: HTML whose elements all close as written and whose
// end tags each close one, no inline script or style, a distinct id per element, a <title>, JSON-LD that parses,
// `<html lang>` the language of the page's folder, and a Content-Security-Policy that allows each of the page's
// scripts and no script source the page does not use. The policy is the page's <meta> element's and, where the
// host reads `_headers`, that file's for the page's path (src/eleventy/security-headers.ts writes both); a browser
// enforces each. https://www.w3.org/TR/CSP3/#directive-script-src
import { languageFolder } from '../../model/languages.ts';
import { servedPath } from '../../model/urls.ts';
import type { PageProblem, ReadPage } from './read-page.ts';
import type { CheckContext, SiteRule } from './site-rule.ts';

/** Sources that let no script of another origin, and no code of the page itself, run. */
const ALWAYS_FINE = new Set(["'self'", "'none'", "'wasm-unsafe-eval'"]);

/** The sources a policy lets scripts come from (`script-src`, else `default-src`); undefined when it sets neither. */
export function scriptSources(policy: string): string[] | undefined {
  const directives = new Map(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  );
  return directives.get('script-src') ?? directives.get('default-src');
}

/** Whether `source` of a policy allows the script at `url`, `origin` the site's own. */
function allows(source: string, url: URL, origin: string): boolean {
  if (source === "'self'") return url.origin === origin;
  return url.origin === source.replace(/\/$/, '') || (source.endsWith('/') && url.href.startsWith(source));
}

/** What is wrong with one policy (`label` naming it) for the page's scripts. */
function policyProblems(label: string, policy: string, scripts: readonly string[], origin: string): string[] {
  const sources = scriptSources(policy);
  if (!sources) return [`${label} does not restrict scripts (no script-src or default-src)`];
  const urls = scripts.map((src) => new URL(src, `${origin}/`));
  const problems = scripts
    .filter((_src, i) => !sources.some((source) => allows(source, urls[i]!, origin)))
    .map((src) => `${label} does not allow its script ${src}`);
  for (const source of sources) {
    if (!ALWAYS_FINE.has(source) && !urls.some((url) => url.origin !== origin && allows(source, url, origin))) {
      problems.push(`${label} allows script source ${source}, which none of its scripts needs`);
    }
  }
  return problems;
}

/**
 * What is wrong with the policies of one page (`page` as read), each a phrase to follow the page's name; `origin`
 * is the site's, `headerPolicy` the Content-Security-Policy `_headers` gives the page's path, if any.
 */
export function pagePolicyProblems(page: ReadPage, origin: string, headerPolicy?: string): string[] {
  const own = new URL(origin).origin;
  const problems: string[] = [];
  if (page.policy === undefined)
    problems.push('has no Content-Security-Policy (<meta http-equiv="Content-Security-Policy">)');
  else problems.push(...policyProblems('its Content-Security-Policy', page.policy, page.scripts, own));
  if (headerPolicy !== undefined)
    problems.push(...policyProblems('its Content-Security-Policy in _headers', headerPolicy, page.scripts, own));
  return problems;
}

/** The language of the pages in `file`'s folder: another language's under its own folder, else the default. */
function folderLanguage(file: string, site: CheckContext['site']): string {
  return (
    site.languages?.find((language, i) => i > 0 && file.startsWith(languageFolder(language, false))) ?? site.language
  );
}

/** What is wrong with the page's language and title. */
function languageAndTitleProblems(file: string, page: ReadPage, site: CheckContext['site']): PageProblem[] {
  const problems: PageProblem[] = [];
  const expected = folderLanguage(file, site);
  const folder = languageFolder(expected, expected === site.language) || 'the root';
  if (page.lang === undefined)
    problems.push({ line: page.htmlLine, message: `has no <html lang>: the pages in ${folder} are in ${expected}` });
  else if (page.lang.toLowerCase() !== expected.toLowerCase())
    problems.push({
      line: page.htmlLine,
      message: `<html lang="${page.lang}"> is not the language of the pages in ${folder}, ${expected}`,
    });
  if (!page.title)
    problems.push({ message: page.title === undefined ? 'has no <title> in its <head>' : 'its <title> is empty' });
  return problems;
}

/** The rule for each HTML page of the site. */
export function pageRule(context: CheckContext): SiteRule {
  return {
    visit(file) {
      if (!file.name.endsWith('.html')) return;
      context.counts.pages++;
      const page = file.page();
      const policies = pagePolicyProblems(page, context.published.origin, context.headerPolicy(servedPath(file.name)));
      const problems: PageProblem[] = [
        ...page.problems,
        ...languageAndTitleProblems(file.name, page, context.site),
        ...policies.map((message) => ({ message })),
      ];
      for (const { line, message } of problems) {
        context.report({ file: file.name, ...(line ? { line } : {}), message });
      }
    },
  };
}
