// The link checker of the built-site tests: every internal URL a built site gives (href, src and srcset in pages,
// url() in stylesheets, and every absolute URL on the site's own address in pages, feeds, the sitemap and
// robots.txt) must be under the site's path and resolve to a file of the site.
import { attributeValues, type BuiltSite } from './built-site.ts';

/** Where a site is published: `url` in content/site.json, as origin and path prefix (`/` or `/horoscopes/`). */
export interface PublishedAt {
  origin: string;
  pathPrefix: string;
}

/** The file a site path is served from: directories → index.html. */
export function targetFile(url: string): string {
  const pathname = decodeURI(url.replace(/[#?].*$/, '')).replace(/^\//, '');
  return pathname === '' || pathname.endsWith('/') ? `${pathname}index.html` : pathname;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The addresses in a stylesheet's url()s, quoted or not (the published ones are always double-quoted). */
function cssUrls(css: string): string[] {
  return [...css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^'")\s]*))\s*\)/gi)].map((m) => m[1] ?? m[2] ?? m[3]!);
}

/** Every URL of every file of the site that names the site itself, with the file it is in. */
export function internalUrls(site: BuiltSite, { origin }: PublishedAt): { file: string; url: string }[] {
  const onOrigin = new RegExp(`${escapeRegExp(origin)}(?=[/"'<&\\s]|$)[^"'<>&\\s\\\\]*`, 'g');
  const absolute = (text: string) => [...text.matchAll(onOrigin)].map((m) => m[0]);
  const found: { file: string; url: string }[] = [];
  const add = (file: string, urls: string[]) => found.push(...urls.filter((url) => !/^(https?:|mailto:)/.test(url) || url.startsWith(origin)).map((url) => ({ file, url })));
  for (const [file, html] of site.html) {
    const srcset = attributeValues(html, 'srcset').flatMap((value) => value.split(',').map((candidate) => candidate.trim().split(/\s+/)[0]!));
    add(file, [...attributeValues(html, 'href'), ...attributeValues(html, 'src'), ...srcset, ...absolute(html)]);
  }
  for (const file of [...site.files].sort()) {
    if (file.endsWith('.css')) add(file, cssUrls(site.read(file)));
    else if (/\.(xml|txt)$/.test(file)) add(file, absolute(site.read(file)));
  }
  return found;
}

/**
 * Every internal URL that is not under the site's path or does not resolve to a file of the site (or an id of its
 * page); `checked` counts the URLs looked at.
 */
export function brokenLinks(site: BuiltSite, published: PublishedAt): { broken: string[]; checked: number } {
  const broken: string[] = [];
  let checked = 0;
  for (const { file, url } of internalUrls(site, published)) {
    if (url.startsWith('#')) {
      if (url !== '#' && !site.html.get(file)?.includes(`id="${url.slice(1)}"`)) broken.push(`${file}: ${url} (no such id)`);
      continue;
    }
    checked++;
    const path = url.startsWith(published.origin) ? url.slice(published.origin.length) || '/' : url;
    if (!path.startsWith('/')) broken.push(`${file}: ${url} (relative links break when a page moves)`);
    else if (!path.startsWith(published.pathPrefix)) broken.push(`${file}: ${url} (not under ${published.pathPrefix})`);
    else if (!site.files.has(targetFile(path.slice(published.pathPrefix.length - 1)))) broken.push(`${file}: ${url}`);
  }
  return { broken, checked };
}
