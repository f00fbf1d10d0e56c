// A site in English and Spanish built from two accounts (two local sample services, two users): English at the
// root, Spanish under /es/, each from its own account, joined by hreflang clusters, a switcher, feeds and
// sitemaps under a sitemap index (valid against the protocol's XSDs), its pages valid for the Nu HTML Checker and
// linking nothing broken; and a missing Spanish account fails the build naming its variable, dist/ unchanged. The
// smallest site: the current period of each kind.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { runBuild } from '../../src/cli/builder/run-build.ts';
import { startSampleService, type SampleService } from '../../src/sample-service/server.ts';
import { snapshot } from '../helpers/files.ts';
import { copyProject } from '../helpers/project-copy.ts';
import { removeDir } from '../helpers/remove-dir.ts';
import { nuErrors } from '../helpers/nu-checker.ts';
import { sitemapIndexSchemaErrors, sitemapSchemaErrors } from '../helpers/sitemap-schema.ts';
import { childText, childrenNamed, parseXml, type XmlElement } from '../../src/cli/check/xml.ts';
import { readBuiltSite } from '../site/helpers/built-site.ts';
import { brokenLinks } from '../site/helpers/link-check.ts';

const ORIGIN = 'https://horoscopes.example.com';
const ACCOUNTS = {
  en: { username: 'english-owner', password: 'en-secret' },
  es: { username: 'duena-espanola', password: 'es-secreto' },
};
const REPORT_PATH = /^\/api\/(weekly|monthly|yearly|ascendant-yearly)-reports$/;

let project: string;
let en: SampleService;
let es: SampleService;

beforeAll(async () => {
  project = copyProject();
  const file = path.join(project, 'content/site.json');
  const { language: _language, ...site } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const none = { past: 0, future: 0 };
  writeFileSync(
    file,
    JSON.stringify({
      ...site,
      languages: ['en', 'es'],
      periods: { weekly: none, monthly: none, yearly: none, ascendantYearly: none },
    }),
  );
  [en, es] = await Promise.all([
    startSampleService({ ...ACCOUNTS.en, language: 'en' }),
    startSampleService({ ...ACCOUNTS.es, language: 'es' }),
  ]);
});
afterAll(async () => {
  await Promise.all([en?.close(), es?.close()]);
  await removeDir(project);
});

const env = () => ({
  ASTRO_BUILD_DATE: '2026-11-22',
  ASTRO_API_URL: en.url,
  ASTRO_API_USERNAME: ACCOUNTS.en.username,
  ASTRO_API_PASSWORD: ACCOUNTS.en.password,
  ASTRO_API_URL_ES: es.url,
  ASTRO_API_USERNAME_ES: ACCOUNTS.es.username,
  ASTRO_API_PASSWORD_ES: ACCOUNTS.es.password,
});
const build = (variables: Record<string, string>, log: (line: string) => void = () => {}) =>
  runBuild({
    rootDir: project,
    env: variables,
    log,
    warn: () => {},
    progressStream: { isTTY: false, write: () => true } as unknown as NodeJS.WriteStream,
  });
const read = (file: string) => readFileSync(path.join(project, 'dist', file), 'utf8');
/** `hreflang href` of each <link rel="alternate" hreflang> of a page. */
const cluster = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map(
    ([, tag, href]) => `${tag} ${href}`,
  );
/** The page's og:locale:alternate values. */
const ogLocaleAlternates = (html: string) =>
  [...html.matchAll(/<meta property="og:locale:alternate" content="([^"]+)">/g)].map(([, locale]) => locale);
/** The document as libxml2 (xmllint) parsed it, canonicalized; fails on any well-formedness error. */
async function parsedByXmllint(file: string): Promise<XmlElement> {
  const result = await validateXML({
    xml: { fileName: file.replaceAll('/', '_'), contents: read(file) },
    normalization: 'c14n',
  });
  expect(result.errors.map((error) => error.rawMessage)).toEqual([]);
  expect(result.valid).toBe(true);
  return parseXml(result.normalized);
}
/** Every element of `element`'s tree, itself first. */
const descendants = (element: XmlElement): XmlElement[] => [element, ...element.children.flatMap(descendants)];

