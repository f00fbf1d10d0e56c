// When each report page was first published and when its text last changed, kept between builds in
// one small JSON file beside the response cache, so feeds, JSON-LD and the sitemap carry true dates. Dates are
// whole days (`YYYY-MM-DD`) and never later than the build's reference date.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from './write-atomic.ts';

/** The file's name in the cache's service folder (`ResponseCache.dir`). */
const PAGE_DATES_FILE = 'page-dates.json';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');
const pageRecordSchema = z.strictObject({
  firstSeen: day,
  hash: z.string().min(1),
  changed: day,
  introHash: z.string().min(1),
  introChanged: day,
});
const historySchema = z.record(z.string().startsWith('/'), pageRecordSchema);

/**
 * One page's history: the build that first published it, the hash of its report and the build that last changed
 * it, and the same for its intro alone (what hubs and the home page quote of it).
 */
type PageRecord = z.infer<typeof pageRecordSchema>;
/** By page URL (`/weekly/2026-w47/leo/`). */
export type PageHistory = Record<string, PageRecord>;

/** What the update step needs of a page: its URL, its text's hash, and its period's first day. */
interface PageVersion {
  url: string;
  /** Of the whole report (intro and text), and of the intro alone. */
  hash: string;
  introHash: string;
  periodStart: string;
}

export interface PageDates {
  /** `YYYY-MM-DD`: the day a build first published the page. */
  published: string;
  /** `YYYY-MM-DD`: the day a build first published its present text. */
  updated: string;
  /** `YYYY-MM-DD`: the day a build first published its present intro, which the pages quoting it show. */
  introUpdated: string;
}

/** The history file of a cache's service folder: histories of different services never mix, like their answers. */
export function pageDatesFile(cacheServiceDir: string): string {
  return path.join(cacheServiceDir, PAGE_DATES_FILE);
}

/** A hash of what a page shows as its report (intro and text, as rendered). */
export function contentHash(...parts: string[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

const earlier = (a: string, b: string): string => (a < b ? a : b);
const later = (a: string, b: string): string => (a > b ? a : b);

/**
 * The dates of this build's pages and the history to keep after it is published. A page the history knows keeps
 * its first day, and its last change unless its hash differs (then it changed today). A new page is published
 * today; in a cold build (no history at all) a page whose period has started counts from the period's first day.
 * Pure: the same inputs give the same output.
 */
export function updatePageDates(
  history: PageHistory,
  pages: PageVersion[],
  buildDate: string,
): { dates: Map<string, PageDates>; history: PageHistory } {
  const cold = Object.keys(history).length === 0;
  // Pages that left the window keep their record: if they come back, they keep their dates.
  const next: PageHistory = { ...history };
  const dates = new Map<string, PageDates>();
  for (const page of pages) {
    const known = history[page.url];
    const record = known
      ? revisedRecord(known, page, buildDate)
      : newRecord(page, cold ? earlier(page.periodStart, buildDate) : buildDate);
    next[page.url] = record;
    dates.set(page.url, { published: record.firstSeen, updated: record.changed, introUpdated: record.introChanged });
  }
  return { dates, history: next };
}

function newRecord(page: PageVersion, firstSeen: string): PageRecord {
  return { firstSeen, hash: page.hash, changed: firstSeen, introHash: page.introHash, introChanged: firstSeen };
}

/** Never later than this build (a build dated before the history moves dates back to its own day). */
function revisedRecord(known: PageRecord, page: PageVersion, buildDate: string): PageRecord {
  const firstSeen = earlier(known.firstSeen, buildDate);
  const since = (sameHash: boolean, day: string) => later(sameHash ? earlier(day, buildDate) : buildDate, firstSeen);
  return {
    firstSeen,
    hash: page.hash,
    changed: since(known.hash === page.hash, known.changed),
    introHash: page.introHash,
    introChanged: since(known.introHash === page.introHash, known.introChanged),
  };
}

/**
 * The history in `file`: none yet is an empty history; a damaged file is treated as absent too (the response cache
 * does the same), with `problem` naming it for a warning.
 */
export async function loadPageHistory(file: string): Promise<{ history: PageHistory; problem?: string }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { history: {} };
    return { history: {}, problem: `${file}: ${(error as Error).message}` };
  }
  try {
    const json: unknown = JSON.parse(text);
    if (isHistory(json)) return { history: json };
    const parsed = historySchema.safeParse(json);
    if (parsed.success) return { history: parsed.data };
    return { history: {}, problem: `${file}: ${describeIssue(parsed.error.issues[0]!)}` };
  } catch (error) {
    return { history: {}, problem: `${file}: ${(error as Error).message}` };
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * What `historySchema` accepts, checked by hand: in a third of the time zod took over a ten-year archive's history
 * (7,900 pages), on every build (docs/performance.md, "Incremental builds"). Zod names what is wrong.
 */
function isHistory(value: unknown): value is PageHistory {
  if (!isObject(value)) return false;
  for (const url in value) if (!url.startsWith('/') || !isPageRecord(value[url])) return false;
  return true;
}

function isPageRecord(value: unknown): value is PageRecord {
  if (!isObject(value) || Object.keys(value).length !== 5) return false;
  const { firstSeen, hash, changed, introHash, introChanged } = value;
  const isDay = (day: unknown) => typeof day === 'string' && DAY.test(day);
  const isHash = (text: unknown) => typeof text === 'string' && text.length > 0;
  return isDay(firstSeen) && isHash(hash) && isDay(changed) && isHash(introHash) && isDay(introChanged);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first thing wrong with the file, in one line. */
function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.path.length === 0) return 'must be a JSON object of page dates by page URL';
  if (issue.code === 'invalid_key') return `${String(issue.path[0])}: is not a page URL (it must start with "/")`;
  return `${issue.path.map(String).join('.')}: ${issue.message}`;
}

/** Writes the history atomically (write, then rename), pages in URL order so the file diffs well. */
export async function savePageHistory(file: string, history: PageHistory): Promise<void> {
  const sorted = Object.fromEntries(Object.entries(history).sort(([a], [b]) => (a < b ? -1 : 1)));
  await writeFileAtomic(file, `${JSON.stringify(sorted, null, 1)}\n`);
}
