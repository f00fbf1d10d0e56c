// The link checker of the built-site tests, over a site read once (built-site.ts): npm run check's
// (src/cli/check/link-check.ts), every problem a line naming the file and the URL.
import { decodeAttribute, hasLinks, LinkChecker, targetFile } from '../../../src/cli/check/link-check.ts';
import { siteFile } from '../../../src/cli/check/site-rule.ts';
import type { SiteAddress } from '../../../src/model/urls.ts';
import type { BuiltSite } from './built-site.ts';

export { targetFile };

/** Where a site is published: `url` in content/site.json, as origin and path prefix (`/` or `/horoscopes/`). */
export type PublishedAt = SiteAddress;

/**
 * Every internal URL that is not under the site's path or does not resolve to a file of the site (or an id of its
 * page); `checked` counts the URLs looked at, as npm run check counts them.
 */
export function brokenLinks(site: BuiltSite, published: PublishedAt): { broken: string[]; checked: number } {
  const links = new LinkChecker(site.files, published);
  const broken = [];
  for (const file of [...site.files].sort()) {
    if (!hasLinks(file)) continue;
    // Pages as the site holds them in memory (a test may give a page of its own); other files as written.
    const text = file.endsWith('.html') ? site.html.get(file) : site.read(file);
    if (text !== undefined) broken.push(...links.check(siteFile(site.dir, file, published.origin, () => text)));
  }
  broken.push(
    ...links.brokenFragments(
      (file) => siteFile(site.dir, file, published.origin, () => site.html.get(file) ?? site.read(file)).page().ids,
    ),
  );
  return { broken: broken.map(({ file, url, why }) => `${file}: ${url} (${why})`), checked: links.checked };
}

/** Values of `attr` on every element of a fragment of the build's own markup (quoted attributes: the templates always quote). */
export function attributeValues(html: string, attr: string): string[] {
  const re = new RegExp(`\\s${attr}="([^"]*)"`, 'g');
  return [...html.matchAll(re)].map((m) => decodeAttribute(m[1]!));
}
