// What a visitor downloads for the home page: its HTML and the stylesheets, scripts and fonts it loads, each
// gzipped (level 9), against the same sum before the home page gained its sign grid and today's sky.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Bytes, gzipped, of the default site's home page before that redesign (docs/performance.md, "Home page"). */
export const HOME_TRANSFER_BEFORE = 5557;
/** The bound: at most this many times that. */
export const HOME_TRANSFER_TARGET = 1.5;

const gzipped = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/** The home page's files in `siteDir`, by their site paths, with their gzipped sizes. */
export function homeTransfer(siteDir: string): { files: Record<string, number>; total: number } {
  const html = readFileSync(path.join(siteDir, 'index.html'), 'utf8');
  const linked = [...html.matchAll(/<(?:link rel="stylesheet" href|script[^>]* src)="(\/[^"]+)"/g)].map((m) => m[1]!);
  const fonts = linked
    .filter((url) => url.endsWith('.css'))
    .flatMap((url) =>
      [...readFileSync(path.join(siteDir, url), 'utf8').matchAll(/url\("?(\/[^")]+\.woff2?)"?\)/g)].map((m) => m[1]!),
    );
  const files: Record<string, number> = Object.fromEntries([
    ['/', gzipped(path.join(siteDir, 'index.html'))],
    ...[...linked, ...fonts].map((url) => [url, gzipped(path.join(siteDir, url))]),
  ]);
  return { files, total: Object.values(files).reduce((sum, bytes) => sum + bytes, 0) };
}
