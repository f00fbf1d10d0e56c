// What the `_headers` rules decide in a browser, served as an owner serves the site before publishing: by
// `npm run serve:dist` and by the preview (`npm start`), both applying the `_headers` of the site they serve. In
// Chromium, a page on another local origin reads `/api/` with `fetch` and is refused every other path (CORS); the
// preview's pages carry the published policy header (frame-ancestors included) and its live reload still connects.
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import { runBuild } from '../../src/cli/builder/run-build.ts';
import { CURRENT_PERIODS, copyProject } from '../helpers/project-copy.ts';
import { removeDir } from '../helpers/remove-dir.ts';
import { startScript, type RunningScript } from '../helpers/running-script.ts';

const ENV = { ASTRO_BUILD_DATE: '2026-11-22' };
/** Paths of the site and whether another origin may read them. */
const READABLE = {
  '/api/v1/index.json': true,
  '/api/v1/leo/weekly/current.json': true,
  '/leo/': false,
  '/leo/feed.json': false,
};

let project = '';
/** The origins `npm run serve:dist` and `npm start` serve the site at, both started once for the file. */
let dist = '';
let preview = '';
let browser: Browser;
let partner: Server;
let partnerOrigin = '';
const running: RunningScript[] = [];
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  project = copyProject({ periods: CURRENT_PERIODS });
  const siteFile = path.join(project, 'content/site.json');
  writeFileSync(
    siteFile,
    JSON.stringify({ ...JSON.parse(readFileSync(siteFile, 'utf8')), url: 'https://horoscopes.example.com' }),
  );
  const progressStream = { isTTY: false, write: () => true } as unknown as NodeJS.WriteStream;
  // No search index: the assertions read the headers of the pages and the API alone.
  await runBuild({ rootDir: project, env: ENV, log: () => {}, warn: () => {}, progressStream, searchIndex: false });
  // The partner's page: any page of another origin; the test runs its fetches there.
  partner = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner</title></head><body></body></html>',
    );
  });
  await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve));
  partnerOrigin = `http://127.0.0.1:${(partner.address() as AddressInfo).port}`;
  browser = await launchChromium();
  [dist, preview] = await Promise.all([
    serving('serve-dist.ts', /^Serving dist\/ at (http:\/\/[^/\s]+)\//m),
    serving('serve.ts', /^Preview at (http:\/\/[^/\s]+)\//m),
  ]);
});

afterAll(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
  await browser?.close();
  await Promise.all(running.map((script) => script.stop()));
  await new Promise((resolve) => partner?.close(resolve));
  await removeDir(project);
});

/** Starts a command of the project on a free port; resolves with the origin its first line names. */
async function serving(script: string, said: RegExp): Promise<string> {
  const started = startScript(project, script, { ...ENV, PORT: String(await freePort()) });
  running.push(started);
  return (await started.waitFor(said))[1]!;
}

/** For each path, whether a fetch from the partner's page reads the site at `origin` (its status) or is refused. */
async function crossOrigin(origin: string): Promise<Record<string, number | 'blocked'>> {
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${partnerOrigin}/`);
  const answers: Record<string, number | 'blocked'> = {};
  for (const address of Object.keys(READABLE)) {
    answers[address] = (await page.evaluate(
      `fetch(${JSON.stringify(`${origin}${address}`)}).then((answer) => answer.status, () => 'blocked')`,
    )) as number | 'blocked';
  }
  return answers;
}

const EXPECTED = Object.fromEntries(
  Object.entries(READABLE).map(([address, readable]) => [address, readable ? 200 : 'blocked']),
);

describe('cross-origin reads, as the _headers rules decide', () => {
  it('npm run serve:dist: another origin reads /api/ and nothing else', async () => {
    expect(await crossOrigin(dist)).toEqual(EXPECTED);
  });

  it('npm start: another origin reads /api/ and nothing else, as on serve:dist', async () => {
    expect(await crossOrigin(preview)).toEqual(EXPECTED);
  });

  it("npm start sends the published site's headers but its cache rules, and its live reload connects under them", async () => {
    for (const address of ['/leo/', '/embed/leo/weekly/', '/search/', '/api/v1/index.json']) {
      const [published, previewed] = await Promise.all(
        [dist, preview].map(async (origin) => (await fetch(`${origin}${address}`)).headers),
      );
      const names = [
        'content-security-policy',
        'x-frame-options',
        'access-control-allow-origin',
        'referrer-policy',
        'permissions-policy',
      ];
      expect(Object.fromEntries(names.map((name) => [name, previewed!.get(name)])), address).toEqual(
        Object.fromEntries(names.map((name) => [name, published!.get(name)])),
      );
      expect(previewed!.get('content-security-policy'), address).toMatch(/frame-ancestors/);
      expect(previewed!.get('cache-control'), address).toBeNull();
    }
    // Eleventy's reload client, a script of the preview's own origin, connects back to it and logs so.
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    await page.goto(`${preview}/leo/`);
    await expect.poll(() => messages.join('\n'), { timeout: 300_000 }).toMatch(/\[11ty\].* Connected/);
    expect(messages.filter((text) => /content security policy/i.test(text))).toEqual([]);
  });
});
