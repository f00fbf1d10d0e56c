// The chart form as site.json turns it on and off, in a site of two languages. Off, the site is byte for byte what
// the same templates write without any of the form's additions (its templates removed, its blocks cut from the
// others): what it was before the form existed. On, each language gains the form page (also the Worker's shell), the
// Worker's words beside it and the suggestions script, linked from the charts index and the footer, and the privacy
// page says what it sends and keeps; nothing else.
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBuild } from '../../src/cli/builder/run-build.ts';
import type { ChartFormData } from '../../src/model/chart-form.ts';
import { CURRENT_PERIODS, copyProject } from '../helpers/project-copy.ts';
import { removeDir } from '../helpers/remove-dir.ts';
import { readBuiltSite, type BuiltSite } from '../site/helpers/built-site.ts';

let project = '';
let before: BuiltSite;
let on: BuiltSite;
let withoutForm: BuiltSite;

const FORM_FILES = ['charts/yours/index.html', 'charts/yours/form.json', 'charts/yours/chart-form.js'];
const english = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../fixtures/site/content/i18n/en.json'), 'utf8'),
) as { privacy: { chartForm: string }; chartForm: { privacy: string } };
const escaped = (text: string) => text.replaceAll("'", '&#39;');

beforeAll(async () => {
  project = copyProject({ periods: CURRENT_PERIODS });
  const siteFile = path.join(project, 'content/site.json');
  const settings = JSON.parse(readFileSync(siteFile, 'utf8')) as Record<string, unknown>;
  const { language: _language, ...rest } = settings;
  const build = async (extra: object, copy: string) => {
    writeFileSync(siteFile, JSON.stringify({ ...rest, languages: ['en', 'es'], ...extra }));
    const progressStream = { isTTY: false, write: () => true } as unknown as NodeJS.WriteStream;
    await runBuild({
      rootDir: project,
      env: { ASTRO_BUILD_DATE: '2026-11-22' },
      log: () => {},
      warn: () => {},
      progressStream,
    });
    cpSync(path.join(project, 'dist'), path.join(project, copy), { recursive: true });
    return readBuiltSite(path.join(project, copy));
  };
  before = await build({}, 'off-before');
  on = await build({ chartForm: { dailyLimit: 50 } }, 'on');
  // The templates as they were before the form: every block that prints it cut, whatever its whitespace control.
  for (const file of ['chart-form.njk', 'chart-form-data.njk', 'chart-form-script.njk'])
    rmSync(path.join(project, 'templates', file));
  for (const file of ['_layouts/base.njk', 'charts-index.njk']) {
    const template = path.join(project, 'templates', file);
    const text = readFileSync(template, 'utf8');
    const cut = text.replace(/\n?\{%-? for form in model\.chartForms -?%\}[\s\S]*?\{%-? endfor -?%\}/g, '');
    if (cut === text) throw new Error(`templates/${file} no longer prints the form's link: update this test`);
    writeFileSync(template, cut);
  }
  // A build in this process reads the changed templates again (src/cli/builder/render-site.ts).
  withoutForm = await build({}, 'without-form');
});
afterAll(() => removeDir(project));

describe('the chart form setting', () => {
  it('off, leaves the site byte for byte as the templates without the form write it', () => {
    expect([...before.files].sort()).toEqual([...withoutForm.files].sort());
    for (const file of before.files) expect(before.read(file), file).toBe(withoutForm.read(file));
    expect(before.files.has('charts/yours/index.html')).toBe(false);
  });

  it('on, adds the form page, its words and its script in each language, and links it from every page', () => {
    // The search index changes too: the charts index, which it holds, links the form.
    const added = [...on.files].filter((file) => !before.files.has(file) && !/(^|\/)pagefind\//.test(file)).sort();
    expect(added).toEqual([...FORM_FILES, ...FORM_FILES.map((file) => `es/${file}`)].sort());
    // Every other page differs by the footer's link alone (the charts index also by its own link).
    const links = [
      '\n<li><a href="/charts/yours/">Your natal chart</a></li>',
      '\n<li><a href="/es/charts/yours/">Tu carta natal</a></li>',
      '\n<p><a href="/charts/yours/">Your natal chart</a></p>',
      '\n<p><a href="/es/charts/yours/">Tu carta natal</a></p>',
      // The ascendant pages' invitation to find one's rising sign.
      '\n<p class="rising-invite"><strong>Don’t know your rising sign?</strong> <a href="/charts/yours/">Draw your natal chart to find it</a></p>',
      '\n<p class="rising-invite"><strong>¿No sabes tu ascendente?</strong> <a href="/es/charts/yours/">Calcula tu carta natal para conocerlo</a></p>',
      // The privacy page's sentence on scripts, which then says what the form runs, sends and keeps.
      ` ${escaped(english.privacy.chartForm)} ${escaped(english.chartForm.privacy)}`,
    ];
    for (const [file, html] of before.html) {
      const without = links.reduce((text, link) => text.replace(link, ''), on.html.get(file)!);
      if (!file.endsWith('404.html') && !file.includes('pagefind')) expect(on.html.get(file), file).not.toBe(html);
      expect(without, file).toBe(html);
    }
  });

  it('invites to the form from the ascendant archive, its year and each of its reports, in each language, and nowhere else', () => {
    const invited = [...on.html]
      .filter(([, html]) => html.includes('class="rising-invite"'))
      .map(([file]) => file)
      .sort();
    const ascendant = [
      'ascendant/index.html',
      'ascendant/2026/index.html',
      ...['aries', 'leo', 'pisces'].map((sign) => `ascendant/2026/${sign}/index.html`),
    ];
    for (const file of [...ascendant, ...ascendant.map((page) => `es/${page}`)]) expect(invited, file).toContain(file);
    expect(
      invited.every((file) => /^(es\/)?ascendant\//.test(file)),
      invited.join(' '),
    ).toBe(true);
    expect(invited).toHaveLength(2 * (2 + 12));
  });

  it("gives the Worker each language's words, sign names and the daily limit", () => {
    const data = JSON.parse(on.read('es/charts/yours/form.json')) as ChartFormData;
    expect(data).toMatchObject({ language: 'es', dailyLimit: 50, dateMin: '1900-01-01' });
    expect(data.signNames[4]).toBe('Leo');
    expect(data.messages['chartForm.tooMany']).toBe(
      'Demasiadas cartas en poco tiempo: espera un minuto y vuelve a intentarlo.',
    );
    expect(data.messages['chart.planetHeading']).toContain('{planet}');
    // The planets' names, and the current reports a chart leads to, under the language's path.
    expect(data.planetNames.slice(0, 3)).toEqual(['Sol', 'Luna', 'Mercurio']);
    expect(data.current.weekly[4]).toMatchObject({ url: '/es/weekly/2026-w47/leo/' });
    expect(data.current.monthly[4]).toMatchObject({ url: '/es/monthly/2026-11/leo/' });
    expect(data.current.ascendantYearly[4]).toMatchObject({ url: '/es/ascendant/2026/leo/' });
    expect(on.files.has('es/ascendant/2026/leo/index.html')).toBe(true);
  });

  it('writes a form that posts to its own page, with the shell the Worker fills', () => {
    const page = on.html.get('es/charts/yours/index.html')!;
    expect(page).toContain(
      '<form class="chart-form" method="post" action="/es/charts/yours/" data-places="/es/charts/yours/places">',
    );
    expect(page).toContain('<div id="chart-result"></div>');
    expect(page).toContain('max="2026-11-22"');
    expect(page).toContain('<html lang="es"');
  });
});
