// Writes the README's picture, docs/screenshot-sign-page.png: a weekly sign page of the sample site, full page,
// in Debian's Chromium. See docs/screenshot.md. Run with `npm run screenshot`.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describeFailure } from '../src/cli/describe-failure.ts';
import { runBuild } from '../src/cli/run-build.ts';
import { SECURITY_HEADERS } from '../src/eleventy/security-headers.ts';
import { launchChromium } from '../test/site/browser/chromium.ts';
import { openPage } from '../test/site/browser/page-checks.ts';
import { startStaticServer } from '../test/site/browser/static-server.ts';

const DEFAULTS = {
  /** The built site's date, the one the site tests use, so the picture shows the pages they check. */
  buildDate: '2026-11-22',
  page: '/weekly/2026-w47/leo/',
  /** Wide enough for the desktop layout; the height is a minimum, as the whole page is taken. In CSS px. */
  viewport: { width: 1000, height: 900 },
  output: 'docs/screenshot-sign-page.png',
};

const rootDir = path.resolve(import.meta.dirname, '..');
const work = await mkdtemp(path.join(tmpdir(), 'screenshot-'));
try {
  const siteDir = path.join(work, 'dist');
  // Only the build date is passed: the embedded sample service, never an account from .env.
  await runBuild({
    rootDir,
    env: { ASTRO_BUILD_DATE: DEFAULTS.buildDate },
    outputDir: siteDir,
    cacheDir: path.join(work, 'cache'),
    log: () => {},
  });
  const server = await startStaticServer(siteDir, { headers: SECURITY_HEADERS });
  const browser = await launchChromium();
  try {
    const { page, response, problems } = await openPage(browser, server.url, DEFAULTS.page, { viewport: DEFAULTS.viewport });
    const trouble = [...problems.consoleErrors, ...problems.cspReports, ...problems.failedRequests];
    if (response?.status() !== 200 || trouble.length > 0) {
      throw new Error(`${DEFAULTS.page} did not load cleanly (status ${response?.status()}): ${trouble.join('; ')}`);
    }
    await page.screenshot({ path: path.join(rootDir, DEFAULTS.output), fullPage: true });
    console.log(`Wrote ${DEFAULTS.output}`);
  } finally {
    await browser.close();
    await server.close();
  }
} catch (error) {
  console.error(`Screenshot failed: ${describeFailure(error)}`);
  process.exitCode = 1;
} finally {
  await rm(work, { recursive: true, force: true });
}
