// How the merged search index ranks against one index of the whole archive: every page a language's parts hold is
// indexed again as one bundle beside it, and the same queries run in Pagefind's own search (its browser script,
// run by Node against the built files served over HTTP) on both, the parts merged and ranked by the search page's
// own functions (templates/assets/search.js). A query agrees when the merged index finds the same pages and its
// first five are among the whole index's first five (counting every page tied with its fifth). The benchmark prints
// the agreement; test/commands/search-ranking.test.ts requires every query to agree.
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SearchPartsFile } from '../../src/cli/builder/search-index.ts';
import { servedPath } from '../../src/model/urls.ts';
import { startStaticServer } from './static-server.ts';
import { mergeParts, rankedSearch } from '../../templates/assets/search.js';

/**
 * Queries per language: signs, planets, common and rarer words, words of one part alone (a year, an annular eclipse:
 * where a part lacks the word, Pagefind matches a shorter word it starts with), several words at once, and words no
 * page spells (FALLBACK_QUERIES).
 */
export const RANKING_QUERIES: Readonly<Record<string, readonly string[]>> = {
  en: [
    'leo',
    'virgo',
    'scorpio',
    'aquarius',
    'mercury',
    'venus',
    'mars',
    'jupiter',
    'saturn',
    'retrograde',
    'moon',
    'love',
    'career',
    'money',
    'health',
    'family',
    'eclipse',
    'patience',
    '2025',
    '2026',
    'annular',
    'restless',
    'mercury retrograde',
    'leo love',
    'saturn career money',
    'annular eclipse',
    '2030',
    'saturnine',
  ],
  es: [
    'leo',
    'escorpio',
    'mercurio',
    'venus',
    'marte',
    'retrógrado',
    'amor',
    'trabajo',
    'luna',
    'familia',
    '2025',
    '2026',
    'anular',
    'orgulloso',
    'amor familia',
    '2030',
    'saturnino',
  ],
};

/**
 * The queries no page spells, which every index matches by a shorter word they start with ("2030" by "20"): the merged
 * index must too, though no part holds the word. The whole index must find pages for each, or they test nothing.
 */
export const FALLBACK_QUERIES: readonly string[] = ['2030', 'saturnine', 'saturnino'];

export interface RankingAgreement {
  agreeing: number;
  total: number;
  /** One line per query that does not agree: what the merged index put first that the whole one did not. */
  disagreements: string[];
  /** How many pages the whole index finds for each query. */
  wholeFinds: Record<string, number>;
  /** The merged index's first five pages for each query, as the search page lists them. */
  mergedFirst: Record<string, string[]>;
}

interface Found {
  url: string;
  score: number;
}
interface Result {
  score: number;
  data(): Promise<{ raw_url: string }>;
}
interface Pagefind {
  options(o: object): Promise<void>;
  mergeIndex(p: string, o: object): Promise<void>;
  search(q: string, o?: object): Promise<{ results: Result[] }>;
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
    await mergeParts(merged, list, (part: { folder: string }) => `${site.url}/${part.folder}/`);
    const one = await searchScript(languageDir, path.join(scratch, 'whole.mjs'));
    await one.options({ basePath: `${whole.url}/`, ranking: list.ranking });
    const result: RankingAgreement = { agreeing: 0, total: 0, disagreements: [], wholeFinds: {}, mergedFirst: {} };
    for (const query of queries ?? queriesOf(languageDir)) {
      const [a, b] = [
        await found((await rankedSearch(merged, query, list.parts)).ranked as Result[]),
        await found((await one.search(query)).results),
      ];
      result.total += 1;
      result.wholeFinds[query] = b.length;
      result.mergedFirst[query] = a.slice(0, 5).map((r) => r.url);
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
  const sorted = (list: Found[]) =>
    list
      .map((r) => r.url)
      .sort()
      .join(' ');
  if (sorted(a) !== sorted(b)) return `${a.length} pages found, the whole index ${b.length}`;
  // Pagefind's scores are 32-bit floats: a page within a millionth of the fifth's score ties with it.
  const fifth = b[Math.min(4, b.length - 1)]!.score * (1 - 1e-5);
  const top = new Set(b.filter((r) => r.score >= fifth).map((r) => r.url));
  const outside = a
    .slice(0, 5)
    .filter((r) => !top.has(r.url))
    .map((r) => r.url);
  return outside.length === 0
    ? undefined
    : `${outside.join(' ')} (whole: ${b
        .slice(0, 5)
        .map((r) => r.url)
        .join(' ')})`;
}

function queriesOf(languageDir: string): readonly string[] {
  const lang = /<html[^>]*\slang="([a-z]+)/.exec(readFileSync(path.join(languageDir, 'index.html'), 'utf8'))?.[1] ?? '';
  const queries = RANKING_QUERIES[lang];
  if (!queries)
    throw new Error(`ranking: no queries for the language "${lang}" of ${path.join(languageDir, 'index.html')}`);
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
      .filter(
        (entry) => entry.isDirectory() && existsSync(path.join(languageDir, entry.name, 'pagefind', 'parts.json')),
      )
      .map((entry) => `${entry.name}/`);
    const files = readdirSync(languageDir, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('index.html') && !otherLanguages.some((dir) => file.startsWith(dir)),
    );
    for (const file of files.sort()) {
      const content = readFileSync(path.join(languageDir, file), 'utf8');
      if (content.includes('data-pagefind-body')) await index.addHTMLFile({ url: servedPath(file), content });
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

/** The URL of each result, and its score as Pagefind gave it (for the whole index: the tie with the fifth). */
function found(results: Result[]): Promise<Found[]> {
  return Promise.all(results.map(async (result) => ({ url: (await result.data()).raw_url, score: result.score })));
}
