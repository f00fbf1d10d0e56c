// Which part of a language's search index each indexed page is in. Pagefind has no incremental index, so the index
// is split where the archive stops changing: the closed years but the oldest, together (they change when a year
// closes or leaves the window, about twice a year), the oldest closed year (the window's start moves through it
// week by week), and the main bundle, `pagefind/`, for the rest (the open years, the sign hubs, charts and editors'
// pages). A build indexes again only the parts whose pages changed; the search page merges them
// (templates/assets/search.js). Few parts keep a query's download small: each costs it an entry file, metadata and
// an index chunk per word. https://pagefind.app/docs/multisite/
import type { SiteModel } from './types.ts';
import { outputFile, SEARCH_FOLDER } from './urls.ts';

export interface SearchPart {
  /** Its folder in the language's output: `pagefind` (the main bundle), `pagefind-closed` or `pagefind-oldest`. */
  folder: string;
  /** Its pages, relative to the language's output, sorted: Pagefind numbers pages in the order they arrive. */
  pages: string[];
}

/** The closed years' folders, siblings of the main one so that no bundle's path starts another's. */
export const CLOSED_FOLDER = `${SEARCH_FOLDER}-closed`;
export const OLDEST_FOLDER = `${SEARCH_FOLDER}-oldest`;

/**
 * The year from which periods may still change: the earliest year of a period that is current or later (a week of
 * 2026 is current on 2027-01-01), or the build date's year. Every period of an earlier year has ended, and its
 * pages change no more (unless an editor or the service revises one: the build then indexes that part again).
 */
function firstOpenYear(model: SiteModel): number {
  const open = model.periodHubs.filter((hub) => hub.period.isCurrent || hub.period.start > model.site.buildDate);
  return Math.min(Number(model.site.buildDate.slice(0, 4)), ...open.map((hub) => hub.period.year));
}

/** The folder of each year's periods: the main one for the open years, else the oldest year's or the closed one. */
function folderOfYear(model: SiteModel): (year: number) => string {
  const open = firstOpenYear(model);
  const oldest = Math.min(...model.periodHubs.map((hub) => hub.period.year));
  return (year) => (year >= open ? SEARCH_FOLDER : year === oldest ? OLDEST_FOLDER : CLOSED_FOLDER);
}

/** The folders of `model`'s parts besides the main one, newest first. */
export function closedPartFolders(model: SiteModel): string[] {
  const folderOf = folderOfYear(model);
  const used = new Set(model.periodHubs.map((hub) => folderOf(hub.period.year)));
  return [CLOSED_FOLDER, OLDEST_FOLDER].filter((folder) => used.has(folder));
}

/**
 * Every indexed page of `model` (those with search filters) in exactly one part: a period's hub and reports in its
 * year's part, everything else in the main one. The main part comes first, always.
 */
export function searchParts(model: SiteModel): SearchPart[] {
  const folderOf = folderOfYear(model);
  const yearOf = new Map<string, number>();
  for (const hub of model.periodHubs) {
    for (const url of [hub.url, ...hub.pages.map((page) => page.url)]) yearOf.set(url, hub.period.year);
  }
  const parts = new Map<string, string[]>([[SEARCH_FOLDER, []]]);
  for (const folder of closedPartFolders(model)) parts.set(folder, []);
  for (const meta of Object.values(model.meta)) {
    if (!meta.searchFilters) continue;
    const year = yearOf.get(meta.url);
    parts.get(year === undefined ? SEARCH_FOLDER : folderOf(year))!.push(outputFile(meta.url, model.site.pathPrefix));
  }
  return [...parts].map(([folder, pages]) => ({ folder, pages: pages.sort() }));
}
