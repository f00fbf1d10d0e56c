// The build: configuration → (embedded sample service) → one authenticated client → reports (cache policy in
// src/data/fetch-reports.ts) → site model → Eleventy into a staging folder → atomic swap into dist/. A build whose
// inputs are those of the published output keeps it, and loads neither the model nor Eleventy.
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import { loadDotEnv, type BuildConfig } from '../../data/config.ts';
import { savePageHistory, type PageHistory } from '../../data/page-dates.ts';
import { contentDigest, inputDigest, siteDigest } from '../../incremental/input-digest.ts';
import { firstLanguageChange, firstLanguageFile, readFirstLanguage, saveFirstLanguage } from './first-language.ts';
import { formatSummary, markdownSummary, type BuildSummary } from './build-summary.ts';
import {
  holdsExactly,
  manifestPath,
  previousManifest,
  saveManifest,
  type Manifest,
  type ManifestFiles,
} from '../../incremental/build-manifest.ts';
import {
  collectGarbage,
  fetchSite,
  modelsOneByOne,
  type FetchedLanguage,
  type FetchSiteOptions,
  type PreparedLanguage,
} from './prepare-site.ts';
import { languageFolder } from '../../model/languages.ts';
import { rendererFingerprint } from '../../incremental/render-plan.ts';
import { markPhase } from './build-phase.ts';
import type { RenderResult } from './render-site.ts';
import { leftoverDirs, makeStagingDir, removeInBackground, removeStagingDir, swapIntoPlace } from './swap-output.ts';

export interface BuildOptions extends FetchSiteOptions {
  /** Render every page, taking nothing from the last build's output (`npm run build -- --full`). */
  full?: boolean;
  /**
   * Write the search index (the default). Only tests that read no part of it leave it out, as it is most of what a
   * small site's build costs: their output is then not what `npm run build` publishes.
   */
  searchIndex?: boolean;
}

/** The whole build. Resolves with the summary; on failure rejects and leaves `dist/` as it was. */
export async function runBuild(options: BuildOptions): Promise<BuildSummary> {
  const started = performance.now();
  const log = options.log ?? ((line) => console.log(line));
  const warn = options.warn ?? ((line) => console.error(line));
  if (!options.env) loadDotEnv(options.rootDir);
  const env = options.env ?? process.env;
  markPhase('fetch');
  const { config, languages, summary: fetched } = await fetchSite({ ...options, env });
  const firstLanguage = firstLanguageChange(
    readFirstLanguage(config.cacheDir),
    config.accounts.map((account) => account.language),
    config.contentDir,
  );
  firstLanguage.lines.forEach(warn);
  const published = await publish(config, languages, {
    full: options.full ?? false,
    searchIndex: options.searchIndex ?? true,
    log,
    warn,
  });
  for (const [i, history] of (published.histories ?? []).entries()) {
    const file = languages[i]!.pageDatesFile;
    await keepAfterPublishing(file, () => savePageHistory(file, history), 'its page dates', warn);
  }
  await keepAfterPublishing(
    firstLanguageFile(config.cacheDir),
    () => saveFirstLanguage(config.cacheDir, firstLanguage.record),
    'its first language',
    warn,
  );
  const summary: BuildSummary = {
    ...fetched,
    pages: published.pages,
    rendered: published.rendered,
    reused: published.reused,
    seconds: (performance.now() - started) / 1000,
  };
  log(formatSummary(summary, config.site.url));
  if (env.GITHUB_STEP_SUMMARY) await appendFile(env.GITHUB_STEP_SUMMARY, markdownSummary(summary, config.site.url));
  return summary;
}

/**
 * Saves what the next build needs once the site is published (a build that failed or was interrupted records
 * nothing). The site is out by then, so a failure to save is a warning, not a failed build: without the page
 * dates the next build dates the pages this one added from its own day; without the manifest it renders every page.
 */
async function keepAfterPublishing(
  file: string,
  save: () => Promise<void>,
  what: string,
  warn: (line: string) => void,
): Promise<void> {
  try {
    await save();
  } catch (error) {
    warn(`warning: the site is published, but ${what} could not be saved to ${file}: ${(error as Error).message}`);
  }
}

interface PublishOptions {
  full: boolean;
  searchIndex: boolean;
  log: (line: string) => void;
  warn: (line: string) => void;
}

/**
 * Publishes the site, unless the published output already is what it would be: the same inputs (every language's
 * digest, src/incremental/input-digest.ts), a day no earlier, and the output still holding exactly the files the
 * manifest lists. Otherwise renders, with the languages' models, the pages that changed.
 */
