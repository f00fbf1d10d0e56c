// Launches Debian's Chromium (apt package `chromium`) through playwright-core. Nothing is ever downloaded:
// the browser must already be installed, and when it is not the suite FAILS with the command to fix it,
// because a skipped browser suite would look green in CI.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserServer } from 'playwright-core';

const DEFAULTS = {
  /** Where Debian's `chromium` package puts its launcher; `.ci/run` installs it when missing. */
  executablePath: '/usr/bin/chromium',
  /** Generous: the first start on a busy 2-core machine can take several seconds. In ms. */
  launchTimeoutMs: 60_000,
};

/**
 * Flags for a quiet, deterministic headless run: no GPU, no sandbox (tests run as root in containers), and no
 * background traffic (updates, sync, QUIC probes) that would show up as failed requests or slow the tests.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export class ChromiumMissingError extends Error {
  readonly code = 'CHROMIUM_MISSING';
  constructor(executablePath: string) {
    super(
      `Browser tests need Debian's Chromium at ${executablePath}, which is missing. ` +
        'Install it with `apt-get install -y chromium` (as root; `.ci/run` does this in CI). ' +
        'Never let playwright download a browser.',
    );
    this.name = 'ChromiumMissingError';
  }
}

/**
 * The environment variable that holds a shared browser server's endpoint: the test run's (test/browser-server.ts)
 * sets it, so that its files connect to one Chromium instead of starting their own.
 */
export const CHROMIUM_ENDPOINT = 'ASTRO_CHROMIUM_ENDPOINT';

/**
 * A browser: connected to the run's shared server when there is one (its `close()` then only disconnects, the
 * server and other files' browsers going on), started here otherwise (scripts, the benchmark).
 */
export async function launchChromium(executablePath: string = DEFAULTS.executablePath): Promise<Browser> {
  const endpoint = process.env[CHROMIUM_ENDPOINT];
  if (endpoint && executablePath === DEFAULTS.executablePath)
    return chromium.connect(endpoint, { timeout: DEFAULTS.launchTimeoutMs });
  if (!existsSync(executablePath)) throw new ChromiumMissingError(executablePath);
  return chromium.launch({ executablePath, args: [...CHROMIUM_ARGS], timeout: DEFAULTS.launchTimeoutMs });
}

/** A browser server on loopback that many processes connect to (`launchChromium` with its endpoint). */
export async function launchChromiumServer(executablePath: string = DEFAULTS.executablePath): Promise<BrowserServer> {
  if (!existsSync(executablePath)) throw new ChromiumMissingError(executablePath);
  return chromium.launchServer({
    executablePath,
    args: [...CHROMIUM_ARGS],
    timeout: DEFAULTS.launchTimeoutMs,
    host: '127.0.0.1',
  });
}
