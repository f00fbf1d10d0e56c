// Sanitizing the service's HTML-bearing fields (`text`, `intro`, natal `text`/`housetext`) before any template sees
// them. The service calls these fields "customisable content": an editor (or anyone who gets into the service's
// back office) types them, so they are untrusted markup that we publish on our own origin.
//
// The policy is an allow-list, never a block-list: only the tags and the one attribute pair below can come out, and
// everything sanitize-html does not recognise is dropped. sanitize-html's options are documented at
// https://github.com/apostrophecms/sanitize-html#readme (section names are quoted next to each choice below).
import { Parser } from 'htmlparser2';
import sanitizeHtml, { type IFrame, type IOptions, type Tag, type Transformer } from 'sanitize-html';

/**
 * Tags kept. No `h1`: every page already owns its one `h1` (the page title), so a service heading `h1` is demoted
 * to `h2` (see `transformTags`) instead of producing a second top-level heading that breaks the outline and the
 * accessibility check. Block elements are kept (or become a bare `div`, see BLOCKS_AS_DIV) so that text another
 * service wrote in divs, tables or definition lists stays apart; no tag keeps any attribute but those in
 * `allowedAttributes`, so none can carry a style, a class or a handler. `span`, `img` and the like stay out.
 */
export const ALLOWED_TAGS: readonly string[] = [
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'div',
  'strong',
  'em',
  'b',
  'i',
  'sup',
  'sub',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'blockquote',
  'a',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
];

/** Sectioning and other block elements that are not kept as such: each becomes a bare `div`, a block of its own. */
const BLOCKS_AS_DIV: readonly string[] = [
  'section',
  'article',
  'header',
  'footer',
  'aside',
  'main',
  'nav',
  'figure',
  'figcaption',
  'address',
  'center',
  'details',
  'summary',
  'fieldset',
  'legend',
  'hgroup',
  'search',
  'pre',
  'listing',
];

/**
 * Elements that belong inside a parent of a certain kind. Outside one they become a `div`: a stray `<li>` in a
 * card's intro would otherwise close the card's own `<li>` in the browser (its end tag is implied), and stray
 * table cells are dropped by browsers with their separation.
 */
const NEEDS_PARENT: Readonly<Record<string, string>> = {
  li: 'list',
  dt: 'dl',
  dd: 'dl',
  caption: 'table',
  thead: 'table',
  tbody: 'table',
  tfoot: 'table',
  tr: 'table',
  th: 'table',
  td: 'table',
};
const PARENT_KIND: Readonly<Record<string, string>> = { ul: 'list', ol: 'list', dl: 'dl', table: 'table' };

/** Link schemes kept. `tel:`, `ftp:` (sanitize-html's defaults) and everything else are dropped with the link. */
const ALLOWED_LINK_SCHEMES: readonly string[] = ['http', 'https', 'mailto'];

/** Every kept link gets this `rel`; an input `rel` is replaced, never merged. */
export const LINK_REL = 'noopener noreferrer';

/**
 * Elements whose whole content is dropped with them, not just the tag. sanitize-html's own default list is
 * script, style, textarea, option and xmp ("nonTextTags" in the README); we replace it with a longer one because:
 * - the browser parses the content of xmp, noembed, noframes, noscript, iframe, plaintext, title, textarea as raw
 *   text (or not at all) while htmlparser2 may parse it as markup: keeping that content is the classic mutation-XSS
 *   route (CVE-2026-44990 was `xmp`), so we do not keep it in any form;
 * - svg and math switch the browser to foreign-content parsing (namespace confusion: `<svg><style>`,
 *   `<math><mtext><table><mglyph><style>`), and their text is never prose;
 * - object, embed, applet, frameset, template, select, form-ish content is not readable text either.
 * Passing `nonTextTags` replaces the default list, so the defaults are repeated here.
 */
const DROPPED_WITH_CONTENT: string[] = [
  'script',
  'style',
  'textarea',
  'option',
  'xmp',
  'noembed',
  'noframes',
  'noscript',
  'plaintext',
  'title',
  'iframe',
  'template',
  'svg',
  'math',
  'object',
  'embed',
  'applet',
  'frameset',
  'frame',
  'select',
  'datalist',
  'head',
  'meta',
  'link',
  'base',
];

