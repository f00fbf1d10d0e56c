// How the merged search index ranks against one index of the whole archive: every page a language's parts hold is
// indexed again as one bundle beside it, and the same queries run in Pagefind's own search (its browser script,
// run by Node against the built files served over HTTP) on both. A query agrees when the merged index finds the same
// pages and its first five are among the whole index's first five (counting every page tied with its fifth).
// Each part ranks by its own word counts, so they do not always agree (docs/search.md, "Ranking across parts").
// The ranking here is Pagefind's merged search as the search page calls it (templates/assets/search.js): a change
// to how that page orders merged results must be mirrored in `mergedResults`.
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SearchPartsFile } from '../../src/cli/search-index.ts';
import { startStaticServer } from './static-server.ts';

/**
 * Queries per language: signs, planets, rare words, words of one year only. One list for the benchmark and
 * test/commands/search-ranking.test.ts (TODO for the test: import it from here instead of its own copy).
 */
export const RANKING_QUERIES: Readonly<Record<string, readonly string[]>> = {
  en: ['leo', 'virgo', 'scorpio', 'aquarius', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'retrograde', 'moon', 'love', 'career', 'money', 'health', 'family', 'eclipse', 'patience'],
  es: ['leo', 'escorpio', 'mercurio', 'venus', 'marte', 'retrógrado', 'amor', 'trabajo', 'luna', 'familia'],
};

export interface RankingAgreement {
  agreeing: number;
  total: number;
  /** One line per query that does not agree: what the merged index put first that the whole one did not. */
  disagreements: string[];
}

interface Found { url: string; score: number }
interface Pagefind {
  options(o: object): Promise<void>;
  mergeIndex(p: string, o: object): Promise<void>;
  search(q: string): Promise<{ results: { score: number; data(): Promise<{ raw_url: string }> }[] }>;
}

/**
 * The agreement of `languageDir`'s merged index (a built language's folder: `dist/`, or `dist/es/` for a second
 * language) with one index of all its indexed pages, over `queries` (by default RANKING_QUERIES of its `<html lang>`).
 */
export async function rankingAgreement(languageDir: string, queries?: readonly string[]): Promise<RankingAgreement> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'astro-ranking-'));
  const site = await startStaticServer(languageDir);
  const whole = await startStaticServer(await wholeIndex(languageDir, path.join(scratch, 'whole')));
  try {
    const list = JSON.parse(readFileSync(path.join(languageDir, 'pagefind', 'parts.json'), 'utf8')) as SearchPartsFile;
    const merged = await searchScript(languageDir, path.join(scratch, 'merged.mjs'));
    await merged.options({ basePath: `${site.url}/pagefind/`, ranking: list.ranking });
    for (const part of list.parts) await merged.mergeIndex(`${site.url}/${part.folder}/`, { ranking: list.ranking });
    const one = await searchScript(languageDir, path.join(scratch, 'whole.mjs'));
    await one.options({ basePath: `${whole.url}/`, ranking: list.ranking });
    const result: RankingAgreement = { agreeing: 0, total: 0, disagreements: [] };
    for (const query of queries ?? queriesOf(languageDir)) {
      const [a, b] = [await results(merged, query), await results(one, query)];
      result.total += 1;
      const disagreement = compare(a, b);
      if (disagreement) result.disagreements.push(`"${query}": ${disagreement}`);
      else result.agreeing += 1;
    }
    return result;
  } finally {
    await Promise.all([site.close(), whole.close()]);
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Why the merged results `a` disagree with the whole index's `b`, or undefined when they agree. */
function compare(a: Found[], b: Found[]): string | undefined {
  if (a.length === 0 && b.length === 0) return undefined;
  const sorted = (list: Found[]) => list.map((r) => r.url).sort().join(' ');
  if (sorted(a) !== sorted(b)) return `${a.length} pages found, the whole index ${b.length}`;
  const fifth = b[Math.min(4, b.length - 1)]!.score;
  const top = new Set(b.filter((r) => r.score >= fifth).map((r) => r.url));
  const outside = a.slice(0, 5).filter((r) => !top.has(r.url)).map((r) => r.url);
  return outside.length === 0 ? undefined : `${outside.join(' ')} (whole: ${b.slice(0, 5).map((r) => r.url).join(' ')})`;
}

function queriesOf(languageDir: string): readonly string[] {
  const lang = /<html[^>]*\slang="([a-z]+)/.exec(readFileSync(path.join(languageDir, 'index.html'), 'utf8'))?.[1] ?? '';
  const queries = RANKING_QUERIES[lang];
  if (!queries) throw new Error(`ranking: no queries for the language "${lang}" of ${path.join(languageDir, 'index.html')}`);
  return queries;
}

/**
 * Every page of `languageDir` the build indexed (those whose <main> Pagefind reads), indexed again as one bundle in
 * `outputPath`. Another language's folder inside it (one with its own `pagefind/`) is left out.
 */
async function wholeIndex(languageDir: string, outputPath: string): Promise<string> {
  const pagefind = await import('pagefind');
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new Error(`ranking: Pagefind could not start: ${errors.join('; ')}`);
  try {
    const otherLanguages = readdirSync(languageDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(path.join(languageDir, entry.name, 'pagefind', 'parts.json')))
      .map((entry) => `${entry.name}/`);
    const files = readdirSync(languageDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('index.html') && !otherLanguages.some((dir) => file.startsWith(dir)));
    for (const file of files.sort()) {
      const content = readFileSync(path.join(languageDir, file), 'utf8');
      if (content.includes('data-pagefind-body')) await index.addHTMLFile({ url: `/${file.replace(/(^|\/)index\.html$/, '$1')}`, content });
    }
    await index.writeFiles({ outputPath });
  } finally {
    await pagefind.close();
  }
  return outputPath;
}

/** Pagefind's search script, as a module of its own at `copy` (each copy keeps its own index). */
async function searchScript(languageDir: string, copy: string): Promise<Pagefind> {
  copyFileSync(path.join(languageDir, 'pagefind', 'pagefind.js'), copy);
  return (await import(pathToFileURL(copy).href)) as Pagefind;
}

async function results(pagefind: Pagefind, query: string): Promise<Found[]> {
  const found = await pagefind.search(query);
  return Promise.all(found.results.map(async (result) => ({ url: (await result.data()).raw_url, score: result.score })));
}
