// What the Worker writes into the form page (the shell the build writes, src/model/chart-form.ts): a chart, laid
// out as the charts' pages lay it out (templates/chart.njk), the places to pick from, or one message. Every text
// from the service or the visitor is escaped here; the service's HTML was sanitized by the build's own rules.
import { IntlMessageFormat } from 'intl-messageformat';
import { formatDegrees } from '../data/format-degrees.ts';
import type { NatalPage } from '../data/natal-page.ts';
import { describeDateTime } from '../data/periods.ts';
import { normalizeHeadings } from '../data/sanitize.ts';
import { chartLeads, type ChartLeads } from '../model/chart-leads.ts';
import { zoneName } from '../model/calendar-time.ts';
import { chartWheelSvg } from '../model/chart-page-wheel.ts';
import type { ChartFormData } from '../model/chart-form-data.ts';
import type { FormValues } from './form-input.ts';
import type { Suggestion } from './service.ts';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

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
  const options = places.map((place, i) =>
    `<li><input type="radio" name="place" id="chart-pick-${i}" value="${escapeHtml(place.token)}"${i === 0 ? ' checked' : ''}> <label for="chart-pick-${i}">${escapeHtml(place.label)}</label></li>`);
  return [
    '<form class="chart-pick" method="post">',
    `<fieldset>\n<legend>${escapeHtml(t('chartForm.choosePlace', { query: input.query }))}</legend>`,
    `<ul class="place-choices">\n${options.join('\n')}\n</ul>\n</fieldset>`,
    hidden('date', input.date), hidden('time', input.timeKnown ? input.time : ''), input.timeKnown ? '' : hidden('unknown_time', '1'), hidden('q', input.query),
    `<p><button type="submit">${escapeHtml(t('chartForm.submit'))}</button></p>\n</form>`,
  ].filter((line) => line !== '').join('\n');
}

/** The chart's signs and the reports they lead to, as templates/chart.njk prints a chart page's. */
function leadsHtml({ heading, items }: ChartLeads): string {
  const links = (item: ChartLeads['items'][number]) => item.links.length
    ? `\n<ul class="read-on">\n${item.links.map((link) => `<li><a href="${escapeHtml(link.url)}">${escapeHtml(link.title)}</a></li>`).join('\n')}\n</ul>`
    : '';
  return [
    '<section class="chart-leads" aria-labelledby="chart-leads">',
    `<h2 id="chart-leads">${escapeHtml(heading)}</h2>`,
    `<ul>\n${items.map((item) => `<li>${escapeHtml(item.label)}${links(item)}</li>`).join('\n')}\n</ul>`,
    '</section>',
  ].join('\n');
}

/** The chart, as templates/chart.njk lays out a chart page's, at the same heading levels (the form's h1 above it). */
export function chartHtml(t: Words, data: ChartFormData, chart: NatalPage, timeKnown: boolean): string {
  const birthLabel = describeDateTime(chart.localBirth, data.language);
  // Planets and signs in the site's words, by the service's ids.
  const planets = chart.planets.map((p) => ({ ...p, name: data.planetNames[p.id] ?? p.name, signName: data.signNames[p.signId] ?? p.signName }));
  // Without a time there is no rising sign: the leads say so.
  const leads = chartLeads({ planets, ascendant: timeKnown ? chart.ascendant : undefined }, data.signNames, data.current, t);
  const wheel = chartWheelSvg({
    slug: 'yours',
    planets,
    // Without a time there are no houses and no ascendant to draw.
    ascendant: timeKnown ? chart.ascendant : undefined,
    houseCusps: timeKnown ? chart.houseCusps : undefined,
    wheel: {
      title: t('chartForm.wheelTitle'),
      description: t('chart.wheelDescription', { date: birthLabel, place: chart.cityName }),
      planetLabels: planets.map((p) => t(p.retrograde ? 'chart.wheelRetrograde' : 'chart.wheelPlanet', { planet: p.name, sign: p.signName, position: formatDegrees(p.degrees, p.minutes) })),
    },
  }, data.signNames);
  const row = (p: (typeof planets)[number]) =>
    `<tr><th scope="row">${escapeHtml(p.name)}</th><td>${escapeHtml(p.signName)}</td><td>${escapeHtml(formatDegrees(p.degrees, p.minutes))}</td><td>${timeKnown ? p.house : '–'}</td><td>${escapeHtml(t(p.retrograde ? 'chart.yes' : 'chart.no'))}</td></tr>`;
  const texts = planets.filter((p) => p.text || (timeKnown && p.housetext)).map((p) => [
    `<section class="planet-text" aria-labelledby="planet-${p.id}">`,
    `<h2 id="planet-${p.id}">${escapeHtml(t('chart.planetHeading', { planet: p.name, sign: p.signName, house: timeKnown ? p.house : '–' }))}</h2>`,
    normalizeHeadings(p.text, 3),
    timeKnown ? normalizeHeadings(p.housetext, 3) : '',
    '</section>',
  ].join('\n'));
  // The wheel first, under the page's heading, then what to read next: what the visitor came for, where the page opens.
  return [
    '<article class="chart">',
    `<figure class="wheel">\n${wheel}\n<figcaption>${escapeHtml(t('chart.wheelCaption'))}</figcaption>\n</figure>`,
    leadsHtml(leads),
    '<dl class="birth-data">',
    `<div><dt>${escapeHtml(t('chart.born'))}</dt><dd>${escapeHtml(birthLabel)} <span class="muted">${escapeHtml(t('chart.localTime', { zone: zoneName(data.language, chart.timezone) }))}</span></dd></div>`,
    `<div><dt>${escapeHtml(t('chart.utc'))}</dt><dd>${escapeHtml(describeDateTime(chart.utcBirth, data.language))}</dd></div>`,
    `<div><dt>${escapeHtml(t('chart.place'))}</dt><dd>${escapeHtml(chart.cityName)}</dd></div>`,
    '</dl>',
    timeKnown ? '' : `<p class="muted">${escapeHtml(t('chartForm.unknownTimeNote'))}</p>`,
    chart.intro ? `<div class="intro">${normalizeHeadings(chart.intro, 2)}</div>` : '',
    '<div class="table-wrap" role="region" aria-labelledby="planets-caption" tabindex="0">',
    `<table class="planets">\n<caption id="planets-caption">${escapeHtml(t('chartForm.tableCaption'))}</caption>`,
    `<thead>\n<tr><th scope="col">${['planet', 'sign', 'position', 'house', 'retrograde'].map((key) => escapeHtml(t(`chart.${key}`))).join('</th><th scope="col">')}</th></tr>\n</thead>`,
    `<tbody>\n${planets.map(row).join('\n')}\n</tbody>\n</table>\n</div>`,
    ...texts,
    '</article>',
  ].filter((line) => line !== '').join('\n');
}
