// What Pagefind reads of a page with a `data-pagefind-body` element (pagefind/src/fossick/parser.rs): that element
// less the ones it skips (REMOVE_SELECTORS: nav, svg, footer, form…), the `<html>` tag (its `lang`) and the
// `<title>`. Sent only that, as a document of its own, its service parses a fifth of the HTML and writes the same
// bundle (test/cli/builder/search-document.test.ts). A page with anything else Pagefind might read is sent whole.

/** Outside the body, what Pagefind also reads (attributes, the page's first heading and image, old bundles' URLs). */
const READ_OUTSIDE = /data-pagefind|<h1[\s>]|<img[\s>/]|_pagefind/i;
/** The attribute that makes an element the page's body to Pagefind. */
const BODY_MARK = /\sdata-pagefind-body(?=[\s=/>])/gi;
/** Elements whose content Pagefind leaves out, with markup this module can count (no raw text inside). */
const SKIPPED = /<(nav|svg|footer|form)[\s>]/gi;
/** In a skipped element, what Pagefind still reads: a page's meta and filters, its title, first heading and image. */
const READ_INSIDE = /data-pagefind|<h1[\s>]|<img[\s>/]|<title[\s>]/i;
/** Elements whose text is not markup: a tag's name in it is no tag, so a page holding one is sent whole. */
const RAW_TEXT =
  /<(script|style|template|textarea|title|xmp|iframe|noembed|noframes|noscript|plaintext)[\s>]|<!--|<!\[CDATA\[/i;

/** The document Pagefind indexes as it would `html`: `html` itself when this cannot tell. */
export function searchedDocument(html: string): string {
  const open = /<html(?:\s[^>]*)?>/i.exec(html);
  const body = bodyElement(html);
  if (!open || !body) return html;
  const inside = html.slice(body.start, body.end);
  const outside = html.slice(0, body.start) + html.slice(body.end);
  const titles = outside.match(/<title(?:\s[^>]*)?>[^<]*<\/title>/gi) ?? [];
  if (
    READ_OUTSIDE.test(outside) ||
    titles.length !== (outside.match(/<title[\s>]/gi) ?? []).length ||
    titles.length > 1
  )
    return html;
  if (RAW_TEXT.test(inside) || html.includes('<!--')) return html;
  return `<!doctype html>${open[0]}<head>${titles[0] ?? ''}</head><body>${withoutSkipped(inside)}</body></html>`;
}

/** The one element with `data-pagefind-body`, from its start tag to its end tag; none when there are several. */
function bodyElement(html: string): { start: number; end: number } | undefined {
  if ((html.match(BODY_MARK) ?? []).length !== 1) return undefined;
  const mark = html.search(BODY_MARK);
  const start = html.lastIndexOf('<', mark);
  if (start < 0 || html.slice(start, mark).includes('>')) return undefined;
  const end = elementEnd(html, start);
  return end === undefined ? undefined : { start, end };
}

/** `inside` less the skipped elements Pagefind would read nothing of, and that leave no anchor (no `id` of their own). */
function withoutSkipped(inside: string): string {
  let kept = '';
  let from = 0;
  SKIPPED.lastIndex = 0;
  for (let tag = SKIPPED.exec(inside); tag; tag = SKIPPED.exec(inside)) {
    const end = elementEnd(inside, tag.index);
    if (end === undefined) break;
    const element = inside.slice(tag.index, end);
    if (READ_INSIDE.test(element) || /^<[^>]*\sid\s*=/i.test(element)) continue;
    kept += inside.slice(from, tag.index);
    from = SKIPPED.lastIndex = end;
  }
  return kept + inside.slice(from);
}

/** Where the element whose start tag is at `start` ends: its name's start and end tags counted from there. */
function elementEnd(html: string, start: number): number | undefined {
  const name = /^<([a-z][a-z0-9-]*)[\s/>]/i.exec(html.slice(start, start + 64))?.[1];
  if (!name) return undefined;
  const tags = new RegExp(`<(/?)${name}(?=[\\s/>])[^>]*>`, 'gi');
  tags.lastIndex = start;
  let depth = 0;
  for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
    // `<svg/>` closes itself (foreign content); an HTML element's `/>` does not.
    if (!tag[1] && name.toLowerCase() === 'svg' && tag[0].endsWith('/>')) {
      if (depth === 0) return tag.index + tag[0].length;
      continue;
    }
    depth += tag[1] ? -1 : 1;
    if (depth === 0) return tag.index + tag[0].length;
  }
  return undefined;
}
