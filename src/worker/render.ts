// What the Worker writes into the form page (the shell the build writes, src/model/chart-form.ts): a chart, laid
// out by the function that lays out the charts' pages (src/model/chart-article.ts), the places to pick from, or
// one message. Every text from the service or the visitor is escaped, with the build's one HTML escape; the
// service's HTML was sanitized by the build's own rules.
import { IntlMessageFormat } from 'intl-messageformat';
import type { NatalPage } from '../data/natal-page.ts';
import { escapeHtml } from '../data/sanitize.ts';
import { chartArticle } from '../model/chart-article.ts';
import { chartLeads } from '../model/chart-leads.ts';
import type { ChartFormData } from '../model/chart-form-data.ts';
import type { FormValues } from './form-input.ts';
import type { Suggestion } from './service.ts';

export { escapeHtml };

type Format = (key: string, values?: Record<string, string | number>) => string;

/** Each language's formatter, kept with its data (one per isolate): compiling the messages is most of a cached answer's work. */
const formatters = new WeakMap<ChartFormData, Format>();

/** The form's words in one language, formatted with their values (ICU, as the build formats them). */
export function wordsOf(data: ChartFormData): Format {
  const known = formatters.get(data);
  if (known) return known;
  const compiled = new Map<string, IntlMessageFormat>();
  const format: Format = (key, values) => {
    let message = compiled.get(key);
    if (!message) {
      message = new IntlMessageFormat(data.messages[key] ?? key, data.language);
      compiled.set(key, message);
    }
    return String(message.format(values));
  };
  formatters.set(data, format);
  return format;
}

type Words = ReturnType<typeof wordsOf>;

const MESSAGE_START = '<div class="chart-message" role="alert">';

/** One message in the result's place: a fault, a limit, a place not found. */
export function messageHtml(t: Words, text: string): string {
  return `${MESSAGE_START}\n<h2>${escapeHtml(t('chartForm.errorTitle'))}</h2>\n<p>${escapeHtml(text)}</p>\n</div>`;
}

/** Whether `resultHtml` is a message (messageHtml), not a chart or places to pick from. */
export const isMessage = (resultHtml: string): boolean => resultHtml.startsWith(MESSAGE_START);

/**
 * The places matching what was typed, to pick one from: the form again, its fields kept. It has no action, so it
 * posts back to the address the answer came from, the form page's, under whatever path the site is.
 */
export function placeChoiceHtml(t: Words, input: FormValues, places: Suggestion[]): string {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const options = places.map(
    (place, i) =>
      `<li><input type="radio" name="place" id="chart-pick-${i}" value="${escapeHtml(place.token)}"${i === 0 ? ' checked' : ''}> <label for="chart-pick-${i}">${escapeHtml(place.label)}</label></li>`,
  );
  return [
    '<form class="chart-pick" method="post">',
    `<fieldset>\n<legend>${escapeHtml(t('chartForm.choosePlace', { query: input.query }))}</legend>`,
    `<ul class="place-choices">\n${options.join('\n')}\n</ul>\n</fieldset>`,
    hidden('date', input.date),
    hidden('time', input.timeKnown ? input.time : ''),
    input.timeKnown ? '' : hidden('unknown_time', '1'),
    hidden('q', input.query),
    `<p><button type="submit">${escapeHtml(t('chartForm.submit'))}</button></p>\n</form>`,
  ]
    .filter((line) => line !== '')
    .join('\n');
}

/** The visitor's chart, laid out as the build's chart pages are (chart-article.ts), under the form's h1. */
export function chartHtml(t: Words, data: ChartFormData, chart: NatalPage, timeKnown: boolean): string {
  // Planets and signs in the site's words, by the service's ids.
  const planets = chart.planets.map((p) => ({
    ...p,
    name: data.planetNames[p.id] ?? p.name,
    signName: data.signNames[p.signId] ?? p.signName,
  }));
  // Without a time there is no rising sign: the leads say so.
  const leads = chartLeads(
    { planets, ascendant: timeKnown ? chart.ascendant : undefined },
    data.signNames,
    data.current,
    t,
  );
  return chartArticle(
    { slug: 'yours', chart: { ...chart, planets }, leads, timeKnown },
    { t, language: data.language, signNames: data.signNames },
  );
}
