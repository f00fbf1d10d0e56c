// The merged index ranks as one index of the whole archive would: a site of two languages over two years (a closed
// year's part beside the main one) is built, the same pages indexed again whole, and a fixed set of queries run in
// Pagefind's own search (its browser script, run by Node against the built files served over HTTP) on both. Each
// query must find the same pages; the merged index's first five agree when they are among the whole index's first
// five (counting every page tied with its fifth). The share of queries that agree is printed and has a floor: each
// part ranks by its own word counts, so they do not always agree (docs/search.md).
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBuild } from '../../src/cli/run-build.ts';
import type { SearchPartsFile } from '../../src/cli/search-index.ts';
import { startStaticServer, type StaticServer } from '../../scripts/lib/static-server.ts';
import { copyProject } from '../helpers/project-copy.ts';
import { removeDir } from '../helpers/remove-dir.ts';

/** Queries in English and Spanish: signs, planets, rare words, words of one year only. */
const QUERIES: Record<string, string[]> = {
  '': ['leo', 'virgo', 'scorpio', 'aquarius', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'retrograde', 'moon', 'love', 'career', 'money', 'health', 'family', 'eclipse', 'patience'],
  es: ['leo', 'escorpio', 'mercurio', 'venus', 'marte', 'retrógrado', 'amor', 'trabajo', 'luna', 'familia'],
};

interface Found { url: string; score: number }
interface Search { options(o: object): Promise<void>; mergeIndex(p: string, o: object): Promise<void>; search(q: string): Promise<{ results: { score: number; data(): Promise<{ raw_url: string }> }[] }> }

let project = '';
let server: StaticServer;
beforeAll(async () => {
  project = copyProject({ periods: { weekly: { past: 60, future: 0 }, monthly: { past: 14, future: 0 }, yearly: { past: 1, future: 0 }, ascendantYearly: { past: 1, future: 0 } } });
  const siteFile = path.join(project, 'content/site.json');
  const { language: _language, ...site } = JSON.parse(readFileSync(siteFile, 'utf8')) as Record<string, unknown>;
  writeFileSync(siteFile, JSON.stringify({ ...site, languages: ['en', 'es'] }));
  const dist = path.join(project, 'dist');
  await runBuild({ rootDir: project, env: { ASTRO_BUILD_DATE: '2026-11-22' }, outputDir: dist, cacheDir: path.join(project, '.cache'), log: () => {}, warn: () => {} });
  server = await startStaticServer(dist, {});
}, 300_000);
afterAll(async () => {
  await server?.close();
  await removeDir(project);
});

/** Every indexed page of a language's folder (what the parts hold), indexed again as one bundle in `whole/`. */
async function wholeIndex(folder: string, parts: string[]): Promise<string> {
  const pagefind = await import('pagefind');
  const { index } = await pagefind.createIndex({});
  const dir = path.join(project, 'dist', folder);
  const pages: string[] = [];
  for (const part of parts) {
    const fragments = readdirSync(path.join(dir, part, 'fragment'));
    expect(fragments.length).toBeGreaterThan(0);
  }
  // The pages the build indexed: those whose <main> Pagefind reads, found as the build found them.
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
    if (file.endsWith('index.html') && readFileSync(path.join(dir, file), 'utf8').includes('data-pagefind-body')) pages.push(file);
  }
  for (const page of pages) await index!.addHTMLFile({ url: `/${page.replace(/(^|\/)index\.html$/, '$1')}`, content: readFileSync(path.join(dir, page), 'utf8') });
  await index!.writeFiles({ outputPath: path.join(dir, 'whole', 'pagefind') });
  await pagefind.close();
  return `${folder}whole/pagefind/`;
}

/** Pagefind's search script, as a module of its own (each copy keeps its own index). */
async function searchScript(folder: string, name: string): Promise<Search> {
  const copy = path.join(project, `${name}.mjs`);
  copyFileSync(path.join(project, 'dist', folder, 'pagefind', 'pagefind.js'), copy);
  return (await import(pathToFileURL(copy).href)) as Search;
}

async function results(pagefind: Search, query: string): Promise<Found[]> {
  const found = await pagefind.search(query);
  return Promise.all(found.results.map(async (result) => ({ url: (await result.data()).raw_url, score: result.score })));
}

describe('the merged search index', () => {
  it('finds the pages one index of the whole archive finds, with the same first five', async () => {
    let agreeing = 0;
    let total = 0;
    const disagreements: string[] = [];
    for (const [language, queries] of Object.entries(QUERIES)) {
      const folder = language ? `${language}/` : '';
      const list = JSON.parse(readFileSync(path.join(project, 'dist', folder, 'pagefind', 'parts.json'), 'utf8')) as SearchPartsFile;
      expect(list.parts.map((part) => part.folder)).toEqual(['pagefind-2025']);
      const merged = await searchScript(folder, `merged-${language}`);
      await merged.options({ basePath: `${server.url}/${folder}pagefind/`, ranking: list.ranking });
      for (const part of list.parts) await merged.mergeIndex(`${server.url}/${folder}${part.folder}/`, { ranking: list.ranking });
      const whole = await searchScript(folder, `whole-${language}`);
      await whole.options({ basePath: `${server.url}/${await wholeIndex(folder, ['pagefind', ...list.parts.map((part) => part.folder)])}`, ranking: list.ranking });
      for (const query of queries) {
        const [a, b] = [await results(merged, query), await results(whole, query)];
        expect(a.length, `${language} ${query}`).toBeGreaterThan(0);
        expect(a.map((r) => r.url).sort(), `${language} ${query}: the same pages`).toEqual(b.map((r) => r.url).sort());
        const fifth = b[Math.min(4, b.length - 1)]!.score;
        const top = new Set(b.filter((r) => r.score >= fifth).map((r) => r.url));
        const outside = a.slice(0, 5).filter((r) => !top.has(r.url)).map((r) => r.url);
        total += 1;
        if (outside.length === 0) agreeing += 1;
        else disagreements.push(`${language || 'en'} "${query}": ${outside.join(' ')} (whole: ${b.slice(0, 5).map((r) => r.url).join(' ')})`);
      }
    }
    console.log(`search ranking: first five agree on ${agreeing} of ${total} queries (${((100 * agreeing) / total).toFixed(0)} %)\n${disagreements.join('\n')}`);
    expect(total).toBeGreaterThanOrEqual(20);
    // Each part ranks by its own word counts (docs/search.md, "Ranking across parts"): measured 18 of 28 on this site.
    expect(agreeing / total).toBeGreaterThanOrEqual(0.6);
  }, 300_000);
});
