// The internal links of a built site, for `npm run check` and the tests: every URL a file gives that names the site
// itself (href, src and srcset in pages, url() in stylesheets, and every absolute URL on the site's own address in
// pages, feeds, sitemaps and robots.txt) must be under the site's path and resolve to a file of the site.
// Regexes over the build's own output, whose attributes are always double-quoted.
import type { SiteAddress } from '../model/urls.ts';

/** The file a site path is served from: directories → index.html. */
export function targetFile(url: string): string {
  const pathname = decodeURI(url.replace(/[#?].*$/, '')).replace(/^\//, '');
  return pathname === '' || pathname.endsWith('/') ? `${pathname}index.html` : pathname;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'" };
export function decodeAttribute(value: string): string {
  return value.replace(/&(#?\w+);/g, (whole, name: string) =>
    ENTITIES[name] ?? (name.startsWith('#x') ? String.fromCodePoint(parseInt(name.slice(2), 16)) : name.startsWith('#') ? String.fromCodePoint(Number(name.slice(1))) : whole),
  );
}

/** Values of `attr` on every element of the page (quoted attributes: the templates always quote). */
export function attributeValues(html: string, attr: string): string[] {
  const re = new RegExp(`\\s${attr}="([^"]*)"`, 'g');
  return [...html.matchAll(re)].map((m) => decodeAttribute(m[1]!));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The addresses in a stylesheet's url()s, quoted or not (the published ones are always double-quoted). */
function cssUrls(css: string): string[] {
  return [...css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^'")\s]*))\s*\)/gi)].map((m) => m[1] ?? m[2] ?? m[3]!);
}

/** Whether `file` is one whose URLs are checked: pages, stylesheets, feeds, sitemaps, robots.txt. */
export const hasLinks = (file: string): boolean => /\.(html|css|xml|txt)$/.test(file);

/** Every URL of one file of the site (`file` its path in the site, `text` its content) that names the site itself. */
export function internalUrls(file: string, text: string, { origin }: SiteAddress): string[] {
  const onOrigin = new RegExp(`${escapeRegExp(origin)}(?=[/"'<&\\s]|$)[^"'<>&\\s\\\\]*`, 'g');
  const absolute = [...text.matchAll(onOrigin)].map((m) => m[0]);
  let urls: string[] = absolute;
  if (file.endsWith('.html')) {
    const srcset = attributeValues(text, 'srcset').flatMap((value) => value.split(',').map((candidate) => candidate.trim().split(/\s+/)[0]!));
    urls = [...attributeValues(text, 'href'), ...attributeValues(text, 'src'), ...srcset, ...absolute];
  } else if (file.endsWith('.css')) {
    urls = cssUrls(text);
  }
  return urls.filter((url) => !/^(https?:|mailto:)/.test(url) || url.startsWith(origin));
}

/**
 * What is wrong with an internal URL of `file` (`text` its content, `files` every file of the site): not under the
 * site's path, relative, or naming no file of the site (or no id of its own page); undefined when it resolves.
 */
export function linkProblem(url: string, text: string, files: ReadonlySet<string>, published: SiteAddress): string | undefined {
  if (url.startsWith('#')) return url === '#' || text.includes(`id="${url.slice(1)}"`) ? undefined : 'no such id';
  const path = url.startsWith(published.origin) ? url.slice(published.origin.length) || '/' : url;
  if (!path.startsWith('/')) return 'relative links break when a page moves';
  if (!path.startsWith(published.pathPrefix)) return `not under ${published.pathPrefix}`;
  if (!files.has(targetFile(path.slice(published.pathPrefix.length - 1)))) return 'no such file';
  return undefined;
}
