// Every internal href and src resolves to a file in the built site; canonical and og:url are absolute on the
// configured site URL.
import { describe, expect, inject, it } from 'vitest';
import { brokenLinks, linkHref, metaContent, readBuiltSite, targetFile, urlOf } from './helpers/built-site.ts';

const site = readBuiltSite(inject('siteDir'));
const SITE_URL = 'https://horoscopes.example.com';

describe('internal links', () => {
  it('every href and src on every page resolves to a file in dist/', () => {
    const { broken, checked } = brokenLinks(site);
    expect(checked).toBeGreaterThan(site.html.size * 20);
    expect(broken, broken.slice(0, 20).join('\n')).toEqual([]);
  });

  it('the checker itself notices a missing target', () => {
    expect(site.files.has(targetFile('/weekly/2026-w47/leo/'))).toBe(true);
    expect(site.files.has(targetFile('/weekly/2026-w47/leo/#main'))).toBe(true);
    expect(site.files.has(targetFile('/weekly/2026-w49/leo/'))).toBe(false);
  });

  it('canonical and og:url are the page\'s own absolute URL on site.url; the 404 page has none and is noindex', () => {
    for (const [file, html] of site.html) {
      if (file === '404.html') {
        expect(linkHref(html, 'canonical')).toBeUndefined();
        expect(metaContent(html, 'robots')).toBe('noindex');
        continue;
      }
      const expected = `${SITE_URL}${urlOf(file)}`;
      expect(linkHref(html, 'canonical'), file).toBe(expected);
      expect(metaContent(html, 'og:url'), file).toBe(expected);
    }
  });

  it('every page links the fingerprinted stylesheet, which exists', () => {
    for (const [file, html] of site.html) {
      const css = linkHref(html, 'stylesheet');
      expect(css, file).toMatch(/^\/assets\/site\.[0-9a-f]{8}\.css$/);
      expect(site.files.has(css!.slice(1)), file).toBe(true);
    }
  });
});
