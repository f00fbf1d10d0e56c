// Everything a build or the preview does before rendering: each language's editors' files, its reports and charts
// (fetched or from the cache) and its share images; then, for a render, each language's site model.
import path from 'node:path';
import {
  loadConfig,
  type BuildConfig,
  type LanguageAccount,
  type PeriodWindows,
  type SiteConfig,
} from '../../data/config.ts';
import { readChartFiles } from '../../data/charts.ts';
import { loadMessages } from '../../data/i18n.ts';
import { readOverrides } from '../../data/overrides.ts';
import { loadPageHistory, pageDatesFile } from '../../data/page-dates.ts';
import type { PeriodReports } from '../../data/period-reports.ts';
import { allShareImages, planShareImages, renderShareImages } from '../../data/share-images.ts';
import { skyYearStore } from '../../data/sky-cache.ts';
import { brandFiles, readBrandSvg } from '../../data/site-logo.ts';
import { readSigns } from '../../data/signs.ts';
import { editorsFolder } from '../../data/editor-folders.ts';
import { readStaticPages, withPrivacyPage } from '../../data/static-pages.ts';
import { themeColours } from '../../data/theme.ts';
import type { PublishedFile } from '../../eleventy/copy-into-output.ts';
import { languageFolder, languageSite, linkLanguage, summarizeLanguage } from '../../model/languages.ts';
import { buildSiteModel } from '../../model/site-model.ts';
import { siteAddress } from '../../model/urls.ts';
import { useYearStore } from '../../sky/events.ts';
import type { SiteModel, SiteModelInput } from '../../model/types.ts';
import { fetchContent } from './fetch-content.ts';
import { markPhase } from './build-phase.ts';

/** What fetching the site's content takes: a build's options (run-build.ts) and the preview's are these and more. */
export interface FetchSiteOptions {
  rootDir: string;
  /** Defaults to `process.env` (after reading `.env`). */
  env?: NodeJS.ProcessEnv;
  /** Info lines; warnings and errors go to `warn`. */
  log?: (line: string) => void;
  warn?: (line: string) => void;
  progressStream?: NodeJS.WriteStream;
  /** Override where the site and the cache go (tests, benchmarks); default dist/ and .cache/ under rootDir. */
  outputDir?: string;
  cacheDir?: string;
  /** Live preview: serve everything the cache holds, request only what it lacks. */
  preview?: boolean;
  /** Replaces `periods` of content/site.json for this build (the benchmark's three-year archive). */
  periods?: PeriodWindows;
}

/** What fetching cost, over every language; a build's summary adds what it rendered (run-build.ts). */
export interface FetchSummary {
  requests: number;
  retries: number;
  reauths: number;
  fromCache: number;
  stale: string[];
  /** Requests sent per language, on a site of several (content/site.json `languages`). */
  requestsByLanguage?: Record<string, number>;
}

/** One language's content, fetched: what its site model is built from. */
export interface FetchedLanguage {
  language: string;
  /** '' for the default language (the output's root), `es/` for another. */
  folder: string;
  /** Everything `buildSiteModel` takes. */
  input: SiteModelInput;
  /** Its share images' PNGs and the owner's logo and favicon: copied into its folder after the pages. */
  imageFiles: PublishedFile[];
  /** Where its page dates are kept; only a build that published writes the model's `pageHistory` there. */
  pageDatesFile: string;
  requests: number;
}

/** One language's part of the site, ready to render into its folder of the output. */
export interface PreparedLanguage extends Omit<FetchedLanguage, 'input'> {
  model: SiteModel;
}

export interface FetchedSite {
  config: BuildConfig;
  /** Every language, the default first (one on a site of one language). */
  languages: FetchedLanguage[];
  summary: FetchSummary;
}

export interface PreparedSite extends Omit<FetchedSite, 'languages'> {
  languages: PreparedLanguage[];
}

/**
 * Each language's model, one at a time, for a build that holds one in memory (docs/performance.md, "Several
 * languages"): on a site of several, each is built twice, first for what the others link to, then to render.
 */
export function* modelsOneByOne(languages: readonly FetchedLanguage[]): Generator<PreparedLanguage> {
  markPhase('model');
  if (languages.length === 1) {
    const [{ input, ...rest }] = languages as [FetchedLanguage];
    yield { ...rest, model: buildSiteModel(input) };
    return;
  }
  const summaries = languages.map(({ input }) => summarizeLanguage(buildSiteModel(input)));
  for (const [i, { input, ...rest }] of languages.entries()) {
    markPhase('model');
    yield { ...rest, model: linkLanguage(buildSiteModel(input), i, summaries) };
  }
}

