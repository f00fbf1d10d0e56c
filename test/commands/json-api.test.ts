// The static JSON API, in English and Spanish under a path, built once from two services whose Leo reports carry
// the sanitizer's XSS corpus: every answer is valid against the schema the site publishes, carries the HTML the
// pages show and the same as plain text, and links only files of the site; `_headers` lets other origins read
// `/api/` alone; no answer enters a sitemap; `npm run check` names an answer that breaks the schema; and whoever opens
// `/api/v1/` finds a page in the language's words that links the index and the schema.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { DomUtils, parseDocument } from 'htmlparser2';
import { HtmlValidate } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer } from '../../scripts/lib/static-server.ts';
import { checkSite } from '../../src/cli/check/check-site.ts';
import { runBuild } from '../../src/cli/builder/run-build.ts';
import { childrenNamed, childText, parseXml } from '../../src/cli/check/xml.ts';
import { parseHeadersFile } from '../../src/eleventy/security-headers.ts';
import { startSampleService, type SampleService } from '../../src/sample-service/server.ts';
import { XSS_VECTORS } from '../fixtures/xss-vectors.ts';
import { CURRENT_PERIODS, copyProject, FIXTURE_CONTENT } from '../helpers/project-copy.ts';
import { removeDir } from '../helpers/remove-dir.ts';
import { readBuiltSite, type BuiltSite } from '../site/helpers/built-site.ts';

const ORIGIN = 'https://example.github.io';
const PREFIX = '/horoscopes/';
const SIGNS = [
  'aries',
  'taurus',
  'gemini',
  'cancer',
  'leo',
  'virgo',
  'libra',
  'scorpio',
  'sagittarius',
  'capricorn',
  'aquarius',
  'pisces',
];
/** The current period of each kind on 2026-11-22, by the API's kind names. */
const PERIODS = { weekly: '2026-w47', monthly: '2026-11', yearly: '2026', ascendant: '2026' };
/** The sky's calendar's years: the oldest period's to the build date's next. */
const CALENDAR_YEARS = ['2026', '2027'];
const FOLDERS = { en: '', es: 'es/' };
const HOSTILE = XSS_VECTORS.map((vector) => vector.html).join('\n<p>between</p>\n');

let project = '';
let title = '';
let site: BuiltSite;
const services: SampleService[] = [];

beforeAll(async () => {
  project = copyProject({ periods: CURRENT_PERIODS });
  const siteFile = path.join(project, 'content/site.json');
  const { language: _language, ...settings } = JSON.parse(readFileSync(siteFile, 'utf8')) as Record<string, unknown>;
  title = String(settings.title);
  writeFileSync(siteFile, JSON.stringify({ ...settings, url: `${ORIGIN}${PREFIX}`, languages: ['en', 'es'] }));
  // Leo's reports (sign 4) carry every vector of the corpus, in both languages.
  const faults = {
    transformReport: (entry: { sign_id: number; text: string }) =>
      entry.sign_id === 4 ? { ...entry, text: `${entry.text}${HOSTILE}` } : entry,
  };
  for (const language of ['en', 'es'])
    services.push(await startSampleService({ username: 'owner', password: 'secret', language, faults }));
  const env = {
    ASTRO_BUILD_DATE: '2026-11-22',
    ASTRO_API_URL: services[0]!.url,
    ASTRO_API_USERNAME: 'owner',
    ASTRO_API_PASSWORD: 'secret',
    ASTRO_API_URL_ES: services[1]!.url,
    ASTRO_API_USERNAME_ES: 'owner',
    ASTRO_API_PASSWORD_ES: 'secret',
  };
  const progressStream = { isTTY: false, write: () => true } as unknown as NodeJS.WriteStream;
  await runBuild({ rootDir: project, env, log: () => {}, warn: () => {}, progressStream });
  site = readBuiltSite(path.join(project, 'dist'));
}, 120_000);
afterAll(async () => {
  await Promise.all(services.map((service) => service.close()));
  removeDir(project);
});

