// The merged index ranks as one index of the whole archive would: a site of two languages over two years (the closed
// year's yearly reports in the quarters' part beside the main one) is built, and scripts/lib/bench-ranking.ts indexes
// the same pages again whole and runs a fixed set of queries in Pagefind's own search (its browser script, run by Node against the built files
// served over HTTP) on both, the parts merged and ranked by the search page's own functions. Each query must find
// the same pages, and the merged index's first five must be among the whole index's first five (counting every page
// tied with its fifth).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchPartsFile } from '../../src/cli/builder/search-index.ts';
import { FALLBACK_QUERIES, rankingAgreement } from '../../scripts/lib/bench-ranking.ts';
import { builtInTwoLanguages } from '../helpers/project-copy.ts';
import { removeDir } from '../helpers/remove-dir.ts';

/** A topic word per language folder, and the paths of the reports current on 2026-02-11 in either language. */
const TOPIC: Record<string, string> = { '': 'love', 'es/': 'amor' };
const CURRENT_REPORT = /^\/(es\/)?(weekly\/2026-w07|monthly\/2026-02|yearly\/2026|ascendant\/2026)\/[a-z]+\/$/;

let project = '';
beforeAll(async () => {
  // Sixteen weeks back from February: most of them in 2025, a closed year, whose yearly reports are a part of their own.
  project = await builtInTwoLanguages(
    {
      weekly: { past: 16, future: 0 },
      monthly: { past: 4, future: 0 },
      yearly: { past: 1, future: 0 },
      ascendantYearly: { past: 1, future: 0 },
    },
    '2026-02-11',
  );
});
afterAll(() => removeDir(project));

describe('the merged search index', () => {
  it('finds the pages one index of the whole archive finds, and ranks the first five as it does', async () => {
    const disagreements: string[] = [];
    let total = 0;
    const fallbackFinds: Record<string, number> = {};
    const firstForTopics: Record<string, string | undefined> = {};
    for (const folder of ['', 'es/']) {
      const dir = path.join(project, 'dist', folder);
      const list = JSON.parse(readFileSync(path.join(dir, 'pagefind', 'parts.json'), 'utf8')) as SearchPartsFile;
      expect(list.parts.map((part) => part.folder)).toEqual(['pagefind', 'pagefind-quarters']);
      const agreement = await rankingAgreement(dir);
      total += agreement.total;
      for (const query of FALLBACK_QUERIES.filter((query) => query in agreement.wholeFinds))
        fallbackFinds[`${folder || 'en'} ${query}`] = agreement.wholeFinds[query]!;
      firstForTopics[`${folder || 'en'} ${TOPIC[folder]!}`] = agreement.mergedFirst[TOPIC[folder]!]?.[0];
      disagreements.push(...agreement.disagreements.map((line) => `${folder || 'en'} ${line}`));
    }
    console.log(
      `search ranking: the first five agree on ${total - disagreements.length} of ${total} queries\n${disagreements.join('\n')}`,
    );
    expect(total).toBeGreaterThanOrEqual(20);
    expect(disagreements).toEqual([]);
    // A word no page spells still finds what the whole index finds for it, and that is some pages.
    expect(Object.keys(fallbackFinds)).toHaveLength(4);
    expect(Object.entries(fallbackFinds).filter(([, found]) => found === 0)).toEqual([]);
    // A topic word lists a current report first (the build's date, 2026-02-11, is in week 7 of 2026), not a chart,
    // a hub or an older report.
    for (const [query, first] of Object.entries(firstForTopics)) expect(first, query).toMatch(CURRENT_REPORT);
  });
});
