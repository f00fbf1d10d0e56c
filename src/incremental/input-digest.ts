// What a language's pages are made of, as a digest (as Astro's content layer keeps a digest per entry, here one
// per language): a build whose every language has the digest the published build recorded, on the same day or a
// later one, would write the same bytes, so it keeps the published output (src/cli/builder/run-build.ts).
// https://docs.astro.build/en/reference/content-loader-reference/#digest
import { createHash, hash } from 'node:crypto';
import type { PageHistory } from '../data/page-dates.ts';
import { isCurrent } from '../data/periods.ts';
import type { SiteModelInput } from '../model/types.ts';

function digest(text: string): string {
  return hash('sha256', text, 'base64url');
}

/**
 * Everything `buildSiteModel` reads but the page history and the build date, with what the model takes from the
 * date in its place: which periods are current, the copyright's year, and the day, whose sky the home page shows. The page dates follow from the history
 * (`inputDigest`): with the same reports they stay as it has them, unless the day goes back (page-dates.ts).
 * `renderer` stands for what renders the model (src/incremental/render-plan.ts).
 */
export function contentDigest(input: SiteModelInput, renderer: string): string {
  const { buildDate, reports, pageHistory: _history, ...rest } = input;
  const hasher = createHash('sha256').update(
    JSON.stringify({ renderer, year: buildDate.slice(0, 4), day: buildDate, ...rest }),
  );
  // A period's HTML by its digest, which may stand for it unread (src/incremental/answer-digests.ts).
  for (const report of reports) {
    hasher.update(
      `\n${JSON.stringify({ period: report.period, current: isCurrent(report.period, buildDate), html: report.digest })}`,
    );
  }
  return hasher.digest('base64url');
}

/** A language's digest: its content's and the page history its pages are dated from, in URL order as it is saved. */
export function inputDigest(content: string, history: PageHistory | undefined): string {
  const pages = Object.entries(history ?? {}).sort(([a], [b]) => (a < b ? -1 : 1));
  return digest(`${content}\n${JSON.stringify(pages)}`);
}

/** The site's: its languages' digests, in order. */
export function siteDigest(languages: readonly string[]): string {
  return digest(languages.join('\n'));
}
