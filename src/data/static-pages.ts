// Editors' static pages: `content/pages/<slug>.md` (about, privacy, ...) published at `/<slug>/`. The body is
// Markdown, rendered and sanitized like service content (markdown-file.ts). A slug that would take over another
// page's URL (a sign hub, a report kind, the charts, the assets, another language's home) fails the build naming
// the file: Eleventy would otherwise report a clash of output paths far from the file the editor just added.
import { readdir } from 'node:fs/promises';
import { z } from 'zod';
import { ConfigError, type SiteConfig } from './config.ts';
import type { Messages } from './i18n.ts';
import { readMarkdownFile } from './markdown-file.ts';
import { SIGN_SLUGS } from './signs.ts';

const DEFAULTS = {
  /** How the folder is named in messages. */
  labelDir: 'content/pages',
  /** Footer position of a page without `order`: after the ordered ones. */
  order: 100,
};

/**
 * First URL segments the site itself uses: sign hubs, the report kinds' segments (site-model.ts KIND_SEGMENTS),
 * the charts, the fingerprinted assets, and the generated files' names.
 */
const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  ...SIGN_SLUGS,
  'weekly',
  'monthly',
  'yearly',
  'ascendant',
  'charts',
  'assets',
  '404',
  'sitemap',
  'robots',
  'feed',
  'index',
]);

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const frontMatterSchema = z.strictObject({
  title: z.string({ error: 'is required (the page heading)' }).trim().min(1, 'is required (the page heading)'),
  description: z.string().trim().min(1).optional(),
  order: z.int().optional(),
});

export interface StaticPage {
  slug: string;
  url: string;
  title: string;
  /** Plain text for search engines and link previews, when the editor wrote one. */
  description?: string;
  /** Footer position, ascending. */
  order: number;
  /** Rendered and sanitized HTML. */
  html: string;
  file: string;
}

/**
 * Reads every page under `dir`, sorted for the footer (order, then title). A missing folder means none.
 * `languageFolders`: the first URL segments of the other languages published (`es`), whose home pages they are.
 * Root-relative links go under `pathPrefix`, the path of the site's `url`.
 */
export async function readStaticPages(
  dir: string,
  labelDir: string = DEFAULTS.labelDir,
  languageFolders: readonly string[] = [],
  pathPrefix = '/',
): Promise<StaticPage[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.md') && !n.startsWith('.')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const pages = await Promise.all(
    names.map(async (name): Promise<StaticPage> => {
      const label = `${labelDir}/${name}`;
      const slug = name.slice(0, -3);
      if (!SLUG.test(slug))
        throw new ConfigError(
          label,
          'file name must be a slug of lower-case letters, digits and hyphens, e.g. about.md',
        );
      if (RESERVED_SLUGS.has(slug)) {
        throw new ConfigError(
          label,
          `/${slug}/ is already a page of the site; rename the file (reserved: ${[...RESERVED_SLUGS].join(', ')})`,
        );
      }
      if (languageFolders.includes(slug))
        throw new ConfigError(
          label,
          `/${slug}/ is the home page of the language "${slug}" this site publishes; rename the file`,
        );
      const { data, html } = await readMarkdownFile(dir, name, labelDir, pathPrefix);
      const result = frontMatterSchema.safeParse(data);
      if (!result.success) {
        const issue = result.error.issues[0]!;
        throw new ConfigError(`${label}: ${issue.path.join('.') || '(front matter)'}`, issue.message);
      }
      const { title, description, order } = result.data;
      return { slug, url: `/${slug}/`, title, description, order: order ?? DEFAULTS.order, html, file: label };
    }),
  );
  return pages.sort((a, b) => a.order - b.order || a.title.localeCompare(b.title));
}

/**
 * The pages with a privacy page when analytics is on: every page of the language runs the service's script, so a
 * language without `privacy.md` of its own gets one made from the settings (its `{{ scripts }}` paragraph, filled
 * in by the site model as an editor's is), titled by the message file's `privacy.title`; without that message, the
 * build stops naming the missing file.
 */
export function withPrivacyPage(
  pages: StaticPage[],
  labelDir: string,
  site: Pick<SiteConfig, 'analytics'>,
  messages: Pick<Messages, 'ui' | 'file' | 'locale'>,
): StaticPage[] {
  if (!site.analytics || pages.some((page) => page.slug === 'privacy')) return pages;
  const file = `${labelDir}/privacy.md`;
  const title = messages.ui.privacy?.title;
  if (!title) {
    throw new ConfigError(
      file,
      `is missing, and analytics is on (${site.analytics.provider}, content/site.json): every ${messages.locale} page runs its script; write that page, or add "privacy" messages with a "title" to ${messages.file} for one made from the settings (docs/analytics.md)`,
    );
  }
  return [
    ...pages,
    { slug: 'privacy', url: '/privacy/', title, order: DEFAULTS.order, html: '<p>{{ scripts }}</p>', file },
  ];
}
