// Template filters. Kept tiny: the data arrives computed (src/data/site-model.ts), so filters only format.
// `absoluteUrl` and `dateToRfc3339` come from @11ty/eleventy-plugin-rss (wired in .eleventy.js).
// https://www.11ty.dev/docs/filters/
import type { EleventyConfig } from './eleventy-types.ts';
import { formatDegrees } from '../data/format-degrees.ts';

export default function filtersPlugin(eleventyConfig: EleventyConfig): void {
  /** The service's `degrees` and `minutes` of a planet as "12°30′". */
  eleventyConfig.addFilter('degrees', (degrees: number, minutes?: number) => formatDegrees(degrees, minutes));
}
