// @ts-check: checked by `npm run typecheck` (tsconfig.json), with the types of src/eleventy/eleventy-types.ts.
// Eleventy's configuration, all of it: folders, plugins, filters, the global data and the preview's watch and
// server options. The data comes from the command that runs Eleventy (`npm run build`, `npm start`) as a site
// source (src/eleventy/site-source.ts): the site model and the pages to render. https://www.11ty.dev/docs/config/
import path from 'node:path';
import rssPlugin from '@11ty/eleventy-plugin-rss';
import filtersPlugin from './src/eleventy/filters.ts';
import fingerprintAssetsPlugin, { FingerprintedAssets, ownerAssets } from './src/eleventy/fingerprint-assets.ts';
import { errorPage, isPageRequest } from './src/eleventy/preview-error-page.ts';
import { previewHeadersMiddleware } from './src/eleventy/preview-headers.ts';
import securityHeadersPlugin from './src/eleventy/security-headers.ts';
import shareImagesPlugin from './src/eleventy/share-images-plugin.ts';
import apiFilesPlugin from './src/eleventy/api-files-plugin.ts';
import { siteSource } from './src/eleventy/site-source.ts';
import { unusedAnalyticsAssets } from './src/model/analytics.ts';
import { closedPartFolders } from './src/model/search-parts.ts';
import {
  API_ROOT,
  CALENDAR_FEED,
  EMBED_FOLDER,
  SEARCH_FOLDER,
  SEARCH_WORKER,
  SITE_PATHS,
  sitePath,
} from './src/model/urls.ts';

/** @param {import('./src/eleventy/eleventy-types.ts').EleventyConfig} eleventyConfig */
export default function (eleventyConfig) {
  const source = siteSource(eleventyConfig);
  // What the plugins read of this render: none when Eleventy runs without a command (the tests of the template
  // options), or when the round failed to build, which the global data below report, once, in the round's words.
  const round = async () => (source ? source.round().catch(() => undefined) : undefined);
  if (source) {
    // The model every template reads, and the arrays the paginated templates render a page per item of: all of
    // them in a full build, only the pages whose fingerprint changed otherwise (src/incremental/render-plan.ts). Frozen:
    // Eleventy passes frozen global data as it is instead of deep-copying it into every page.
    // https://www.11ty.dev/docs/data-global-custom/
    eleventyConfig.addGlobalData('model', async () => (await source.round()).model);
    eleventyConfig.addGlobalData('pageLists', async () => (await source.round()).pageLists);
    // Before the share images are copied below and the preview's browser reloads. https://www.11ty.dev/docs/events/
    eleventyConfig.on('eleventy.after', async () => source.rendered?.());
    eleventyConfig.on('eleventy.beforeWatch', (changed) => source.changed?.(changed));
  }

  // Printing undefined fails the build; dev: true is Eleventy's default. https://www.11ty.dev/docs/languages/nunjucks/
  eleventyConfig.setNunjucksEnvironmentOptions({ dev: true, throwOnUndefined: true });
  // absoluteUrl and dateToRfc3339 for the feeds, the sitemap and robots.txt. https://www.11ty.dev/docs/plugins/rss/
  eleventyConfig.addPlugin(rssPlugin);
  // `templates/assets/` and the owner's theme (content/theme.css, content/fonts/) published under hashed names
  // (/assets/site.<hash>.css); absolute folders, so any working directory works.
  const assets = new FingerprintedAssets({
    sourceDir: path.join(import.meta.dirname, 'templates/assets'),
    extra: ownerAssets(path.join(import.meta.dirname, 'content')),
  });
  // Under the site's path prefix, from the manifest the build's round read; an analytics stub only where it loads.
  const pathPrefix = async () => (await round())?.model.site.pathPrefix ?? '/';
  const unused = async () => unusedAnalyticsAssets((await round())?.model.analytics);
  eleventyConfig.addPlugin(fingerprintAssetsPlugin, {
    assets,
    pathPrefix,
    manifest: async () => (await round())?.assets,
    unused,
  });
  // Our filters, all in one module: `degrees`, `chartWheel`, `assetUrl`, `sitePath` and `siteUrl`.
  eleventyConfig.addPlugin(filtersPlugin, { assets });
  // The meta CSP (`csp`) every layout carries, and _headers for hosts that read it, each with what the model's
  // analytics adds.
  const policyAdditions = async () => (await round())?.model.analytics?.policy;
  // Each language's folder (`/`, `/es/`), with its own fingerprinted assets, search page and Pagefind's worker (whose
  // policy also lets Pagefind run): paths in the output, as `_headers` names them.
  const languageFolders = async () => {
    const model = (await round())?.model;
    if (!model) return [];
    const homes = model.languageHomes?.map((home) => home.url) ?? [model.links.home];
    return homes.map((home) => sitePath(home, model.site.pathPrefix));
  };
  const searchPaths = async () =>
    (await languageFolders()).flatMap((folder) =>
      [SITE_PATHS.search, SEARCH_WORKER].map((file) => `${folder}${file.slice(1)}`),
    );
  // The JSON API's folder in each language's, the only paths other origins may read (none when it is switched off).
  const apiPaths = async () =>
    (await round())?.model.api.length
      ? (await languageFolders()).map((folder) => `${folder}${API_ROOT.slice(1)}*`)
      : [];
  // The framed pages' folder in each language's, the only pages any site may frame (none when the card is off).
  const embedPaths = async () =>
    (await round())?.model.embeds.length
      ? (await languageFolders()).map((folder) => `${folder}${EMBED_FOLDER.slice(1)}*`)
      : [];
  // The sky's calendar in each language's folder (none when it is switched off).
  const calendarPaths = async () =>
    (await round())?.model.calendarFeeds.length
      ? (await languageFolders()).map((folder) => `${folder}${CALENDAR_FEED.slice(1)}`)
      : [];
  const searchBundles = async () =>
    ((model) => model && [SEARCH_FOLDER, ...closedPartFolders(model)])((await round())?.model);
  eleventyConfig.addPlugin(securityHeadersPlugin, {
    policyAdditions,
    languageFolders,
    searchPaths,
    apiPaths,
    embedPaths,
    searchBundles,
    calendarPaths,
  });
  // The JSON API's files this render writes, after the pages.
  eleventyConfig.addPlugin(apiFilesPlugin, {
    files: async () => ({ files: (await round())?.pageLists.api ?? [], pathPrefix: await pathPrefix() }),
  });
  // The link-preview images, copied after the pages.
  eleventyConfig.addPlugin(shareImagesPlugin, { files: async () => (await round())?.imageFiles ?? [] });

  // The preview (`npm start`). Content edits rebuild the model; a broken edit is the page the browser shows.
  // https://www.11ty.dev/docs/watch-serve/ and https://www.11ty.dev/docs/dev-server/
  eleventyConfig.addWatchTarget('./content/');
  // Eleventy's scan of the config's JavaScript imports does not understand TypeScript.
  eleventyConfig.setWatchJavaScriptDependencies(false);
  // How long a saved file must stay unchanged before the rebuild. https://github.com/paulmillr/chokidar#performance
  eleventyConfig.setChokidarConfig({ awaitWriteFinish: { stabilityThreshold: 50, pollInterval: 10 } });
  eleventyConfig.setServerOptions(previewServerOptions(source));
}

