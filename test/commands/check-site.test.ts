// `npm run check` on sites the build wrote: it passes on a site at a domain's root, on one under a path and on one
// of two languages (Spanish first), and a copy of their output with a fault planted fails it with one line per
// problem naming the file and the line, every problem of the run. Three small sites (the current period of each
// kind), built once for the whole file in this process; a copy of one per planted fault.
import { appendFileSync, cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSite } from '../../src/cli/check/check-site.ts';
import { filesUnder } from '../../src/data/files-under.ts';
import { runBuild } from '../../src/cli/builder/run-build.ts';
import { loadConfig } from '../../src/data/config.ts';
import { CURRENT_PERIODS, copyProject, runScript } from '../helpers/project-copy.ts';
import { removeDir } from '../helpers/remove-dir.ts';
import { tempDir } from '../helpers/temp-dir.ts';
import { quietProgress } from '../helpers/build-project.ts';

const projects = { root: '', prefixed: '', bilingual: '', cardOff: '', apiOff: '' };

/** A copy of the project whose content/site.json is the fixture's with `change` applied. */
function projectWith(change: (site: Record<string, unknown>) => Record<string, unknown>): string {
  const project = copyProject({ periods: CURRENT_PERIODS });
  const file = path.join(project, 'content/site.json');
  writeFileSync(file, JSON.stringify(change(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)));
  return project;
}

beforeAll(async () => {
  projects.root = projectWith((site) => site);
  // An editor's link to the top of the page, which names no id and is no broken link.
  appendFileSync(path.join(projects.root, 'content/pages/about.md'), '\n[Back to the top](#)\n');
  projects.prefixed = projectWith((site) => ({ ...site, url: 'https://example.github.io/horoscopes/' }));
  projects.bilingual = projectWith(({ language: _language, ...site }) => ({ ...site, languages: ['es', 'en'] }));
  // The API on, the card off: no script and no framed pages, which the check must not ask for; and the settings
  // no other site here has on, the chart form (its page's script) and analytics (every page's).
  projects.cardOff = projectWith((site) => ({
    ...site,
    card: false,
    chartForm: { dailyLimit: 10 },
    analytics: { provider: 'plausible', src: 'https://plausible.io/js/pa-XXXXXXXX.js' },
  }));
  // The JSON API off with `"api": false` alone, the card left unset: whatever the card then is, the check must agree.
  projects.apiOff = projectWith((site) => ({ ...site, api: false }));
  // One after the other: Eleventy renders one site at a time in a process.
  for (const project of Object.values(projects)) {
    await runBuild({
      rootDir: project,
      env: { ASTRO_BUILD_DATE: '2026-11-22' },
      log: () => {},
      warn: () => {},
      progressStream: quietProgress,
    });
  }
});
afterAll(async () => {
  for (const project of Object.values(projects)) if (project) await removeDir(project);
});

/** `npm run check` in `project`, on its dist/ or on `folder`. */
const check = (project: string, folder?: string) => runScript(project, 'check.ts', {}, folder ? [folder] : []).done;

/** An edit of a copy of a built site: `[file, text, replacement]` (the text must be there), or any change of the folder. */
type Edit = readonly [file: string, text: string | RegExp, replacement: string] | ((dir: string) => void);

/** A copy of `project`'s dist/ with each edit made, and what the check finds in it, read as the command reads the project's content/site.json. */
function damaged(project: string, edits: readonly Edit[]): { dir: string; problems: string[] } {
  const dir = path.join(tempDir('damaged-'), 'dist');
  cpSync(path.join(project, 'dist'), dir, { recursive: true });
  for (const edit of edits) {
    if (typeof edit === 'function') {
      edit(dir);
      continue;
    }
    const [file, text, replacement] = edit;
    const before = readFileSync(path.join(dir, file), 'utf8');
    const after = before.replace(text, replacement);
    if (after === before) throw new Error(`${file} has no ${text}`);
    writeFileSync(path.join(dir, file), after);
  }
  return { dir, problems: checkSite(dir, loadConfig(project, {}).site).problems };
}

