// Every template filter of ours, in one place: `t`, `dateTime`, `chartArticle`, `signGlyph`, `assetUrl`, `sitePath` and `siteUrl`. The data arrives computed
// (src/model/), so filters only format. `absoluteUrl` and `dateToRfc3339` come from @11ty/eleventy-plugin-rss.
// https://www.11ty.dev/docs/filters/
import { describeDateTime } from '../data/periods.ts';
import { signGlyphSvg } from '../data/sign-glyph.ts';
import { chartArticle } from '../model/chart-article.ts';
import type { ChartView, SiteModel } from '../model/types.ts';
import { prefixed, sitePath } from '../model/urls.ts';
import type { EleventyConfig } from './eleventy-types.ts';
import type { FingerprintedAssets } from './fingerprint-assets.ts';

/** What a Nunjucks filter reads of the page's data: the model of the page's language. https://www.11ty.dev/docs/filters/#scoped-data-in-filters */
interface PageData {
  ctx: { model: SiteModel };
}

export default function filtersPlugin(
  eleventyConfig: EleventyConfig,
  { assets }: { assets: FingerprintedAssets },
): void {
  /** `{{ 'report.otherSigns' | t({ period: report.period.label }) }}`: a message of the page's language (content/i18n/), its placeholders filled. */
  eleventyConfig.addFilter('t', function (this: PageData, key: string, values?: Record<string, string | number>) {
    return this.ctx.model.t(key, values);
  } as (...args: never[]) => unknown);
  /** `{{ chart.localBirth | dateTime }}` → "July 6, 1907 at 8:30 AM", in the page's language. */
  eleventyConfig.addFilter('dateTime', function (this: PageData, value: string) {
    return describeDateTime(value, this.ctx.model.site.language);
  } as (...args: never[]) => unknown);
  /** `{{ chart | chartArticle | safe }}`: the chart page's article, as the Worker writes a visitor's (chart-article.ts), every text escaped. */
  eleventyConfig.addFilter('chartArticle', function (this: PageData, chart: ChartView) {
    const { model } = this.ctx;
    const words = { t: model.t, language: model.site.language, signNames: model.signs.map((sign) => sign.name) };
    return chartArticle({ slug: chart.slug, chart, leads: chart.leads, timeKnown: true, page: chart }, words);
  } as (...args: never[]) => unknown);
  /** `{{ sign.glyph | signGlyph | safe }}`: the sign's disc as its share image draws it, coloured by the stylesheet. */
  eleventyConfig.addFilter('signGlyph', (glyph: string) => signGlyphSvg(glyph));
  /** `{{ 'site.css' | assetUrl }}` → /assets/site.<hash>.css (fingerprint-assets.ts). */
  eleventyConfig.addFilter('assetUrl', function (this: { page?: { inputPath?: string } } | undefined, name: string) {
    return assets.url(name, this?.page?.inputPath);
  } as (...args: never[]) => unknown);
  // The model's URLs carry the site's path prefix (`/horoscopes/weekly/`); its files sit at the output's root.
  /** `{{ hub.url | sitePath(model.site.pathPrefix) }}` → `/weekly/`: where a page is written, its permalink. */
  eleventyConfig.addFilter('sitePath', (url: string, pathPrefix: string) => sitePath(url, pathPrefix));
  /** `{{ page.url | siteUrl(model.site.pathPrefix) }}` → `/horoscopes/weekly/`: the page as the model names it. */
  eleventyConfig.addFilter('siteUrl', (path: string, pathPrefix: string) => prefixed(path, pathPrefix));
}
