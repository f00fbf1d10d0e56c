// A chart laid out for reading, written once: the build's chart pages (templates/chart.njk, through the
// `chartArticle` filter) and the visitors' charts the Worker answers (src/worker/render.ts) are this function, so
// their wheel, table, texts and leads cannot drift. Every text is escaped here, as the templates' autoescape would
// (src/data/sanitize.ts escapeHtml); the service's HTML comes sanitized and only its headings are renumbered.
import { formatDegrees } from '../data/format-degrees.ts';
import type { NatalPage } from '../data/natal-page.ts';
import { describeDateTime } from '../data/periods.ts';
import { escapeHtml, normalizeHeadings } from '../data/sanitize.ts';
import { SIGN_SLUGS } from '../data/sign-slugs.ts';
import type { ChartLeads } from './chart-leads.ts';
import { chartWheelSvg } from './chart-page-wheel.ts';
import { zoneName } from './calendar-time.ts';

type Format = (key: string, values?: Record<string, string | number>) => string;

/** The words a chart is written in: its language's messages (`chart.*`, `chartForm.*`) and sign names. */
export interface ChartWords {
  t: Format;
  language: string;
  signNames: readonly string[];
}

export interface ChartArticle {
  /** The wheel's ids are prefixed with it, unique in the page. */
  slug: string;
  /** The natal answer, its planets and signs named in the site's words. */
  chart: NatalPage;
  leads?: ChartLeads | undefined;
  /** False: no birth time was given, so there are no houses and no rising sign to show. */
  timeKnown: boolean;
  /** A chart page: its person's name heads it and the editors' notes close it; none under the form's own heading. */
  page?: { name: string; bodyHtml: string };
}

/** The chart's three signs and the reports they lead to. */
function leadsHtml({ heading, items }: ChartLeads): string {
  const links = (item: ChartLeads['items'][number]) =>
    item.links.length
      ? `\n<ul class="read-on">${item.links.map((link) => `\n<li><a href="${escapeHtml(link.url)}">${escapeHtml(link.title)}</a></li>`).join('')}\n</ul>`
      : '';
  return `\n<section class="chart-leads" aria-labelledby="chart-leads">\n<h2 id="chart-leads">${escapeHtml(heading)}</h2>\n<ul>${items.map((item) => `\n<li>${escapeHtml(item.label)}${links(item)}</li>`).join('')}\n</ul>\n</section>`;
}

/** The wheel with its accessible title, description and one label per planet, and its caption. */
function wheelHtml({ slug, chart, timeKnown, page }: ChartArticle, { t, language, signNames }: ChartWords): string {
  const svg = chartWheelSvg(
    {
      slug,
      planets: chart.planets,
      ascendant: timeKnown ? chart.ascendant : undefined,
      houseCusps: timeKnown ? chart.houseCusps : undefined,
      wheel: {
        title: page ? t('chart.wheelTitle', { name: page.name }) : t('chartForm.wheelTitle'),
        description: t('chart.wheelDescription', {
          date: describeDateTime(chart.localBirth, language),
          place: chart.cityName,
        }),
        // The table's sign and position (the service's), so the two never disagree on a minute.
        planetLabels: chart.planets.map((p) =>
          t(p.retrograde ? 'chart.wheelRetrograde' : 'chart.wheelPlanet', {
            planet: p.name,
            sign: p.signName,
            inSign: t('grammar.signIn', { sign: SIGN_SLUGS[p.signId] ?? '', name: p.signName }),
            position: formatDegrees(p.degrees, p.minutes),
          }),
        ),
      },
    },
    signNames,
  );
  return `\n<figure class="wheel">\n${svg}\n<figcaption>${escapeHtml(t('chart.wheelCaption'))}</figcaption>\n</figure>`;
}

/** When and where: the local time with its zone, the same instant in UTC, the place. */
function birthHtml({ chart }: ChartArticle, { t, language }: ChartWords): string {
  const row = (key: string, value: string) => `\n<div><dt>${escapeHtml(t(key))}</dt><dd>${value}</dd></div>`;
  return [
    '\n<dl class="birth-data">',
    row(
      'chart.born',
      `${escapeHtml(describeDateTime(chart.localBirth, language))} <span class="muted">${escapeHtml(t('chart.localTime', { zone: zoneName(language, chart.timezone) }))}</span>`,
    ),
    row('chart.utc', escapeHtml(describeDateTime(chart.utcBirth, language))),
    row('chart.place', escapeHtml(chart.cityName)),
    '\n</dl>',
  ].join('');
}

