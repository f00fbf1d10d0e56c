// The site model's shape: what Eleventy gets as global data. Templates only loop over these arrays and print
// fields; every URL, title and date a page shows is here.
import type { ChartLeads } from './chart-leads.ts';
import type { DailyLine } from './daily.ts';
import type { ReportKind } from '../api/index.ts';
import type { ChartPage } from '../data/charts.ts';
import type { SiteConfig } from '../data/config.ts';
import type { Messages } from '../data/i18n.ts';
import type { Override, OverrideField } from '../data/overrides.ts';
import type { PageDates, PageHistory } from '../data/page-dates.ts';
import type { PeriodReports, ReportSource } from '../data/period-reports.ts';
import type { ShareImage, ShareImagePlan } from '../data/share-images.ts';
import type { Brand } from '../data/site-logo.ts';
import type { Sign } from '../data/signs.ts';
import type { StaticPage } from '../data/static-pages.ts';
import type { ThemeColours } from '../data/theme.ts';
import type { Analytics } from './analytics.ts';
import type {
  CalendarFeed,
  CalendarPage,
  HomeView,
  LinkRef,
  PeriodInfo,
  SectionPage,
  SkyLinks,
  SkyList,
} from './view-types.ts';

export type * from './view-types.ts';

export interface ReportPage extends PageDates, SkyLinks {
  kind: ReportKind;
  kindTitle: string;
  /** "Leo weekly horoscope, November 16 – 22, 2026": the document title and the feed entry title. */
  title: string;
  /** "Leo weekly horoscope": the page's h1, before the period. */
  heading: string;
  period: PeriodInfo;
  sign: Sign;
  /** Sanitized HTML. */
  intro: string;
  /** Sanitized HTML. */
  text: string;
  url: string;
  source: ReportSource;
  previous?: LinkRef;
  next?: LinkRef;
  /** The same period for the other eleven signs, with their pages' titles (the links' accessible names). */
  otherSigns: { sign: Sign; url: string; title: string }[];
  signHubUrl: string;
  /** Which field an editor's override changed, if any (content/overrides/). */
  overridden?: OverrideField;
}

export interface PeriodHub extends SkyLinks {
  kind: ReportKind;
  kindTitle: string;
  period: PeriodInfo;
  url: string;
  pages: ReportPage[];
  highlights: string[]; // each sign's own line of the period, by sign id (highlights.ts)
}

export interface SignHub {
  sign: Sign;
  url: string;
  /** The report of the period that holds the reference date, per kind. */
  current: Partial<Record<ReportKind, ReportPage>>;
  /** Every published report of the sign per kind, newest first. */
  archive: { kind: ReportKind; kindTitle: string; pages: ReportPage[] }[];
  feedUrl: string;
  /** "Leo horoscopes" */
  title: string;
  /** The sign's line of the day (daily.ts), when the site's words have one. */
  today?: DailyLine;
  /** The current week's opening: its first sentences, 40 words or more (highlights.ts openingText). */
  weekOpening?: string;
}

/** What the layout prints in <head> and above the content; one per page, found by the page's URL. */
export interface PageMeta {
  /** Site path, as Eleventy's `page.url`. */
  url: string;
  /** The whole <title>. */
  documentTitle: string;
  /** Title without the site's name, for og:title. */
  title: string;
  /** Plain text. */
  description: string;
  /** Absolute URL from `url` in content/site.json; absent on the 404 page, which has no address of its own. */
  canonical?: string;
  ogType: 'article' | 'website';
  /** Home first, this page last; the layout shows them when there are two or more. */
  breadcrumbs: LinkRef[];
  /** JSON-LD, serialized with every `<` escaped so the data block cannot end its <script> early. */
  jsonLd?: string;
  /** The sign's Atom feed, for <link rel="alternate">. */
  feed?: LinkRef;
  /** The same feed as JSON Feed, for <link rel="alternate" type="application/feed+json">. */
  jsonFeed?: LinkRef;
  /** Not for search engines (the 404 page). */
  noindex?: boolean;
  /** The link-preview image (og:image, twitter:image). */
  image: PageImage;
  /** A site of several languages: this page and its translations, `x-default` last (src/model/languages.ts). */
  alternates?: Alternate[];
  /** Open Graph locales of its translations. */
  ogLocaleAlternates?: string[];
  /** Indexed for search (Pagefind reads `<main>`), with these filters; absent: left out of the index. */
  searchFilters?: SearchFilter[];
  /**
   * The search page alone: where Pagefind's script is (the page's policy also lets it run WebAssembly), and the
   * folders of the closed parts of the index beside the main one (src/model/search-parts.ts).
   */
  search?: { bundle: string; closedParts: string[] };
  /** The language switcher: this page (or the home) in each other language. */
  languageLinks?: LanguageLink[];
}