describe('a site in English and Spanish', () => {
  it('publishes each language from its own account, joined for search engines and readers', async () => {
    const logged: string[] = [];
    const jobSummary = path.join(project, 'job-summary.md');
    const summary = await build({ ...env(), GITHUB_STEP_SUMMARY: jobSummary }, (line) => logged.push(line));
    // Each account signs in once and asks for the reports of its own language.
    for (const [service, { username }] of [
      [en, ACCOUNTS.en],
      [es, ACCOUNTS.es],
    ] as const) {
      expect(
        service.log
          .filter((entry) => entry.path === '/api/auth')
          .map((entry) => (entry.body as { username: string }).username),
      ).toEqual([username]);
    }
    const reports = (service: SampleService) => service.log.filter((entry) => REPORT_PATH.test(entry.path)).length;
    expect(reports(en)).toBe(4);
    expect(reports(es)).toBe(4);
    expect(summary.requestsByLanguage).toEqual({ en: en.log.length, es: es.log.length });
    // The printed summary and the job summary count each service's requests apart.
    expect(logged.join('\n')).toContain(`\n  requests per language: en ${en.log.length}, es ${es.log.length}\n`);
    expect(readFileSync(jobSummary, 'utf8')).toContain(
      `\nRequests per language: en ${en.log.length}, es ${es.log.length}.\n`,
    );

    const english = read('weekly/2026-w47/leo/index.html');
    const spanish = read('es/weekly/2026-w47/leo/index.html');
    expect(english).toContain('<html lang="en">');
    expect(english).toMatch(/your \d+(st|nd|rd|th) house/);
    expect(spanish).toContain('<html lang="es">');
    expect(spanish).toContain('Fechas clave');
    expect(spanish).not.toMatch(/your \d+(st|nd|rd|th) house/);

    const expected = [
      `en ${ORIGIN}/weekly/2026-w47/leo/`,
      `es ${ORIGIN}/es/weekly/2026-w47/leo/`,
      `x-default ${ORIGIN}/weekly/2026-w47/leo/`,
    ];
    expect(cluster(english)).toEqual(expected);
    expect(cluster(spanish)).toEqual(expected);
    expect(english).toContain('<li><a href="/es/weekly/2026-w47/leo/" hreflang="es" lang="es">Español</a></li>');
    expect(spanish).toContain('<li><a href="/weekly/2026-w47/leo/" hreflang="en" lang="en">English</a></li>');
    expect(ogLocaleAlternates(english)).toEqual(['es_ES']);
    expect(ogLocaleAlternates(spanish)).toEqual(['en_US']);

    // The sky's calendar in each language: its pages joined by hreflang, its words and its .ics in each folder, the
    // week's sky on the weekly pages.
    const month = [
      `en ${ORIGIN}/calendar/2026-11/`,
      `es ${ORIGIN}/es/calendar/2026-11/`,
      `x-default ${ORIGIN}/calendar/2026-11/`,
    ];
    expect(cluster(read('calendar/2026-11/index.html'))).toEqual(month);
    expect(cluster(read('es/calendar/2026-11/index.html'))).toEqual(month);
    expect(read('es/calendar/2026-11/index.html')).toContain('<h1>El cielo en noviembre de 2026</h1>');
    expect(read('es/calendar/sky.ics')).toMatch(/\r\nSUMMARY:Luna llena en Géminis\r\n/);
    expect(read('es/calendar/sky.ics')).toContain(`\r\nSOURCE;VALUE=URI:${ORIGIN}/es/calendar/sky.ics\r\n`);
    expect(spanish).toContain('<h2 id="sky-list-heading">Esta semana en el cielo</h2>');

    // The Spanish feed parses, says its language, and links only to Spanish pages (the feed's own links and its
    // entries', one per report of Leo: 4 kinds, the current period of each).
    const feed = await parsedByXmllint('es/leo/feed.xml');
    expect(feed.name).toBe('feed');
    expect(feed.attribs['xml:lang']).toBe('es');
    expect(childrenNamed(feed, 'entry')).toHaveLength(4);
    const links = descendants(feed)
      .filter((element) => element.name === 'link')
      .map((link) => link.attribs.href!);
    expect(links.length).toBeGreaterThan(4);
    for (const href of links) expect(href.startsWith(`${ORIGIN}/es/`), href).toBe(true);

    expect(read('sitemap.xml')).toContain(`<url><loc>${ORIGIN}/leo/</loc>`);
    expect(read('es/sitemap.xml')).toContain(
      `<xhtml:link rel="alternate" hreflang="en" href="${ORIGIN}/leo/"/><xhtml:link rel="alternate" hreflang="es" href="${ORIGIN}/es/leo/"/>`,
    );
    // robots.txt names the sitemap index alone, which lists each language's sitemap.
    expect(read('robots.txt').match(/^Sitemap: .*$/gm)).toEqual([`Sitemap: ${ORIGIN}/sitemap-index.xml`]);
    const sitemapIndex = parseXml(read('sitemap-index.xml'));
    expect(sitemapIndex.name).toBe('sitemapindex');
    expect(childrenNamed(sitemapIndex, 'sitemap').map((sitemap) => childText(sitemap, 'loc'))).toEqual([
      `${ORIGIN}/sitemap.xml`,
      `${ORIGIN}/es/sitemap.xml`,
    ]);
    expect(read('404.html')).toContain('<a href="/es/" hreflang="es" lang="es">Ir a la página de inicio</a>');

    // A search index per language, each of its own pages alone: 48 reports, 4 period hubs, 12 sign hubs, the charts
    // index and its 3 charts, the editors' pages (2 in English, none written in Spanish), and the calendar's 2 years and 24 months.
    const index = (file: string) =>
      (JSON.parse(read(file)) as { languages: Record<string, { page_count: number }> }).languages;
    expect(index('pagefind/pagefind-entry.json')).toEqual({ en: expect.objectContaining({ page_count: 70 + 26 }) });
    expect(index('es/pagefind/pagefind-entry.json')).toEqual({ es: expect.objectContaining({ page_count: 68 + 26 }) });
    expect(read('es/search/index.html')).toContain('data-bundle="/es/pagefind/pagefind.js"');
    expect(spanish).toContain('<form class="site-search" role="search" action="/es/search/" method="get">');
    // Each search page's rule detaches the site-wide policy (hosts that join matching rules would send both).
    const searchRule = (page: string) =>
      `\n${page}\n  ! Content-Security-Policy\n  Content-Security-Policy: default-src 'self'; script-src 'self' 'wasm-unsafe-eval';`;
    expect(read('_headers')).toContain(searchRule('/search/'));
    expect(read('_headers')).toContain(searchRule('/es/search/'));
    // Pagefind's worker compiles the WebAssembly under its own file's policy.
    expect(read('_headers')).toContain(searchRule('/pagefind/pagefind-worker.js'));
    expect(read('_headers')).toContain(searchRule('/es/pagefind/pagefind-worker.js'));
    // Spanish pages load the assets under /es/, which are as fingerprinted as the root's.
    expect(spanish).toMatch(/<link rel="icon" href="\/es\/assets\/favicon\.[0-9a-f]{8}\.svg"/);
    expect(read('_headers')).toContain('\n/es/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n');
  });

  it('writes sitemaps valid against the Sitemap protocol XSD with their xhtml:link alternates, and a valid index', async () => {
    const dist = path.join(project, 'dist');
    const sitemaps = ['sitemap.xml', 'es/sitemap.xml'].map((file) => path.join(dist, file));
    expect(await sitemapSchemaErrors(dist, sitemaps)).toEqual([]);
    expect(await sitemapIndexSchemaErrors(dist, path.join(dist, 'sitemap-index.xml'))).toEqual([]);
    // Every URL of each sitemap names its cluster: the 12 sign hubs, for one, in both languages and x-default.
    expect(read('es/sitemap.xml').match(/<xhtml:link /g)!.length).toBeGreaterThanOrEqual(3 * 12);
  });

  it('links nothing broken in either language: pages, feeds, the sitemaps, their index and robots.txt', () => {
    const site = readBuiltSite(path.join(project, 'dist'));
    const { broken, checked } = brokenLinks(site, { origin: ORIGIN, pathPrefix: '/' });
    expect(broken, broken.slice(0, 20).join('\n')).toEqual([]);
    expect(checked).toBeGreaterThan(site.html.size * 20);
  });

  it('writes pages the Nu HTML Checker finds no error in, in both languages', async () => {
    const dist = path.join(project, 'dist');
    const pages = [
      'index.html',
      'es/index.html',
      'weekly/2026-w47/leo/index.html',
      'es/weekly/2026-w47/leo/index.html',
      'es/yearly/2026/capricorn/index.html',
      'weekly/2026-w47/index.html',
      'es/weekly/2026-w47/index.html',
      'es/leo/index.html',
      'es/weekly/index.html',
      'charts/elizabeth-ii/index.html',
      'es/charts/elizabeth-ii/index.html',
      'es/charts/index.html',
      'search/index.html',
      'es/search/index.html',
      '404.html',
      'es/404.html',
    ];
    expect(
      await nuErrors(
        dist,
        pages.map((page) => path.join(dist, page)),
      ),
    ).toEqual([]);
  });

  it('fails naming ASTRO_API_USERNAME_ES without the Spanish account, publishing nothing', async () => {
    const before = snapshot(path.join(project, 'dist'));
    const {
      ASTRO_API_URL_ES: _url,
      ASTRO_API_USERNAME_ES: _user,
      ASTRO_API_PASSWORD_ES: _password,
      ...english
    } = env();
    const requests = [en.log.length, es.log.length];
    await expect(build(english)).rejects.toThrow(/^ASTRO_API_USERNAME_ES: is not set/);
    expect([en.log.length, es.log.length]).toEqual(requests);
    expect(snapshot(path.join(project, 'dist'))).toEqual(before);
  });

  it("refuses a static page at the Spanish home's address before any request", async () => {
    const page = path.join(project, 'content/pages/es.md');
    writeFileSync(page, '---\ntitle: Español\n---\nText\n');
    const requests = [en.log.length, es.log.length];
    try {
      await expect(build(env())).rejects.toThrow(
        /^content\/pages\/es\.md: \/es\/ is the home page of the language "es"/,
      );
    } finally {
      rmSync(page);
    }
    expect([en.log.length, es.log.length]).toEqual(requests);
  });

  it('fails on a language cluster it wrote broken, naming the page, publishing nothing', async () => {
    // A layout that points every page's Spanish alternate one path too far: no page was written there.
    const layout = path.join(project, 'templates/_layouts/base.njk');
    const text = readFileSync(layout, 'utf8');
    const link = '<link rel="alternate" hreflang="{{ alternate.hreflang }}" href="{{ alternate.href }}">';
    expect(text).toContain(link);
    const before = snapshot(path.join(project, 'dist'));
    writeFileSync(
      layout,
      text.replace(
        link,
        link.replace(
          '{{ alternate.href }}',
          "{{ alternate.href }}{% if alternate.hreflang == 'es' %}missing/{% endif %}",
        ),
      ),
    );
    try {
      await expect(build(env())).rejects.toThrow(
        /^the build wrote a broken language cluster: \S*index\.html:\d+: its hreflang es names https:\/\/\S*\/missing\/, which the build did not write$/,
      );
    } finally {
      writeFileSync(layout, text);
    }
    expect(snapshot(path.join(project, 'dist'))).toEqual(before);
  });

  it('fails when the Spanish service refuses its account, as for one language, publishing nothing', async () => {
    const before = snapshot(path.join(project, 'dist'));
    await expect(build({ ...env(), ASTRO_API_PASSWORD_ES: 'wrong' })).rejects.toThrow(/authentication failed/);
    expect(snapshot(path.join(project, 'dist'))).toEqual(before);
  });
});
