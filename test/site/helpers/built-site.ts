// The built site read once per test file: every file's path, every HTML page's text, and the href/src/meta
// values the link and SEO checks need (regexes over our own templates' output, which html-validate checks).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { filesUnder } from '../../../src/data/files-under.ts';
import { decodeAttribute } from '../../../src/cli/check/link-check.ts';
import { servedPath } from '../../../src/model/urls.ts';

export interface BuiltSite {
  dir: string;
  /** Every file, relative, with `/` separators. */
  files: Set<string>;
  /** Every page of the site, relative path → text: every HTML file but the card's framed pages and the API's pages. */
  html: Map<string, string>;
  /** The framed card's pages (`embed/leo/weekly/index.html`, `es/embed/…`): no site header, footer or head of a page. */
  embeds: Map<string, string>;
  /** The page at each language's API folder (`api/v1/index.html`, `es/api/v1/…`): no site header or footer either. */
  apiPages: Map<string, string>;
  read(relative: string): string;
}

/** The framed card's pages, in any language's folder (docs/syndication.md). */
const EMBED_PAGE = /^(?:[^/]+\/)?embed\//;
/** The API folder's page, in any language's folder. */
const API_PAGE = /^(?:[^/]+\/)?api\/v1\/index\.html$/;

export function readBuiltSite(dir: string): BuiltSite {
  const files = new Set(filesUnder(dir));
  const html = new Map<string, string>();
  const embeds = new Map<string, string>();
  const apiPages = new Map<string, string>();
  for (const file of [...files].sort()) {
    if (file.endsWith('.html'))
      (EMBED_PAGE.test(file) ? embeds : API_PAGE.test(file) ? apiPages : html).set(
        file,
        readFileSync(path.join(dir, file), 'utf8'),
      );
  }
  // The tests loop over every page: with none, each loop would pass without checking anything.
  if (html.size === 0) throw new Error(`${dir} holds no HTML page: the site build wrote nothing`);
  return { dir, files, html, embeds, apiPages, read: (relative) => readFileSync(path.join(dir, relative), 'utf8') };
}

/** `weekly/2026-w47/leo/index.html` → `/weekly/2026-w47/leo/`; `404.html` → `/404.html`. */
export function urlOf(file: string): string {
  return servedPath(file);
}

/** `<meta property="og:url" content="...">` or `<meta name="..." content="...">`. */
export function metaContent(html: string, key: string): string | undefined {
  const m = new RegExp(`<meta (?:name|property)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)">`).exec(html);
  return m ? decodeAttribute(m[1]!) : undefined;
}

export function linkHref(html: string, rel: string): string | undefined {
  return linkHrefs(html, rel)[0];
}

/** Every `<link rel="…">`'s href, in the page's order. */
export function linkHrefs(html: string, rel: string): string[] {
  return [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]*\\shref="([^"]*)"`, 'g'))].map((m) =>
    decodeAttribute(m[1]!),
  );
}

/** The text inside `<main>`…`</main>`. */
export function mainOf(html: string): string {
  const start = html.indexOf('<main');
  const end = html.indexOf('</main>');
  return start >= 0 && end > start ? html.slice(start, end) : '';
}
