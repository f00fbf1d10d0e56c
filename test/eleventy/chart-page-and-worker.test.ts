// One chart, twice: as the build's chart page (templates/chart.njk in the real layout, rendered by Eleventy with the
// project's .eleventy.js) and as the chart form's Worker writes a visitor's (src/worker/render.ts, from the form.json
// the same model writes and the service's natal answer). A Spanish site, the service answering in English: both name
// the planets and signs in the site's words. The wheel, the birth data, the leads, the table and the planets' texts
// are the same markup; only what the form says otherwise differs (its heading, the wheel's title and id, the table's
// caption), and the chart page alone has the editors' notes.
import { cpSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { NatalChart } from '../../src/api/schemas.ts';
import { loadMessages } from '../../src/data/i18n.ts';
import { natalPage } from '../../src/data/natal-page.ts';
import { monthPeriod, weekPeriod, yearPeriod } from '../../src/data/periods.ts';
import { readSigns } from '../../src/data/signs.ts';
import { newEleventy } from '../../src/eleventy/new-eleventy.ts';
import { provideSite } from '../../src/eleventy/site-source.ts';
import type { ChartFormData } from '../../src/model/chart-form-data.ts';
import type { PageLists } from '../../src/incremental/page-fingerprints.ts';
import { computeNatal } from '../../src/sample-service/natal.ts';
import { findPlace } from '../../src/sample-service/places.ts';
import { chartHtml, wordsOf } from '../../src/worker/render.ts';
import { tempDir } from '../helpers/temp-dir.ts';
import { modelOf, site } from '../model/fixture.ts';

const PROJECT = path.resolve(import.meta.dirname, '../..');
const CONTENT = path.join(PROJECT, 'test/fixtures/site/content');
const es = loadMessages(CONTENT, 'es');

/** Frida Kahlo (test/fixtures/site/content/charts/frida-kahlo.md) as the sample service answers it, with a name that must be escaped. */
const answer = computeNatal({
  name: 'Frida Kahlo',
  date: '1907-07-06',
  time: '08:30',
  lang: 'en',
  place: findPlace(3530597)!,
}) as unknown as NatalChart;
const natal = natalPage({ ...answer, profile: { ...answer.profile, cityName: `Coyoacán <b>"&'\\` } });
const chart = {
  ...natal,
  slug: 'frida-kahlo',
  url: '/charts/frida-kahlo/',
  name: 'Frida Kahlo',
  date: '1907-07-06',
  time: '08:30',
  place: 'Mexico City',
  bodyHtml: '<p>Notes.</p>',
};

/** The chart page as a build writes it: the real chart template and layout, the model of a site with the form on. */
async function renderPage() {
  const model = Object.freeze(
    modelOf([weekPeriod(2026, 47), monthPeriod(2026, 11), yearPeriod('ascendantYearly', 2026)], {
      site: { ...site, language: 'es', chartForm: { dailyLimit: 500 } },
      messages: es,
      signs: readSigns(path.join(CONTENT, 'signs.json'), es),
      charts: [chart],
    }),
  );
  const dir = tempDir('chart-page-');
  const input = path.join(dir, 'templates');
  mkdirSync(input);
  for (const part of ['chart.njk', '_layouts', '_includes'])
    cpSync(path.join(PROJECT, 'templates', part), path.join(input, part), { recursive: true });
  const round = { model, pageLists: { charts: model.charts } as unknown as PageLists, imageFiles: [] };
  const output = path.join(dir, 'dist');
  await newEleventy(input, output, {
    quietMode: true,
    configPath: path.join(PROJECT, '.eleventy.js'),
    config: (eleventyConfig: object) => provideSite(eleventyConfig, { round: async () => round }),
  }).write();
  return {
    html: readFileSync(path.join(output, 'charts/frida-kahlo/index.html'), 'utf8'),
    data: JSON.parse(model.chartForms[0]!.data) as ChartFormData,
  };
}

/** The parts of a chart's article, each as written. */
function partsOf(html: string) {
  const article = /<article class="chart">[\s\S]*?\n<\/article>/.exec(html)![0];
  const one = (pattern: RegExp) => pattern.exec(article)?.[0];
  return {
    wheel: one(/<figure class="wheel">[\s\S]*?<\/figure>/),
    birth: one(/<dl class="birth-data">[\s\S]*?<\/dl>/),
    leads: one(/<section class="chart-leads"[\s\S]*?<\/section>/),
    intro: one(/<div class="intro">[\s\S]*?<\/div>/),
    head: one(/<thead>[\s\S]*?<\/thead>/),
    rows: one(/<tbody>[\s\S]*?<\/tbody>/),
    caption: one(/<caption[\s\S]*?<\/caption>/),
    texts: article.match(/<section class="planet-text"[\s\S]*?<\/section>/g),
    notes: one(/<section class="editor-text"[\s\S]*?<\/section>/),
    heading: one(/<h1>[\s\S]*?<\/h1>/),
  };
}

describe("a chart on the build's page and in the Worker's answer", () => {
  it('is the same markup: the wheel, the birth data, the leads, the table and the texts', async () => {
    const { html, data } = await renderPage();
    const page = partsOf(html);
    const worker = partsOf(chartHtml(wordsOf(data), data, natal, true));
    // The form's words where it says otherwise, and the wheel's ids under its own slug.
    const asOnPage = (wheel: string) =>
      wheel
        .replaceAll('wheel-yours', 'wheel-frida-kahlo')
        .replace('>La rueda de tu carta natal</title>', '>Rueda de la carta natal de Frida Kahlo</title>');
    expect(asOnPage(worker.wheel!)).toBe(page.wheel);
    const same = ['birth', 'leads', 'intro', 'head', 'rows', 'texts'] as const;
    expect(Object.fromEntries(same.map((part) => [part, worker[part]]))).toEqual(
      Object.fromEntries(same.map((part) => [part, page[part]])),
    );
    // The sample service writes texts for the Sun to Saturn.
    expect(page.texts).toHaveLength(7);
    expect(page.birth).toContain('<dd>Coyoacán &lt;b&gt;&quot;&amp;&#39;&#92;</dd>');
    expect(page.leads).toContain(
      '<li>Signo solar: Cáncer\n<ul class="read-on">\n<li><a href="/weekly/2026-w47/cancer/">',
    );
    expect(page.rows).toContain('<tr><th scope="row">Sol</th><td>Cáncer</td>');
    expect([page.heading, page.caption, page.notes]).toEqual([
      '<h1>Carta natal de Frida Kahlo</h1>',
      '<caption id="planets-caption">Planetas de la carta de Frida Kahlo</caption>',
      '<section class="editor-text" aria-labelledby="editor-notes">\n<h2 id="editor-notes">Sobre Frida Kahlo</h2>\n<p>Notes.</p>\n</section>',
    ]);
    expect([worker.heading, worker.caption, worker.notes]).toEqual([
      undefined,
      '<caption id="planets-caption">Los planetas de tu carta</caption>',
      undefined,
    ]);
  });
});
