// Which part of a language's search index each indexed page is in. Pagefind has no incremental index, so the index
// is split where the archive stops changing: one bundle per closed year (its periods' report pages and hubs) and the
// main bundle, `pagefind/`, for the rest (the open years, the sign hubs, charts and editors' pages). A build indexes
// again only the parts whose pages changed; the search page merges them (templates/assets/search.js).
// https://pagefind.app/docs/multisite/
import type { SiteModel } from './types.ts';
import { outputFile } from './urls.ts';

/** The main bundle's folder in a language's output; src/model/urls.ts SEARCH_BUNDLE names its script there. */
export const SEARCH_FOLDER = 'pagefind';

export interface SearchPart {
  /** Its folder in the language's output: `pagefind` (the main bundle) or `pagefind-2024` (a closed year). */
  folder: string;
  /** Its pages, relative to the language's output, sorted: Pagefind numbers pages in the order they arrive. */
  pages: string[];
}

/** A closed year's folder: a sibling of the main one, so neither bundle's path is a prefix of the other's. */
export function closedPartFolder(year: number): string {
  return `${SEARCH_FOLDER}-${year}`;
}

/**
 * The year from which periods may still change: the earliest year of a period that is current or later (a week of
 * 2026 is current on 2027-01-01), or the build date's year. Every period of an earlier year has ended, and its
 * pages change no more (unless an editor or the service revises one: the build then indexes that part again).
 */
function firstOpenYear(model: SiteModel): number {
  const open = model.periodHubs.filter((hub) => hub.period.isCurrent || hub.period.start > model.site.buildDate);
  return Math.min(Number(model.site.buildDate.slice(0, 4)), ...open.map((hub) => hub.period.year));
}

/** The closed years' folders of `model`, oldest first: the parts besides the main bundle. */
export function closedPartFolders(model: SiteModel): string[] {
  const open = firstOpenYear(model);
  const years = new Set(model.periodHubs.map((hub) => hub.period.year).filter((year) => year < open));
  return [...years].sort((a, b) => a - b).map(closedPartFolder);
}

/**
 * Every indexed page of `model` (those with search filters) in exactly one part: a period's hub and reports in their
 * year's part when that year is closed, everything else in the main one. The main part comes first, always.
 */
export function searchParts(model: SiteModel): SearchPart[] {
  const open = firstOpenYear(model);
  const yearOf = new Map<string, number>();
  for (const hub of model.periodHubs) {
    for (const url of [hub.url, ...hub.pages.map((page) => page.url)]) yearOf.set(url, hub.period.year);
  }
  const parts = new Map<string, string[]>([[SEARCH_FOLDER, []]]);
  for (const folder of closedPartFolders(model)) parts.set(folder, []);
  for (const meta of Object.values(model.meta)) {
    if (!meta.searchFilters) continue;
    const year = yearOf.get(meta.url);
    const folder = year !== undefined && year < open ? closedPartFolder(year) : SEARCH_FOLDER;
    parts.get(folder)!.push(outputFile(meta.url, model.site.pathPrefix));
  }
  return [...parts].map(([folder, pages]) => ({ folder, pages: pages.sort() }));
}
