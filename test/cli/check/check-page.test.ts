// The page rule of `npm run check` (src/cli/check/check-page.ts) on pages written here: `<html lang>` read as BCP 47
// reads it, whatever its case (a `pt-BR` site may write `pt-br`), and a policy's source with a path allows scripts
// under that path alone.
import { describe, expect, it } from 'vitest';
import { pagePolicyProblems, pageRule } from '../../../src/cli/check/check-page.ts';
import { readPage } from '../../../src/cli/check/read-page.ts';
import { siteFile, type Problem } from '../../../src/cli/check/site-rule.ts';
import { siteAddress } from '../../../src/model/urls.ts';

const ORIGIN = 'https://example.org';
const POLICY = `<meta http-equiv="Content-Security-Policy" content="script-src 'self'">`;
const page = (lang: string) =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">${POLICY}<title>T</title></head><body><p>x</p></body></html>`;

/** The problems the page rule finds in `html` at `name` of a site in English and Brazilian Portuguese. */
function problemsOf(name: string, html: string): string[] {
  const problems: Problem[] = [];
  const rule = pageRule({
    dir: '/nowhere',
    files: new Set([name]),
    published: siteAddress(`${ORIGIN}/`),
    site: { url: `${ORIGIN}/`, language: 'en', languages: ['en', 'pt-BR'] },
    headerPolicy: () => undefined,
    counts: { pages: 0, feeds: 0, sitemaps: 0, links: 0 },
    report: (problem) => void problems.push(problem),
  });
  rule.visit(siteFile('/nowhere', name, ORIGIN, () => html));
  return problems.map(({ message }) => message);
}

describe("a page's language", () => {
  it('is the language of its folder in any case', () => {
    expect(problemsOf('pt-br/index.html', page('pt-BR'))).toEqual([]);
    expect(problemsOf('pt-br/index.html', page('pt-br'))).toEqual([]);
    expect(problemsOf('index.html', page('EN'))).toEqual([]);
  });

  it("fails when it is another language's", () => {
    expect(problemsOf('pt-br/index.html', page('en'))).toEqual([
      '<html lang="en"> is not the language of the pages in pt-br/, pt-BR',
    ]);
    expect(problemsOf('index.html', page('pt-BR'))).toEqual([
      '<html lang="pt-BR"> is not the language of the pages in the root, en',
    ]);
  });
});

describe("a policy's source with a path", () => {
  const read = (scripts: string[]) =>
    readPage(
      `<!doctype html><html lang="en"><head><title>T</title>${scripts.map((src) => `<script src="${src}"></script>`).join('')}</head></html>`,
      { origin: ORIGIN },
    );
  const policy = `script-src 'self' https://cdn.example.net/lib/`;

  it('allows the scripts under its path', () => {
    expect(pagePolicyProblems(read(['https://cdn.example.net/lib/a.js']), ORIGIN, policy)).toEqual([
      'has no Content-Security-Policy (<meta http-equiv="Content-Security-Policy">)',
    ]);
  });

  it('refuses a script of its origin outside its path, or beside it', () => {
    for (const src of ['https://cdn.example.net/other/a.js', 'https://cdn.example.net/library.js']) {
      expect(pagePolicyProblems(read([src]), ORIGIN, policy)).toContain(
        `its Content-Security-Policy in _headers does not allow its script ${src}`,
      );
    }
  });
});
