// One page of a built site as `npm run check` reads it: HTML whose elements all close as written, no inline script,
// a Content-Security-Policy that allows each of the page's scripts and no script source the page does not use, and
// JSON-LD that parses. The policy is the page's <meta> element's and, where the host reads `_headers`, that file's
// for the page's path (src/eleventy/security-headers.ts writes both); a browser enforces each.
// https://www.w3.org/TR/CSP3/#directive-script-src · https://html.spec.whatwg.org/multipage/syntax.html#void-elements
import { Parser } from 'htmlparser2';

const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
/** Sources that let no script of another origin, and no code of the page itself, run. */
const ALWAYS_FINE = new Set(["'self'", "'none'", "'wasm-unsafe-eval'"]);

/** What a page says of itself: its problems, and the policy and scripts the CSP check compares. */
interface ReadPage {
  problems: string[];
  /** The content of its `<meta http-equiv="Content-Security-Policy">`. */
  policy?: string;
  /** The `src` of each of its scripts. */
  scripts: string[];
}

/** The 1-based line of offset `index` of `text`. */
const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** Reads the page with htmlparser2, noting an element closed by another's tag, inline code and bad JSON-LD. */
function readPage(html: string): ReadPage {
  const page: ReadPage = { problems: [], scripts: [] };
  let script: { inline: boolean; jsonLd: boolean; text: string } | undefined;
  const parser = new Parser({
    onopentag(name, attribs) {
      for (const attribute of Object.keys(attribs)) {
        if (attribute.startsWith('on')) page.problems.push(`has inline script: the ${attribute} attribute of a <${name}> (line ${lineAt(html, parser.startIndex)})`);
      }
      if (name === 'meta' && attribs['http-equiv']?.toLowerCase() === 'content-security-policy') page.policy = attribs.content ?? '';
      if (name !== 'script') return;
      if (attribs.src !== undefined) page.scripts.push(attribs.src);
      script = { inline: attribs.src === undefined, jsonLd: attribs.type === 'application/ld+json', text: '' };
    },
    ontext(text) {
      if (script) script.text += text;
    },
    onclosetag(name, isImplied) {
      // Closed by its own end tag, a void element, or `<circle/>` in SVG; anything else was left open.
      if (isImplied && !VOID_ELEMENTS.has(name) && html[parser.endIndex - 1] !== '/') {
        page.problems.push(`is not well-formed HTML: <${name}> is not closed (line ${lineAt(html, parser.startIndex)})`);
      }
      if (name !== 'script' || !script) return;
      if (script.jsonLd) jsonLdProblem(script.text, page.problems);
      else if (script.inline) page.problems.push(`has inline script: a <script> without src (line ${lineAt(html, parser.startIndex)})`);
      script = undefined;
    },
  });
  parser.end(html);
  if (!/^\s*<!doctype html>/i.test(html)) page.problems.unshift('is not well-formed HTML: it does not start with <!doctype html>');
  return page;
}

function jsonLdProblem(text: string, problems: string[]): void {
  try {
    JSON.parse(text);
  } catch (error) {
    problems.push(`its JSON-LD does not parse (${(error as Error).message})`);
  }
}

/** The sources a policy lets scripts come from (`script-src`, else `default-src`); undefined when it sets neither. */
function scriptSources(policy: string): string[] | undefined {
  const directives = new Map(policy.split(';').map((directive) => directive.trim().split(/\s+/)).filter(([name]) => name).map(([name, ...sources]) => [name!.toLowerCase(), sources]));
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
  const problems = scripts.filter((_src, i) => !sources.some((source) => allows(source, urls[i]!, origin))).map((src) => `${label} does not allow its script ${src}`);
  for (const source of sources) {
    if (!ALWAYS_FINE.has(source) && !urls.some((url) => url.origin !== origin && allows(source, url, origin))) {
      problems.push(`${label} allows script source ${source}, which none of its scripts needs`);
    }
  }
  return problems;
}

/**
 * Every problem of one page (`html` its text), each a phrase to follow the page's name; `origin` is the site's,
 * `headerPolicy` the Content-Security-Policy `_headers` gives the page's path, if any.
 */
export function pageProblems(html: string, origin: string, headerPolicy?: string): string[] {
  const own = new URL(origin).origin;
  const page = readPage(html);
  if (page.policy === undefined) page.problems.push('has no Content-Security-Policy (<meta http-equiv="Content-Security-Policy">)');
  else page.problems.push(...policyProblems('its Content-Security-Policy', page.policy, page.scripts, own));
  if (headerPolicy !== undefined) page.problems.push(...policyProblems('its Content-Security-Policy in _headers', headerPolicy, page.scripts, own));
  return page.problems;
}
