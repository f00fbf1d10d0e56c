// `npm run check` on sites the build wrote: it passes on a site at a domain's root, on one under a path and on one
// of two languages (Spanish first), and a damaged copy of their output fails it with one line naming the page and
// the problem. Three small sites (the current period of each kind), built once for the whole file.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSite } from '../../src/cli/check-site.ts';
import { loadConfig } from '../../src/data/config.ts';
import { CURRENT_PERIODS, copyProject, runScript } from '../helpers/project-copy.ts';
import { removeDir } from '../helpers/remove-dir.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const projects = { root: '', prefixed: '', bilingual: '' };

/** A copy of the project whose content/site.json is the fixture's with `change` applied. */
function projectWith(change: (site: Record<string, unknown>) => Record<string, unknown>): string {
  const project = copyProject({ periods: CURRENT_PERIODS });
  const file = path.join(project, 'content/site.json');
  writeFileSync(file, JSON.stringify(change(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)));
  return project;
}

beforeAll(async () => {
  projects.root = projectWith((site) => site);
  projects.prefixed = projectWith((site) => ({ ...site, url: 'https://example.github.io/horoscopes/' }));
  projects.bilingual = projectWith(({ language: _language, ...site }) => ({ ...site, languages: ['es', 'en'] }));
  const runs = await Promise.all(Object.values(projects).map((project) => runScript(project, 'build.ts', { ASTRO_BUILD_DATE: '2026-11-22' }).done));
  for (const run of runs) expect(run.code, run.stderr).toBe(0);
});
afterAll(async () => {
  for (const project of Object.values(projects)) if (project) await removeDir(project);
});

/** `npm run check` in `project`, on its dist/ or on `folder`. */
const check = (project: string, folder?: string) => runScript(project, 'check.ts', {}, folder ? [folder] : []).done;

/**
 * A copy of `project`'s dist/ with each `[file, text, replacement]` edit made (the text must be there), and what the
 * check finds in it, read as the command reads the project's content/site.json.
 */
function damaged(project: string, edits: ReadonlyArray<readonly [file: string, text: string | RegExp, replacement: string]>): { dir: string; problems: string[] } {
  const dir = path.join(tempDir('damaged-'), 'dist');
  cpSync(path.join(project, 'dist'), dir, { recursive: true });
  for (const [file, text, replacement] of edits) {
    const before = readFileSync(path.join(dir, file), 'utf8');
    const after = before.replace(text, replacement);
    if (after === before) throw new Error(`${file} has no ${text}`);
    writeFileSync(path.join(dir, file), after);
  }
  return { dir, problems: checkSite(dir, loadConfig(project, {}).site).problems };
}

describe('npm run check on what the build wrote', () => {
  it('passes on a site at a domain\'s root, saying what it checked', async () => {
    const run = await check(projects.root);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^Checked dist\/: 125 pages, 12 feeds, 1 sitemap, \d{4,} links; no problem found\.\n$/);
    expect(run.code).toBe(0);
  });

  it('passes on a site under a path', async () => {
    const run = await check(projects.prefixed);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^Checked dist\/: 125 pages, 12 feeds, 1 sitemap, \d{4,} links; no problem found\.\n$/);
  });

  it('passes on a site of two languages, Spanish first', async () => {
    const run = await check(projects.bilingual);
    expect(run.stderr).toBe('');
    // Each language's pages and feeds, a sitemap each and their index, each with its 404 page.
    expect(run.stdout).toMatch(/^Checked dist\/: 248 pages, 24 feeds, 3 sitemaps, \d{4,} links; no problem found\.\n$/);
  });

  it('fails with one line per problem, each naming the page, and a last line counting them', async () => {
    const { dir } = damaged(projects.root, [
      ['weekly/2026-w47/leo/index.html', 'href="/virgo/"', 'href="/virgo-x/"'],
      ['about/index.html', '</body>', '<script>document.title = "x";</script></body>'],
    ]);
    const run = await check(projects.root, dir);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(/^about\/index\.html: has inline script: a <script> without src \(line \d+\)$/),
      'weekly/2026-w47/leo/index.html: broken link /virgo-x/ (no such file)',
      expect.stringMatching(/^Check failed: 2 problems in .*\/dist\/ \(125 pages, 12 feeds, 1 sitemap, \d+ links checked\)\.$/),
    ]);
    expect(run.code).toBe(1);
  });

  it('names a folder that holds no built site', async () => {
    const run = await check(projects.root, tempDir('empty-'));
    expect(run.stderr).toMatch(/^Check failed: .*empty-\w+ holds no built site \(no index\.html\): run npm run build first\n$/);
    expect(run.code).toBe(1);
  });
});

