// True dates, checked through the build: built on 2026-11-22, then rebuilt on 2026-11-23 after the service
// revised one current report (Leo's November text). Every date in the feeds, the sitemap and JSON-LD of both
// builds is read back and compared, and the revised one in the JSON Feed and the JSON API; the expected days are
// worked out by hand in the comments.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIGN_SLUGS } from '../../src/data/signs.ts';
import { REVISION_PARAGRAPH } from '../../src/sample-service/faults.ts';
import { buildProject } from '../helpers/build-project.ts';
import { useProjectAndService } from '../helpers/project-copy.ts';
import { childrenNamed, childText, parseXml } from '../../src/cli/check/xml.ts';

const SITE_URL = 'https://horoscopes.example.com';
const credentials = { username: 'owner', password: 'dates-secret' };
const context = useProjectAndService(credentials);
const day = (d: string) => `${d}T00:00:00Z`;

interface SiteDates {
  /** Feed `<updated>` by sign. */
  feeds: Record<string, string>;
  /** Report URL → its feed entry's dates. */
  entries: Record<string, { published: string; updated: string }>;
  /** Report URL → its JSON-LD dates. */
  articles: Record<string, { published: string; updated: string }>;
  /** Every sitemap URL → its lastmod (undefined when it has none). */
  lastmod: Record<string, string | undefined>;
}

/** The build on `date` against the test's sample service; fails the test if the build fails. */
async function build(date: string): Promise<void> {
  const env = {
    ASTRO_API_URL: context.service.url,
    ASTRO_API_USERNAME: credentials.username,
    ASTRO_API_PASSWORD: credentials.password,
    ASTRO_BUILD_DATE: date,
  };
  // No date is in the search index.
  const run = await buildProject(context.project, env, { searchIndex: false });
  expect(run.error).toBeUndefined();
}

const read = (relative: string) => readFileSync(path.join(context.project, 'dist', relative), 'utf8');

function jsonLdArticle(html: string): Record<string, unknown> {
  const m = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  return (JSON.parse(m![1]!) as { '@graph': Record<string, unknown>[] })['@graph'][0]!;
}

/** Every date the built site publishes, by where it is. */
function readDates(): SiteDates {
  const dates: SiteDates = { feeds: {}, entries: {}, articles: {}, lastmod: {} };
  for (const slug of SIGN_SLUGS) {
    const feed = parseXml(read(`${slug}/feed.xml`));
    dates.feeds[slug] = childText(feed, 'updated')!;
    for (const entry of childrenNamed(feed, 'entry')) {
      dates.entries[childText(entry, 'id')!.slice(SITE_URL.length)] = {
        published: childText(entry, 'published')!,
        updated: childText(entry, 'updated')!,
      };
    }
  }
  for (const url of childrenNamed(parseXml(read('sitemap.xml')), 'url')) {
    const pathname = childText(url, 'loc')!.slice(SITE_URL.length);
    dates.lastmod[pathname] = childText(url, 'lastmod');
    const article = jsonLdArticle(read(`${pathname}index.html`));
    if (article['@type'] === 'Article')
      dates.articles[pathname] = { published: String(article.datePublished), updated: String(article.dateModified) };
  }
  return dates;
}

function allDates(dates: SiteDates): string[] {
  return [
    ...Object.values(dates.feeds),
    ...Object.values(dates.entries).flatMap((d) => [d.published, d.updated]),
    ...Object.values(dates.articles).flatMap((d) => [d.published, d.updated]),
    ...Object.values(dates.lastmod).filter((d) => d !== undefined),
  ];
}

