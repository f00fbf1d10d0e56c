import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { themeColours } from '../../src/data/theme.ts';

const fixture = path.resolve(import.meta.dirname, '../fixtures/site/content');
const fixtureTheme = readFileSync(path.join(fixture, 'theme.css'), 'utf8');
const work = mkdtempSync(path.join(tmpdir(), 'theme-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A content folder holding `css` as its theme.css, or no theme at all. */
function contentWith(name: string, css?: string): string {
  const dir = path.join(work, name);
  mkdirSync(dir, { recursive: true });
  if (css !== undefined) writeFileSync(path.join(dir, 'theme.css'), css);
  return dir;
}

describe("themeColours: the owner's content/theme.css", () => {
  it("gives its light :root colours, not the dark scheme's", () => {
    // The fixture's theme.css, read by hand: the first :root block, outside prefers-color-scheme: dark.
    expect(themeColours(fixture)).toEqual({
      fg: '#1d1b26',
      muted: '#55506a',
      bg: '#fdfcff',
      card: '#f3f0fa',
      line: '#d9d3e8',
      accent: '#5b3fa8',
    });
  });

  it("gives the same colours after docs/theming.md's font steps: @font-face on top, the family first in --font-body", () => {
    const fontFace =
      '@font-face { font-family: "Inter"; font-weight: 400; font-display: swap; src: url("fonts/inter-latin-400-normal.woff2") format("woff2"); }\n';
    const css = fontFace + fixtureTheme.replace('--font-body: system-ui,', '--font-body: "Inter", system-ui,');
    expect(css).toContain('--font-body: "Inter", system-ui,');
    expect(themeColours(contentWith('inter', css))).toEqual(themeColours(fixture));
  });

  it('names content/theme.css when it is missing, has no :root block, or a colour is missing or not in hex', () => {
    expect(() => themeColours(contentWith('none'))).toThrow(
      "content/theme.css: is missing: it sets the site's colours and fonts (docs/theming.md)",
    );
    expect(() => themeColours(contentWith('no-root', 'body { color: red; }\n'))).toThrow(
      "content/theme.css: has no :root { … } block setting the site's colours",
    );
    const tomato =
      ':root {\n  --fg: #111; --muted: #222; --bg: #fff; --card: #eee; --line: #ddd; --accent: tomato;\n}\n';
    expect(() => themeColours(contentWith('tomato', tomato))).toThrow(
      'content/theme.css: --accent: must be set in :root to a hex colour such as #5b3fa8, not tomato',
    );
    expect(() => themeColours(contentWith('no-line', tomato.replace(' --line: #ddd;', '')))).toThrow(
      'content/theme.css: --line: must be set in :root',
    );
  });
});

describe("the site's stylesheet and the theme", () => {
  // Project code: the layout and components, in the theme's colours and fonts.
  const siteCss = readFileSync(path.resolve(import.meta.dirname, '../../templates/assets/site.css'), 'utf8');

  it('sets no colour, font or custom property of its own, so the theme is the one place they are set', () => {
    expect(siteCss).not.toMatch(/#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(|:root|--[a-z-]+\s*:/i);
    // Headings take the theme's display face, or its body font where an older theme has none.
    expect([...new Set([...siteCss.matchAll(/font-family:\s*([^;}]+)/g)].map((m) => m[1]!.trim()))].sort()).toEqual([
      'var(--font-body)',
      'var(--font-display, var(--font-body))',
      'var(--font-glyph)',
    ]);
  });

  it("reads only custom properties the theme's light and dark blocks set", () => {
    const read = new Set([...siteCss.matchAll(/var\(--([a-z-]+)\)/g)].map((m) => m[1]!));
    const light = /(?:^|\n):root\s*\{([^}]*)\}/.exec(fixtureTheme)![1]!;
    const dark = /@media \(prefers-color-scheme: dark\)\s*\{\s*:root\s*\{([^}]*)\}/.exec(fixtureTheme)![1]!;
    const set = (block: string) => new Set([...block.matchAll(/--([a-z-]+)\s*:/g)].map((m) => m[1]!));
    expect([...read].filter((name) => !set(light).has(name))).toEqual([]);
    // The dark scheme changes every colour; the fonts are the same.
    expect([...set(dark)].sort()).toEqual(['accent', 'bg', 'card', 'fg', 'line', 'muted']);
  });
});