/** The 1-based line of the first `text` in `file` of the built site of `project`. */
function lineOf(project: string, file: string, text: string): number {
  const html = readFileSync(path.join(project, 'dist', file), 'utf8');
  const index = html.indexOf(text);
  if (index < 0) throw new Error(`${file} has no ${text}`);
  return html.slice(0, index).split('\n').length;
}

describe('npm run check on what the build wrote', () => {
  it("passes on a site at a domain's root, saying what it checked", async () => {
    const run = await check(projects.root);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^Checked dist\/: 153 pages, 13 feeds, 1 sitemap, \d{4,} links; no problem found\.\n$/);
    expect(run.code).toBe(0);
  });

  it('passes on a site under a path', async () => {
    const run = await check(projects.prefixed);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^Checked dist\/: 153 pages, 13 feeds, 1 sitemap, \d{4,} links; no problem found\.\n$/);
  });

  it('passes on a site of two languages, Spanish first', async () => {
    const run = await check(projects.bilingual);
    expect(run.stderr).toBe('');
    // Each language's pages and feeds, a sitemap each and their index, each with its 404 page and its API's page.
    expect(run.stdout).toMatch(/^Checked dist\/: 304 pages, 26 feeds, 3 sitemaps, \d{4,} links; no problem found\.\n$/);
  });

  it('passes on a site whose card is off, its API on, with the chart form and analytics', async () => {
    expect(existsSync(path.join(projects.cardOff, 'dist/embed/card.js'))).toBe(false);
    expect(existsSync(path.join(projects.cardOff, 'dist/charts/yours/chart-form.js'))).toBe(true);
    expect(existsSync(path.join(projects.cardOff, 'dist/api/v1/index.json'))).toBe(true);
    const run = await check(projects.cardOff);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });

  it('passes on a site whose JSON API is off with "api": false alone, the card unset', async () => {
    expect(existsSync(path.join(projects.apiOff, 'dist/api'))).toBe(false);
    const run = await check(projects.apiOff);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/no problem found\.\n$/);
    expect(run.code).toBe(0);
  });

  it('fails with one line per problem, each naming the page and the line, and a last line counting them', async () => {
    const { dir } = damaged(projects.root, [
      ['weekly/2026-w47/leo/index.html', 'href="/virgo/"', 'href="/virgo-x/"'],
      ['about/index.html', '</body>', '<script>document.title = "x";</script></body>'],
    ]);
    const run = await check(projects.root, dir);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(/^about\/index\.html:\d+: has inline script: a <script> without src$/),
      `weekly/2026-w47/leo/index.html:${lineOf(projects.root, 'weekly/2026-w47/leo/index.html', 'href="/virgo/"')}: broken link /virgo-x/ (no such file)`,
      expect.stringMatching(
        /^Check failed: 2 problems in .*\/dist\/ \(153 pages, 13 feeds, 1 sitemap, \d+ links checked\)\.$/,
      ),
    ]);
    expect(run.code).toBe(1);
  });

  it('names a folder that holds no built site', async () => {
    const run = await check(projects.root, tempDir('empty-'));
    expect(run.stderr).toMatch(
      /^Check failed: .*empty-\w+ holds no built site \(no index\.html\): run npm run build first\n$/,
    );
    expect(run.code).toBe(1);
  });
});

