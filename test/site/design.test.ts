// Design rules that hold on the built files: the page weight budget, no inline styles or scripts (the CSP
// blocks them), one h1, the landmarks and skip link, light and dark colours with AA contrast, text-style glyphs.
import { describe, expect, it } from 'vitest';
import { linkHrefs, mainOf, readBuiltSite } from './helpers/built-site.ts';
import { testSite } from './helpers/test-sites.ts';

const site = readBuiltSite((await testSite()).dist);
/** The owner's theme (content/theme.css: colours and fonts), then the site's stylesheet. */
const cssFiles = linkHrefs(site.read('index.html'), 'stylesheet').map((href) => href.slice(1));
const [theme, css] = cssFiles.map((file) => site.read(file)) as [string, string];
const BUDGET_BYTES = 30 * 1024;

/** WCAG 2 relative luminance and contrast ratio. https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}
function customProperties(block: string): Record<string, string> {
  return Object.fromEntries([...block.matchAll(/--([a-z]+):\s*(#[0-9a-fA-F]{6})/g)].map((m) => [m[1]!, m[2]!]));
}

describe('page weight', () => {
  it('a sign page and its stylesheets stay under 30 KB together', () => {
    for (const file of [
      'weekly/2026-w47/leo/index.html',
      'monthly/2026-11/sagittarius/index.html',
      'yearly/2026/capricorn/index.html',
    ]) {
      const bytes = Buffer.byteLength(site.read(file)) + Buffer.byteLength(theme) + Buffer.byteLength(css);
      expect(bytes, file).toBeLessThan(BUDGET_BYTES);
    }
  });
});

describe('markup the CSP and assistive technology rely on', () => {
  it('no page has a style attribute, a <style> element or an executable <script>, but the search page, the home page and the pages with times their files', () => {
    for (const [file, html] of site.html) {
      expect(html, file).not.toMatch(/\sstyle\s*=/i);
      expect(html, file).not.toMatch(/<style[\s>]/i);
      const scripts = (html.match(/<script\b[^>]*>/gi) ?? []).filter(
        (tag) => tag !== '<script type="application/ld+json">',
      );
      const own: Record<string, RegExp> = {
        'search/index.html': /^<script type="module" src="\/assets\/search\.[0-9a-f]{8}\.js">$/,
        // The remembered sign, before the body: a file of the site's own, which script-src 'self' allows.
        'index.html': /^<script src="\/assets\/sign-memory\.[0-9a-f]{8}\.js">$/,
      };
      // The shown times in the reader's zone, on the pages that show a time (a week's sky may hold dates alone).
      const hasTimes =
        /<time [^>]*data-time=/.test(html) ||
        (html.includes('class="sky-list"') && html.includes('/assets/local-time.'));
      const localTime = hasTimes
        ? [expect.stringMatching(/^<script src="\/assets\/local-time\.[0-9a-f]{8}\.js">$/)]
        : [];
      expect(scripts, file).toEqual([...(own[file] ? [expect.stringMatching(own[file])] : []), ...localTime]);
      expect(html, file).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src &#39;self&#39;`);
    }
  });

  it('every page has one h1, header/nav/main/footer landmarks, and a skip link to #main first in the body', () => {
    for (const [file, html] of site.html) {
      expect(html.match(/<h1[\s>]/g), file).toHaveLength(1);
      expect(mainOf(html), file).toContain('<h1');
      for (const landmark of [
        '<header class="site-header">',
        '<nav class="sign-nav-row" aria-label="Signs">',
        '<main id="main"',
        '<footer',
      ])
        expect(html, `${file} ${landmark}`).toContain(landmark);
      expect(html, file).toMatch(/<body>\s*<a class="skip-link" href="#main">/);
    }
  });

  it('headings never skip a level', () => {
    for (const [file, html] of site.html) {
      const levels = [...mainOf(html).matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
      levels.forEach((level, i) => {
        if (i > 0) expect(level - levels[i - 1]!, `${file}: h${levels[i - 1]} then h${level}`).toBeLessThanOrEqual(1);
      });
    }
  });

  it('zodiac glyphs ask for the text presentation (U+FE0E), not emoji', () => {
    const html = site.read('index.html');
    const glyphs = [...html.matchAll(/[\u2648-\u2653](.)/gu)];
    expect(glyphs.length).toBeGreaterThanOrEqual(12);
    for (const m of glyphs)
      expect(m[1] === '\uFE0E' || html.slice(m.index! + 1, m.index! + 9) === '&#xFE0E;').toBe(true);
  });
});

describe('two small stylesheets, the theme and the site, light and dark', () => {
  it('are the theme and the stylesheet, with system fonts, and wrap long words', () => {
    expect([...site.files].filter((f) => f.endsWith('.css')).sort()).toEqual([...cssFiles].sort());
    expect(cssFiles).toEqual([expect.stringMatching(/^assets\/theme\./), expect.stringMatching(/^assets\/site\./)]);
    expect(theme).toMatch(/--font-body:\s*system-ui/);
    for (const file of [theme, css]) expect(file).not.toMatch(/@font-face|@import|url\(/);
    expect(css).toMatch(/overflow-wrap:\s*break-word/);
  });

  it('text colours meet WCAG AA (4.5:1) in the light and the dark scheme', () => {
    const light = customProperties(/:root\s*\{([^}]*)\}/.exec(theme)![1]!);
    const dark = customProperties(/@media \(prefers-color-scheme: dark\)\s*\{\s*:root\s*\{([^}]*)\}/.exec(theme)![1]!);
    for (const [scheme, colours] of [
      ['light', light],
      ['dark', dark],
    ] as const) {
      for (const text of ['fg', 'muted', 'accent']) {
        for (const background of ['bg', 'card']) {
          expect(
            contrast(colours[text]!, colours[background]!),
            `${scheme}: --${text} on --${background}`,
          ).toBeGreaterThanOrEqual(4.5);
        }
      }
    }
  });
});
