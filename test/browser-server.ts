// One Chromium for the whole run: a browser server started here, its endpoint handed to every test worker through
// the environment, which `launchChromium` (scripts/lib/chromium.ts) connects to instead of starting a browser per
// file. Each test still opens its own context. https://playwright.dev/docs/api/class-browsertype#browser-type-launch-server
import type { BrowserServer } from 'playwright-core';
import { CHROMIUM_ENDPOINT, launchChromiumServer } from '../scripts/lib/chromium.ts';

/**
 * Each project that drives a browser runs this setup, each with its own copy of this module: the first starts the
 * server, kept on the process, and the last one's teardown stops it.
 */
const shared = globalThis as typeof globalThis & { chromiumServer?: { server: Promise<BrowserServer>; users: number } };

export default async function setup() {
  const state = (shared.chromiumServer ??= { server: launchChromiumServer(), users: 0 });
  state.users += 1;
  process.env[CHROMIUM_ENDPOINT] = (await state.server).wsEndpoint();
  return async () => {
    state.users -= 1;
    if (state.users > 0) return;
    shared.chromiumServer = undefined;
    delete process.env[CHROMIUM_ENDPOINT];
    await (await state.server).close();
  };
}
