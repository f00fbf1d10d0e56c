// The plain Eleventy comparison site's data, taken from a build of ours: the same pages, with none of our pipeline.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

function files(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full, base) : [path.relative(base, full)];
  });
}

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The first group `pattern` finds in `text`, its entities decoded; empty when it finds none. */
const field = (text: string, pattern: RegExp) => decode(pattern.exec(text)?.[1] ?? '');

/**
 * The plain site's data from a site build: for every HTML page of ours, the head fields the layout prints and
 * the rendered <main> as one pre-made HTML string; every other file as it is, the card's framed pages and the API's
 * page (each a layout of its own) among them. Eleventy then renders the same
 * number of pages of the same size in a layout of the same weight, with none of our pipeline.
 */
export function plainDataFrom(distDir: string) {
  const pages: object[] = [];
  const otherFiles: { path: string; content: string }[] = [];
  for (const file of files(distDir)) {
    const urlPath = `/${file.split(path.sep).join('/')}`;
    // The plain site renders pages: neither our fingerprinted assets nor the search index.
    if (file.startsWith('assets') || file.startsWith('pagefind')) continue;
    const text = readFileSync(path.join(distDir, file), 'utf8');
    const ownLayout = file.startsWith('embed') || /\/api\/v1\/index\.html$/.test(urlPath);
    if (file.endsWith('.html') && !ownLayout) pages.push(pageData(urlPath, text));
    else otherFiles.push({ path: urlPath, content: text });
  }
  const home = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  return { site: siteData(home), ...homeData(home), pages, files: otherFiles };
}

/** What the plain layout prints of one page: its head's fields, its breadcrumbs, and its <main> as it is. */
function pageData(urlPath: string, text: string): object {
  const attr = (pattern: RegExp) => field(text, pattern);
  const [, mainAttributes = '', main = ''] =
    /<main id="main" tabindex="-1"([^>]*)>\n([\s\S]*)\n<\/main>/.exec(text) ?? [];
  const crumbs = [
    ...(
      /<ol>([\s\S]*?)<\/ol>/.exec(/<nav class="breadcrumbs"[\s\S]*?<\/nav>/.exec(text)?.[0] ?? '')?.[1] ?? ''
    ).matchAll(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g),
  ].map((m) => ({ url: decode(m[1]!), label: decode(m[2]!) }));
  const feed = /<link rel="alternate" type="application\/atom\+xml" title="([^"]*)" href="([^"]*)">/.exec(text);
  const jsonFeed = /<link rel="alternate" type="application\/feed\+json" title="([^"]*)" href="([^"]*)">/.exec(text);
  return {
    path: urlPath,
    documentTitle: attr(/<title>([^<]*)<\/title>/),
    description: attr(/<meta name="description" content="([^"]*)">/),
    canonical: attr(/<link rel="canonical" href="([^"]*)">/),
    noindex: text.includes('<meta name="robots" content="noindex">'),
    ogType: attr(/<meta property="og:type" content="([^"]*)">/),
    title: attr(/<meta property="og:title" content="([^"]*)">/),
    image: {
      url: attr(/<meta property="og:image" content="([^"]*)">/),
      alt: attr(/<meta property="og:image:alt" content="([^"]*)">/),
      width: attr(/<meta property="og:image:width" content="([^"]*)">/),
      height: attr(/<meta property="og:image:height" content="([^"]*)">/),
    },
    jsonLd: /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(text)?.[1],
    ...(feed ? { feed: { label: decode(feed[1]!), url: decode(feed[2]!) } } : {}),
    ...(jsonFeed ? { jsonFeed: { label: decode(jsonFeed[1]!), url: decode(jsonFeed[2]!) } } : {}),
    breadcrumbs: crumbs,
    csp: attr(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/),
    searchScript: attr(/<script type="module" src="([^"]*)"><\/script>/),
    searchBundle: attr(/<link rel="modulepreload" href="([^"]*)">/),
    // The classic scripts, in order: the remembered sign's, the reader's-zone times'.
    scripts: [...text.matchAll(/<script src="([^"]*)"><\/script>/g)].map((m) => m[1]!),
    mainAttributes,
    main,
  };
}

/** The site-wide parts of every page's layout, as the home page prints them: sign menu, footer, search form, styles. */
function homeData(home: string) {
  const attr = (pattern: RegExp) => field(home, pattern);
  return {
    searchLabel: attr(/<label for="site-search-q" class="visually-hidden">([^<]*)<\/label>/),
    searchPlaceholder: attr(/<input id="site-search-q" type="search" name="q" placeholder="([^"]*)">/),
    searchButton: attr(/<form class="site-search"[\s\S]*?<span class="search-button-text">([^<]*)<\/span>/),
    stylesheets: [...home.matchAll(/<link rel="stylesheet" href="([^"]*)">/g)].map((m) => decode(m[1]!)),
    icon: attr(/<link rel="icon" href="([^"]*)"/),
    signs: [
      ...(/<ul class="sign-nav">([\s\S]*?)<\/ul>/.exec(home)?.[1] ?? '').matchAll(
        /<a href="\/([^/]*)\/"><span class="glyph" aria-hidden="true">([^&]*)&#xFE0E;<\/span> ([^<]*)<\/a>/g,
      ),
    ].map((m) => ({ slug: m[1], glyph: m[2], name: decode(m[3]!) })),
    staticPages: [
      ...(/<ul class="footer-nav">([\s\S]*?)<\/ul>/.exec(home)?.[1] ?? '').matchAll(/<a href="([^"]*)">([^<]*)<\/a>/g),
    ]
      .filter((m) => m[1] !== '/charts/' && m[1] !== '/sitemap.xml')
      .map((m) => ({ url: m[1], title: decode(m[2]!) })),
  };
}

/** The site's own fields, from its home page. */
function siteData(home: string) {
  return {
    language: /<html lang="([^"]*)">/.exec(home)?.[1] ?? 'en',
    ogLocale: /<meta property="og:locale" content="([^"]*)">/.exec(home)?.[1] ?? '',
    title: field(home, /<a class="site-title" href="\/">([^<]*)<\/a>/),
    sampleContent: home.includes('class="sample-notice"'),
    sampleNotice: field(home, /<p class="sample-notice">([^<]*)<\/p>/),
    copyright: field(home, /<p>(©[^<]*)<\/p>/),
  };
}