/** Those of them that are void elements: they hold nothing, so no end tag is missing. */
const VOID_DROPPED = new Set(['embed', 'frame', 'link', 'meta', 'base']);

/**
 * The first element of `html` that is dropped with its content (DROPPED_WITH_CONTENT) and has no end tag of its
 * own, or undefined: the parser closes it only where an enclosing element ends, or at the end of the text, so the
 * sanitizer drops everything up to there with it (an editor's stray `<svg>` or `<style>`). htmlparser2 is the
 * parser sanitize-html runs; it flags such a close as implied. https://github.com/fb55/htmlparser2
 */
export function unclosedDroppedElement(html: string): string | undefined {
  let unclosed: string | undefined;
  const parser = new Parser(
    {
      onclosetag(name, isImplied) {
        if (isImplied && unclosed === undefined && DROPPED_WITH_CONTENT.includes(name) && !VOID_DROPPED.has(name))
          unclosed = name;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return unclosed;
}

/**
 * An address as it will be published: without the characters XML forbids (`run` strips them from the output, so
 * `java&#xFFFE;script:` would come out as `javascript:` after a check that saw a relative path). Then what WHATWG
 * URL parsing does (https://url.spec.whatwg.org/#concept-basic-url-parser): it removes ASCII tab and newline
 * anywhere and trims C0 controls and space at both ends before it looks at the scheme (`jav&#x09;ascript:`).
 */
function cleanHref(href: string): string {
  return (
    withoutXmlForbidden(href)
      .replace(/[\t\n\r]/g, '')
      // eslint-disable-next-line no-control-regex -- matching control characters is the point here
      .replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '')
  );
}

/**
 * True when `href` (already entity-decoded by the parser) is an absolute http, https or mailto URL. With
 * `allowSameSite`, also a relative URL (`/aries/`, `../x`, `#top`): no scheme and not protocol-relative (`//host`
 * or `/\host`, which browsers read as `//host`).
 * Service text gets no relative links: they were written for another origin and would 404 on our pages.
 */
export function isAllowedHref(href: string, { allowSameSite = false }: { allowSameSite?: boolean } = {}): boolean {
  const cleaned = cleanHref(href);
  if (allowSameSite && cleaned !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(cleaned) && !/^[\\/]{2}/.test(cleaned))
    return true;
  if (!URL.canParse(cleaned)) return false;
  const scheme = new URL(cleaned).protocol.slice(0, -1).toLowerCase();
  return ALLOWED_LINK_SCHEMES.includes(scheme);
}

/**
 * Links: keep only `href` (cleaned) and our `rel`; no `target` (opening new windows is the reader's choice, and
 * `target` without rel was the reverse-tabnabbing hole). A link whose href is missing or not allowed loses all its
 * attributes here and is then unwrapped by `unwrapBareLinks` (its text stays). sanitize-html still runs its own
 * scheme check on the result ("allowedSchemes"), so this is a second, independent gate rather than the only one.
 *
 * Refused links are not renamed to a disallowed tag to unwrap them: sanitize-html does not clear its rename
 * bookkeeping for discarded tags, and the next `</a>` at the same depth would come out renamed.
 */
function linkTransformer(allowSameSite: boolean, pathPrefix: string): Transformer {
  return (_tagName, attribs): Tag => {
    const href = attribs.href;
    if (href === undefined || !isAllowedHref(href, { allowSameSite })) return { tagName: 'a', attribs: {} };
    return { tagName: 'a', attribs: { href: underPrefix(cleanHref(href), pathPrefix), rel: LINK_REL } };
  };
}

/**
 * A root-relative address (`/about/`, which only editors' links can be: isAllowedHref refuses `//host`) under the
 * site's path prefix (`/horoscopes/about/`). The prefix goes into the attribute's value, which sanitize-html then
 * escapes: never into markup.
 */
function underPrefix(href: string, pathPrefix: string): string {
  return href.startsWith('/') ? `${pathPrefix}${href.slice(1)}` : href;
}

/**
 * "exclusiveFilter" returning 'excludeTag' removes the tag and keeps its content: the README's own recipe for
 * anchors whose href was refused (by us, or by sanitize-html's scheme check, which deletes the attribute).
 */
function unwrapBareLinks(frame: IFrame): boolean | 'excludeTag' {
  return frame.tag === 'a' && !frame.attribs.href ? 'excludeTag' : false;
}

/** A small positive whole number (an `ol`'s `start`, a cell's spans), or nothing. */
function smallCount(value: string | undefined, max: number): string | undefined {
  return value !== undefined && /^\d{1,4}$/.test(value.trim()) && Number(value) >= 1 && Number(value) <= max
    ? String(Number(value))
    : undefined;
}

function keepCount(name: string, max: number): Transformer {
  return (tagName, attribs): Tag => {
    const value = smallCount(attribs[name], max);
    return { tagName, attribs: value === undefined ? {} : { [name]: value } };
  };
}

function cellTransformer(tagName: string, attribs: Record<string, string>): Tag {
  const kept: Record<string, string> = {};
  for (const name of ['colspan', 'rowspan']) {
    const value = smallCount(attribs[name], 100);
    if (value !== undefined) kept[name] = value;
  }
  return { tagName, attribs: kept };
}

/**
 * Per call: counts the open lists, definition lists and tables (every tag sanitize-html's parser opens or closes,
 * kept or not, implied closes included), so an element outside the parent it needs becomes a `div`.
 * "Advanced filtering" in the sanitize-html README.
 */
function withParentCheck(options: IOptions): IOptions {
  const open: Record<string, number> = { list: 0, dl: 0, table: 0 };
  const count = (tagName: string, by: number) => {
    const kind = PARENT_KIND[tagName];
    if (kind) open[kind] = Math.max(0, open[kind]! + by);
  };
  const transformTags = { ...options.transformTags };
  for (const [tagName, kind] of Object.entries(NEEDS_PARENT)) {
    const inner = transformTags[tagName] as Transformer | undefined;
    transformTags[tagName] = (name: string, attribs: Record<string, string>): Tag => {
      if (open[kind]! > 0)
        return inner
          ? (inner as (n: string, a: Record<string, string>) => Tag)(name, attribs)
          : { tagName: name, attribs: {} };
      return { tagName: 'div', attribs: {} };
    };
  }
  return {
    ...options,
    transformTags,
    onOpenTag: (tagName) => count(tagName, 1),
    onCloseTag: (tagName) => count(tagName, -1),
  };
}

/**
 * The sanitize-html options; `allowSameSite` only changes which link targets are kept, `pathPrefix` where the
 * root-relative ones among them point.
 */
function buildOptions(allowSameSite: boolean, pathPrefix = '/'): IOptions {
  return Object.freeze({
    allowedTags: [...ALLOWED_TAGS],
    // "allowedAttributes": only these survive, checked again below; no class, id, style or handler on any tag.
    allowedAttributes: { a: ['href', 'rel'], ol: ['start'], th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'] },
    allowedClasses: {},
    // "allowedSchemes": applied by sanitize-html to href (and src, action, ... which never survive anyway).
    allowedSchemes: [...ALLOWED_LINK_SCHEMES],
    allowedSchemesByTag: {},
    // `//host/path` leaves the site without a scheme we checked: refused even where relative links are allowed.
    allowProtocolRelative: false,
    // "disallowedTagsMode": discard the tag, keep its text (unless listed in nonTextTags).
    disallowedTagsMode: 'discard',
    nonTextTags: DROPPED_WITH_CONTENT,
    allowedEmptyAttributes: [],
    selfClosing: ['br', 'hr'],
    // No style attribute is ever allowed, so skip the postcss pass ("parseStyleAttributes").
    parseStyleAttributes: false,
    // Default, stated because escaping of text depends on it: with decodeEntities false sanitize-html's escaping
    // lets some `&...;` sequences through unchanged (see its escapeHtml TODO).
    parser: { decodeEntities: true },
    transformTags: {
      h1: sanitizeHtml.simpleTransform('h2', {}, false),
      a: linkTransformer(allowSameSite, pathPrefix),
      ol: keepCount('start', 9999),
      th: cellTransformer,
      td: cellTransformer,
      ...Object.fromEntries(BLOCKS_AS_DIV.map((tagName) => [tagName, sanitizeHtml.simpleTransform('div', {}, false)])),
    },
    exclusiveFilter: unwrapBareLinks,
  });
}

const REPORT_HTML_OPTIONS = buildOptions(false);
/** Editor-owned Markdown (content/) may link to the site's own pages: options per path prefix, made once each. */
const EDITOR_HTML_OPTIONS = new Map<string, IOptions>();

function editorOptions(pathPrefix: string): IOptions {
  let options = EDITOR_HTML_OPTIONS.get(pathPrefix);
  if (!options) EDITOR_HTML_OPTIONS.set(pathPrefix, (options = buildOptions(true, pathPrefix)));
  return options;
}

/**
 * Sanitizes service HTML for publication (report `text` and `intro`, natal `text` and `housetext`). The result
 * contains only ALLOWED_TAGS, with `href` + `rel` on links and nothing else, and every text character escaped;
 * `null`/`undefined` (natal `housetext` may be null) give ''. Sanitizing the result again returns it unchanged.
 */
export function sanitizeReportHtml(html: string | null | undefined): string {
  return run(html, REPORT_HTML_OPTIONS);
}

/**
 * The same allow-list for HTML rendered from the editors' Markdown (content/): additionally keeps same-site
 * relative links (`/aries/`, `#top`), which are what editors write for links between the site's own pages, and
 * puts the root-relative ones under `pathPrefix`, the path of the site's `url` (`/horoscopes/`; `/` at a domain's
 * root): every editor's link is made here, the one place that builds the attribute.
 */
export function sanitizeEditorHtml(
  html: string | null | undefined,
  { pathPrefix = '/' }: { pathPrefix?: string } = {},
): string {
  return run(html, editorOptions(pathPrefix));
}

/**
 * Characters XML 1.0 forbids (https://www.w3.org/TR/xml/#charsets): the control characters but tab, line feed and
 * carriage return, U+FFFE, U+FFFF and lone surrogates. The feeds carry the sanitized HTML, and one such character
 * makes a whole feed unreadable; NUL has also been used to split keywords.
 */
const NOT_XML_CHARACTERS =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point here
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Renumbers the headings of a sanitized fragment so its levels are consecutive from `top` down (h3, h5 → h2, h3):
 * the service writes its texts without knowing where they sit, and a page whose outline skips a level (h1 → h3)
 * is harder to navigate with a screen reader. The sanitizer leaves headings without attributes.
 */
export function normalizeHeadings(html: string, top: number): string {
  const levels = [...new Set(Array.from(html.matchAll(/<h([1-6])>/g), (match) => Number(match[1])))].sort(
    (a, b) => a - b,
  );
  const to = new Map(levels.map((level, i) => [level, Math.min(6, top + i)]));
  return html.replace(
    /<(\/?)h([1-6])>/g,
    (_whole, slash: string, level: string) => `<${slash}h${to.get(Number(level)) ?? level}>`,
  );
}

/** A report's `intro` or `text` as pages show it: sanitized, its headings renumbered from h2. */
export function reportHtml(html: string): string {
  return normalizeHeadings(sanitizeReportHtml(html), 2);
}

function run(html: string | null | undefined, options: IOptions): string {
  if (html === null || html === undefined) return '';
  // Before, so no such character splits a tag's name; after too, as the parser decodes numeric references
  // (`&#1;`) into the very characters.
  return withoutXmlForbidden(sanitizeHtml(withoutXmlForbidden(html), withParentCheck(options)));
}

/** `text` without the characters XML 1.0 forbids. */
export function withoutXmlForbidden(text: string): string {
  return text.replace(NOT_XML_CHARACTERS, '');
}

// Nunjucks's own autoescape, backslash included (https://mozilla.github.io/nunjucks/api.html#autoescaping): what a
// function writes reads byte for byte as what a template prints.
const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '\\': '&#92;',
};

/**
 * Escapes a plain string (e.g. `sign_name`, a person's name) for use in HTML text or in a quoted attribute value.
 * Quotes are escaped too so the same function is safe in both places.
 */
export function escapeHtml(text: string): string {
  return String(text).replace(/[&<>"'\\]/g, (ch) => HTML_ESCAPES[ch]!);
}