/**
 * After each language's render on a site of several: what one leaves is garbage, but V8 grows its heap
 * rather than collect it all, so six languages' garbage piles up (docs/performance.md, "Several languages"). The
 * npm scripts expose gc().
 */
export function collectGarbage(): void {
  if (typeof globalThis.gc === 'function') globalThis.gc();
}

/** Everything but the models: each language's files, reports, charts and share images. */
export async function fetchSite(options: FetchSiteOptions): Promise<FetchedSite> {
  const config = loadConfig(options.rootDir, options.env);
  if (options.outputDir) config.outputDir = options.outputDir;
  if (options.cacheDir) config.cacheDir = options.cacheDir;
  if (options.periods) config.site.periods = options.periods;
  // The sky's years, for the calendar and the sample service, computed once and kept in .cache/.
  useYearStore(skyYearStore(config.cacheDir));
  const tags = config.accounts.map((account) => account.language);
  // Every language's files first: a bad one fails the build before any request.
  const editors = await Promise.all(
    tags.map((language, i) =>
      readEditorFiles(config.contentDir, config.site, language, i === 0 ? tags.slice(1) : undefined),
    ),
  );
  missingAboutLines(
    config.contentDir,
    tags,
    editors.map((files) => files.staticPages),
  ).forEach(options.warn ?? ((line) => console.error(line)));
  const languages: FetchedLanguage[] = [];
  const summaries: FetchSummary[] = [];
  for (const [i, account] of config.accounts.entries()) {
    const fetched = await fetchLanguage(config, account, editors[i]!, options);
    languages.push(fetched.language);
    summaries.push(fetched.summary);
  }
  const several = tags.length > 1;
  const summary = {
    requests: sum(summaries.map((s) => s.requests)),
    retries: sum(summaries.map((s) => s.retries)),
    reauths: sum(summaries.map((s) => s.reauths)),
    fromCache: sum(summaries.map((s) => s.fromCache)),
    stale: summaries.flatMap((s, i) => (several ? s.stale.map((line) => `${tags[i]} ${line}`) : s.stale)),
    ...(config.site.languages
      ? { requestsByLanguage: Object.fromEntries(languages.map((l) => [l.language, l.requests])) }
      : {}),
  };
  return { config, languages, summary };
}

/**
 * The about page the first language's footer links, missing in another language: that language's footer has no such
 * link, and its readers no page about the site. A warning, as a language may publish before its pages are written.
 */
