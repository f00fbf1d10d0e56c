// The parts of the search index: every indexed page in exactly one part, by how often its pages change: a new week
// changes the main part alone (the open quarter, the window's oldest quarter, the hubs of signs, charts and pages),
// an ended quarter the quarters' part too, and a year closing the closed years' part.
import { describe, expect, it } from 'vitest';
import { isoWeekOf, monthPeriod, parseIsoDate, weekPeriod, yearPeriod } from '../../src/data/periods.ts';
import { closedPartFolders, searchParts } from '../../src/model/search-parts.ts';
import { buildSiteModel } from '../../src/model/site-model.ts';
import type { SiteModel } from '../../src/model/types.ts';
import { outputFile } from '../../src/model/urls.ts';
import { messages, planned, reports, signs, site } from './fixture.ts';

const PERIODS = [
  weekPeriod(2024, 52),
  weekPeriod(2025, 1),
  weekPeriod(2025, 52),
  weekPeriod(2026, 1),
  weekPeriod(2026, 53),
  monthPeriod(2024, 12),
  monthPeriod(2025, 6),
  monthPeriod(2026, 12),
  yearPeriod('yearly', 2024),
  yearPeriod('yearly', 2025),
  yearPeriod('yearly', 2026),
  yearPeriod('ascendantYearly', 2025),
];
const about = {
  slug: 'about',
  url: '/about/',
  title: 'About',
  order: 1,
  html: '<p>Us.</p>',
  file: 'content/pages/about.md',
};

function modelOn(buildDate: string): SiteModel {
  return buildSiteModel(
    planned({
      site,
      messages,
      buildDate,
      sampleContent: false,
      signs,
      reports: PERIODS.map((p) => reports(p)),
      staticPages: [about],
    }),
  );
}

