// The build: configuration → (embedded sample service) → one authenticated client → reports (cache policy in
// src/data/fetch-reports.ts) → site model → Eleventy into a staging folder → atomic swap into dist/.
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import { ASTRO_ERROR_CODES, AstroClient, AstroError, AUTH_ENDPOINT, type ClientStats } from '../api/index.ts';
import { loadConfig, loadDotEnv, type BuildConfig, type PeriodWindows, type SiteConfig } from '../data/config.ts';
import { readChartFiles, resolveCharts, type ChartInput } from '../data/charts.ts';
import { fetchReports, ReportsUnavailableError, type PeriodReports } from '../data/fetch-reports.ts';
import { loadMessages } from '../data/i18n.ts';
import { readOverrides } from '../data/overrides.ts';
import { loadPageHistory, pageDatesFile, savePageHistory } from '../data/page-dates.ts';
import { allPeriods } from '../data/periods.ts';
import { cacheNamespace, ResponseCache } from '../data/response-cache.ts';
import { allShareImages, planShareImages, renderShareImages, themeColours } from '../data/share-images.ts';
import { brandFiles, readBrandSvg } from '../data/site-logo.ts';
import { readSigns } from '../data/signs.ts';
import type { PublishedFile } from '../eleventy/copy-into-output.ts';
import { buildSiteModel } from '../model/site-model.ts';
import type { SiteModel } from '../model/types.ts';
import { readStaticPages } from '../data/static-pages.ts';
import type { SampleService } from '../sample-service/server.ts';
import { createProgress } from './progress.ts';
import { manifestPath, previousManifest, saveManifest } from './build-manifest.ts';
import { renderSite, type RenderResult } from './render-site.ts';
import { leftoverDirs, makeStagingDir, removeInBackground, removeStagingDir, swapIntoPlace } from './swap-output.ts';

