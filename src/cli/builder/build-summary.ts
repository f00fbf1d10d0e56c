// What a build says when it is done: the summary lines in the log, and the same as Markdown for the CI job's summary
// page (GITHUB_STEP_SUMMARY), with a line of advice when the site's address calls for one.
import { siteAddress } from '../../model/urls.ts';
import type { FetchSummary } from './prepare-site.ts';

export interface BuildSummary extends FetchSummary {
  /** HTML pages published, of which `rendered` were rendered and `reused` taken from the last build's output. */
  pages: number;
  rendered: number;
  reused: number;
  seconds: number;
}

/**
 * Advice on the site's address, one line each: a site under a path publishes a robots.txt crawlers never read,
 * as they read it only at the host's root (RFC 9309, https://www.rfc-editor.org/rfc/rfc9309#section-2.3).
 */
export function addressNotes(siteUrl: string): string[] {
  const { origin, pathPrefix } = siteAddress(siteUrl);
  if (pathPrefix === '/') return [];
  return [
    `${origin}${pathPrefix}robots.txt is not read by crawlers, which read only ${origin}/robots.txt: see "robots.txt under a path" in docs/deployment.md`,
  ];
}

export function formatSummary(s: BuildSummary, siteUrl: string): string {
  return [
    `Build summary: ${s.pages} pages in ${s.seconds.toFixed(1)} s (rendered ${s.rendered}, reused ${s.reused} from the last build)`,
    `  requests sent ${s.requests} (retried ${s.retries}, re-authentications ${s.reauths})`,
    ...(s.requestsByLanguage ? [`  requests per language: ${perLanguage(s.requestsByLanguage)}`] : []),
    `  periods served from cache ${s.fromCache}, stale ${s.stale.length}${s.stale.length ? ` (${s.stale.join(', ')})` : ''}`,
    ...addressNotes(siteUrl).map((note) => `  note: ${note}`),
  ].join('\n');
}

/** `en 16, es 16` */
function perLanguage(requests: Record<string, number>): string {
  return Object.entries(requests)
    .map(([language, count]) => `${language} ${count}`)
    .join(', ');
}

export function markdownSummary(s: BuildSummary, siteUrl: string): string {
  return [
    '### Horoscope site build',
    '',
    '| pages | rendered | reused | requests | retried | re-authentications | periods from cache | stale periods | seconds |',
    '|---|---|---|---|---|---|---|---|---|',
    `| ${s.pages} | ${s.rendered} | ${s.reused} | ${s.requests} | ${s.retries} | ${s.reauths} | ${s.fromCache} | ${s.stale.length ? s.stale.join(', ') : 'none'} | ${s.seconds.toFixed(1)} |`,
    '',
    ...(s.requestsByLanguage ? [`Requests per language: ${perLanguage(s.requestsByLanguage)}.`, ''] : []),
    ...(s.reused === 0
      ? [
          'Every page was rendered: there was no earlier build to take unchanged pages from (a first run, an evicted cache, `--full`), or every page changed.',
          '',
        ]
      : []),
    ...addressNotes(siteUrl).flatMap((note) => [`**Note:** ${note}.`, '']),
  ].join('\n');
}
