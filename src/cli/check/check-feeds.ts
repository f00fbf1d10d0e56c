// The rule of `npm run check` for the XML files of a built site: every feed and sitemap well-formed XML (xml.ts), and
// every page search engines may index (one without `noindex`) listed in a sitemap, at its address, so crawlers
// find it. https://www.sitemaps.org/protocol.html
import { servedPath } from '../../model/urls.ts';
import type { CheckContext, SiteRule } from './site-rule.ts';
import { lineFinder } from './scan-text.ts';
import { childrenNamed, childText, parseXml, XmlError } from './xml.ts';

export function feedsRule(context: CheckContext): SiteRule {
  const { origin, pathPrefix } = context.published;
  /** Every page's address a sitemap lists. */
  const listed = new Set<string>();
  /** Every page to index, by its address. */
  const indexed = new Map<string, string>();
  /** Whether an XML file did not parse: a sitemap, perhaps, whose pages are then not named again. */
  let unread = false;
  return {
    visit(file) {
      if (file.name.endsWith('.html')) {
        if (!file.page().noindex) indexed.set(`${origin}${pathPrefix.slice(0, -1)}${servedPath(file.name)}`, file.name);
        return;
      }
      if (!file.name.endsWith('.xml')) return;
      const text = file.text();
      try {
        const root = parseXml(text);
        if (root.name === 'feed') context.counts.feeds++;
        if (root.name === 'urlset' || root.name === 'sitemapindex') context.counts.sitemaps++;
        for (const url of root.name === 'urlset' ? childrenNamed(root, 'url') : [])
          listed.add(childText(url, 'loc')?.trim() ?? '');
      } catch (error) {
        if (!(error instanceof XmlError)) throw error;
        unread = true;
        context.report({
          file: file.name,
          line: lineFinder(text)(error.index),
          message: `is not well-formed XML (${error.message})`,
        });
      }
    },
    end() {
      if (unread) return;
      for (const [url, file] of indexed)
        if (!listed.has(url)) context.report({ file, message: `is in no sitemap: no <loc> lists ${url}` });
    },
  };
}
