// The headers the preview sends for a request: the `_headers` rules of the path below the site's path, as a host
// that serves the site there matches them, without the cache rules. (In a browser: test/commands/cross-origin.test.ts.)
import { describe, expect, it } from 'vitest';
import { previewHeaders } from '../../src/eleventy/preview-headers.ts';
import { parseHeadersFile, renderHeadersFile } from '../../src/eleventy/security-headers.ts';

const RULES = parseHeadersFile(renderHeadersFile({ apiPaths: ['/api/v1/*'], embedPaths: ['/embed/*'] }));

describe('previewHeaders', () => {
  it("matches the rules against the path below the site's, and leaves out Cache-Control", () => {
    const api = previewHeaders(RULES, '/horoscopes/api/v1/index.json?x=1', '/horoscopes/');
    expect(api['Access-Control-Allow-Origin']).toBe('*');
    expect(api['Content-Security-Policy']).toMatch(/frame-ancestors 'none'/);
    expect(Object.keys(api).map((name) => name.toLowerCase())).not.toContain('cache-control');
    expect(previewHeaders(RULES, '/horoscopes/embed/leo/weekly/', '/horoscopes/')['Content-Security-Policy']).toMatch(
      /frame-ancestors \*/,
    );
    const page = previewHeaders(RULES, '/horoscopes/leo/', '/horoscopes/');
    expect(page['Access-Control-Allow-Origin']).toBeUndefined();
    expect(page['X-Frame-Options']).toBe('DENY');
    expect(Object.keys(previewHeaders(RULES, '/horoscopes/assets/site.0123abcd.css', '/horoscopes/'))).not.toContain(
      'Cache-Control',
    );
  });

  it('reads a site at the root as it is, and a path outside the site as it is', () => {
    expect(previewHeaders(RULES, '/api/v1/leo/weekly/current.json')['Access-Control-Allow-Origin']).toBe('*');
    // The dev server answers 404 there, with the site-wide rules, as serve:dist does.
    expect(previewHeaders(RULES, '/other/', '/horoscopes/')['X-Frame-Options']).toBe('DENY');
  });
});
