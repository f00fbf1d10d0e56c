// One page of a built site as `npm run check` reads it, parsed with htmlparser2 (the parser the sanitizer uses): what
// its markup does wrong, and what the rules compare: its language, title, ids, links, policy, scripts, canonical URL
// and translations. Text that only shows markup (`&lt;a href="…"&gt;` in a <code>) is text here, never a link.
// https://html.spec.whatwg.org/multipage/syntax.html#void-elements
import { Parser, type Handler } from 'htmlparser2';
import { lineFinder, originUrls } from './scan-text.ts';

const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
/** Attributes whose value is one URL the browser follows or loads. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'poster']);

/** A URL the page gives, and the line of the element that gives it. */
export interface PageLink {
  url: string;
  line: number;
}

/** A `<link rel="alternate" hreflang>` of the page. */
export interface PageAlternate {
  hreflang: string;
  href: string;
  line: number;
}

export interface PageProblem {
  line?: number;
  message: string;
}

export interface ReadPage {
  /** What is wrong with its markup: not well-formed, inline script or style, an id given twice, bad JSON-LD. */
  problems: PageProblem[];
  /** `<html lang>`, and the line of `<html>`. */
  lang?: string;
  htmlLine?: number;
  /** The text of the `<title>` in its `<head>`, when it has one. */
  title?: string;
  /** The content of its `<meta http-equiv="Content-Security-Policy">`. */
  policy?: string;
  /** The `src` of each of its scripts. */
  scripts: string[];
  /** Every URL it gives: URL attributes, each `srcset` candidate, and absolute URLs on the site's origin elsewhere. */
  links: PageLink[];
  /** Every `id` of its elements. */
  ids: Set<string>;
  canonical?: string;
  /** `<meta name="robots" content="noindex">`: kept out of search engines, and so out of the sitemap. */
  noindex: boolean;
  alternates: PageAlternate[];
  /** The search's Pagefind script, which the search page names in a `data-bundle` attribute. */
  bundle?: PageLink;
}

export interface ReadPageOptions {
  /** The site's origin: absolute URLs on it in any other attribute (`og:image`) and in JSON-LD are links too. */
  origin?: string;
}

/** htmlparser2's parser, telling an end tag that closes no open element, which it otherwise drops in silence. */
class EndTagParser extends Parser {
  readonly open: string[] = [];
  readonly html: string;
  readonly onStrayEndTag: (name: string, index: number) => void;

  constructor(handler: Partial<Handler>, html: string, onStrayEndTag: (name: string, index: number) => void) {
    super(handler);
    this.html = html;
    this.onStrayEndTag = onStrayEndTag;
  }

  override onclosetag(start: number, endIndex: number): void {
    const name = this.html.slice(start, endIndex).toLowerCase();
    if (VOID_ELEMENTS.has(name) || !this.open.includes(name)) this.onStrayEndTag(name, start);
    super.onclosetag(start, endIndex);
  }
}

/** A page being read: what is known of it so far. */
interface Reading {
  page: ReadPage;
  origin?: string;
  lineAt: (index: number) => number;
  /** Each id, and the line it was first given on. */
  idLines: Map<string, number>;
}

function readAttribute(reading: Reading, element: string, name: string, value: string, line: number): void {
  const { page, origin, idLines } = reading;
  if (name.startsWith('on'))
    page.problems.push({ line, message: `has inline script: the ${name} attribute of a <${element}>` });
  if (name === 'style')
    page.problems.push({
      line,
      message: `has inline style: the style attribute of a <${element}>, which the Content-Security-Policy blocks`,
    });
  if (name === 'id') {
    const first = idLines.get(value);
    if (first === undefined) idLines.set(value, line);
    else page.problems.push({ line, message: `gives the id "${value}" twice (first on line ${first})` });
  }
  if (name === 'data-bundle') page.bundle = { url: value, line };
  if (URL_ATTRIBUTES.has(name)) page.links.push({ url: value.trim(), line });
  else if (name === 'srcset')
    page.links.push(...value.split(',').map((candidate) => ({ url: candidate.trim().split(/\s+/)[0]!, line })));
  else if (origin) page.links.push(...originUrls(value, origin).map(({ url }) => ({ url, line })));
}

