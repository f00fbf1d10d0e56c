// What the build and the chart form's Worker (src/worker/) agree on: the files beside each language's form page and
// what its form.json holds. Nothing here is imported at run time, so the Worker takes no more of the build than this.
import type { CurrentReports } from './chart-leads.ts';

/** The files and the route beside the form page, relative to it. */
export const CHART_FORM_PATHS = { places: 'places', data: 'form.json', script: 'chart-form.js' } as const;

/** The earliest birth date the form takes; the latest is the day of the build (the Worker: its own day). */
export const CHART_FORM_MIN_DATE = '1900-01-01';

/** What the Worker reads of one language (the build writes it as `form.json` beside the page). */
export interface ChartFormData {
  language: string;
  dailyLimit: number;
  dateMin: string;
  signNames: string[];
  /** By the service's planetId (chart-leads.ts PLANET_KEYS). */
  planetNames: string[];
  /** The reports a chart leads to, as the build's chart pages link them: the build's current ones. */
  current: CurrentReports;
  /** ICU messages as written (placeholders kept), by key: `chartForm.*` and `chart.*`. */
  messages: Record<string, string>;
}
