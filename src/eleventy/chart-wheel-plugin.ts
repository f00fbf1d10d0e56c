// The `chartWheel` filter: a chart page's data → the inline SVG wheel (chart-wheel.ts), drawn at build time.
// `{{ chart | chartWheel(model.signs) | safe }}`; the SVG escapes every text it prints, so `safe` is safe here.
// https://www.11ty.dev/docs/filters/
import type { ChartView } from '../model/types.ts';
import { renderChartWheel } from './chart-wheel.ts';
import type { EleventyConfig } from './eleventy-types.ts';

/** The fields of a sign record the wheel uses (content/signs.json). */
interface SignName {
  name: string;
}

/** The wheel for one chart page; ids are prefixed with the chart's slug, so they stay unique in the page. */
export function chartWheelSvg(chart: ChartView, signs?: readonly SignName[]): string {
  return renderChartWheel(
    {
      planets: chart.planets.map((p, i) => ({ name: p.name, longitude: p.longitude, retrograde: p.retrograde, label: chart.wheel.planetLabels[i] })),
      ascendant: chart.ascendant,
      houseCusps: chart.houseCusps,
      title: chart.wheel.title,
      description: chart.wheel.description,
    },
    { idPrefix: `wheel-${chart.slug}`, ...(signs?.length === 12 ? { signNames: signs.map((s) => s.name) } : {}) },
  );
}

export default function chartWheelPlugin(eleventyConfig: EleventyConfig): void {
  eleventyConfig.addFilter('chartWheel', chartWheelSvg as (...args: never[]) => unknown);
}