describe('a damaged site fails the check, naming the page and the problem', () => {
  it('a broken internal link, in a page and in a feed', () => {
    const { problems } = damaged(projects.root, [
      ['weekly/2026-w47/leo/index.html', 'href="/virgo/"', 'href="/virgo-x/"'],
      ['leo/feed.xml', '/weekly/2026-w47/leo/', '/weekly/2026-w46/leo/'],
    ]);
    expect(problems).toEqual([
      'leo/feed.xml: broken link https://horoscopes.example.com/weekly/2026-w46/leo/ (no such file)',
      'weekly/2026-w47/leo/index.html: broken link /virgo-x/ (no such file)',
    ]);
  });

  it('a link of a site under a path that misses the path', () => {
    const { problems } = damaged(projects.prefixed, [['aries/index.html', 'href="/horoscopes/virgo/"', 'href="/virgo/"']]);
    expect(problems).toEqual(['aries/index.html: broken link /virgo/ (not under /horoscopes/)']);
  });

  it('HTML whose element is not closed', () => {
    const { problems } = damaged(projects.root, [['charts/index.html', '</main>', '']]);
    expect(problems).toEqual([expect.stringMatching(/^charts\/index\.html: is not well-formed HTML: <main> is not closed \(line \d+\)$/)]);
  });

  it('an inline script, or an event handler attribute', () => {
    const { problems } = damaged(projects.root, [
      ['about/index.html', '</body>', '<script>document.title = "x";</script></body>'],
      ['privacy/index.html', '<main id="main"', '<main onclick="alert(1)" id="main"'],
    ]);
    expect(problems).toEqual([
      expect.stringMatching(/^about\/index\.html: has inline script: a <script> without src \(line \d+\)$/),
      expect.stringMatching(/^privacy\/index\.html: has inline script: the onclick attribute of a <main> \(line \d+\)$/),
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
      expect.stringMatching(/^search\/index\.html: its Content-Security-Policy does not allow its script \/assets\/search\.[0-9a-f]{8}\.js$/),
      'weekly/2026-w47/leo/index.html: its Content-Security-Policy in _headers does not allow its script https://cdn.example/x.js',
    ]);
  });

  it('a page whose Content-Security-Policy allows a script source none of its scripts needs, or has none', () => {
    const { problems } = damaged(projects.root, [
      ['aries/index.html', 'script-src &#39;self&#39;', 'script-src &#39;self&#39; https://cdn.example &#39;unsafe-inline&#39;'],
      ['virgo/index.html', /<meta http-equiv="Content-Security-Policy"[^>]*>/, ''],
    ]);
    expect(problems).toEqual([
      'aries/index.html: its Content-Security-Policy allows script source https://cdn.example, which none of its scripts needs',
      "aries/index.html: its Content-Security-Policy allows script source 'unsafe-inline', which none of its scripts needs",
      'virgo/index.html: has no Content-Security-Policy (<meta http-equiv="Content-Security-Policy">)',
    ]);
  });

  it('a feed or a sitemap that is not XML', () => {
    const { problems } = damaged(projects.root, [
      ['leo/feed.xml', '</title>', ''],
      ['sitemap.xml', '<urlset', '<urlset <'],
    ]);
    expect(problems).toEqual([
      expect.stringMatching(/^leo\/feed\.xml: is not well-formed XML \(.+\)$/),
      expect.stringMatching(/^sitemap\.xml: is not well-formed XML \(.+\)$/),
    ]);
  });

  it('JSON-LD that does not parse', () => {
    const { problems } = damaged(projects.root, [['leo/index.html', '<script type="application/ld+json">{', '<script type="application/ld+json">{,']]);
    expect(problems).toEqual([expect.stringMatching(/^leo\/index\.html: its JSON-LD does not parse \(.+\)$/)]);
  });

  it('a translation that does not link back', () => {
    // The English Leo page no longer names its Spanish original, which still names it.
    const { problems } = damaged(projects.bilingual, [['en/leo/index.html', /<link rel="alternate" hreflang="es" [^>]*>\n/, '']]);
    expect(problems).toEqual(['leo/index.html: its hreflang cluster is not reciprocal: en/leo/index.html names another set of translations']);
  });
});