describe('dates across a scheduled rebuild', () => {
  it("a revision of one current report's text moves its updated, dateModified and lastmod and nothing else's", async () => {
    await build('2026-11-22');
    const first = readDates();
    context.service.setFaults({ revise: { kind: 'monthly', year: 2026, month: 11, signId: 4 } });
    await build('2026-11-23');
    const second = readDates();
    expect(read('monthly/2026-11/leo/index.html')).toContain(REVISION_PARAGRAPH);

    // No date after its build's date, in any of the three places.
    expect(allDates(first).length).toBeGreaterThan(500);
    for (const date of allDates(first)) expect(date <= day('2026-11-22'), date).toBe(true);
    for (const date of allDates(second)) expect(date <= day('2026-11-23'), date).toBe(true);

    // Feeds and JSON-LD agree, and a report's lastmod is its last change.
    for (const dates of [first, second]) {
      expect(dates.articles).toEqual(dates.entries);
      for (const [url, { updated }] of Object.entries(dates.entries)) expect(dates.lastmod[url], url).toBe(updated);
    }

    // The revised report: published on November 1 (a cold build, the month had started), changed on the 23rd.
    const revised = '/monthly/2026-11/leo/';
    expect(first.entries[revised]).toEqual({ published: day('2026-11-01'), updated: day('2026-11-01') });
    expect(second.entries[revised]).toEqual({ published: day('2026-11-01'), updated: day('2026-11-23') });
    // The JSON Feed and the JSON API tell partners the same: first published on the 1st, changed on the 23rd.
    const item = (
      JSON.parse(read('leo/feed.json')) as { items: { url: string; date_published: string; date_modified: string }[] }
    ).items.find((entry) => entry.url === `${SITE_URL}${revised}`)!;
    expect([item.date_published, item.date_modified]).toEqual([day('2026-11-01'), day('2026-11-23')]);
    const api = JSON.parse(read('api/v1/leo/monthly/2026-11.json')) as { published: string; updated: string };
    expect([api.published, api.updated]).toEqual(['2026-11-01', '2026-11-23']);
    const listed = (
      JSON.parse(read('api/v1/leo/monthly/index.json')) as {
        reports: { period: { key: string }; published: string; updated: string }[];
      }
    ).reports;
    expect(listed.find((report) => report.period.key === '2026-11')).toMatchObject({
      published: '2026-11-01',
      updated: '2026-11-23',
    });
    // Every other report on both sites keeps both dates.
    const onBoth = Object.keys(second.entries).filter((url) => url in first.entries && url !== revised);
    expect(onBoth).toHaveLength(12 * 16 - 12 - 1);
    for (const url of onBoth) expect(second.entries[url], url).toEqual(first.entries[url]);
    // The week that entered the window (2026-w49) is published by the second build; 2026-w43 left.
    const added = Object.keys(second.entries).filter((url) => !(url in first.entries));
    expect(added.sort()).toEqual(SIGN_SLUGS.map((slug) => `/weekly/2026-w49/${slug}/`).sort());
    for (const url of added)
      expect(second.entries[url]).toEqual({ published: day('2026-11-23'), updated: day('2026-11-23') });

    // Hubs quote intros, and the revision is to the text: November's hub keeps its date. The home page and the
    // sign hubs move only because week 48 (published 2026-11-22) became the current week they quote instead of 47.
    const moved = Object.fromEntries(
      Object.keys(second.lastmod)
        .filter((url) => url in first.lastmod && second.lastmod[url] !== first.lastmod[url])
        .map((url) => [url, [first.lastmod[url], second.lastmod[url]]]),
    );
    // The weekly archive lists week 49 from the 23rd, its newest period.
    expect(moved).toEqual({
      [revised]: [day('2026-11-01'), day('2026-11-23')],
      '/weekly/': [day('2026-11-22'), day('2026-11-23')],
      '/': [day('2026-11-16'), day('2026-11-22')],
      ...Object.fromEntries(SIGN_SLUGS.map((slug) => [`/${slug}/`, [day('2026-11-16'), day('2026-11-22')]])),
    });
    expect(second.lastmod['/weekly/2026-w49/']).toBe(day('2026-11-23'));

    // Each feed's <updated> is its newest entry's: the build date in the first, week 49's day in the second.
    expect(new Set(Object.values(first.feeds))).toEqual(new Set([day('2026-11-22')]));
    expect(new Set(Object.values(second.feeds))).toEqual(new Set([day('2026-11-23')]));
  });
});