/** The page's own URL and its translations', for `<link rel="alternate" hreflang>` and the sitemap's alternates. */
export interface Alternate {
  /** A BCP 47 tag, or `x-default` (the default language's page). */
  hreflang: string;
  /** Absolute URL. */
  href: string;
}

/** A link of the language switcher, labelled in its own language ("Español"). */
export interface LanguageLink {
  language: string;
  label: string;
  /** The same page in that language, or that language's home when the page has no translation there. */
  url: string;
}

/** A Pagefind filter: `sign` (the sign's name), `kind` (the report's kind) or `language` (the page's tag). */
export interface SearchFilter {
  name: string;
  value: string;
}

export interface PageImage {
  /** Absolute URL from `url` in content/site.json. */
  url: string;
  alt: string;
  width: number;
  height: number;
}

interface FeedEntry {
  page: ReportPage;
  absoluteUrl: string;
  /** The page's first publication and last change (src/data/page-dates.ts): never after the build's date. */
  published: Date;
  updated: Date;
}

export interface SignFeed {
  sign: Sign;
  /** `/leo/feed.xml` */
  url: string;
  absoluteUrl: string;
  title: string;
  signHubAbsoluteUrl: string;
  subtitle: string;
  /** The newest entry's `updated` (or the build date for a sign without reports). */
  updated: Date;
  /** Newest first. */
  entries: FeedEntry[];
}

/** A sign's feed as JSON Feed 1.1: the Atom feed's entries, dates and language (templates/feed-json.njk). */
export interface JsonFeed {
  /** `/leo/feed.json` */
  url: string;
  absoluteUrl: string;
  /** The site's home page, the feed's author's address. */
  homeAbsoluteUrl: string;
  feed: SignFeed;
}

/** A file of the JSON API (src/model/api.ts): its URL and the document written as JSON (src/eleventy/api-files-plugin.ts). */
export interface ApiFile {
  /** `/api/v1/leo/weekly/2026-w47.json` */
  url: string;
  document: object;
  /** A report's file: the page its document is made from, and of nothing else the page's fingerprint does not cover. */
  report?: ReportPage;
}

/** The page at the API's folder (templates/api-index.njk), for whoever opens `/api/v1/`: what it is, and its links. */
export interface ApiPage {
  /** `/api/v1/` */
  url: string;
  /** The whole <title>. */
  documentTitle: string;
  title: string;
  /** Plain text: what the API is. */
  description: string;
  /** The API's index and schema, each with its label. */
  links: { url: string; label: string }[];
}

/** The `<horoscope-card>` element's script (templates/embed-card.njk), written once, at the site's root. */
export interface CardScript {
  /** `/embed/card.js` */
  url: string;
  /**
   * What the script reads: each language's API folder (relative to the site's root, which the script finds from its
   * own address; `root`, the absolute one, when it cannot), the default language, the site's title (the failure
   * state's link), the theme's light colours.
   */
  config: { apis: Record<string, string>; root: string; title: string; language: string; colours: ThemeColours };
}

/** The page a partner frames (templates/embed-page.njk): a sign's current report of one kind, as a card. */
export interface EmbedPage {
  /** `/embed/leo/weekly/` */
  url: string;
  report: ReportPage;
  /** The whole <title>. */
  documentTitle: string;
  /** Plain text, the report page's description. */
  description: string;
  /** The site's home, absolute: the card's attribution. */
  homeAbsoluteUrl: string;
  /** The report's page, absolute: the frame's links open outside it. */
  reportAbsoluteUrl: string;
}

export interface ChartView extends ChartPage {
  /** "Natal chart of Frida Kahlo" */
  title: string;
  /** The Sun, Moon and rising signs and the reports they lead to (chart-leads.ts); set once the reports are known. */
  leads?: ChartLeads;
}