/** The planets' table; focusable and named, so keyboard users can scroll it on narrow screens. */
function tableHtml({ chart, timeKnown, page }: ChartArticle, { t }: ChartWords): string {
  const caption = page ? t('chart.tableCaption', { name: page.name }) : t('chartForm.tableCaption');
  const head = ['planet', 'sign', 'position', 'house', 'retrograde']
    .map((key) => `<th scope="col">${escapeHtml(t(`chart.${key}`))}</th>`)
    .join('');
  const rows = chart.planets.map(
    (p) =>
      `\n<tr><th scope="row">${escapeHtml(p.name)}</th><td>${escapeHtml(p.signName)}</td><td>${escapeHtml(formatDegrees(p.degrees, p.minutes))}</td><td>${timeKnown ? p.house : '–'}</td><td>${escapeHtml(t(p.retrograde ? 'chart.yes' : 'chart.no'))}</td></tr>`,
  );
  return [
    '<div class="table-wrap" role="region" aria-labelledby="planets-caption" tabindex="0">',
    `\n<table class="planets">\n<caption id="planets-caption">${escapeHtml(caption)}</caption>`,
    `\n<thead>\n<tr>${head}</tr>\n</thead>`,
    `\n<tbody>${rows.join('')}\n</tbody>\n</table>\n</div>`,
  ].join('');
}

/** Each planet's texts under a heading of its own; without a birth time, no house and no house text. */
function textsHtml({ chart, timeKnown }: ChartArticle, { t }: ChartWords): string {
  return chart.planets
    .map((p) => {
      const housetext = timeKnown ? p.housetext : '';
      if (!p.text && !housetext) return '';
      const heading = t('chart.planetHeading', {
        planet: p.name,
        sign: p.signName,
        inSign: t('grammar.signIn', { sign: SIGN_SLUGS[p.signId] ?? '', name: p.signName }),
        house: timeKnown ? p.house : '–',
      });
      // A chart's texts weigh less in search than a reading's, which a topic word is looked for in. https://pagefind.app/docs/weighting/
      return `\n<section class="planet-text" aria-labelledby="planet-${p.id}" data-pagefind-weight="0.5">\n<h2 id="planet-${p.id}">${escapeHtml(heading)}</h2>\n${normalizeHeadings(p.text, 3)}\n${normalizeHeadings(housetext, 3)}\n</section>`;
    })
    .join('');
}

/**
 * The chart as HTML. A chart page opens with its person's name and the birth data, then the leads and the wheel;
 * a visitor's chart, under the form's heading, with the wheel and the leads: what they came for, where it opens.
 */
export function chartArticle(article: ChartArticle, words: ChartWords): string {
  const { chart, leads, timeKnown, page } = article;
  const { t } = words;
  const leading = page
    ? [
        `\n<h1>${escapeHtml(t('chart.title', { name: page.name }))}</h1>`,
        birthHtml(article, words),
        leads ? leadsHtml(leads) : '',
        wheelHtml(article, words),
      ]
    : [
        wheelHtml(article, words),
        leads ? leadsHtml(leads) : '',
        birthHtml(article, words),
        timeKnown ? '' : `\n<p class="muted">${escapeHtml(t('chartForm.unknownTimeNote'))}</p>`,
      ];
  const notes = page?.bodyHtml
    ? `\n<section class="editor-text" aria-labelledby="editor-notes">\n<h2 id="editor-notes">${escapeHtml(t('chart.about', { name: page.name }))}</h2>\n${page.bodyHtml}\n</section>`
    : '';
  return [
    '<article class="chart">',
    ...leading,
    chart.intro ? `\n<div class="intro">${normalizeHeadings(chart.intro, 2)}</div>` : '',
    tableHtml(article, words),
    textsHtml(article, words),
    notes,
    '\n</article>',
  ].join('');
}
