// A site in English and Spanish under a path (`url` https://example.github.io/horoscopes/, as on GitHub Pages):
// the links editors write from the site's root (`/about/`, `/es/about/`) in an override, a page or a chart are
// published under that path in every language, in the pages and in the feeds that carry the override; and each
// language has its own 404 page. The smallest site: the current period of each kind, from the embedded services
// (test/helpers/site-under-path.ts, shared with the JSON Feeds' tests).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtSite } from '../helpers/shared-sites.ts';
import { PUBLISHED, SITE_UNDER_PATH } from '../helpers/site-under-path.ts';
import { childrenNamed, childText, parseXml } from '../../src/cli/check/xml.ts';
import { mainOf, readBuiltSite, type BuiltSite } from '../site/helpers/built-site.ts';
import { attributeValues, brokenLinks, targetFile } from '../site/helpers/link-check.ts';

let project = '';
let site: BuiltSite;

beforeAll(async () => {
  const built = await builtSite('site', SITE_UNDER_PATH);
  project = built.project;
  site = readBuiltSite(built.dist);
});

/** The links of a page's main content. */
const pageLinks = (file: string) => attributeValues(mainOf(site.html.get(file)!), 'href');
/** The links in the HTML of every entry of a feed. */
const feedLinks = (file: string) =>
  childrenNamed(parseXml(site.read(file)), 'entry').flatMap((entry) =>
    attributeValues(childText(entry, 'content') ?? '', 'href'),
  );

describe('a site under a path, in two languages', () => {
  it("publishes an override's root-relative link under the path, in its page and in its sign's feed", () => {
    expect(pageLinks('weekly/2026-w47/leo/index.html')).toContain('/horoscopes/about/');
    expect(feedLinks('leo/feed.xml')).toContain('/horoscopes/about/');
    // The Spanish override links the Spanish page by its site path.
    expect(pageLinks('es/weekly/2026-w47/leo/index.html')).toContain('/horoscopes/es/about/');
    expect(feedLinks('es/leo/feed.xml')).toContain('/horoscopes/es/about/');
  });

  it("does the same for editors' pages and charts, in every language", () => {
    expect(pageLinks('about/index.html')).toContain('/horoscopes/leo/');
    expect(pageLinks('es/about/index.html')).toContain('/horoscopes/es/');
    expect(pageLinks('charts/frida-kahlo/index.html')).toContain('/horoscopes/cancer/');
    expect(pageLinks('es/charts/frida-kahlo/index.html')).toContain('/horoscopes/cancer/');
  });

  it('links nothing broken or outside the path, in the pages and in the HTML of the feeds', () => {
    const { broken } = brokenLinks(site, PUBLISHED);
    expect(broken, broken.slice(0, 20).join('\n')).toEqual([]);
    const feeds = [...site.files].filter((file) => file.endsWith('feed.xml'));
    expect(feeds).toHaveLength(24);
    const rootRelative = feeds.flatMap((feed) =>
      feedLinks(feed)
        .filter((href) => href.startsWith('/'))
        .map((href) => ({ feed, href })),
    );
    expect(rootRelative.length).toBeGreaterThanOrEqual(2);
    for (const { feed, href } of rootRelative) {
      expect(href.startsWith(PUBLISHED.pathPrefix), `${feed}: ${href}`).toBe(true);
      expect(site.files.has(targetFile(href.slice(PUBLISHED.pathPrefix.length - 1))), `${feed}: ${href}`).toBe(true);
    }
  });

  it('publishes a 404 page in each language, in its own words, under the path', () => {
    const english = site.read('404.html');
    const spanish = site.read('es/404.html');
    expect(english).toContain('<html lang="en">');
    expect(spanish).toContain('<html lang="es">');
    const title = (language: string) =>
      (
        JSON.parse(readFileSync(path.join(project, `content/i18n/${language}.json`), 'utf8')) as {
          notFound: { title: string };
        }
      ).notFound.title;
    expect(mainOf(spanish)).toContain(`<h1>${title('es')}</h1>`);
    expect(mainOf(english)).toContain(`<h1>${title('en')}</h1>`);
    expect(attributeValues(mainOf(spanish), 'href')).toContain('/horoscopes/es/leo/');
  });
});