const read = (file: string) => JSON.parse(site.read(file)) as Record<string, unknown>;
/** A file of the site an absolute address of the API names, or undefined when it is not one of the site. */
const fileOf = (url: string): string | undefined => {
  if (!url.startsWith(`${ORIGIN}${PREFIX}`)) return undefined;
  const sitePath = url.slice(`${ORIGIN}${PREFIX}`.length);
  const file = sitePath === '' || sitePath.endsWith('/') ? `${sitePath}index.html` : sitePath;
  return site.files.has(file) ? file : undefined;
};
const apiFiles = () => [...site.files].filter((file) => /^(es\/)?api\//.test(file)).sort();

interface Report {
  url: string;
  language: string;
  intro: { html: string; text: string };
  text: { html: string; text: string };
}

/** What of a report the card shows. */
interface CardFields extends Report {
  site: { title: string; url: string };
  sign: { glyph: string };
  period: { label: string };
  title: string;
  heading: string;
}

describe('the JSON API', () => {
  it("publishes, per language, a page, an index, its schema, and per sign and kind the current report, the card's document, the dated ones and an archive", () => {
    const expected = Object.values(FOLDERS).flatMap((folder) => [
      `${folder}api/v1/index.html`,
      `${folder}api/v1/index.json`,
      `${folder}api/v1/schema.json`,
      ...SIGNS.flatMap((sign) =>
        Object.entries(PERIODS).flatMap(([kind, key]) =>
          ['index', 'current', 'card', key].map((name) => `${folder}api/v1/${sign}/${kind}/${name}.json`),
        ),
      ),
      ...CALENDAR_YEARS.map((year) => `${folder}api/v1/calendar/${year}.json`),
    ]);
    expect(apiFiles()).toEqual(expected.sort());
  });

  it('answers only with documents valid against the schema it publishes', () => {
    for (const folder of Object.values(FOLDERS)) {
      const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true });
      (addFormats as unknown as typeof addFormats.default)(ajv);
      const validate = ajv.compile(read(`${folder}api/v1/schema.json`));
      const answers = apiFiles().filter(
        (file) => file.startsWith(`${folder}api/`) && file.endsWith('.json') && !file.endsWith('schema.json'),
      );
      expect(answers.length).toBe(1 + 12 * 4 * 4 + CALENDAR_YEARS.length);
      for (const file of answers)
        expect(validate(read(file)), `${file}: ${JSON.stringify(validate.errors)}`).toBe(true);
      // The index points at the schema where it is published.
      expect(read(`${folder}api/v1/index.json`).schema).toBe(`${ORIGIN}${PREFIX}${folder}api/v1/schema.json`);
    }
  });

  it("gives each report the HTML its page's feed entry carries, the same as plain text, and its page's address", () => {
    for (const [language, folder] of Object.entries(FOLDERS)) {
      for (const sign of SIGNS) {
        const atom = parseXml(site.read(`${folder}${sign}/feed.xml`));
        const entries = new Map(
          childrenNamed(atom, 'entry').map((entry) => [childText(entry, 'id'), childText(entry, 'content')]),
        );
        for (const [kind, key] of Object.entries(PERIODS)) {
          const report = read(`${folder}api/v1/${sign}/${kind}/${key}.json`) as unknown as Report;
          expect(report.language).toBe(language);
          expect(fileOf(report.url), report.url).toBe(`${folder}${kind}/${key}/${sign}/index.html`);
          expect(`<div>${report.intro.html}</div>${report.text.html}`).toBe(entries.get(report.url));
          // The same characters as the HTML's text (htmlparser2's reading of it), blocks apart where the HTML has none.
          const letters = (text: string) => text.replace(/\s+/g, '');
          for (const field of [report.intro, report.text])
            expect(letters(field.text)).toBe(letters(DomUtils.textContent(parseDocument(field.html))));
          // Paragraphs stay apart.
          expect(report.text.text).toMatch(/\S\n\n\S/);
          expect(read(`${folder}api/v1/${sign}/${kind}/current.json`)).toEqual(report);
        }
      }
    }
  });

  it("gives the card, per sign and kind, what it shows of the current report and nothing more: no HTML, no text but the intro's", () => {
    for (const folder of Object.values(FOLDERS)) {
      for (const sign of SIGNS) {
        for (const kind of Object.keys(PERIODS)) {
          const report = read(`${folder}api/v1/${sign}/${kind}/current.json`) as unknown as CardFields;
          expect(read(`${folder}api/v1/${sign}/${kind}/card.json`)).toEqual({
            type: 'card',
            language: report.language,
            site: report.site,
            sign: { glyph: report.sign.glyph },
            period: { label: report.period.label },
            title: report.title,
            heading: report.heading,
            url: report.url,
            intro: { text: report.intro.text },
          });
        }
      }
    }
  });

  it('lists the signs and kinds in its index, and each sign and kind in an archive, with addresses that resolve', () => {
    for (const folder of Object.values(FOLDERS)) {
      const index = read(`${folder}api/v1/index.json`) as {
        kinds: string[];
        signs: {
          slug: string;
          url: string;
          reports: Record<string, { current: string; card: string; archive: string }>;
        }[];
      };
      expect(index.kinds).toEqual(Object.keys(PERIODS));
      expect(index.signs.map((sign) => sign.slug)).toEqual(SIGNS);
      for (const sign of index.signs) {
        expect(fileOf(sign.url)).toBe(`${folder}${sign.slug}/index.html`);
        for (const [kind, key] of Object.entries(PERIODS)) {
          expect(fileOf(sign.reports[kind]!.current)).toBe(`${folder}api/v1/${sign.slug}/${kind}/current.json`);
          expect(fileOf(sign.reports[kind]!.card)).toBe(`${folder}api/v1/${sign.slug}/${kind}/card.json`);
          expect(fileOf(sign.reports[kind]!.archive)).toBe(`${folder}api/v1/${sign.slug}/${kind}/index.json`);
          const archive = read(`${folder}api/v1/${sign.slug}/${kind}/index.json`) as {
            reports: { url: string; page: string; period: { key: string } }[];
          };
          expect(archive.reports.map((report) => [report.period.key, fileOf(report.url), fileOf(report.page)])).toEqual(
            [
              [
                key,
                `${folder}api/v1/${sign.slug}/${kind}/${key}.json`,
                `${folder}${kind}/${key}/${sign.slug}/index.html`,
              ],
            ],
          );
        }
      }
    }
  });

  it("runs no script from the service's hostile texts: the HTML is the sanitized HTML of the pages", () => {
    const leo = apiFiles().filter((file) => /\/leo\/.*\d\.json$/.test(file));
    expect(leo.length).toBe(8);
    for (const file of leo) {
      const report = read(file) as unknown as Report;
      expect(report.text.text, file).toContain('between');
      for (const html of [report.intro.html, report.text.html]) {
        expect(html, file).not.toMatch(
          /<(script|iframe|svg|math|xmp|noembed|style|img|object|embed|form|base|meta|link)\b/i,
        );
        expect(html, file).not.toMatch(/<[^>]*\son\w+\s*=/i);
        expect(html, file).not.toMatch(/(href|src)\s*=\s*["']?\s*(javascript|data|vbscript):/i);
      }
    }
  });

  it('lets any origin read /api/ and nothing else, through the headers serve:dist applies from _headers', async () => {
    const server = await startStaticServer(site.dir, {
      headerRules: parseHeadersFile(site.read('_headers')),
      pathPrefix: PREFIX,
    });
    try {
      const origin = (address: string) =>
        fetch(`${server.url}${PREFIX}${address}`, { headers: { Origin: 'https://partner.example' } });
      for (const address of ['api/v1/index.json', 'es/api/v1/leo/weekly/current.json']) {
        const answer = await origin(address);
        expect(answer.status, address).toBe(200);
        expect(answer.headers.get('access-control-allow-origin'), address).toBe('*');
        expect(answer.headers.get('cache-control'), address).toBe('public, max-age=3600');
      }
      for (const address of ['', 'leo/feed.json', 'es/leo/', 'sitemap.xml']) {
        const answer = await origin(address);
        expect(answer.status, address).toBe(200);
        expect(answer.headers.get('access-control-allow-origin'), address).toBeNull();
      }
    } finally {
      await server.close();
    }
  });

  it('enters no sitemap', () => {
    const sitemaps = [...site.files].filter((file) => /sitemap[^/]*\.xml$/.test(file));
    expect(sitemaps.length).toBeGreaterThanOrEqual(3);
    for (const file of sitemaps) expect(site.read(file), file).not.toContain('/api/');
  });

  it('is checked by npm run check, which names an answer that breaks the schema', () => {
    const published = { url: `${ORIGIN}${PREFIX}`, language: 'en', languages: ['en', 'es'] };
    expect(checkSite(site.dir, published).problems).toEqual([]);
    const file = path.join(site.dir, 'es/api/v1/leo/weekly/current.json');
    const original = readFileSync(file, 'utf8');
    try {
      writeFileSync(file, JSON.stringify({ ...JSON.parse(original), published: 'yesterday' }));
      expect(checkSite(site.dir, published).problems).toEqual([
        'es/api/v1/leo/weekly/current.json: does not follow the API\'s schema: /published: must match format "date"',
      ]);
    } finally {
      writeFileSync(file, original);
    }
  });
});

describe('the page at the API folder', () => {
  it("says in each language's words what the API is, linking the index, the schema and the site, as valid HTML", async () => {
    const validator = new HtmlValidate({ extends: ['html-validate:standard'] });
    for (const [language, folder] of Object.entries(FOLDERS)) {
      const file = `${folder}api/v1/index.html`;
      const words = (
        JSON.parse(readFileSync(path.join(FIXTURE_CONTENT, 'i18n', `${language}.json`), 'utf8')) as {
          api: Record<string, string>;
        }
      ).api;
      const html = site.read(file);
      const page = parseDocument(html);
      const text = (name: string) =>
        DomUtils.getElementsByTagName(name, page).map((element) => DomUtils.textContent(element));
      expect(DomUtils.getElementsByTagName('html', page)[0]!.attribs.lang).toBe(language);
      expect(text('h1')).toEqual([words.title]);
      expect(text('p')[0]).toBe(words.description!.replace('{site}', title));
      const links = DomUtils.getElementsByTagName('a', page).map((a) => [
        DomUtils.textContent(a),
        fileOf(`${ORIGIN}${a.attribs.href}`),
      ]);
      expect(links).toEqual([
        [words.index, `${folder}api/v1/index.json`],
        [words.schema, `${folder}api/v1/schema.json`],
        [title, `${folder}index.html`],
      ]);
      const report = await validator.validateString(html, file);
      expect(report.results.flatMap((result) => result.messages.map((m) => `${m.ruleId}: ${m.message}`))).toEqual([]);
    }
  });
});
