// The visitors' own chart form (content/site.json `chartForm`): its page, which is also the shell the Worker fills
// with a chart (src/worker/), and what the Worker reads beside it: the form's words in this language, the chart's
// words, the sign names and the daily limit. Nunjucks cannot run in a Worker (it compiles with `new Function`), so
// the build writes every word and the Worker only formats them.
import { ConfigError, type SiteConfig } from '../data/config.ts';
import type { Messages } from '../data/i18n.ts';
import type { Sign } from '../data/signs.ts';
import { CHART_FORM_MIN_DATE, CHART_FORM_PATHS, type ChartFormData } from './chart-form-data.ts';
import { PLANET_KEYS, type CurrentReports } from './chart-leads.ts';
import type { ChartFormView } from './types.ts';
import { SITE_PATHS, type SiteUrls } from './urls.ts';

export { CHART_FORM_MIN_DATE, CHART_FORM_PATHS, type ChartFormData } from './chart-form-data.ts';

/** The chart's words the Worker prints, as the charts' pages have them (content/i18n/ `chart`). */
const CHART_WORDS = [
  'born',
  'localTime',
  'utc',
  'place',
  'wheelCaption',
  'wheelDescription',
  'wheelPlanet',
  'wheelRetrograde',
  'planet',
  'sign',
  'position',
  'house',
  'retrograde',
  'yes',
  'no',
  'planetHeading',
  'leadsHeading',
  'sunSign',
  'moonSign',
  'risingSign',
  'risingUnknown',
] as const;

/** The form's page and data when site.json turns it on; none otherwise, so nothing of it is published. */
export function chartFormViews(
  site: SiteConfig,
  messages: Messages,
  signs: readonly Sign[],
  urls: SiteUrls,
  buildDate: string,
  current: CurrentReports,
): ChartFormView[] {
  if (!site.chartForm) return [];
  const words = messages.ui.chartForm;
  if (!words)
    throw new ConfigError(
      `${messages.file}: chartForm`,
      'is missing: content/site.json turns the chart form on, which needs its words in every language',
    );
  const url = urls.page(SITE_PATHS.chartForm);
  const data: ChartFormData = {
    language: site.language,
    dailyLimit: site.chartForm.dailyLimit,
    dateMin: CHART_FORM_MIN_DATE,
    signNames: signs.map((sign) => sign.name),
    planetNames: PLANET_KEYS.map((key) => messages.ui.planets[key]),
    current,
    // As written: the Worker formats them (ui's are formatted already, and formatting twice unquotes '<b>' and '{').
    messages: Object.fromEntries(
      [
        ...Object.keys(words).map((key) => `chartForm.${key}`),
        ...CHART_WORDS.map((key) => `chart.${key}`),
        'grammar.signIn',
      ].map((key) => [key, messages.written(key)]),
    ),
  };
  return [
    {
      url,
      placesUrl: `${url}${CHART_FORM_PATHS.places}`,
      dataUrl: `${url}${CHART_FORM_PATHS.data}`,
      scriptUrl: `${url}${CHART_FORM_PATHS.script}`,
      dateMin: CHART_FORM_MIN_DATE,
      dateMax: buildDate,
      data: JSON.stringify(data),
    },
  ];
}