export interface BuildSummary {
  requests: number;
  retries: number;
  reauths: number;
  fromCache: number;
  stale: string[];
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

export interface PreparedSite {
  config: BuildConfig;
  model: SiteModel;
  /** The share images and the owner's logo and favicon, to publish beside the pages. */
  shareImages: PublishedFile[];
  /** Where the page dates are kept; only a build that published writes `model.pageHistory` there. */
  pageDatesFile: string;
  summary: Omit<BuildSummary, 'pages' | 'rendered' | 'reused' | 'seconds'>;
}

/**
 * The cache's folder for this build's service. The sample service writes in the site's language, which report
 * requests do not carry, so each language other than English has its own folder: past periods are never fetched
 * again, and a site switched to another language must not keep the old one's reports.
 */
function cacheFolder(config: BuildConfig): string {
  const primary = config.site.language.split('-')[0]!;
  return config.apiUrl || primary === 'en' ? cacheNamespace(config.apiUrl) : `${cacheNamespace(undefined)}-${primary}`;
}

/** The service to talk to: the configured one, or the embedded sample service started for this build. */
async function openService(config: BuildConfig, log: (line: string) => void) {
  if (config.apiUrl || config.offline) {
    return { baseUrl: config.apiUrl, username: config.username, password: config.password, sample: undefined };
  }
  // Imported only when used: a build against a real service needs none of the sample service's modules.
  const { startSampleService, SAMPLE_LANGUAGES } = await import('../sample-service/server.ts');
  const language = config.site.language;
  const sample: SampleService = await startSampleService({ language });
  log(`ASTRO_API_URL is not set: using the embedded sample service at ${sample.url} (sample content).`);
  const primary = language.split('-')[0]!;
  if (sample.language !== primary) {
    log(`The sample service writes ${listed(SAMPLE_LANGUAGES)} only: its reports and charts for this ${primary} site are in English.`);
  }
  return { baseUrl: sample.url, username: 'sample', password: 'sample', sample };
}

/** 'en and es', 'en, es and pt'. */
function listed(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Everything but rendering: fetch (or read from the cache) and build the site model. */
export async function prepareSite(options: BuildOptions): Promise<PreparedSite> {
  const log = options.log ?? ((line) => console.log(line));
  const warn = options.warn ?? ((line) => console.error(line));
  const config = loadConfig(options.rootDir, options.env);
  if (options.outputDir) config.outputDir = options.outputDir;
  if (options.cacheDir) config.cacheDir = options.cacheDir;
  if (options.periods) config.site.periods = options.periods;
  const editors = await readEditorFiles(config.contentDir, config.site);
  // In the colours of this project's stylesheet: one edit of it changes the pages and the images.
  const colours = themeColours(path.join(config.rootDir, 'templates/assets/site.css'));
  const images = planShareImages(config.site.title, editors.signs, editors.messages, colours, editors.brand.logo);
  // The images need no report: they are drawn (off the main thread) while the service answers. The preview skips
  // the collections that keep a build's memory down, which slow its edits (docs/performance.md).
  // Both settle before a failure is reported: the images must not go on writing into the cache after the build
  // has ended (a test's folder, removed by then, would be made again).
  const [content, drawn] = await Promise.allSettled([
    fetchContent(config, editors.chartInputs, options, log),
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
  // Beside the reports they date: a Spanish sample site's pages are not the English one's.
  const historyFile = pageDatesFile(path.join(config.cacheDir, cacheFolder(config)));
  const history = await loadPageHistory(historyFile);
  if (history.problem) warn(`warning: ignored a damaged page dates file ${history.problem}; dates start afresh from this build`);
  const model = buildSiteModel({
    site: config.site,
    messages: editors.messages,
    buildDate: config.buildDate,
    sampleContent: fetched.fromSampleService || (!config.apiUrl && config.offline),
    signs: editors.signs,
    reports: fetched.reports,
    charts: fetched.charts,
    overrides: editors.overrides,
    staticPages: editors.staticPages,
    pageHistory: history.history,
    shareImages: images,
    brand: editors.brand,
  });
  return { config, model, shareImages, pageDatesFile: historyFile, summary: { ...fetched.stats, fromCache: fetched.fromCache, stale } };
}

/** A line per stale period, and a louder one when the answer had the wrong shape: the format may have changed. */
function staleWarnings({ period, problem, shapeChanged }: PeriodReports): string[] {
  const line = `warning: ${period.kind} ${period.key} is stale (served from the cache): ${problem}`;
  if (!shapeChanged) return [line];
  return [line, "warning: THE SERVICE'S ANSWER HAS AN UNEXPECTED SHAPE: it may have changed its format; see docs/service-api.md"];
}

/** The editors' files, read (and validated) before any request: a bad file should fail the build at once. */
async function readEditorFiles(contentDir: string, { language, logo, favicon }: SiteConfig) {
  const messages = loadMessages(contentDir, language);
  return {
    messages,
    signs: readSigns(path.join(contentDir, 'signs.json'), messages, 'content/signs.json'),
    chartInputs: await readChartFiles(path.join(contentDir, 'charts'), language),
    overrides: await readOverrides(path.join(contentDir, 'overrides')),
    staticPages: await readStaticPages(path.join(contentDir, 'pages')),
    brand: { logo: readBrandSvg(contentDir, logo, 'logo'), favicon: readBrandSvg(contentDir, favicon, 'favicon') },
  };
}

/** The reports of every published period and the charts' data, from the service or the cache, shown as progress. */
async function fetchContent(config: BuildConfig, chartInputs: ChartInput[], options: BuildOptions, log: (line: string) => void) {
  const periods = allPeriods(config.buildDate, config.site.periods);
  const cache = new ResponseCache(config.cacheDir, cacheFolder(config));
  const service = await openService(config, log);
  const progress = createProgress(options.progressStream ?? process.stderr);
  // The client's own count of requests in progress (backoff waits included): send/response events do not pair
  // up when a connection fails, so counting them here would drift.
  let inFlight = 0;
  let settled = { done: 0, failed: 0 };
  const showProgress = () => progress.update({ ...settled, total: periods.length, inFlight, retries: client?.stats.retries ?? 0 });
  const client = service.baseUrl
    ? new AstroClient({
        baseUrl: service.baseUrl,
        username: service.username,
        password: service.password,
        concurrency: config.concurrency,
        timeoutMs: config.timeoutMs,
        onEvent(event) {
          inFlight = event.inFlight;
          showProgress();
        },
      })
    : undefined;
  try {
    const [fetched, resolved] = await Promise.allSettled([fetchReports({
      client,
      cache,
      periods,
      buildDate: config.buildDate,
      offline: config.offline,
      preview: options.preview,
      onPeriodSettled(now) {
        settled = now;
        showProgress();
      },
    }), resolveCharts(chartInputs, client, cache)]);
    if (fetched.status === 'rejected' || resolved.status === 'rejected') throw oneFailure(service.baseUrl, [fetched, resolved]);
    const stats: ClientStats = { ...(client?.stats ?? { requests: 0, retries: 0, reauths: 0 }) };
    return { ...fetched.value, charts: resolved.value.charts, stats, unreadable: cache.unreadable, fromSampleService: service.sample !== undefined };
  } finally {
    progress.finish();
    await client?.close();
    await service.sample?.close();
  }
}

/**
 * The one failure a build reports, the same whichever request failed first: a service that could not be signed
 * in to (unreachable, or refusing the credentials) before anything else, then the reports', then the charts'.
 */
function oneFailure(baseUrl: string | undefined, results: PromiseSettledResult<unknown>[]): unknown {
  const errors = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
  const signIn = errors.flatMap(serviceErrors).find((error) => error.endpoint === AUTH_ENDPOINT);
  // Refused credentials say so themselves; a service that cannot be reached is named.
  if (signIn?.code === ASTRO_ERROR_CODES.AUTH_FAILED) return signIn;
  if (signIn) return new Error(`the service at ${baseUrl} could not be signed in to: ${signIn.message}`);
  return errors[0];
}

/** The service's own errors behind a failure of the reports or the charts. */
function serviceErrors(error: unknown): AstroError[] {
  if (error instanceof AstroError) return [error];
  if (error instanceof ReportsUnavailableError) return error.failures.flatMap((failure) => (failure.error ? [failure.error] : []));
  const origin = (error as { origin?: unknown } | undefined)?.origin;
  return origin instanceof AstroError ? [origin] : [];
}

function formatSummary(s: BuildSummary): string {
  return [
    `Build summary: ${s.pages} pages in ${s.seconds.toFixed(1)} s (rendered ${s.rendered}, reused ${s.reused} from the last build)`,
    `  requests sent ${s.requests} (retried ${s.retries}, re-authentications ${s.reauths})`,
    `  periods served from cache ${s.fromCache}, stale ${s.stale.length}${s.stale.length ? ` (${s.stale.join(', ')})` : ''}`,
  ].join('\n');
}

function markdownSummary(s: BuildSummary): string {
  return [
    '### Horoscope site build',
    '',
    '| pages | rendered | reused | requests | retried | re-authentications | periods from cache | stale periods | seconds |',
    '|---|---|---|---|---|---|---|---|---|',
    `| ${s.pages} | ${s.rendered} | ${s.reused} | ${s.requests} | ${s.retries} | ${s.reauths} | ${s.fromCache} | ${s.stale.length ? s.stale.join(', ') : 'none'} | ${s.seconds.toFixed(1)} |`,
    '',
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
  const { config, model, shareImages, pageDatesFile: historyFile, summary: fetched } = await prepareSite({ ...options, env });
  const rendered = await publish(config, model, shareImages, { full: options.full ?? false, log, warn });
  await keepAfterPublishing(historyFile, () => savePageHistory(historyFile, model.pageHistory), 'its page dates', warn);
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
 * Renders into a staging folder beside the output, swapped in only once the render succeeded. Pages that did not
 * change since the published build (its manifest, beside the cache) are taken from it instead of rendered.
 */
async function publish(config: BuildConfig, model: SiteModel, shareImages: PublishedFile[], how: { full: boolean; log: (line: string) => void; warn: (line: string) => void }): Promise<RenderResult> {
  removeInBackground(await leftoverDirs(config.outputDir));
  const manifestFile = manifestPath(config.cacheDir);
  const previous = await previousManifest(manifestFile, how);
  const staging = await makeStagingDir(config.outputDir);
  try {
    const result = await renderSite({
      rootDir: config.rootDir,
      contentDir: config.contentDir,
      outputDir: staging,
      model,
      shareImages,
      ...(previous ? { previous: { dir: config.outputDir, files: previous } } : {}),
    });
    await swapIntoPlace(staging, config.outputDir);
    await keepAfterPublishing(manifestFile, () => saveManifest(manifestFile, result.files), 'its build manifest', how.warn);
    return result;
  } catch (error) {
    await removeStagingDir(staging);
    throw error;
  }
}
