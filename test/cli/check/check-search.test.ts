// The search rule of `npm run check` (src/cli/check/check-search.ts) on a real index of two parts written by the
// build's own indexer: it passes, and a part that lacks Pagefind's metadata file fails it, naming the file, for the
// browser could not load that part.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSearchIndex } from '../../../src/cli/builder/search-index.ts';
import { searchRule } from '../../../src/cli/check/check-search.ts';
import { siteFile, type Problem } from '../../../src/cli/check/site-rule.ts';
import { filesUnder } from '../../../src/data/files-under.ts';
import { siteAddress } from '../../../src/model/urls.ts';
import { tempDir } from '../../helpers/temp-dir.ts';

const ORIGIN = 'https://example.org';
const page = (body: string) =>
  `<!doctype html><html lang="en"><head><title>x</title></head><body>${body}</body></html>`;
let dir = '';

beforeAll(async () => {
  dir = tempDir('check-search-');
  const pages = ['weekly/2026-w47/index.html', 'yearly/2020/index.html'];
  for (const [i, file] of pages.entries()) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(
      path.join(dir, file),
      page(`<main data-pagefind-body><h1>Page ${i}</h1><p>Mercury retrograde ${i}.</p></main>`),
    );
  }
  await writeSearchIndex({
    outputDir: dir,
    parts: [
      { folder: 'pagefind', pages: pages.slice(0, 1) },
      { folder: 'pagefind-closed', pages: pages.slice(1) },
    ],
    files: {},
    renderer: '',
  });
  mkdirSync(path.join(dir, 'search'));
  writeFileSync(
    path.join(dir, 'search/index.html'),
    page('<div id="search-results" data-bundle="/pagefind/pagefind.js"></div>'),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What the search rule finds in the site, with `without` taken out of its files. */
function problemsWithout(without: (file: string) => boolean): string[] {
  const problems: Problem[] = [];
  const rule = searchRule({
    dir,
    files: new Set(filesUnder(dir).filter((file) => !without(file))),
    published: siteAddress(`${ORIGIN}/`),
    site: { url: `${ORIGIN}/`, language: 'en' },
    headerPolicy: () => undefined,
    counts: { pages: 0, feeds: 0, sitemaps: 0, links: 0 },
    report: (problem) => void problems.push(problem),
  });
  rule.visit(siteFile(dir, 'search/index.html', ORIGIN));
  return problems.map(({ file, message }) => `${file}: ${message}`);
}

describe("the search's parts", () => {
  it('pass when every part has its entry file, metadata and chunks', () => {
    expect(problemsWithout(() => false)).toEqual([]);
  });

  it("fail when a part lacks Pagefind's metadata file, naming it", () => {
    expect(problemsWithout((file) => file.startsWith('pagefind-closed/') && file.endsWith('.pf_meta'))).toEqual([
      expect.stringMatching(
        /^search\/index\.html: pagefind\/parts\.json lists the part pagefind-closed, which lacks its metadata pagefind-closed\/pagefind\.en_[0-9a-f]+\.pf_meta$/,
      ),
    ]);
  });

  it('fail when the list of parts lists none, or a part without its folder: a search page with no index', () => {
    const file = path.join(dir, 'pagefind/parts.json');
    const written = readFileSync(file, 'utf8');
    try {
      for (const parts of ['{"parts": []}', '{}', '{"parts": {}}', '{"parts": [{"folder": 1}]}', '{"parts": [null]}']) {
        writeFileSync(file, parts);
        expect(
          problemsWithout(() => false),
          parts,
        ).toEqual([
          "search/index.html: its search's list of parts, pagefind/parts.json, lists no parts, each with its folder",
        ]);
      }
    } finally {
      writeFileSync(file, written);
    }
  });

  it('fail when a part has no index chunks', () => {
    expect(problemsWithout((file) => file.startsWith('pagefind/index/'))).toEqual([
      'search/index.html: pagefind/parts.json lists the part pagefind, which has no index chunks in pagefind/index/',
    ]);
  });
});
