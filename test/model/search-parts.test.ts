// The parts of the search index: every indexed page in exactly one part, a closed year's periods in their year's
// part, and everything that may still change (the open years, the hubs of signs, charts and pages) in the main one.
import { describe, expect, it } from 'vitest';
import { monthPeriod, weekPeriod, yearPeriod } from '../../src/data/periods.ts';
import { closedPartFolders, searchParts } from '../../src/model/search-parts.ts';
import { buildSiteModel } from '../../src/model/site-model.ts';
import type { SiteModel } from '../../src/model/types.ts';
import { outputFile } from '../../src/model/urls.ts';
import { messages, planned, reports, signs, site } from './fixture.ts';

const PERIODS = [
  weekPeriod(2024, 52), weekPeriod(2025, 1), weekPeriod(2025, 52), weekPeriod(2026, 1), weekPeriod(2026, 53),
  monthPeriod(2024, 12), monthPeriod(2025, 6), monthPeriod(2026, 12),
  yearPeriod('yearly', 2024), yearPeriod('yearly', 2025), yearPeriod('yearly', 2026), yearPeriod('ascendantYearly', 2025),
];
const about = { slug: 'about', url: '/about/', title: 'About', order: 1, html: '<p>Us.</p>', file: 'content/pages/about.md' };

function modelOn(buildDate: string): SiteModel {
  return buildSiteModel(planned({ site, messages, buildDate, sampleContent: false, signs, reports: PERIODS.map((p) => reports(p)), staticPages: [about] }));
}

/** How many parts hold each indexed page, and the pages the parts hold that the model does not index. */
function placements(model: SiteModel): { counts: Map<string, number>; strays: string[] } {
  const indexed = Object.values(model.meta).filter((meta) => meta.searchFilters).map((meta) => outputFile(meta.url));
  const counts = new Map(indexed.map((page) => [page, 0]));
  const strays: string[] = [];
  for (const part of searchParts(model)) {
    for (const page of part.pages) {
      if (counts.has(page)) counts.set(page, counts.get(page)! + 1);
      else strays.push(page);
    }
  }
  return { counts, strays };
}

describe('searchParts', () => {
  it.each(['2026-11-22', '2027-01-01', '2027-01-05'])('puts every indexed page in exactly one part (built on %s)', (date) => {
    const model = modelOn(date);
    const { counts, strays } = placements(model);
    expect(counts.size).toBeGreaterThan(100);
    expect([...counts].filter(([, count]) => count !== 1)).toEqual([]);
    expect(strays).toEqual([]);
  });

  it('puts the oldest closed year in its part, the other closed years together, and what may still change in the main one', () => {
    const parts = Object.fromEntries(searchParts(modelOn('2026-11-22')).map((part) => [part.folder, part.pages]));
    expect(Object.keys(parts)).toEqual(['pagefind', 'pagefind-closed', 'pagefind-oldest']);
    expect(parts['pagefind-oldest']!.filter((page) => !/^(weekly\/2024-w52|monthly\/2024-12|yearly\/2024)\//.test(page))).toEqual([]);
    expect(parts['pagefind-oldest']).toContain('weekly/2024-w52/leo/index.html');
    expect(parts['pagefind-closed']).toEqual(expect.arrayContaining(['ascendant/2025/leo/index.html', 'weekly/2025-w52/index.html', 'weekly/2025-w01/leo/index.html']));
    expect(parts['pagefind-closed']!.filter((page) => !/^[a-z]+\/2025/.test(page))).toEqual([]);
    expect(parts.pagefind).toEqual(expect.arrayContaining(['leo/index.html', 'about/index.html', 'weekly/2026-w01/leo/index.html', 'yearly/2026/leo/index.html']));
    expect(parts.pagefind!.filter((page) => /^[a-z]+\/(2024|2025)/.test(page))).toEqual([]);
  });

  it("names the closed parts on the search page, which tells a list of parts that lacks one by them", () => {
    expect(modelOn('2026-11-22').meta['/search/']!.search).toEqual({ bundle: '/pagefind/pagefind.js', closedParts: ['pagefind-closed', 'pagefind-oldest'] });
  });

  it('keeps a year open while one of its periods is current: week 53 of 2026 on 2027-01-01', () => {
    const yearsOf = (date: string, folder: string) => [...new Set(searchParts(modelOn(date)).find((part) => part.folder === folder)?.pages.map((page) => /\/(\d{4})/.exec(page)?.[1]))];
    expect(closedPartFolders(modelOn('2027-01-01'))).toEqual(['pagefind-closed', 'pagefind-oldest']);
    expect(yearsOf('2027-01-01', 'pagefind-closed')).toEqual(['2025']);
    expect(yearsOf('2027-01-05', 'pagefind-closed')).toEqual(['2025', '2026']);
    expect(yearsOf('2027-01-05', 'pagefind-oldest')).toEqual(['2024']);
  });

  it('has no part but the main one while every period is of an open year', () => {
    const model = buildSiteModel(planned({ site, messages, buildDate: '2026-11-22', sampleContent: false, signs, reports: [reports(weekPeriod(2026, 47))], staticPages: [about] }));
    expect(closedPartFolders(model)).toEqual([]);
    expect(searchParts(model).map((part) => part.folder)).toEqual(['pagefind']);
    expect(model.meta['/search/']!.search!.closedParts).toEqual([]);
  });

  it('gives each part a path no other part starts with, so Pagefind merges every one', () => {
    const paths = searchParts(modelOn('2027-01-05')).map((part) => `/${part.folder}/`);
    expect(paths.filter((a) => paths.some((b) => a !== b && b.startsWith(a)))).toEqual([]);
  });
});
