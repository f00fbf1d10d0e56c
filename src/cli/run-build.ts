// The build: configuration → (embedded sample service) → one authenticated client → reports (cache policy in
// src/data/fetch-reports.ts) → site model → Eleventy into a staging folder → atomic swap into dist/.
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig, loadDotEnv, type BuildConfig, type LanguageAccount, type PeriodWindows, type SiteConfig } from '../data/config.ts';
import { readChartFiles } from '../data/charts.ts';
import type { PeriodReports } from '../data/fetch-reports.ts';
import { loadMessages } from '../data/i18n.ts';
import { readOverrides } from '../data/overrides.ts';
import { loadPageHistory, pageDatesFile, savePageHistory } from '../data/page-dates.ts';
import { allShareImages, planShareImages, renderShareImages, themeColours } from '../data/share-images.ts';
import { brandFiles, readBrandSvg } from '../data/site-logo.ts';
import { readSigns } from '../data/signs.ts';
import { readStaticPages } from '../data/static-pages.ts';
import type { PublishedFile } from '../eleventy/copy-into-output.ts';
import { languageFolder, languageSite, linkLanguages } from '../model/languages.ts';
import { buildSiteModel } from '../model/site-model.ts';
import type { SiteModel } from '../model/types.ts';
import { checkAlternates } from './check-alternates.ts';
import { fetchContent } from './fetch-content.ts';
import { manifestPath, previousManifest, saveManifest, type ManifestFiles } from './build-manifest.ts';
import { renderSite, type RenderResult } from './render-site.ts';
import { leftoverDirs, makeStagingDir, removeInBackground, removeStagingDir, swapIntoPlace } from './swap-output.ts';

export interface BuildSummary {
  requests: number;
  retries: number;
  reauths: number;
  fromCache: number;
  stale: string[];
  /** Requests sent per language, on a site of several (content/site.json `languages`). */
  requestsByLanguage?: Record<string, number>;
  /** HTML pages published, of which `rendered` were rendered and `reused` taken from the last build's output. */
  pages: number;
  rendered: number;
  reused: number;
  seconds: number;
}

export interface BuildOptions {
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
  /** Render every page, taking nothing from the last build's output (`npm run build -- --full`). */
  full?: boolean;
}

/** One language's part of the site, ready to render into its folder of the output. */
export interface PreparedLanguage {
  language: string;
  /** '' for the default language (the output's root), `es/` for another. */
  folder: string;
  model: SiteModel;
  /** Its share images and the owner's logo and favicon, to publish beside its pages. */
  shareImages: PublishedFile[];
  /** Where its page dates are kept; only a build that published writes `model.pageHistory` there. */
  pageDatesFile: string;
  requests: number;
}

export interface PreparedSite {
  config: BuildConfig;
  /** Every language, the default first (one on a site of one language). */
  languages: PreparedLanguage[];
  summary: Omit<BuildSummary, 'pages' | 'rendered' | 'reused' | 'seconds'>;
}

/** Everything but rendering: fetch (or read from the cache) and build each language's site model. */
export async function prepareSite(options: BuildOptions): Promise<PreparedSite> {
  const config = loadConfig(options.rootDir, options.env);
  if (options.outputDir) config.outputDir = options.outputDir;
  if (options.cacheDir) config.cacheDir = options.cacheDir;
  if (options.periods) config.site.periods = options.periods;
  const tags = config.accounts.map((account) => account.language);
  // Every language's files first: a bad one fails the build before any request.
  const editors = await Promise.all(tags.map((language, i) => readEditorFiles(config.contentDir, config.site, language, i === 0 ? tags.slice(1) : undefined)));
  const languages: PreparedLanguage[] = [];
  const summaries: PreparedSite['summary'][] = [];
  for (const [i, account] of config.accounts.entries()) {
    const prepared = await prepareLanguage(config, account, editors[i]!, options);
    languages.push(prepared.language);
    summaries.push(prepared.summary);
  }
  // What joins the languages (hreflang clusters, the switcher, the sitemaps' alternates) needs every one's pages.
  if (config.site.languages) {
    const linked = linkLanguages(languages.map((l) => l.model));
    languages.forEach((l, i) => (l.model = linked[i]!));
  }
  const several = tags.length > 1;
  const summary = {
    requests: sum(summaries.map((s) => s.requests)),
    retries: sum(summaries.map((s) => s.retries)),
    reauths: sum(summaries.map((s) => s.reauths)),
    fromCache: sum(summaries.map((s) => s.fromCache)),
    stale: summaries.flatMap((s, i) => (several ? s.stale.map((line) => `${tags[i]} ${line}`) : s.stale)),
    ...(config.site.languages ? { requestsByLanguage: Object.fromEntries(languages.map((l) => [l.language, l.requests])) } : {}),
  };
  return { config, languages, summary };
}

/**
 * Between two languages' renders: what one leaves is garbage, but V8 grows its heap rather than collect it all,
 * so six languages' garbage piles up (docs/performance.md, "Several languages"). The npm scripts expose gc().
 */
