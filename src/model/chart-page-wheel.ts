// The wheel of one chart page (renderChartWheel, chart-wheel.ts) from what the page shows: the build's chart pages
// and the visitors' charts the Worker draws, both laid out by chart-article.ts.
import { renderChartWheel } from './chart-wheel.ts';

/** What the wheel of a chart page draws: the page's view, or a visitor's chart in the Worker (src/worker/). */
export interface WheelChart {
  slug: string;
  planets: { name: string; longitude: number; retrograde: boolean }[];
  ascendant?: number | undefined;
  houseCusps?: number[] | undefined;
  wheel: { title: string; description: string; planetLabels: string[] };
}

/** The wheel for one chart page; ids are prefixed with the chart's slug, so they stay unique in the page. */
export function chartWheelSvg(chart: WheelChart, signNames?: readonly string[]): string {
  return renderChartWheel(
    {
      planets: chart.planets.map((p, i) => ({
        name: p.name,
        longitude: p.longitude,
        retrograde: p.retrograde,
        label: chart.wheel.planetLabels[i],
      })),
      ascendant: chart.ascendant,
      houseCusps: chart.houseCusps,
      title: chart.wheel.title,
      description: chart.wheel.description,
    },
    { idPrefix: `wheel-${chart.slug}`, ...(signNames?.length === 12 ? { signNames } : {}) },
  );
}
