// The owner's look: content/theme.css sets the site's colours and fonts, light and dark, and may declare fonts kept
// in content/fonts/. The build publishes both beside templates/assets/ (src/eleventy/fingerprint-assets.ts), pages
// link the theme before the site's stylesheet, and the share images are drawn in its light colours.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from './config.ts';

export const THEME = {
  /** In content/: the file, and the folder of the fonts it may name. */
  file: 'theme.css',
  fontsFolder: 'fonts',
  label: 'content/theme.css',
  /** The colours the share images are drawn in, from the first `:root` block (the light scheme). */
  colours: ['fg', 'muted', 'bg', 'card', 'line', 'accent'] as const,
};

/** The site's light colours, as content/theme.css sets them. */
export type ThemeColours = Record<(typeof THEME.colours)[number], string>;

/**
 * The light scheme's colours from the first `:root { … }` block of `contentDir`'s theme.css: the one place the
 * site's colours are set, for its pages and its share images alike. A missing file, or a colour missing or not in
 * hex, is a ConfigError naming content/theme.css.
 */
export function themeColours(contentDir: string): ThemeColours {
  const file = path.join(contentDir, THEME.file);
  if (!existsSync(file))
    throw new ConfigError(THEME.label, "is missing: it sets the site's colours and fonts (docs/theming.md)");
  const root = /(?:^|\n):root\s*\{([^}]*)\}/.exec(readFileSync(file, 'utf8'))?.[1];
  if (root === undefined) throw new ConfigError(THEME.label, "has no :root { … } block setting the site's colours");
  const colours = {} as ThemeColours;
  for (const name of THEME.colours) {
    const value = new RegExp(`--${name}\\s*:\\s*([^;]+);`).exec(root)?.[1]?.trim();
    if (!value || !/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value)) {
      throw new ConfigError(
        `${THEME.label}: --${name}`,
        `must be set in :root to a hex colour such as #5b3fa8${value ? `, not ${value}` : ''}`,
      );
    }
    colours[name] = value;
  }
  return colours;
}
