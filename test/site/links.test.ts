// Every internal href, src and url() resolves to a file in the built site; canonical and og:url are absolute on
// the configured site URL. A site whose url has a path (a GitHub project's address) is built too, small: every
// internal URL it gives is under that path.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSite } from '../../src/cli/check/check-site.ts';
import { runBuild } from '../../src/cli/builder/run-build.ts';
import { copyProject } from '../helpers/project-copy.ts';
import { tempDir } from '../helpers/temp-dir.ts';
import { removeDir } from '../helpers/remove-dir.ts';
import { linkHref, linkHrefs, metaContent, readBuiltSite, urlOf, type BuiltSite } from './helpers/built-site.ts';
import { brokenLinks, targetFile } from './helpers/link-check.ts';
import { TEST_BUILD_DATE, testSite } from './helpers/test-sites.ts';
import { quietProgress } from '../helpers/build-project.ts';

const site = readBuiltSite((await testSite()).dist);
const SITE_URL = 'https://horoscopes.example.com';

describe('internal links', () => {
  it('every href and src on every page resolves to a file in dist/', () => {
    const { broken, checked } = brokenLinks(site, { origin: SITE_URL, pathPrefix: '/' });
    expect(checked).toBeGreaterThan(site.html.size * 20);
    expect(broken, broken.slice(0, 20).join('\n')).toEqual([]);
  });

  it('npm run check finds no problem in the whole site, its archive included', () => {
    const { problems, pages } = checkSite(site.dir, { url: SITE_URL, language: 'en' });
    expect(problems).toEqual([]);
    expect(pages).toBe(site.html.size + site.embeds.size + site.apiPages.size);
  });

  it('the checker itself notices a missing target', () => {
    expect(site.files.has(targetFile('/weekly/2026-w47/leo/'))).toBe(true);
    expect(site.files.has(targetFile('/weekly/2026-w47/leo/#main'))).toBe(true);
    expect(site.files.has(targetFile('/weekly/2026-w49/leo/'))).toBe(false);
  });

  it("canonical and og:url are the page's own absolute URL on site.url (the search page's without a query); the 404 page has none and is noindex", () => {
    for (const [file, html] of site.html) {
      if (file === '404.html') {
        expect(linkHref(html, 'canonical')).toBeUndefined();
        expect(metaContent(html, 'robots')).toBe('noindex');
        continue;
      }
      const expected = `${SITE_URL}${urlOf(file)}`;
      expect(linkHref(html, 'canonical'), file).toBe(expected);
      expect(metaContent(html, 'og:url'), file).toBe(expected);
    }
  });

  it('every page has the search form in its header, labelled and with a placeholder, sending `q` to the search page, which exists', () => {
    expect(site.files.has('search/index.html')).toBe(true);
    for (const [file, html] of site.html) {
      const header = /<header class="site-header">[\s\S]*?<\/header>/.exec(html)?.[0] ?? '';
      expect(header, file).toContain('<form class="site-search" role="search" action="/search/" method="get">');
      expect(header, file).toMatch(
        /<label for="site-search-q" class="visually-hidden">Search the horoscopes<\/label>\s*<input id="site-search-q" type="search" name="q" placeholder="Leo, love…">/,
      );
    }
  });

  it("every page links the owner's fingerprinted theme, then the fingerprinted stylesheet, which exist", () => {
    for (const [file, html] of site.html) {
      const css = linkHrefs(html, 'stylesheet');
      expect(css, file).toEqual([
        expect.stringMatching(/^\/assets\/theme\.[0-9a-f]{8}\.css$/),
        expect.stringMatching(/^\/assets\/site\.[0-9a-f]{8}\.css$/),
      ]);
      for (const href of css) expect(site.files.has(href.slice(1)), file).toBe(true);
    }
  });

  it("every page, a partner's framed page and the API's too, links the site's icon, so no browser asks for a missing /favicon.ico", () => {
    expect(site.apiPages.size).toBe(1);
    for (const [file, html] of [...site.html, ...site.embeds, ...site.apiPages]) {
      const icons = linkHrefs(html, 'icon');
      expect(icons, file).toHaveLength(1);
      expect(site.files.has(icons[0]!.slice(1)), file).toBe(true);
    }
  });
});

