// What a render may skip. Every page reads the site-wide parts of the model (title, words, signs, header and footer
// links) and its own data: the item its template paginates over and `model.meta[url]`. A page's fingerprint is a
// hash of exactly that (a report page's, of what its data is made from), so two models that give a page the same
// fingerprint render it the same; the build and the preview render only the pages whose fingerprint changed
// (src/incremental/render-plan.ts).
import { hash as digest } from 'node:crypto';
import type { PageMeta, ReportPage, SiteModel } from '../model/types.ts';
import { sitePath } from '../model/urls.ts';

/**
 * The arrays the paginated templates render one page per item of (global data `pageLists`): only the pages whose
 * fingerprint changed (src/incremental/render-plan.ts). Other templates (home, 404, charts index, sitemaps, robots.txt,
 * _headers) read `model` alone and are rendered every time.
 */
export type PageLists = Pick<
  SiteModel,
  | 'reportPages'
  | 'periodHubs'
  | 'signHubs'
  | 'sections'
  | 'charts'
  | 'staticPages'
  | 'feeds'
  | 'jsonFeeds'
  | 'api'
  | 'apiPage'
  | 'embeds'
  | 'calendarPages'
  | 'calendarFeeds'
>;

export const PAGE_LIST_KEYS = [
  'reportPages',
  'periodHubs',
  'signHubs',
  'sections',
  'charts',
  'staticPages',
  'feeds',
  'jsonFeeds',
  'api',
  'apiPage',
  'embeds',
  'calendarPages',
  'calendarFeeds',
] as const satisfies readonly (keyof PageLists)[];

interface Fingerprints {
  /** What every page prints: when it changes, every page does. */
  siteWide: string;
  /** Per paginated page, by URL. */
  pages: Map<string, string>;
}

function hash(text: string): string {
  return digest('sha256', text, 'base64url');
}

/**
 * The model's fingerprints; each page's covers `renderer` (what renders the model: src/incremental/render-plan.ts), the
 * site-wide parts and its own data. Serializes each report's data once, however many pages show it.
 */
export function fingerprints(model: SiteModel, renderer = ''): Fingerprints {
  // The build date itself is printed nowhere: what follows from it (the current periods, the copyright's year,
  // dates) is in the pages' own data or the site's words, so a new day changes only the pages it changes.
  const { buildDate: _buildDate, ...site } = model.site;
  const siteWide = hash(
    JSON.stringify({
      site,
      ui: model.ui,
      signs: model.signs,
      links: model.links,
      analytics: model.analytics,
      footer: model.staticPages.map((page) => [page.url, page.title]),
    }),
  );
  const salt = `${renderer}\n${siteWide}\n`;
  const pages = new Map<string, string>();
  const add = (url: string, item: unknown, replacer?: (key: string, value: unknown) => unknown) => {
    const fingerprint = hash(`${salt}${JSON.stringify([item, model.meta[url]], replacer)}`);
    pages.set(url, fingerprint);
    return fingerprint;
  };
  // A report inside a hub or a feed stands for its own fingerprint (its meta included: a feed prints the entries'
  // descriptions); signs, part of siteWide, for their slugs.
  const known = new Map<object, string>(model.signs.map((sign) => [sign, `sign:${sign.slug}`]));
  for (const page of model.reportPages) {
    const texts = model.pageHistory[sitePath(page.url, model.site.pathPrefix)]!.hash;
    const fingerprint = hash(`${salt}${JSON.stringify(reportInputs(page, texts, model.meta[page.url]))}`);
    pages.set(page.url, fingerprint);
    known.set(page, `page:${fingerprint}`);
  }
  const replacer = (_key: string, value: unknown) =>
    (typeof value === 'object' && value !== null && known.get(value)) || value;
  for (const key of [
    'periodHubs',
    'signHubs',
    'sections',
    'charts',
    'staticPages',
    'calendarPages',
    'calendarFeeds',
  ] as const) {
    for (const item of model[key]) add(item.url, item, replacer);
  }
  // A JSON Feed prints its Atom feed's data: that feed stands for its own fingerprint.
  for (const feed of model.feeds) known.set(feed, `feed:${add(feed.url, feed, replacer)}`);
  for (const feed of model.jsonFeeds) add(feed.url, feed, replacer);
  // A report's API file stands on its page's fingerprint (its document is made of the page and the site-wide parts
  // alone), rather than serializing every document a second time.
  for (const file of model.api) {
    if (file.report) add(file.url, { url: file.url, report: known.get(file.report) });
    else add(file.url, file, replacer);
  }
  for (const embed of model.embeds) add(embed.url, embed, replacer);
  for (const page of model.apiPage) add(page.url, page);
  return { siteWide, pages };
}

/**
 * What a report page shows besides the site-wide parts (src/model/site-model.ts `periodReportPages`, seo.ts
 * `reportHeads`): its texts, by the hash its page history keeps of them (src/data/page-dates.ts), its dates, its
 * period and sign, its week's sky or month's calendar link, its neighbours, and its links to the other languages. Its words, titles and head follow from
 * these and the renderer; hashing them rather than the page's data saves serializing every page of the archive.
 * Not `source` (network or cache), which no template prints.
 */
function reportInputs(page: ReportPage, texts: string, meta: PageMeta | undefined): unknown {
  const { url, period, sign, published, updated, introUpdated, previous, next, overridden, sky, calendarLink } = page;
  const languages = meta && [meta.alternates, meta.ogLocaleAlternates, meta.languageLinks];
  return {
    url,
    period,
    sign: sign.slug,
    texts,
    published,
    updated,
    introUpdated,
    previous,
    next,
    overridden,
    languages,
    sky,
    calendarLink,
  };
}
