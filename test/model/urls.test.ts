// Where the site is published: the path prefix every URL the model hands out starts with (urls.ts).
import { describe, expect, it } from 'vitest';
import { outputFile, siteAddress, sitePath, siteUrls } from '../../src/model/urls.ts';

describe('siteAddress', () => {
  it("takes the prefix from url's path, with a trailing slash, and the origin as written", () => {
    expect(siteAddress('https://stars.example.org')).toEqual({ origin: 'https://stars.example.org', pathPrefix: '/' });
    expect(siteAddress('https://example.github.io/horoscopes')).toEqual({
      origin: 'https://example.github.io',
      pathPrefix: '/horoscopes/',
    });
    expect(siteAddress('https://example.github.io/horoscopes/')).toEqual({
      origin: 'https://example.github.io',
      pathPrefix: '/horoscopes/',
    });
    expect(siteAddress('http://Example.org:8443/a/b')).toEqual({
      origin: 'http://Example.org:8443',
      pathPrefix: '/a/b/',
    });
  });
});

describe('siteUrls', () => {
  it('puts site paths under the prefix, and absolute URLs carry it once', () => {
    const urls = siteUrls({ url: 'https://example.github.io/horoscopes' });
    expect(urls.page('/')).toBe('/horoscopes/');
    expect(urls.page('/weekly/2026-w47/leo/')).toBe('/horoscopes/weekly/2026-w47/leo/');
    expect(urls.absolute(urls.page('/leo/feed.xml'))).toBe('https://example.github.io/horoscopes/leo/feed.xml');
    const root = siteUrls({ url: 'https://stars.example.org' });
    expect(root.absolute(root.page('/leo/'))).toBe('https://stars.example.org/leo/');
  });

  it('finds the file of a prefixed URL at the same place in the output as at the root', () => {
    expect(sitePath('/horoscopes/weekly/', '/horoscopes/')).toBe('/weekly/');
    expect(sitePath('/horoscopes/', '/horoscopes/')).toBe('/');
    expect(outputFile('/horoscopes/weekly/2026-w47/', '/horoscopes/')).toBe('weekly/2026-w47/index.html');
    expect(outputFile('/horoscopes/leo/feed.xml', '/horoscopes/')).toBe('leo/feed.xml');
    expect(outputFile('/about/')).toBe('about/index.html');
  });
});