function collectGarbage(): void {
  if (typeof globalThis.gc === 'function') globalThis.gc();
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

/** One language: its images drawn while its account's service answers, then its model. */
async function prepareLanguage(config: BuildConfig, account: LanguageAccount, editors: EditorFiles, options: BuildOptions) {
  const log = options.log ?? ((line) => console.log(line));
  const warn = options.warn ?? ((line) => console.error(line));
  const isDefault = account === config.accounts[0];
  const site = languageSite(config.site, account.language);
  // In the colours of this project's stylesheet: one edit of it changes the pages and the images.
  const colours = themeColours(path.join(config.rootDir, 'templates/assets/site.css'));
  const images = planShareImages(site.title, editors.signs, editors.messages, colours, editors.brand.logo);
  // The images need no report: they are drawn (off the main thread) while the service answers. The preview skips
  // the collections that keep a build's memory down, which slow its edits (docs/performance.md).
  // Both settle before a failure is reported: the images must not go on writing into the cache after the build
  // has ended (a test's folder, removed by then, would be made again).
  const [content, drawn] = await Promise.allSettled([
    fetchContent(config, account, editors.chartInputs, options, log),
    renderShareImages(allShareImages(images), config.cacheDir, { freeMemory: !options.preview }),
  ]);
  if (content.status === 'rejected') throw content.reason;
  if (drawn.status === 'rejected') throw drawn.reason;
  const fetched = content.value;
  // The logo and the favicon pages link are published beside the images, as sanitized.
  const shareImages = [...drawn.value.files, ...brandFiles(editors.brand)];
  for (const problem of fetched.unreadable) warn(`warning: ignored an unreadable cache file ${problem}`);
  for (const line of fetched.stale.flatMap(staleWarnings)) warn(line);
  for (const { period, reason } of fetched.missing) warn(`warning: ${period.kind} ${period.key} is left out of the preview: ${reason}`);
  const stale = fetched.stale.map((s) => `${s.period.kind} ${s.period.key}`);
  // Beside the reports they date: a Spanish site's pages are not the English one's.
  const historyFile = pageDatesFile(fetched.cacheDir);
  const history = await loadPageHistory(historyFile);
  if (history.problem) warn(`warning: ignored a damaged page dates file ${history.problem}; dates start afresh from this build`);
  const model = buildSiteModel({
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
    shareImages: images,
    brand: editors.brand,
  });
  const language: PreparedLanguage = {
    language: account.language,
    folder: languageFolder(account.language, isDefault),
    model,
    shareImages,
    pageDatesFile: historyFile,
    requests: fetched.stats.requests,
  };
  return { language, summary: { ...fetched.stats, fromCache: fetched.fromCache, stale } };
}

/** A line per stale period, and a louder one when the answer had the wrong shape: the format may have changed. */
function staleWarnings({ period, problem, shapeChanged }: PeriodReports): string[] {
  const line = `warning: ${period.kind} ${period.key} is stale (served from the cache): ${problem}`;
  if (!shapeChanged) return [line];
  return [line, "warning: THE SERVICE'S ANSWER HAS AN UNEXPECTED SHAPE: it may have changed its format; see docs/service-api.md"];
}

type EditorFiles = Awaited<ReturnType<typeof readEditorFiles>>;

/**
 * One language's editors' files, read (and validated) before any request: a bad file should fail the build at
 * once. Another language's overrides and pages sit in a folder of its own (`content/pages/es/about.md`), which
 * the default language's reading skips (`others`); the charts are the same files, requested in each language.
 */
async function readEditorFiles(contentDir: string, { language: defaultLanguage, logo, favicon }: SiteConfig, language: string, others: readonly string[] = []) {
  const messages = loadMessages(contentDir, language);
  const folder = languageFolder(language, language === defaultLanguage);
  const under = (name: string) => ({ dir: path.join(contentDir, name, folder), label: `content/${name}${folder ? `/${folder.slice(0, -1)}` : ''}` });
  const overrides = under('overrides');
  const pages = under('pages');
  const charts = await readChartFiles(path.join(contentDir, 'charts'), language);
  return {
    messages,
    signs: readSigns(path.join(contentDir, 'signs.json'), messages, 'content/signs.json'),
    chartInputs: folder ? charts.map((chart) => ({ ...chart, lang: language.split('-')[0]! })) : charts,
    overrides: await readOverrides(overrides.dir, overrides.label, others.map((tag) => languageFolder(tag, false).slice(0, -1))),
    staticPages: await readStaticPages(pages.dir, pages.label),
    brand: { logo: readBrandSvg(contentDir, logo, 'logo'), favicon: readBrandSvg(contentDir, favicon, 'favicon') },
  };
}

function formatSummary(s: BuildSummary): string {
  return [
    `Build summary: ${s.pages} pages in ${s.seconds.toFixed(1)} s (rendered ${s.rendered}, reused ${s.reused} from the last build)`,
    `  requests sent ${s.requests} (retried ${s.retries}, re-authentications ${s.reauths})`,
    ...(s.requestsByLanguage ? [`  requests per language: ${perLanguage(s.requestsByLanguage)}`] : []),
    `  periods served from cache ${s.fromCache}, stale ${s.stale.length}${s.stale.length ? ` (${s.stale.join(', ')})` : ''}`,
  ].join('\n');
}

/** `en 16, es 16` */
function perLanguage(requests: Record<string, number>): string {
  return Object.entries(requests).map(([language, count]) => `${language} ${count}`).join(', ');
}

function markdownSummary(s: BuildSummary): string {
  return [
    '### Horoscope site build',
    '',
    '| pages | rendered | reused | requests | retried | re-authentications | periods from cache | stale periods | seconds |',
    '|---|---|---|---|---|---|---|---|---|',
    `| ${s.pages} | ${s.rendered} | ${s.reused} | ${s.requests} | ${s.retries} | ${s.reauths} | ${s.fromCache} | ${s.stale.length ? s.stale.join(', ') : 'none'} | ${s.seconds.toFixed(1)} |`,
    '',
    ...(s.requestsByLanguage ? [`Requests per language: ${perLanguage(s.requestsByLanguage)}.`, ''] : []),
    ...(s.reused === 0 ? ['Every page was rendered: there was no earlier build to take unchanged pages from (a first run, an evicted cache, `--full`), or every page changed.', ''] : []),
  ].join('\n');
}

/** The whole build. Resolves with the summary; on failure rejects and leaves `dist/` as it was. */
export async function runBuild(options: BuildOptions): Promise<BuildSummary> {
  const started = performance.now();
  const log = options.log ?? ((line) => console.log(line));
  const warn = options.warn ?? ((line) => console.error(line));
  if (!options.env) loadDotEnv(options.rootDir);
  const env = options.env ?? process.env;
  const { config, languages, summary: fetched } = await prepareSite({ ...options, env });
  const rendered = await publish(config, languages, { full: options.full ?? false, log, warn });
  for (const { pageDatesFile: file, model } of languages) {
    await keepAfterPublishing(file, () => savePageHistory(file, model.pageHistory), 'its page dates', warn);
  }
  const summary: BuildSummary = { ...fetched, pages: rendered.pages, rendered: rendered.rendered, reused: rendered.reused, seconds: (performance.now() - started) / 1000 };
  log(formatSummary(summary));
  if (env.GITHUB_STEP_SUMMARY) await appendFile(env.GITHUB_STEP_SUMMARY, markdownSummary(summary));
  return summary;
}

/**
 * Saves what the next build needs once the site is published (a build that failed or was interrupted records
 * nothing). The site is out by then, so a failure to save is a warning, not a failed build: without the page
 * dates the next build dates the pages this one added from its own day; without the manifest it renders every page.
 */
async function keepAfterPublishing(file: string, save: () => Promise<void>, what: string, warn: (line: string) => void): Promise<void> {
  try {
    await save();
  } catch (error) {
    warn(`warning: the site is published, but ${what} could not be saved to ${file}: ${(error as Error).message}`);
  }
}

/**
 * Renders into a staging folder beside the output, swapped in only once the render succeeded, one language after
 * the other (each into its folder), so the render's memory stays near one language's. Pages that did not change
 * since the published build (its manifest, beside the cache) are taken from it instead of rendered.
 */
async function publish(config: BuildConfig, languages: PreparedLanguage[], how: { full: boolean; log: (line: string) => void; warn: (line: string) => void }): Promise<RenderResult> {
  removeInBackground(await leftoverDirs(config.outputDir));
  const manifestFile = manifestPath(config.cacheDir);
  const previous = await previousManifest(manifestFile, how);
  const staging = await makeStagingDir(config.outputDir);
  const total: RenderResult = { pages: 0, rendered: 0, reused: 0, files: {} };
  try {
    for (const { folder, model, shareImages } of languages) {
      const result = await renderSite({
        rootDir: config.rootDir,
        contentDir: config.contentDir,
        outputDir: path.join(staging, folder),
        model,
        shareImages,
        ...(previous ? { previous: { dir: path.join(config.outputDir, folder), files: inFolder(previous, folder) } } : {}),
      });
      total.pages += result.pages;
      total.rendered += result.rendered;
      total.reused += result.reused;
      for (const [file, entry] of Object.entries(result.files)) total.files[`${folder}${file}`] = entry;
      if (languages.length > 1) collectGarbage();
    }
    if (config.site.languages) checkAlternates(staging);
    const replaced = await swapIntoPlace(staging, config.outputDir);
    await keepAfterPublishing(manifestFile, () => saveManifest(manifestFile, total.files), 'its build manifest', how.warn);
    removeInBackground(replaced, { manifestFile, outputDir: config.outputDir });
    return total;
  } catch (error) {
    await removeStagingDir(staging);
    throw error;
  }
}

/** The manifest's files under `folder` (`es/`), relative to it; the whole manifest for the root. */
function inFolder(files: ManifestFiles, folder: string): ManifestFiles {
  if (!folder) return files;
  return Object.fromEntries(Object.entries(files).flatMap(([file, entry]) => (file.startsWith(folder) ? [[file.slice(folder.length), entry]] : [])));
}
