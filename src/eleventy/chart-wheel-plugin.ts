// The `chartWheel` filter: a chart page's data → the inline SVG wheel (chart-wheel.ts), drawn at build time.
// `{{ chart | chartWheel(model.signs) | safe }}`; the SVG escapes every text it prints, so `safe` is safe here.
// https://www.11ty.dev/docs/filters/
import type { ChartPage } from '../data/charts.ts';
import { renderChartWheel } from './chart-wheel.ts';
import type { EleventyConfig } from './eleventy-types.ts';

/** The fields of a sign record the wheel uses (content/signs.json). */
interface SignName {
  name: string;
}

/** The wheel for one chart page; ids are prefixed with the chart's slug, so they stay unique in the page. */
export function chartWheelSvg(chart: ChartPage, signs?: readonly SignName[]): string {
  return renderChartWheel(
    {
      planets: chart.planets.map((p) => ({ name: p.name, longitude: p.longitude, retrograde: p.retrograde })),
      ascendant: chart.ascendant,
      houseCusps: chart.houseCusps,
      title: `Natal chart wheel of ${chart.name}`,
      description: `Born ${chart.localBirth} local time in ${chart.cityName}.`,
    },
    { idPrefix: `wheel-${chart.slug}`, ...(signs?.length === 12 ? { signNames: signs.map((s) => s.name) } : {}) },
  );
}

export default function chartWheelPlugin(eleventyConfig: EleventyConfig): void {
  eleventyConfig.addFilter('chartWheel', chartWheelSvg as (...args: never[]) => unknown);
}
