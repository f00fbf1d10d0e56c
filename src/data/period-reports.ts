// A period's twelve reports as pages show them: the one type from the fetch (fetch-reports.ts) to the site model.
// Their HTML is read when a page needs it: a copy the cache keeps may be known by its digest alone until then
// (src/incremental/answer-digests.ts), so a build that keeps the published output never reads it.
import { hash } from 'node:crypto';
import type { Period } from './periods.ts';

export type ReportSource = 'network' | 'cache' | 'stale';

/** A report's `intro` and `text` as pages show them (sanitize.ts `reportHtml`), before any editor's override. */
export interface ReportHtml {
  intro: string;
  text: string;
}

export interface PeriodReports {
  period: Period;
  source: ReportSource;
  /** `htmlDigest` of their HTML: what stands for it where only a change matters (src/incremental/input-digest.ts). */
  digest: string;
  /** Their HTML as published, indexed by sign_id; read from the cache the first time a page needs it. */
  html(): ReportHtml[];
  /** Why a stale copy was served: the failed request's one-line message. */
  problem?: string;
  /** The answer was JSON of the wrong shape: the service may have changed its format. */
  shapeChanged?: boolean;
}

/** The digest of a period's HTML as published. */
export function htmlDigest(html: readonly ReportHtml[]): string {
  return hash('sha256', JSON.stringify(html), 'base64url');
}

/** Reports whose HTML is at hand (answered, or read from the cache). */
export function reportsOf(
  period: Period,
  source: ReportSource,
  html: ReportHtml[],
  extra: Pick<PeriodReports, 'problem' | 'shapeChanged'> = {},
): PeriodReports {
  return { period, source, digest: htmlDigest(html), html: () => html, ...extra };
}

/** Reports known by their digest, whose HTML `read` gives the first time it is needed. */
export function unreadReports(
  period: Period,
  source: ReportSource,
  digest: string,
  read: () => ReportHtml[],
): PeriodReports {
  let html: ReportHtml[] | undefined;
  return { period, source, digest, html: () => (html ??= read()) };
}