/**
 * The preview's dev server: under the site's path, the chart form's routes to its Worker, `_headers` as hosts send it,
 * and a failed round's error page. https://www.11ty.dev/docs/dev-server/
 * @param {ReturnType<typeof siteSource>} source
 */
function previewServerOptions(source) {
  return {
    // The command prints the address it listens on (src/cli/preview/preview-address.ts).
    messageOnStart: () => false,
    // Served under the site's path, `/` redirected there. Not Eleventy's own pathPrefix: the RSS plugin's HTML base
    // plugin would add it to URLs the model already gives with it. https://www.11ty.dev/docs/dev-server/
    ...(source?.pathPrefix ? { pathPrefix: source.pathPrefix } : {}),
    // The chart form's routes go to its Worker (src/cli/preview/form-proxy.ts); the rest get `_headers` as hosts send it.
    middleware: [
      ...(source?.middleware ?? []),
      ...(source?.headerRules ? [previewHeadersMiddleware(source.headerRules, source.pathPrefix)] : []),
    ],
    onRequest: {
      /** @param {{ url: URL }} request */
      '/*': ({ url }) => {
        const failure = source?.failure?.();
        if (!failure || !isPageRequest(url)) return undefined;
        return { status: 500, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body: errorPage(failure) };
      },
    },
  };
}

// The folders in and out are the command's (src/cli/builder/render-site.ts: templates/ beside this file, and a staging
// folder or .preview/): folders set here would win over them.
export const config = {
  dir: { includes: '_includes', layouts: '_layouts' },
  templateFormats: ['njk'],
  htmlTemplateEngine: 'njk',
};