export interface SiteModel {
  /** `pathPrefix`: the path of `url`, with a trailing slash (`/` at a domain's root), every site URL here starts with. */
  site: SiteConfig & {
    pathPrefix: string;
    buildDate: string;
    sampleContent: boolean;
    ogLocale: string;
    copyright: string;
  };
  /** Every message without placeholders, for templates: `{{ model.ui.site.skipLink }}` (content/i18n/). */
  ui: Messages['ui'];
  /** One message with its placeholders filled (content/i18n/): what the templates' `t` filter prints. */
  t: Messages['t'];
  signs: Sign[];
  /** The site-wide links every page's header and footer print (src/model/urls.ts). */
  links: SiteLinks;
  /** The analytics script every page loads and what the policy adds for it (analytics.ts); none: no script. */
  analytics?: Analytics;
  reportPages: ReportPage[];
  periodHubs: PeriodHub[];
  signHubs: SignHub[];
  home: HomeView;
  /** Per kind, oldest first. */
  periods: Record<ReportKind, PeriodInfo[]>;
  /** The four kinds' archive pages, in KIND_ORDER. */
  sections: SectionPage[];
  /** Natal chart pages, by name. */
  charts: ChartView[];
  /** Editors' pages (about, privacy), in footer order. */
  staticPages: StaticPage[];
  /** The visitors' chart form (chart-form.ts): one item when site.json's chartForm turns it on, none otherwise. */
  chartForms: ChartFormView[];
  /** One Atom feed per sign, in sign order. */
  feeds: SignFeed[];
  /** The same feeds as JSON Feed, in sign order. */
  jsonFeeds: JsonFeed[];
  /** The JSON API's files (src/model/api.ts); none when site.json's `api` is false. */
  api: ApiFile[];
  /** The page at the API's folder: one item, none when `api` is false. */
  apiPage: ApiPage[];
  /** The card's script: one item at the site's root when site.json leaves `card` on; none otherwise. */
  card: CardScript[];
  /** The pages partners frame, per sign and kind with a current report; none when `card` is off. */
  embeds: EmbedPage[];
  /** The sky's calendar (calendar.ts): its pages and .ics, the home page's next events; none with `calendar: false`. */
  calendarPages: CalendarPage[];
  calendarFeeds: CalendarFeed[];
  skyNext?: SkyList;
  /** Every page's head and breadcrumbs, by URL (`model.meta[page.url]` in the layout: one look-up, no scan). */
  meta: Record<string, PageMeta>;
  /** Every page but the 404, for sitemap.xml. */
  sitemap: SitemapEntry[];
  /** Every link-preview image, to render (share-images.ts) and publish under /assets/share/. */
  shareImages: ShareImage[];
  /** The page dates to keep once this site is published (src/data/page-dates.ts). */
  pageHistory: PageHistory;
  /**
   * One item when this render writes the files a site has once, at the root of the output (robots.txt, _headers);
   * none for a language published under `/{tag}/` (src/model/languages.ts), which has its own 404 page all the same.
   */
  rootFiles: object[];
  /** Absolute URLs of the sitemaps robots.txt names: this site's, or on a site of several languages its index. */
  sitemaps: string[];
  /** A site of several languages, at its root: one item, the sitemap index listing every language's sitemap (absolute URLs), https://www.sitemaps.org/protocol.html#index; none otherwise. */
  sitemapIndex: { sitemaps: string[] }[];
  /** A site of several languages: each language's home, labelled in its own words, for each language's 404 page. */
  languageHomes?: { language: string; label: string; url: string }[];
}

/** The visitors' chart form: its page (the Worker's shell), the Worker's routes and files beside it. */
export interface ChartFormView {
  url: string;
  /** The Worker's place suggestions, `?q=`. */
  placesUrl: string;
  /** What the Worker reads of this language (chart-form.ts ChartFormData), as JSON. */
  dataUrl: string;
  scriptUrl: string;
  /** `YYYY-MM-DD`: the birth dates the form takes. */
  dateMin: string;
  dateMax: string;
  data: string;
}

export interface SiteLinks {
  home: string;
  charts: string;
  /** The search page, which the header's search form sends its query to. */
  search: string;
  sitemap: string;
  notFound: string;
  /** The header's sign navigation, in sign order. */
  signs: { url: string; name: string; glyph: string }[];
  /** The owner's logo for the header, at its size there (CSS pixels); none: the site's name alone. */
  logo?: { url: string; width: number; height: number };
  /** The owner's favicon, or else their logo, or else templates/favicon.svg (site-logo.ts siteFavicon). */
  favicon: string;
  calendar?: LinkRef; // the sky's calendar, for every page's navigation
  /** With the chart form on: what the rising-sign pages say to a visitor who does not know theirs, and its link. */
  risingInvite?: { question: string; link: { url: string; text: string } };
}

export interface SitemapEntry {
  /** Absolute URL. */
  loc: string;
  /** RFC 3339; only on pages with a true date (reports, and the hubs and home page that quote them). */
  lastmod?: string;
  /** A site of several languages: the page and its translations (src/model/languages.ts). */
  alternates?: Alternate[];
}

export interface SiteModelInput {
  site: SiteConfig;
  /** The site's words (content/i18n/<language>.json). */
  messages: Messages;
  buildDate: string;
  sampleContent: boolean;
  signs: Sign[];
  /** Each period's reports, their HTML read when a page needs it. */
  reports: PeriodReports[];
  charts?: ChartPage[];
  /** From content/overrides/ (overrides.ts); those for periods not published are ignored. */
  overrides?: Override[];
  /** From content/pages/ (static-pages.ts). */
  staticPages?: StaticPage[];
  /** The page dates kept by earlier builds (page-dates.ts); none: a cold build. */
  pageHistory?: PageHistory;
  /** The link-preview images, planned once with the theme's colours (share-images.ts `planShareImages`, called by prepare-site.ts). */
  shareImagePlan: ShareImagePlan;
  /** The owner's logo and favicon from content/, named in site.json (site-logo.ts). */
  brand?: Brand;
  /** The theme's light colours (content/theme.css, theme.ts), for the card; none: share-images.ts's plain ones. */
  colours?: ThemeColours;
}
