// The site under a path in English and Spanish (`url` https://example.github.io/horoscopes/, as on GitHub Pages),
// the current period of each kind, with links editors write from the site's root in an override, a page and a chart
// of each language: one shared build (test/helpers/shared-sites.ts) for the tests of a site under a path and of the
// JSON Feeds.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CURRENT_PERIODS, FIXTURE_CONTENT } from './project-copy.ts';
import type { SiteOptions } from './shared-sites.ts';

export const PUBLISHED = { origin: 'https://example.github.io', pathPrefix: '/horoscopes/' };

const fixture = (relative: string) => readFileSync(path.join(FIXTURE_CONTENT, relative), 'utf8');

export const SITE_UNDER_PATH: SiteOptions = {
  periods: CURRENT_PERIODS,
  site: { language: null, url: `${PUBLISHED.origin}${PUBLISHED.pathPrefix}`, languages: ['en', 'es'] },
  files: {
    'content/overrides/weekly/2026-w47/leo.md': `${fixture('overrides/weekly/2026-w47/leo.md')}\nRead [about us](/about/).\n`,
    'content/overrides/es/weekly/2026-w47/leo.md': '---\nmode: append\n---\nLee [quiénes somos](/es/about/).\n',
    'content/pages/es/about.md': '---\ntitle: Quiénes somos\n---\nVuelve al [inicio](/es/).\n',
    'content/pages/about.md': `${fixture('pages/about.md')}\nSee [Leo](/leo/).\n`,
    // A chart is the same file in every language: its link is the same site path in each.
    'content/charts/frida-kahlo.md': `${fixture('charts/frida-kahlo.md')}\nSee [Cancer](/cancer/).\n`,
  },
};