describe('a damaged site fails the check, naming the page, the line and the problem', () => {
  it('a broken internal link, in a page and in a feed', () => {
    const { problems } = damaged(projects.root, [
      ['weekly/2026-w47/leo/index.html', 'href="/virgo/"', 'href="/virgo-x/"'],
      ['leo/feed.xml', '/weekly/2026-w47/leo/', '/weekly/2026-w46/leo/'],
    ]);
    expect(problems).toEqual([
      expect.stringMatching(
        /^leo\/feed\.xml:\d+: broken link https:\/\/horoscopes\.example\.com\/weekly\/2026-w46\/leo\/ \(no such file\)$/,
      ),
      `weekly/2026-w47/leo/index.html:${lineOf(projects.root, 'weekly/2026-w47/leo/index.html', 'href="/virgo/"')}: broken link /virgo-x/ (no such file)`,
    ]);
  });

  it('a link of a site under a path that misses the path', () => {
    const { problems } = damaged(projects.prefixed, [
      ['aries/index.html', 'href="/horoscopes/virgo/"', 'href="/virgo/"'],
    ]);
    expect(problems).toEqual([
      expect.stringMatching(/^aries\/index\.html:\d+: broken link \/virgo\/ \(not under \/horoscopes\/\)$/),
    ]);
  });

  it('a link to an id its page does not have, on another page and on its own', () => {
    const { problems } = damaged(projects.root, [
      ['about/index.html', '<a href="/virgo/">', '<a href="/leo/#no-such-anchor">'],
      ['privacy/index.html', 'href="#main"', 'href="#mian"'],
    ]);
    expect(problems).toEqual([
      expect.stringMatching(
        /^about\/index\.html:\d+: broken link \/leo\/#no-such-anchor \(leo\/index\.html has no such id\)$/,
      ),
      expect.stringMatching(/^privacy\/index\.html:\d+: broken link #mian \(no such id\)$/),
    ]);
  });

  it("an editor's link to the top of the page (#) is no broken link", () => {
    const about = readFileSync(path.join(projects.root, 'dist/about/index.html'), 'utf8');
    expect(about).toMatch(/<a href="#"[^>]*>Back to the top<\/a>/);
    expect(damaged(projects.root, []).problems).toEqual([]);
  });

  it('a malformed percent escape, among other problems: every one named, the check not stopped', () => {
    const { problems } = damaged(projects.root, [
      ['leo/index.html', 'href="/virgo/"', 'href="/leo/%E0%A4%A/"'],
      ['virgo/index.html', 'href="/leo/"', 'href="/leo-x/"'],
    ]);
    expect(problems).toEqual([
      `leo/index.html:${lineOf(projects.root, 'leo/index.html', 'href="/virgo/"')}: broken link /leo/%E0%A4%A/ (malformed percent escape)`,
      `virgo/index.html:${lineOf(projects.root, 'virgo/index.html', 'href="/leo/"')}: broken link /leo-x/ (no such file)`,
    ]);
  });

  it("the search form's action to a missing path", () => {
    const { problems } = damaged(projects.root, [['aries/index.html', 'action="/search/"', 'action="/find/"']]);
    expect(problems).toEqual([
      `aries/index.html:${lineOf(projects.root, 'aries/index.html', 'action="/search/"')}: broken link /find/ (no such file)`,
    ]);
  });

  it('no link in text that only shows markup', () => {
    const shown =
      '<p><code>&lt;a href="javascript:alert(1)"&gt;</code> and <code>&lt;img src="/nope.png"&gt;</code></p></main>';
    expect(damaged(projects.root, [['about/index.html', '</main>', shown]]).problems).toEqual([]);
  });

  it('HTML whose element is not closed, or with an end tag that closes no open element', () => {
    const { problems } = damaged(projects.root, [
      ['charts/index.html', '</main>', ''],
      ['about/index.html', '</main>', '</main></div>'],
    ]);
    expect(problems).toEqual([
      `about/index.html:${lineOf(projects.root, 'about/index.html', '</main>')}: is not well-formed HTML: </div> closes no open element`,
      expect.stringMatching(/^charts\/index\.html:\d+: is not well-formed HTML: <main> is not closed$/),
    ]);
  });

  it('an inline script, an event handler attribute, an inline style', () => {
    const { problems } = damaged(projects.root, [
      ['about/index.html', '</body>', '<script>document.title = "x";</script></body>'],
      ['privacy/index.html', '<main id="main"', '<main onclick="alert(1)" id="main"'],
      ['leo/index.html', '<main id="main"', '<main style="color: red" id="main"'],
    ]);
    expect(problems).toEqual([
      expect.stringMatching(/^about\/index\.html:\d+: has inline script: a <script> without src$/),
      `leo/index.html:${lineOf(projects.root, 'leo/index.html', '<main id="main"')}: has inline style: the style attribute of a <main>, which the Content-Security-Policy blocks`,
      `privacy/index.html:${lineOf(projects.root, 'privacy/index.html', '<main id="main"')}: has inline script: the onclick attribute of a <main>`,
    ]);
  });

  it('an id given twice, and a page with no title', () => {
    const { problems } = damaged(projects.root, [
      ['about/index.html', '<main id="main"', '<main id="site-search-q"'],
      ['privacy/index.html', /<title>[^<]*<\/title>/, ''],
    ]);
    expect(problems).toEqual([
      // The skip link's target is gone.
      `about/index.html:${lineOf(projects.root, 'about/index.html', 'href="#main"')}: broken link #main (no such id)`,
      `about/index.html:${lineOf(projects.root, 'about/index.html', '<main id="main"')}: gives the id "site-search-q" twice (first on line ${lineOf(projects.root, 'about/index.html', 'id="site-search-q"')})`,
      'privacy/index.html: has no <title> in its <head>',
    ]);
  });

  it('a page whose Content-Security-Policy does not allow its script, in the page or in _headers', () => {
    const { problems } = damaged(projects.root, [
      // The search page's own script, no longer allowed once script-src lacks 'self'.
      ['search/index.html', 'script-src &#39;self&#39; ', 'script-src '],
      // Another origin's script, allowed by the page's policy but not by the one _headers gives every path.
      ['weekly/2026-w47/leo/index.html', '</head>', '<script src="https://cdn.example/x.js" defer></script></head>'],
      ['weekly/2026-w47/leo/index.html', 'script-src &#39;self&#39;', 'script-src &#39;self&#39; https://cdn.example'],
    ]);
    expect(problems).toEqual([
      expect.stringMatching(
        /^search\/index\.html: its Content-Security-Policy does not allow its script \/assets\/search\.[0-9a-f]{8}\.js$/,
      ),
      'weekly/2026-w47/leo/index.html: its Content-Security-Policy in _headers does not allow its script https://cdn.example/x.js',
    ]);
  });

  it('a page whose Content-Security-Policy allows a script source none of its scripts needs, or has none', () => {
    const { problems } = damaged(projects.root, [
      [
        'aries/index.html',
        'script-src &#39;self&#39;',
        'script-src &#39;self&#39; https://cdn.example &#39;unsafe-inline&#39;',
      ],
      ['virgo/index.html', /<meta http-equiv="Content-Security-Policy"[^>]*>/, ''],
    ]);
    expect(problems).toEqual([
      'aries/index.html: its Content-Security-Policy allows script source https://cdn.example, which none of its scripts needs',
      "aries/index.html: its Content-Security-Policy allows script source 'unsafe-inline', which none of its scripts needs",
      'virgo/index.html: has no Content-Security-Policy (<meta http-equiv="Content-Security-Policy">)',
    ]);
  });

  it("a search page whose Content-Security-Policy lacks 'wasm-unsafe-eval', in the page and in _headers", () => {
    const { problems } = damaged(projects.root, [
      ['search/index.html', 'script-src &#39;self&#39; &#39;wasm-unsafe-eval&#39;', 'script-src &#39;self&#39;'],
      ['_headers', /(\/search\/\n(?:.*\n)*?.*script-src 'self') 'wasm-unsafe-eval'/, '$1'],
    ]);
    const line = lineOf(projects.root, 'search/index.html', 'data-bundle=');
    expect(problems).toEqual([
      `search/index.html:${line}: its Content-Security-Policy does not allow 'wasm-unsafe-eval', which search needs`,
      `search/index.html:${line}: its Content-Security-Policy in _headers does not allow 'wasm-unsafe-eval', which search needs`,
    ]);
  });

  it("Pagefind's worker without 'wasm-unsafe-eval' in _headers", () => {
    const { problems } = damaged(projects.root, [
      ['_headers', /(\/pagefind\/pagefind-worker\.js\n(?:.*\n)*?.*script-src 'self') 'wasm-unsafe-eval'/, '$1'],
    ]);
    expect(problems).toEqual([
      "_headers: gives Pagefind's worker /pagefind/pagefind-worker.js a Content-Security-Policy without 'wasm-unsafe-eval', which search needs",
    ]);
  });

  it("the search's list of parts missing, or not JSON", () => {
    const line = lineOf(projects.root, 'search/index.html', 'data-bundle=');
    expect(damaged(projects.root, [(dir) => rmSync(path.join(dir, 'pagefind/parts.json'))]).problems).toEqual([
      `search/index.html:${line}: its search has no list of the index's parts: pagefind/parts.json is missing`,
    ]);
    expect(
      damaged(projects.root, [(dir) => writeFileSync(path.join(dir, 'pagefind/parts.json'), '<!doctype html>')])
        .problems,
    ).toEqual([
      expect.stringMatching(
        new RegExp(
          `^search/index\\.html:${line}: its search's list of parts, pagefind/parts\\.json, does not parse as JSON \\(.+\\)$`,
        ),
      ),
    ]);
  });

  it("a part's folder missing, a part left out of the list, a part without its index chunks", () => {
    const line = lineOf(projects.root, 'search/index.html', 'data-bundle=');
    const listed = (dir: string, folders: string[]) => {
      const file = path.join(dir, 'pagefind/parts.json');
      const parts = JSON.parse(readFileSync(file, 'utf8')) as { parts: { folder: string }[] };
      writeFileSync(
        file,
        JSON.stringify({ ...parts, parts: folders.map((folder) => ({ ...parts.parts[0]!, folder })) }),
      );
    };
    // Listed, and its folder gone.
    expect(damaged(projects.root, [(dir) => listed(dir, ['pagefind', 'pagefind-oldest'])]).problems).toEqual([
      `search/index.html:${line}: pagefind/parts.json lists the part pagefind-oldest, which has no pagefind-oldest/pagefind-entry.json`,
    ]);
    // On disk, and not listed.
    expect(
      damaged(projects.root, [
        (dir) => cpSync(path.join(dir, 'pagefind'), path.join(dir, 'pagefind-closed'), { recursive: true }),
      ]).problems,
    ).toEqual([
      `search/index.html:${line}: pagefind/parts.json leaves out the part in pagefind-closed/, which search then never reads`,
    ]);
    expect(
      damaged(projects.root, [(dir) => rmSync(path.join(dir, 'pagefind/index'), { recursive: true })]).problems,
    ).toEqual([
      `search/index.html:${line}: pagefind/parts.json lists the part pagefind, which has no index chunks in pagefind/index/`,
    ]);
  });

  it('a page absent from the sitemap', () => {
    const { problems } = damaged(projects.root, [
      ['sitemap.xml', /<url><loc>https:\/\/horoscopes\.example\.com\/about\/<\/loc>.*?<\/url>/, ''],
    ]);
    expect(problems).toEqual([
      'about/index.html: is in no sitemap: no <loc> lists https://horoscopes.example.com/about/',
    ]);
  });

  it('a feed or a sitemap that is not XML, or a feed with a reference to a character XML forbids', () => {
    const { problems } = damaged(projects.root, [
      ['leo/feed.xml', '</title>', ''],
      ['virgo/feed.xml', '</title>', '&#xFFFF;</title>'],
      ['sitemap.xml', '<urlset', '<urlset <'],
    ]);
    expect(problems).toEqual([
      expect.stringMatching(/^leo\/feed\.xml:\d+: is not well-formed XML \(.+\)$/),
      expect.stringMatching(/^sitemap\.xml:2: is not well-formed XML \(.+\)$/),
      `virgo/feed.xml:${lineOf(projects.root, 'virgo/feed.xml', '</title>')}: is not well-formed XML (reference to a disallowed character in text of <title>: &#xFFFF;)`,
    ]);
  });

  it('JSON-LD that does not parse', () => {
    const { problems } = damaged(projects.root, [
      ['leo/index.html', '<script type="application/ld+json">{', '<script type="application/ld+json">{,'],
    ]);
    expect(problems).toEqual([expect.stringMatching(/^leo\/index\.html:\d+: its JSON-LD does not parse \(.+\)$/)]);
  });
});

describe('a damaged site of two languages fails the check', () => {
  it('a translation that does not link back', () => {
    // The English Leo page no longer names its Spanish original, which still names it.
    const { problems } = damaged(projects.bilingual, [
      ['en/leo/index.html', /<link rel="alternate" hreflang="es" [^>]*>\n/, ''],
    ]);
    const line = lineOf(projects.bilingual, 'leo/index.html', '<link rel="alternate" hreflang="en"');
    expect(problems).toEqual([
      `leo/index.html:${line}: its hreflang cluster is not reciprocal: en/leo/index.html names another set of translations`,
    ]);
  });

  it('pages that lost every hreflang link', () => {
    const stripped = (dir: string) => {
      for (const file of filesUnder(dir).filter((name) => name.endsWith('.html'))) {
        const html = readFileSync(path.join(dir, file), 'utf8');
        writeFileSync(
          path.join(dir, file),
          html.replace(/<link rel="alternate" hreflang="[^"]*" href="[^"]*">\n/g, ''),
        );
      }
    };
    expect(damaged(projects.bilingual, [stripped]).problems).toEqual([
      'index.html: no page names its translations (<link rel="alternate" hreflang>)',
    ]);
  });

  it("a page whose <html lang> is not its folder's language", () => {
    const { problems } = damaged(projects.bilingual, [['en/aries/index.html', '<html lang="en">', '<html lang="es">']]);
    expect(problems).toEqual([
      // Its translation names it as English.
      `aries/index.html:${lineOf(projects.bilingual, 'aries/index.html', '<link rel="alternate" hreflang="en"')}: its hreflang en names https://horoscopes.example.com/en/aries/, whose <html lang> is "es"`,
      'en/aries/index.html:2: <html lang="es"> is not the language of the pages in en/, en',
      `en/aries/index.html:${lineOf(projects.bilingual, 'en/aries/index.html', '<link rel="alternate" hreflang="en"')}: its hreflang en names https://horoscopes.example.com/en/aries/, whose <html lang> is "es"`,
    ]);
  });

  it('hreflang swapped the same way on both pages', () => {
    const swap = (file: string): Edit => [
      file,
      /hreflang="es" href="([^"]*)">\n<link rel="alternate" hreflang="en" href="([^"]*)">/,
      'hreflang="es" href="$2">\n<link rel="alternate" hreflang="en" href="$1">',
    ];
    const { problems } = damaged(projects.bilingual, [swap('leo/index.html'), swap('en/leo/index.html')]);
    const es = lineOf(projects.bilingual, 'leo/index.html', 'hreflang="es"');
    const en = lineOf(projects.bilingual, 'en/leo/index.html', 'hreflang="es"');
    expect(problems).toEqual([
      `en/leo/index.html:${en}: its hreflang es names https://horoscopes.example.com/en/leo/, whose <html lang> is "en"`,
      `en/leo/index.html:${en + 1}: its hreflang en names https://horoscopes.example.com/leo/, whose <html lang> is "es"`,
      `leo/index.html:${es}: its hreflang es names https://horoscopes.example.com/en/leo/, whose <html lang> is "en"`,
      `leo/index.html:${es + 1}: its hreflang en names https://horoscopes.example.com/leo/, whose <html lang> is "es"`,
    ]);
  });
});
