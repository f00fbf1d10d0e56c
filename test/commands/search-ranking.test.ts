// The merged index ranks as one index of the whole archive would: a site of two languages over two years (a closed
// year's part beside the main one) is built, the same pages indexed again whole, and a fixed set of queries run in
// Pagefind's own search (its browser script, run by Node against the built files served over HTTP) on both, the
// parts merged and re-ranked by the search page's own functions. Each query must find the same pages, and the merged
// index's first five must be among the whole index's first five (counting every page tied with its fifth).
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBuild } from '../../src/cli/run-build.ts';
import type { SearchPartsFile } from '../../src/cli/search-index.ts';
import { startStaticServer, type StaticServer } from '../../scripts/lib/static-server.ts';
import { copyProject } from '../helpers/project-copy.ts';
import { removeDir } from '../helpers/remove-dir.ts';
import { mergeParts, rankedSearch } from '../../templates/assets/search.js';

/** Queries in English and Spanish: signs, planets, rare words, words of one year only. */
const QUERIES: Record<string, string[]> = {
  '': ['leo', 'virgo', 'scorpio', 'aquarius', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'retrograde', 'moon', 'love', 'career', 'money', 'health', 'family', 'eclipse', 'patience', '2025', 'mercury retrograde', 'leo love', 'saturn career money'],
  es: ['leo', 'escorpio', 'mercurio', 'venus', 'marte', 'retrógrado', 'amor', 'trabajo', 'luna', 'familia', '2025', 'amor familia'],
};

interface Result { id: string; score: number; data(): Promise<{ raw_url: string }> }
interface Search { options(o: object): Promise<void>; mergeIndex(p: string, o: object): Promise<void>; search(q: string, o?: object): Promise<{ results: Result[] }> }

let project = '';
let server: StaticServer;
beforeAll(async () => {
  project = copyProject({ periods: { weekly: { past: 16, future: 0 }, monthly: { past: 4, future: 0 }, yearly: { past: 1, future: 0 }, ascendantYearly: { past: 1, future: 0 } } });
  const siteFile = path.join(project, 'content/site.json');
  const { language: _language, ...site } = JSON.parse(readFileSync(siteFile, 'utf8')) as Record<string, unknown>;
  writeFileSync(siteFile, JSON.stringify({ ...site, languages: ['en', 'es'] }));
  const dist = path.join(project, 'dist');
  await runBuild({ rootDir: project, env: { ASTRO_BUILD_DATE: '2026-02-11' }, outputDir: dist, cacheDir: path.join(project, '.cache'), log: () => {}, warn: () => {} });
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

async function urls(found: Result[]): Promise<string[]> {
  return Promise.all(found.map(async (result) => (await result.data()).raw_url));
}

describe('the merged search index', () => {
  it('finds the pages one index of the whole archive finds, and ranks the first five as it does', async () => {
    const disagreements: string[] = [];
    let total = 0;
    for (const [language, queries] of Object.entries(QUERIES)) {
      const folder = language ? `${language}/` : '';
      const list = JSON.parse(readFileSync(path.join(project, 'dist', folder, 'pagefind', 'parts.json'), 'utf8')) as SearchPartsFile;
      expect(list.parts.map((part) => part.folder)).toEqual(['pagefind', 'pagefind-oldest']);
      const merged = await searchScript(folder, `merged-${language}`);
      await mergeParts(merged, list, (part: { folder: string }) => `${server.url}/${folder}${part.folder}/`);
      const whole = await searchScript(folder, `whole-${language}`);
      await whole.options({ basePath: `${server.url}/${await wholeIndex(folder, list.parts.map((part) => part.folder))}`, ranking: list.ranking });
      for (const query of queries) {
        const [ranked, wholeResults] = [(await rankedSearch(merged, query, list.parts)) as Result[], (await whole.search(query)).results];
        expect(ranked.length, `${language} ${query}`).toBeGreaterThan(0);
        const [a, b] = [await urls(ranked), await urls(wholeResults)];
        expect([...a].sort(), `${language} ${query}: the same pages`).toEqual([...b].sort());
        // The whole index's first five, and every page tied with its fifth (its scores are 32-bit floats).
        const fifth = wholeResults[Math.min(4, b.length - 1)]!.score * (1 - 1e-5);
        const top = new Set(b.filter((_, i) => wholeResults[i]!.score >= fifth));
        const outside = a.slice(0, 5).filter((url) => !top.has(url));
        total += 1;
        if (outside.length) disagreements.push(`${language || 'en'} "${query}": ${outside.join(' ')} (whole: ${b.slice(0, 5).join(' ')})`);
      }
    }
    console.log(`search ranking: the first five agree on ${total - disagreements.length} of ${total} queries\n${disagreements.join('\n')}`);
    expect(total).toBeGreaterThanOrEqual(20);
    expect(disagreements).toEqual([]);
  }, 300_000);
});
