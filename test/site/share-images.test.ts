// Link previews: every page names a 1200×630 share image that the site publishes, with alt text, for Open Graph
// and Twitter/X cards.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { metaContent, readBuiltSite } from './helpers/built-site.ts';
import { testSite } from './helpers/test-sites.ts';

const site = readBuiltSite((await testSite()).dist);
const SITE_URL = 'https://horoscopes.example.com';
const IMAGE_URL = /^https:\/\/horoscopes\.example\.com\/(assets\/share\/[a-z-]+\.[0-9a-f]{10}\.png)$/;

/** Width and height from the PNG's IHDR chunk (bytes 16–23, big-endian), after checking the signature. */
function pngSize(file: string): { width: number; height: number } {
  const png = readFileSync(path.join(site.dir, file));
  expect(png.subarray(0, 8).toString('hex'), file).toBe('89504e470d0a1a0a');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('share images', () => {
  it('every page names a published image, its alt text and size, for Open Graph and a large Twitter card', () => {
    for (const [file, html] of site.html) {
      const image = metaContent(html, 'og:image') ?? '';
      const published = IMAGE_URL.exec(image)?.[1];
      expect(published, `${file} og:image ${image}`).toBeDefined();
      expect(site.files.has(published!), `${file}: ${published} is not in the site`).toBe(true);
      expect(metaContent(html, 'og:image:alt'), file).toMatch(/Starlight Horoscopes$/);
      expect(metaContent(html, 'og:image:width'), file).toBe('1200');
      expect(metaContent(html, 'og:image:height'), file).toBe('630');
      expect(metaContent(html, 'twitter:card'), file).toBe('summary_large_image');
      expect(metaContent(html, 'twitter:image'), file).toBe(image);
      expect(metaContent(html, 'twitter:image:alt'), file).toBe(metaContent(html, 'og:image:alt'));
    }
  });

  it("a report shows its sign and kind, a sign hub the sign's weekly image, other pages the site's", () => {
    const image = (file: string) =>
      /assets\/share\/([a-z-]+)\./.exec(metaContent(site.read(file), 'og:image') ?? '')?.[1];
    expect(image('weekly/2026-w47/leo/index.html')).toBe('leo-weekly');
    expect(image('ascendant/2026/pisces/index.html')).toBe('pisces-ascendant-yearly');
    expect(image('leo/index.html')).toBe('leo-weekly');
    for (const file of [
      'index.html',
      'monthly/2026-11/index.html',
      'charts/index.html',
      'about/index.html',
      '404.html',
    ]) {
      expect(image(file), file).toBe('site');
    }
    expect(metaContent(site.read('monthly/2026-11/leo/index.html'), 'og:image:alt')).toBe(
      'Leo monthly horoscope · Starlight Horoscopes',
    );
  });

  it("publishes the 49 link-preview images (12 signs × 4 kinds and the site), each a 1200×630 PNG, and JSON-LD's 512 px logo", () => {
    const images = [...site.files].filter((f) => f.startsWith('assets/share/'));
    const logo = images.filter((f) => /^assets\/share\/logo\./.test(f));
    expect(logo).toHaveLength(1);
    expect(pngSize(logo[0]!)).toEqual({ width: 512, height: 512 });
    const previews = images.filter((f) => f !== logo[0]);
    expect(previews).toHaveLength(49);
    for (const file of previews) expect(pngSize(file), file).toEqual({ width: 1200, height: 630 });
    expect(site.read('weekly/2026-w47/leo/index.html')).toContain(
      `"logo":{"@type":"ImageObject","url":"${SITE_URL}/${logo[0]}","width":512,"height":512}`,
    );
    expect(SITE_URL).toBe(new URL(metaContent(site.read('index.html'), 'og:image')!).origin);
  });
});
