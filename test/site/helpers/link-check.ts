// The link checker of the built-site tests, over a site read once (built-site.ts): npm run check's
// (src/cli/link-check.ts), every problem a line naming the file and the URL.
import { hasLinks, internalUrls, linkProblem, targetFile } from '../../../src/cli/link-check.ts';
import type { SiteAddress } from '../../../src/model/urls.ts';
import type { BuiltSite } from './built-site.ts';

export { targetFile };

/** Where a site is published: `url` in content/site.json, as origin and path prefix (`/` or `/horoscopes/`). */
export type PublishedAt = SiteAddress;

/**
 * Every internal URL that is not under the site's path or does not resolve to a file of the site (or an id of its
 * page); `checked` counts the URLs looked at, ids of the page itself aside.
 */
export function brokenLinks(site: BuiltSite, published: PublishedAt): { broken: string[]; checked: number } {
  const broken: string[] = [];
  let checked = 0;
  for (const file of [...site.files].sort()) {
    if (!hasLinks(file)) continue;
    // Pages as the site holds them in memory (a test may give a page of its own); other files as written.
    const text = file.endsWith('.html') ? site.html.get(file) : site.read(file);
    if (text === undefined) continue;
    for (const url of internalUrls(file, text, published)) {
      if (!url.startsWith('#')) checked++;
      const problem = linkProblem(url, text, site.files, published);
      if (problem) broken.push(`${file}: ${url} (${problem})`);
    }
  }
  return { broken, checked };
}