describe('a site under a path: url https://example.github.io/horoscopes/', () => {
  const published = { origin: 'https://example.github.io', pathPrefix: '/horoscopes/' };
  let project = '';
  let prefixed: BuiltSite;
  /** What the build printed, and wrote to the CI job's summary page. */
  const logs: string[] = [];
  let jobSummary = '';

  beforeAll(async () => {
    // The smallest site: the current period of each kind, from the embedded sample service.
    project = copyProject();
    const siteFile = path.join(project, 'content/site.json');
    const none = { past: 0, future: 0 };
    const periods = { weekly: none, monthly: none, yearly: none, ascendantYearly: none };
    writeFileSync(
      siteFile,
      JSON.stringify({
        ...JSON.parse(readFileSync(siteFile, 'utf8')),
        url: 'https://example.github.io/horoscopes/',
        periods,
      }),
    );
    const work = tempDir('astro-prefixed-');
    const outputDir = path.join(work, 'dist');
    const summaryFile = path.join(work, 'job-summary.md');
    const env = { ASTRO_BUILD_DATE: TEST_BUILD_DATE, GITHUB_STEP_SUMMARY: summaryFile };
    await runBuild({
      rootDir: project,
      env,
      outputDir,
      cacheDir: path.join(work, 'cache'),
      log: (line) => logs.push(line),
      warn: () => {},
      progressStream: quietProgress,
    });
    prefixed = readBuiltSite(outputDir);
    jobSummary = readFileSync(summaryFile, 'utf8');
  });
  afterAll(() => removeDir(project));

  it('says in its summary, once, that crawlers do not read robots.txt under the path, pointing to docs/deployment.md', () => {
    const line =
      'https://example.github.io/horoscopes/robots.txt is not read by crawlers, which read only https://example.github.io/robots.txt: see "robots.txt under a path" in docs/deployment.md';
    expect(
      logs
        .join('\n')
        .split('\n')
        .filter((l) => l.includes('robots.txt')),
    ).toEqual([`  note: ${line}`]);
    expect(jobSummary.split('\n').filter((l) => l.includes('robots.txt'))).toEqual([`**Note:** ${line}.`]);
  });

  it('gives every internal URL (pages, stylesheets, feeds, sitemap, robots.txt) under /horoscopes/, each a file of dist/', () => {
    const { broken, checked } = brokenLinks(prefixed, published);
    expect(broken, broken.slice(0, 20).join('\n')).toEqual([]);
    expect(checked).toBeGreaterThan(prefixed.html.size * 20);
    // Files stay where a root site has them: the host maps /horoscopes/ to dist/.
    expect(prefixed.files.has('weekly/2026-w47/leo/index.html')).toBe(true);
    expect(prefixed.read('robots.txt')).toContain('Sitemap: https://example.github.io/horoscopes/sitemap.xml\n');
    expect(prefixed.read('sitemap.xml')).toContain(
      '<loc>https://example.github.io/horoscopes/weekly/2026-w47/leo/</loc>',
    );
    const leo = prefixed.html.get('weekly/2026-w47/leo/index.html')!;
    expect(linkHref(leo, 'canonical')).toBe('https://example.github.io/horoscopes/weekly/2026-w47/leo/');
    expect(linkHrefs(leo, 'stylesheet')).toEqual([
      expect.stringMatching(/^\/horoscopes\/assets\/theme\.[0-9a-f]{8}\.css$/),
      expect.stringMatching(/^\/horoscopes\/assets\/site\.[0-9a-f]{8}\.css$/),
    ]);
    expect(metaContent(leo, 'og:image')).toMatch(/^https:\/\/example\.github\.io\/horoscopes\/assets\/share\//);
    expect(prefixed.html.get('404.html')).toContain('<a href="/horoscopes/">');
    expect(prefixed.read('leo/feed.xml')).toContain('<id>https://example.github.io/horoscopes/leo/feed.xml</id>');
    // The search form and the search index's script, under the path too; the index's pages are site paths,
    // which Pagefind's script puts under the folder it was loaded from.
    expect(leo).toContain('<form class="site-search" role="search" action="/horoscopes/search/" method="get">');
    expect(prefixed.html.get('search/index.html')).toContain('data-bundle="/horoscopes/pagefind/pagefind.js"');
  });

  it('npm run check finds no problem in it', () => {
    expect(checkSite(prefixed.dir, { url: 'https://example.github.io/horoscopes/', language: 'en' }).problems).toEqual(
      [],
    );
  });

  it("writes the search index of every report page, hub, chart and editor's page", () => {
    const entry = JSON.parse(prefixed.read('pagefind/pagefind-entry.json')) as {
      languages: Record<string, { page_count: number }>;
    };
    // 48 reports, 4 period hubs, 12 sign hubs, the charts index and its 3 charts, 2 editors' pages, the calendar's 2
    // years (2026–2027) and their 24 months (its hub is not indexed); in English alone.
    expect(entry.languages).toEqual({ en: expect.objectContaining({ page_count: 48 + 4 + 12 + 4 + 2 + 26 }) });
    expect(prefixed.files.has('pagefind/pagefind.js')).toBe(true);
    expect([...prefixed.files].filter((file) => file.startsWith('pagefind/fragment/'))).toHaveLength(70 + 26);
  });

  it('the checker itself notices a link outside the path and a relative one', () => {
    const page = '<a href="/weekly/2026-w47/leo/">x</a><a href="leo/">y</a><img src="/horoscopes/nope.png" alt="">';
    const fake = {
      ...prefixed,
      html: new Map([['x.html', page]]),
      files: new Set(['x.html', 'weekly/2026-w47/leo/index.html']),
    };
    expect(brokenLinks(fake, published).broken).toEqual([
      'x.html: /weekly/2026-w47/leo/ (not under /horoscopes/)',
      'x.html: leo/ (relative links break when a page moves)',
      'x.html: /horoscopes/nope.png (no such file)',
    ]);
  });
});