export function missingAboutLines(
  contentDir: string,
  tags: readonly string[],
  pages: readonly (readonly { slug: string; file: string }[])[],
): string[] {
  const about = pages[0]?.find((page) => page.slug === 'about');
  if (!about) return [];
  return tags
    .slice(1)
    .flatMap((tag, i) =>
      pages[i + 1]!.some((page) => page.slug === 'about')
        ? []
        : [
            `warning: ${editorsFolder(contentDir, 'pages', tag, false).label}/about.md is missing: the ${tags[0]} footer links its about page (${about.file}), the ${tag} one has none`,
          ],
    );
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

/** One language: its images drawn while its account's service answers, then what its model is built from. */
async function fetchLanguage(
  config: BuildConfig,
  account: LanguageAccount,
  editors: EditorFiles,
  options: FetchSiteOptions,
) {
  const log = options.log ?? ((line) => console.log(line));
  const warn = options.warn ?? ((line) => console.error(line));
  const isDefault = account === config.accounts[0];
  const site = languageSite(config.site, account.language);
  const plan = planShareImages(site.title, editors.signs, editors.messages, editors.colours, editors.brand.logo);
  // The images need no report: they are drawn (off the main thread) while the service answers. The preview skips
  // the collections that keep a build's memory down, which slow its edits (docs/performance.md).
  // Both settle before a failure is reported: the images must not go on writing into the cache after the build
  // has ended (a test's folder, removed by then, would be made again).
  const [content, drawn] = await Promise.allSettled([
    fetchContent(config, account, editors.chartInputs, options, log),
    renderShareImages(allShareImages(plan), config.cacheDir, { freeMemory: !options.preview }),
  ]);
  if (content.status === 'rejected') throw content.reason;
  if (drawn.status === 'rejected') throw drawn.reason;
  const fetched = content.value;
  // The logo and the favicon pages link are published beside the images, as sanitized.
  const imageFiles = [...drawn.value.files, ...brandFiles(editors.brand)];
  for (const problem of fetched.unreadable) warn(`warning: ignored an unreadable cache file ${problem}`);
  for (const line of fetched.stale.flatMap(staleWarnings)) warn(line);
  for (const { period, reason } of fetched.missing)
    warn(`warning: ${period.kind} ${period.key} is left out of the preview: ${reason}`);
  const stale = fetched.stale.map((s) => `${s.period.kind} ${s.period.key}`);
  // Beside the reports they date: a Spanish site's pages are not the English one's.
  const historyFile = pageDatesFile(fetched.cacheDir);
  const history = await loadPageHistory(historyFile);
  if (history.problem)
    warn(`warning: ignored a damaged page dates file ${history.problem}; dates start afresh from this build`);
  const language: FetchedLanguage = {
    language: account.language,
    folder: languageFolder(account.language, isDefault),
    input: {
      site,
      messages: editors.messages,
      buildDate: config.buildDate,
      sampleContent: fetched.fromSampleService || (!account.apiUrl && config.offline),
      signs: editors.signs,
      reports: fetched.reports,
      charts: fetched.charts,
      overrides: editors.overrides,
      staticPages: editors.staticPages,
      pageHistory: history.history,
      shareImagePlan: plan,
      brand: editors.brand,
      colours: editors.colours,
    },
    imageFiles,
    pageDatesFile: historyFile,
    requests: fetched.stats.requests,
  };
  return { language, summary: { ...fetched.stats, fromCache: fetched.fromCache, stale } };
}

/** A line per stale period, and a louder one when the answer had the wrong shape: the format may have changed. */
function staleWarnings({ period, problem, shapeChanged }: PeriodReports): string[] {
  const line = `warning: ${period.kind} ${period.key} is stale (served from the cache): ${problem}`;
  if (!shapeChanged) return [line];
  return [
    line,
    "warning: THE SERVICE'S ANSWER HAS AN UNEXPECTED SHAPE: it may have changed its format; see docs/service-api.md",
  ];
}

type EditorFiles = Awaited<ReturnType<typeof readEditorFiles>>;

/**
 * One language's editors' files, read (and validated) before any request: a bad file should fail the build at
 * once. A language's overrides and pages sit in a folder of its own (`content/pages/es/about.md`), or for the
 * first language without one at the roots, whose reading skips the others' folders (`others`); the charts are the
 * same files, requested in each language.
 * In every language a root-relative link is a site path (`/es/about/`), put under the path of the site's `url`.
 */
async function readEditorFiles(contentDir: string, site: SiteConfig, language: string, others: readonly string[] = []) {
  const { language: defaultLanguage, url, logo, favicon } = site;
  const messages = loadMessages(contentDir, language);
  const folder = languageFolder(language, language === defaultLanguage);
  const overrides = editorsFolder(contentDir, 'overrides', language, language === defaultLanguage);
  const pages = editorsFolder(contentDir, 'pages', language, language === defaultLanguage);
  const { pathPrefix } = siteAddress(url);
  const charts = await readChartFiles(path.join(contentDir, 'charts'), language, undefined, pathPrefix);
  const otherFolders = others.map((tag) => languageFolder(tag, false).slice(0, -1));
  return {
    messages,
    signs: readSigns(path.join(contentDir, 'signs.json'), messages, 'content/signs.json'),
    chartInputs: folder ? charts.map((chart) => ({ ...chart, lang: language.split('-')[0]! })) : charts,
    overrides: await readOverrides(overrides.dir, overrides.label, otherFolders, pathPrefix),
    staticPages: withPrivacyPage(
      await readStaticPages(pages.dir, pages.label, otherFolders, pathPrefix),
      pages.label,
      site,
      messages,
    ),
    brand: { logo: readBrandSvg(contentDir, logo, 'logo'), favicon: readBrandSvg(contentDir, favicon, 'favicon') },
    // The share images' colours, the owner's content/theme.css's: one edit of it changes the pages and the images.
    colours: themeColours(contentDir),
  };
}
