// What one search downloads: `/search/?q=…` in Chromium (a fresh profile, so nothing cached), the built site served
// with its `_headers` by scripts/lib/static-server.ts, until the results are listed. The search page merges every
// part of the index (docs/search.md), so every part's files count: `/pagefind/`, `/pagefind-closed/` and
// `/pagefind-quarters/`. Part of `npm run bench -- --incremental --search` (scripts/bench-incremental.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Response } from 'playwright-core';
import { parseHeadersFile } from '../src/eleventy/security-headers.ts';
import { launchChromium } from './lib/chromium.ts';
import { startStaticServer } from './lib/static-server.ts';

export const QUERY = 'retrograde';

export interface QueryBytes {
  /** Bytes of every response's body, as the server sent them (uncompressed), and of those of the index's parts. */
  totalBytes: number;
  pagefindBytes: number;
  requests: number;
  pagefindRequests: number;
  /** How many parts' folders the page fetched from: the main one and each closed part it merged. */
  parts: number;
  /** What the page said once it had searched ("Pages found: N"). */
  status: string;
}

/** A part's folder at the site's root: `/pagefind/`, `/pagefind-closed/` or `/pagefind-quarters/`. */
const PART_PATH = /^\/(pagefind(?:-closed|-quarters)?)\//;

/** Searches `/search/?q=${query}` on the site built in `outputDir` and adds up what the browser downloaded. */
export async function queryBytes(outputDir: string, query = QUERY): Promise<QueryBytes> {
  const server = await startStaticServer(outputDir, {
    headerRules: parseHeadersFile(readFileSync(path.join(outputDir, '_headers'), 'utf8')),
  });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const bodies: Promise<{ url: string; bytes: number }>[] = [];
    page.on('response', (response: Response) => {
      const url = response.url();
      // A redirect has no body to read.
      bodies.push(
        response.body().then(
          (body) => ({ url, bytes: body.length }),
          () => ({ url, bytes: 0 }),
        ),
      );
    });
    await page.goto(`${server.url}/search/?q=${encodeURIComponent(query)}`);
    const status = page.locator('#search-results [role="status"]');
    await status.filter({ hasNotText: /^(Searching…)?$/ }).waitFor({ timeout: 60_000 });
    const text = (await status.textContent()) ?? '';
    if (!/^Pages found: \d+$/.test(text))
      throw new Error(`the search page said "${text}" for ?q=${query}, not a list of results`);
    const responses = await Promise.all(bodies);
    const pagefind = responses.filter(({ url }) => PART_PATH.test(new URL(url).pathname));
    const parts = new Set(pagefind.map(({ url }) => PART_PATH.exec(new URL(url).pathname)![1]));
    const sum = (list: typeof responses) => list.reduce((total, { bytes }) => total + bytes, 0);
    return {
      totalBytes: sum(responses),
      pagefindBytes: sum(pagefind),
      requests: responses.length,
      pagefindRequests: pagefind.length,
      parts: parts.size,
      status: text,
    };
  } finally {
    await browser.close();
    await server.close();
  }
}
