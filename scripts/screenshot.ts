// Writes the docs' pictures of the sample site in Debian's Chromium, full page. See docs/screenshot.md.
//   npm run screenshot                    docs/screenshot-sign-page.png, the README's weekly sign page
//   npm run screenshot -- --language es   docs/screenshots/es-*.png: the home page, a sign page, a sign hub and a chart, at 375 and 1280 px
//   npm run screenshot -- --languages     docs/screenshots/switcher-*.png: the header of a Spanish page of a site in
//                                         English and Spanish, with its language switcher, at 375 and 1280 px
//   npm run screenshot -- --theme         docs/screenshots/theme-{before,after}-{page,share}.png: docs/theming.md's
//                                         weekly Leo page and its share image, as shipped and with another --accent
import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright-core';
import { describeFailure } from '../src/cli/describe-failure.ts';
import { runBuild } from '../src/cli/builder/run-build.ts';
import { SECURITY_HEADERS } from '../src/eleventy/security-headers.ts';
import { launchChromium } from './lib/chromium.ts';
import { openPage } from './lib/open-page.ts';
import { startStaticServer } from './lib/static-server.ts';
import { copyProject } from './lib/copy-project.ts';

const DEFAULTS = {
  /** The built site's date, the one the site tests use, so the pictures show the pages they check. */
  buildDate: '2026-11-22',
  /** The README's picture: wide enough for the desktop layout; the height is a minimum (whole page). CSS px. */
  readme: {
    page: '/weekly/2026-w47/leo/',
    viewport: { width: 1000, height: 900 },
    output: 'docs/screenshot-sign-page.png',
  },
  /** A language's pictures: these pages at a phone's and a laptop's width. */
  language: {
    pages: { home: '/', 'sign-page': '/weekly/2026-w47/leo/', 'sign-hub': '/leo/', chart: '/charts/elizabeth-ii/' },
    widths: [375, 1280],
    height: 800,
    folder: 'docs/screenshots',
  },
  /** The language switcher: the header of a Spanish page of a site in English and Spanish. */
  switcher: {
    languages: ['en', 'es'],
    page: '/es/weekly/2026-w47/leo/',
    selector: '.site-header',
    widths: [375, 1280],
    height: 600,
  },
  /** docs/theming.md's pair: the page's first screen and its share image, as shipped ("before") and with `accent`. */
  theme: {
    page: '/weekly/2026-w47/leo/',
    viewport: { width: 1000, height: 700 },
    share: /^leo-weekly\.[0-9a-f]+\.png$/,
    shipped: '--accent: #5b3fa8;',
    accent: '--accent: #b3261e;',
    folder: 'docs/screenshots',
  },
};

interface Shot {
  page: string;
  viewport: { width: number; height: number };
  output: string;
  /** Only this element, not the whole page. */
  selector?: string;
  /** The viewport alone, not the whole page. */
  firstScreen?: boolean;
}

const rootDir = path.resolve(import.meta.dirname, '..');

function shotsFor(language: string | undefined, switcher: boolean): Shot[] {
  if (switcher) {
    const { page, selector, widths, height } = DEFAULTS.switcher;
    return widths.map((width) => ({
      page,
      selector,
      viewport: { width, height },
      output: `${DEFAULTS.language.folder}/switcher-${width}.png`,
    }));
  }
  if (!language) return [DEFAULTS.readme];
  const { pages, widths, height, folder } = DEFAULTS.language;
  return Object.entries(pages).flatMap(([name, page]) =>
    widths.map((width) => ({
      page,
      viewport: { width, height },
      output: `${folder}/${language}-${name}-${width}.png`,
    })),
  );
}

/** The project as it is, in a scratch folder whose content/site.json names `language` (or `languages`). */
async function projectIn(setting: { language: string } | { languages: string[] }, work: string): Promise<string> {
  const copy = copyProject(path.join(work, 'project'));
  const siteFile = path.join(copy, 'content/site.json');
  const { language: _language, ...site } = JSON.parse(await readFile(siteFile, 'utf8')) as Record<string, unknown>;
  await writeFile(siteFile, JSON.stringify({ ...site, ...setting }));
  return copy;
}