/** How many parts hold each indexed page, and the pages the parts hold that the model does not index. */
function placements(model: SiteModel): { counts: Map<string, number>; strays: string[] } {
  const indexed = Object.values(model.meta)
    .filter((meta) => meta.searchFilters)
    .map((meta) => outputFile(meta.url));
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
  it.each(['2026-11-22', '2027-01-01', '2027-01-05'])(
    'puts every indexed page in exactly one part (built on %s)',
    (date) => {
      const model = modelOn(date);
      const { counts, strays } = placements(model);
      expect(counts.size).toBeGreaterThan(100);
      expect([...counts].filter(([, count]) => count !== 1)).toEqual([]);
      expect(strays).toEqual([]);
    },
  );

  it("puts the open and the oldest quarter with the main part, the open and the oldest year's other quarters together, and the other closed years together", () => {
    const parts = Object.fromEntries(searchParts(modelOn('2026-11-22')).map((part) => [part.folder, part.pages]));
    expect(Object.keys(parts)).toEqual(['pagefind', 'pagefind-closed', 'pagefind-quarters']);
    const periodsOf = (folder: string) =>
      [
        ...new Set(
          parts[folder]!.filter((page) => !page.startsWith('calendar/')).flatMap(
            (page) => /^([a-z]+\/\d{4}(-w?\d\d)?)\//.exec(page)?.[1] ?? [],
          ),
        ),
      ].sort();
    // Week 52 of 2024 and December 2024, the window's first quarter, which loses a week each week; the open quarter.
    expect(periodsOf('pagefind')).toEqual([
      'monthly/2024-12',
      'monthly/2026-12',
      'weekly/2024-w52',
      'weekly/2026-w53',
      'yearly/2026',
    ]);
    expect(parts.pagefind).toEqual(
      expect.arrayContaining([
        'leo/index.html',
        'about/index.html',
        'calendar/2024-01/index.html',
        'calendar/2027/index.html',
      ]),
    );
    // The open year's ended quarter (week 1 of 2026) and the oldest year's page of its own.
    expect(periodsOf('pagefind-quarters')).toEqual(['weekly/2026-w01', 'yearly/2024']);
    expect(periodsOf('pagefind-closed')).toEqual([
      'ascendant/2025',
      'monthly/2025-06',
      'weekly/2025-w01',
      'weekly/2025-w52',
      'yearly/2025',
    ]);
  });

  it('names the closed parts on the search page, which tells a list of parts that lacks one by them', () => {
    expect(modelOn('2026-11-22').meta['/search/']!.search).toEqual({
      bundle: '/pagefind/pagefind.js',
      closedParts: ['pagefind-closed', 'pagefind-quarters'],
    });
  });

  it('keeps a year and its quarter open while one of its periods is current: week 53 of 2026 on 2027-01-01', () => {
    const periodsOf = (date: string, folder: string) =>
      [
        ...new Set(
          searchParts(modelOn(date))
            .find((part) => part.folder === folder)
            ?.pages.filter((page) => !page.startsWith('calendar/'))
            .flatMap((page) => /^[a-z]+\/(\d{4}(-w?\d\d)?)/.exec(page)?.[1] ?? []),
        ),
      ].sort();
    expect(closedPartFolders(modelOn('2027-01-01'))).toEqual(['pagefind-closed', 'pagefind-quarters']);
    expect(periodsOf('2027-01-01', 'pagefind-closed')).toEqual(['2025', '2025-06', '2025-w01', '2025-w52']);
    expect(periodsOf('2027-01-01', 'pagefind-quarters')).toEqual(['2024', '2026-w01']);
    expect(periodsOf('2027-01-01', 'pagefind')).toEqual(['2024-12', '2024-w52', '2026', '2026-12', '2026-w53']);
    expect(periodsOf('2027-01-05', 'pagefind-closed')).toEqual([
      '2025',
      '2025-06',
      '2025-w01',
      '2025-w52',
      '2026',
      '2026-12',
      '2026-w01',
      '2026-w53',
    ]);
    expect(periodsOf('2027-01-05', 'pagefind')).toEqual(['2024-12', '2024-w52']);
  });

  describe('on an archive of two years and more, week after week', () => {
    /** The periods a site of 110 past weeks, 26 past months and 2 past years publishes on `date`, a Monday: two closed years and more. */
    function archiveOn(date: string): SiteModel {
      const day = parseIsoDate(date);
      const weeks = Array.from({ length: 112 }, (_, i) =>
        isoWeekOf(new Date(day.getTime() - (i - 1) * 7 * 86_400_000)),
      );
      const months = Array.from(
        { length: 28 },
        (_, i) => new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() - i + 1, 1)),
      );
      const periods = [
        ...weeks.map(({ year, week }) => weekPeriod(year, week)),
        ...months.map((month) => monthPeriod(month.getUTCFullYear(), month.getUTCMonth() + 1)),
        ...[0, 1, 2].map((back) => yearPeriod('yearly', day.getUTCFullYear() - back)),
      ];
      return buildSiteModel(
        planned({
          site,
          messages,
          buildDate: date,
          sampleContent: false,
          signs,
          reports: periods.map((p) => reports(p)),
          staticPages: [about],
        }),
      );
    }
    const pagesOf = (date: string) =>
      Object.fromEntries(searchParts(archiveOn(date)).map((part) => [part.folder, part.pages]));
    const changed = (before: Record<string, string[]>, after: Record<string, string[]>) =>
      [...new Set([...Object.keys(before), ...Object.keys(after)])]
        .filter((folder) => JSON.stringify(before[folder]) !== JSON.stringify(after[folder]))
        .sort();

    it('changes the main part alone in a new week within a quarter, a small one', () => {
      const before = pagesOf('2026-11-16');
      const after = pagesOf('2026-11-23');
      expect(changed(before, after)).toEqual(['pagefind']);
      // What a new week indexes again: a quarter or less of the archive (about a year and a half before).
      expect(after.pagefind!.length).toBeLessThan(Object.values(after).flat().length / 4);
    });

    it("changes the quarters' part when a quarter ends, and the closed years' only when a year closes", () => {
      // Week 41 of 2026 is the first whose build date and periods (October, week 41) are all of the fourth quarter.
      expect(changed(pagesOf('2026-09-28'), pagesOf('2026-10-05'))).toEqual(['pagefind', 'pagefind-quarters']);
      // Week 1 of 2027 closes 2026.
      expect(changed(pagesOf('2026-12-28'), pagesOf('2027-01-04'))).toContain('pagefind-closed');
    });
  });

  it('has no part but the main one while every period is of an open year', () => {
    const model = buildSiteModel(
      planned({
        site,
        messages,
        buildDate: '2026-11-22',
        sampleContent: false,
        signs,
        reports: [reports(weekPeriod(2026, 47))],
        staticPages: [about],
      }),
    );
    expect(closedPartFolders(model)).toEqual([]);
    expect(searchParts(model).map((part) => part.folder)).toEqual(['pagefind']);
    expect(model.meta['/search/']!.search!.closedParts).toEqual([]);
  });

  it('gives each part a path no other part starts with, so Pagefind merges every one', () => {
    const paths = searchParts(modelOn('2027-01-05')).map((part) => `/${part.folder}/`);
    expect(paths.filter((a) => paths.some((b) => a !== b && b.startsWith(a)))).toEqual([]);
  });
});
