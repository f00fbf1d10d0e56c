// Template filters. Kept tiny: the data arrives computed (src/data/site-model.ts), so filters only format.
// https://www.11ty.dev/docs/filters/
import type { EleventyConfig } from './eleventy-types.ts';

export default function filtersPlugin(eleventyConfig: EleventyConfig): void {
  /** Absolute URL from a site path, for canonical links, feeds and the sitemap. */
  eleventyConfig.addFilter('absoluteUrl', (pathname: string, base: string) => new URL(pathname, `${base}/`).href);
}