/** What one element's start tag says of the page besides its attributes. */
function readElement({ page }: Reading, name: string, attribs: Record<string, string>, line: number): void {
  if (name === 'html')
    Object.assign(page, { htmlLine: line, ...(attribs.lang !== undefined ? { lang: attribs.lang } : {}) });
  if (name === 'style')
    page.problems.push({
      line,
      message: 'has inline style: a <style> element, which the Content-Security-Policy blocks',
    });
  if (name === 'script' && attribs.src !== undefined) page.scripts.push(attribs.src);
  if (name === 'meta' && attribs['http-equiv']?.toLowerCase() === 'content-security-policy')
    page.policy = attribs.content ?? '';
  if (name === 'meta' && attribs.name?.toLowerCase() === 'robots' && /\bnoindex\b/i.test(attribs.content ?? ''))
    page.noindex = true;
  if (name !== 'link' || attribs.href === undefined) return;
  const rel = (attribs.rel ?? '').toLowerCase().split(/\s+/);
  if (rel.includes('canonical')) page.canonical = attribs.href;
  if (rel.includes('alternate') && attribs.hreflang !== undefined)
    page.alternates.push({ hreflang: attribs.hreflang, href: attribs.href, line });
}

function readJsonLd({ page, origin, lineAt }: Reading, text: string, start: number): void {
  try {
    JSON.parse(text);
  } catch (error) {
    page.problems.push({ line: lineAt(start), message: `its JSON-LD does not parse (${(error as Error).message})` });
  }
  if (origin)
    page.links.push(...originUrls(text, origin).map(({ url, index }) => ({ url, line: lineAt(start + index) })));
}

/** Reads the page `html` in one pass. */
export function readPage(html: string, { origin }: ReadPageOptions = {}): ReadPage {
  const lineAt = lineFinder(html);
  const reading: Reading = {
    page: { problems: [], scripts: [], links: [], ids: new Set(), noindex: false, alternates: [] },
    lineAt,
    idLines: new Map(),
    ...(origin ? { origin } : {}),
  };
  const { page } = reading;
  /** The text of the element being read: a script, the head's title. */
  let text: { name: string; text: string; start: number; jsonLd: boolean; inline: boolean } | undefined;
  const problem = (message: string, index: number) => page.problems.push({ line: lineAt(index), message });
  const parser: EndTagParser = new EndTagParser(
    {
      onopentag(name, attribs) {
        const line = lineAt(parser.startIndex);
        const parent = parser.open.at(-1);
        if (!VOID_ELEMENTS.has(name)) parser.open.push(name);
        for (const [attribute, value] of Object.entries(attribs)) readAttribute(reading, name, attribute, value, line);
        readElement(reading, name, attribs, line);
        if (name === 'script' || (name === 'title' && parent === 'head' && page.title === undefined)) {
          text = {
            name,
            text: '',
            start: -1,
            jsonLd: attribs.type === 'application/ld+json',
            inline: attribs.src === undefined,
          };
        }
      },
      ontext(chunk) {
        if (!text) return;
        if (text.start < 0) text.start = parser.startIndex;
        text.text += chunk;
      },
      onclosetag(name, isImplied) {
        const at = parser.open.lastIndexOf(name);
        if (at >= 0) parser.open.splice(at, 1);
        // Closed by its own end tag, a void element, or `<circle/>` in SVG; anything else was left open.
        if (isImplied && !VOID_ELEMENTS.has(name) && html[parser.endIndex - 1] !== '/')
          problem(`is not well-formed HTML: <${name}> is not closed`, parser.startIndex);
        if (text?.name !== name) return;
        if (name === 'title') page.title = text.text.trim();
        else if (text.jsonLd) readJsonLd(reading, text.text, text.start);
        else if (text.inline) problem('has inline script: a <script> without src', parser.startIndex);
        text = undefined;
      },
    },
    html,
    (name, index) => problem(`is not well-formed HTML: </${name}> closes no open element`, index),
  );
  parser.end(html);
  page.ids = new Set(reading.idLines.keys());
  if (!/^\s*<!doctype html>/i.test(html))
    page.problems.unshift({ line: 1, message: 'is not well-formed HTML: it does not start with <!doctype html>' });
  return page;
}