async function publish(
  config: BuildConfig,
  languages: FetchedLanguage[],
  how: PublishOptions,
): Promise<RenderResult & { histories?: PageHistory[] }> {
  removeInBackground(await leftoverDirs(config.outputDir));
  const manifestFile = manifestPath(config.cacheDir);
  const previous = await previousManifest(manifestFile, how);
  const renderer = rendererFingerprint(config.rootDir, config.contentDir);
  const contents = languages.map(({ input }) => contentDigest(input, renderer));
  const inputs = siteDigest(languages.map(({ input }, i) => inputDigest(contents[i]!, input.pageHistory)));
  if (
    previous &&
    previous.inputs === inputs &&
    previous.buildDate <= config.buildDate &&
    holdsExactly(config.outputDir, previous.files, previous.dirs)
  ) {
    how.log('Nothing a page shows has changed since the last build: the published output stays as it is.');
    const pages = Object.keys(previous.files).filter((file) => file.endsWith('.html')).length;
    return { pages, rendered: 0, reused: pages, files: previous.files };
  }
  const rendered = await render(
    config,
    modelsOneByOne(languages),
    { renderer, searchIndex: how.searchIndex },
    previous?.files,
  );
  // The inputs as the next build will see them: with the page history this one leaves.
  const next = siteDigest(rendered.histories.map((history, i) => inputDigest(contents[i]!, history)));
  await keepAfterPublishing(
    manifestFile,
    () => saveManifest(manifestFile, { inputs: next, buildDate: config.buildDate, files: rendered.files }),
    'its build manifest',
    how.warn,
  );
  removeInBackground(rendered.replaced, { manifestFile, outputDir: config.outputDir });
  return rendered;
}

interface Rendered extends RenderResult {
  /** Each language's page history, to save. */
  histories: PageHistory[];
  /** The output this one replaced, moved aside, for the detached process that removes it (swap-output.ts). */
  replaced: string[];
}

/**
 * Renders into a staging folder beside the output, swapped in only once the render succeeded, one language after
 * the other (each into its folder). Pages that did not change since the published build (its manifest, beside the
 * cache) are taken from it instead of rendered.
 */
async function render(
  config: BuildConfig,
  languages: Iterable<PreparedLanguage>,
  { renderer, searchIndex }: { renderer: string; searchIndex: boolean },
  previous: Manifest['files'] | undefined,
): Promise<Rendered> {
  // Loaded only here: a build that keeps the published output needs neither Eleventy nor Pagefind.
  const { renderSite } = await import('./render-site.ts');
  const staging = await makeStagingDir(config.outputDir);
  const total: Rendered = { pages: 0, rendered: 0, reused: 0, files: {}, histories: [], replaced: [] };
  const folders =
    previous &&
    byLanguageFolder(
      previous,
      config.accounts.slice(1).map((account) => languageFolder(account.language, false)),
    );
  try {
    for (const { folder, model, imageFiles } of languages) {
      const result = await renderSite({
        rootDir: config.rootDir,
        outputDir: path.join(staging, folder),
        model,
        renderer,
        searchIndex,
        imageFiles,
        ...(folders
          ? { previous: { dir: path.join(config.outputDir, folder), files: folders.get(folder) ?? {} } }
          : {}),
      });
      total.pages += result.pages;
      total.rendered += result.rendered;
      total.reused += result.reused;
      for (const [file, entry] of Object.entries(result.files)) total.files[`${folder}${file}`] = entry;
      total.histories.push(model.pageHistory);
      if (config.accounts.length > 1) collectGarbage();
    }
    if (config.site.languages)
      (await import('./check-alternates.ts')).checkAlternates(staging, Object.keys(total.files));
    markPhase('swap');
    total.replaced = await swapIntoPlace(staging, config.outputDir);
    return total;
  } catch (error) {
    await removeStagingDir(staging);
    throw error;
  }
}

/**
 * The manifest's files by language folder (`es/`), relative to it, in one pass over what may be six languages'
 * 150,000 files; the default language's, at the root, is the whole manifest.
 */
function byLanguageFolder(files: ManifestFiles, others: readonly string[]): Map<string, ManifestFiles> {
  const folders = new Map<string, ManifestFiles>([
    ['', files],
    ...others.map((folder): [string, ManifestFiles] => [folder, {}]),
  ]);
  if (!others.length) return folders;
  for (const file in files) {
    const under = folders.get(file.slice(0, file.indexOf('/') + 1));
    if (under && under !== files) under[file.slice(file.indexOf('/') + 1)] = files[file]!;
  }
  return folders;
}