async function shoot(
  browser: Browser,
  origin: string,
  { page: pathname, viewport, output, selector, firstScreen = false }: Shot,
): Promise<void> {
  const { page, context, response, problems } = await openPage(browser, origin, pathname, { viewport });
  try {
    const trouble = [...problems.consoleErrors, ...problems.cspReports, ...problems.failedRequests];
    if (response?.status() !== 200 || trouble.length > 0) {
      throw new Error(`${pathname} did not load cleanly (status ${response?.status()}): ${trouble.join('; ')}`);
    }
    if (selector) await page.locator(selector).screenshot({ path: path.join(rootDir, output) });
    else await page.screenshot({ path: path.join(rootDir, output), fullPage: !firstScreen });
    console.log(`Wrote ${output}`);
  } finally {
    await context.close();
  }
}

/** Builds `project` from the embedded sample service into `work`/dist, serves it and takes `shots`; the site's folder. */
async function buildAndShoot(project: string, work: string, shots: Shot[]): Promise<string> {
  const siteDir = path.join(work, 'dist');
  // Only the build date is passed: the embedded sample service, never an account from .env.
  await runBuild({
    rootDir: project,
    env: { ASTRO_BUILD_DATE: DEFAULTS.buildDate },
    outputDir: siteDir,
    cacheDir: path.join(work, 'cache'),
    log: () => {},
  });
  const server = await startStaticServer(siteDir, { headers: SECURITY_HEADERS });
  const browser = await launchChromium();
  try {
    for (const shot of shots) await shoot(browser, server.url, shot);
  } finally {
    await browser.close();
    await server.close();
  }
  return siteDir;
}

/** docs/theming.md's pictures: a scratch copy of the project as shipped, then with the other accent in content/theme.css. */
async function shootTheme(work: string): Promise<void> {
  const { page, viewport, share, shipped, accent, folder } = DEFAULTS.theme;
  for (const name of ['before', 'after']) {
    const project = copyProject(path.join(work, name));
    const themeFile = path.join(project, 'content/theme.css');
    const theme = await readFile(themeFile, 'utf8');
    if (!theme.includes(shipped)) throw new Error(`content/theme.css: has no "${shipped}" to change`);
    if (name === 'after') await writeFile(themeFile, theme.replace(shipped, accent));
    const output = `${folder}/theme-${name}-page.png`;
    const siteDir = await buildAndShoot(project, path.join(work, name), [
      { page, viewport, output, firstScreen: true },
    ]);
    const image = (await readdir(path.join(siteDir, 'assets/share'))).find((file) => share.test(file));
    if (!image) throw new Error(`no Leo weekly share image in ${path.join(siteDir, 'assets/share')}`);
    await copyFile(path.join(siteDir, 'assets/share', image), path.join(rootDir, folder, `theme-${name}-share.png`));
    console.log(`Wrote ${folder}/theme-${name}-share.png`);
  }
}

const { values } = parseArgs({
  options: {
    language: { type: 'string' },
    languages: { type: 'boolean', default: false },
    theme: { type: 'boolean', default: false },
  },
});
const setting = values.languages
  ? { languages: DEFAULTS.switcher.languages }
  : values.language
    ? { language: values.language }
    : undefined;
const work = await mkdtemp(path.join(tmpdir(), 'screenshot-'));
try {
  if (values.theme) await shootTheme(work);
  else {
    const project = setting ? await projectIn(setting, work) : rootDir;
    await buildAndShoot(project, work, shotsFor(values.language, values.languages));
  }
} catch (error) {
  console.error(`Screenshot failed: ${describeFailure(error)}`);
  process.exitCode = 1;
} finally {
  await rm(work, { recursive: true, force: true });
}
