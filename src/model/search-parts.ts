// Which part of a language's search index each indexed page is in. Pagefind has no incremental index, so the index
// is split by how often its pages change, and a build indexes again only the parts whose pages changed:
// - the main bundle, `pagefind/`: what a new week changes: the open quarter's periods (the current ones and those to
//   come), each kind's oldest quarter (which the window's start moves through week by week) and the pages outside
//   any period (sign hubs, charts, editors' pages);
// - the quarters, `pagefind-quarters/`: the open years' ended quarters and the oldest year's other quarters, which
//   change when a quarter ends or the window's start leaves one (about twice a quarter);
// - the closed years, `pagefind-closed/`: the other years, which change when a year closes or leaves the window.
// The search page merges them (templates/assets/search.js). Three parts, no more: each costs a query an entry file,
// metadata and an index chunk per word (docs/search.md). https://pagefind.app/docs/multisite/
import type { PeriodInfo, SiteModel } from './types.ts';
import { outputFile, SEARCH_FOLDER } from './urls.ts';

export interface SearchPart {
  /** Its folder in the language's output: `pagefind` (the main bundle) or one of PART_FOLDERS. */
  folder: string;
  /** Its pages, relative to the language's output, sorted: Pagefind numbers pages in the order they arrive. */
  pages: string[];
}

/** The other parts' folders, siblings of the main one so that no bundle's path starts another's. */
export const CLOSED_FOLDER = `${SEARCH_FOLDER}-closed`;
export const QUARTERS_FOLDER = `${SEARCH_FOLDER}-quarters`;
export const PART_FOLDERS = [CLOSED_FOLDER, QUARTERS_FOLDER];

/**
 * A period's quarter as a number that orders them (`year * 4 + 0..3`): a week's is its Thursday's (as its ISO year
 * is), a month's its own; a year's periods (yearly, ascendant) have none.
 */
function quarterOf(period: PeriodInfo): number | undefined {
  if (period.kind === 'yearly' || period.kind === 'ascendantYearly') return undefined;
  const day = new Date(`${period.start}T00:00:00Z`);
  if (period.kind === 'weekly') day.setUTCDate(day.getUTCDate() + 3);
  return day.getUTCFullYear() * 4 + Math.floor(day.getUTCMonth() / 3);
}

/** A date's quarter, as quarterOf numbers them. */
const quarterOfDate = (date: string) => Number(date.slice(0, 4)) * 4 + Math.floor((Number(date.slice(5, 7)) - 1) / 3);

/**
 * The folder of each period's pages. A period is open while it or a period after it in its year (or quarter) is
 * current or still to come: the year from which periods may still change is the earliest year of a period that is
 * current or later (a week of 2026 is current on 2027-01-01), or the build date's; likewise the quarter. Every period
 * before has ended, and its pages change no more (unless an editor or the service revises one: the build then
 * indexes that part again).
 */
function folderOfPeriod(model: SiteModel): (period: PeriodInfo) => string {
  const periods = model.periodHubs.map((hub) => hub.period);
  const open = periods.filter((period) => period.isCurrent || period.start > model.site.buildDate);
  const openYear = Math.min(Number(model.site.buildDate.slice(0, 4)), ...open.map((period) => period.year));
  const openQuarter = Math.min(
    quarterOfDate(model.site.buildDate),
    ...open.flatMap((period) => quarterOf(period) ?? []),
  );
  // Each kind's window starts in its own quarter (520 weeks and 120 months end apart).
  const oldestQuarter = new Map<string, number>();
  for (const period of periods) {
    const quarter = quarterOf(period);
    if (quarter !== undefined)
      oldestQuarter.set(period.kind, Math.min(quarter, oldestQuarter.get(period.kind) ?? quarter));
  }
  const oldestYear = Math.min(...periods.map((period) => period.year));
  return (period) => {
    const quarter = quarterOf(period);
    if (quarter === undefined)
      return period.year >= openYear ? SEARCH_FOLDER : period.year === oldestYear ? QUARTERS_FOLDER : CLOSED_FOLDER;
    if (quarter >= openQuarter || quarter === oldestQuarter.get(period.kind)) return SEARCH_FOLDER;
    const yearOfOldest = Math.floor(oldestQuarter.get(period.kind)! / 4);
    return period.year >= openYear || Math.floor(quarter / 4) === yearOfOldest ? QUARTERS_FOLDER : CLOSED_FOLDER;
  };
}

/** The folders of `model`'s parts besides the main one, in PART_FOLDERS' order. */
export function closedPartFolders(model: SiteModel): string[] {
  const folderOf = folderOfPeriod(model);
  const used = new Set(model.periodHubs.map((hub) => folderOf(hub.period)));
  return PART_FOLDERS.filter((folder) => used.has(folder));
}

/**
 * Every indexed page of `model` (those with search filters) in exactly one part: a period's hub and reports in its
 * period's part, everything else in the main one. The main part comes first, always.
 */
export function searchParts(model: SiteModel): SearchPart[] {
  const folderOf = folderOfPeriod(model);
  const folderOfUrl = new Map<string, string>();
  for (const hub of model.periodHubs) {
    for (const url of [hub.url, ...hub.pages.map((page) => page.url)]) folderOfUrl.set(url, folderOf(hub.period));
  }
  const parts = new Map<string, string[]>([[SEARCH_FOLDER, []]]);
  for (const folder of closedPartFolders(model)) parts.set(folder, []);
  for (const meta of Object.values(model.meta)) {
    if (!meta.searchFilters) continue;
    parts.get(folderOfUrl.get(meta.url) ?? SEARCH_FOLDER)!.push(outputFile(meta.url, model.site.pathPrefix));
  }
  return [...parts].map(([folder, pages]) => ({ folder, pages: pages.sort() }));
}
