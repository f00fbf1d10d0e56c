// Every internal href and src resolves to a file in the built site; canonical and og:url are absolute on the
// configured site URL.
import { describe, expect, inject, it } from 'vitest';
import { attributeValues, linkHref, metaContent, readBuiltSite, urlOf } from './helpers/built-site.ts';

const site = readBuiltSite(inject('siteDir'));
const SITE_URL = 'https://horoscopes.example.com';

/** The file a site path is served from: directories → index.html. */
function targetFile(url: string): string {
  const pathname = decodeURI(url.replace(/[#?].*$/, '')).replace(/^\//, '');
  return pathname === '' || pathname.endsWith('/') ? `${pathname}index.html` : pathname;
}

describe('internal links', () => {
  it('every href and src on every page resolves to a file in dist/', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const [file, html] of site.html) {
      for (const url of [...attributeValues(html, 'href'), ...attributeValues(html, 'src')]) {
        if (/^(https?:|mailto:)/.test(url)) continue;
        if (url.startsWith('#')) {
          if (url !== '#' && !html.includes(`id="${url.slice(1)}"`)) broken.push(`${file}: ${url} (no such id)`);
          continue;
        }
        checked++;
        if (!url.startsWith('/')) broken.push(`${file}: ${url} (relative links break when a page moves)`);
        else if (!site.files.has(targetFile(url))) broken.push(`${file}: ${url}`);
      }
    }
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
