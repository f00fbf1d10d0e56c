// A build the next day, when nothing a page shows changed: it takes each past period's answer by the digest kept
// beside it while the answer's file is as it was, and the published output's folders by their stats; an answer
// changed in place, or a file dropped into or removed from the output, is still found and rebuilt.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadManifest, manifestPath } from '../../src/incremental/build-manifest.ts';
import { runBuild } from '../../src/cli/builder/run-build.ts';
import { cacheNamespace, ResponseCache } from '../../src/data/response-cache.ts';
import { startSampleService, type SampleService } from '../../src/sample-service/server.ts';
import { filesUnder } from '../helpers/files.ts';
import { copyProject, CURRENT_PERIODS, shareRunImages } from '../helpers/project-copy.ts';
import { removeDir } from '../helpers/remove-dir.ts';
import { quietProgress } from '../helpers/build-project.ts';

const KEPT = 'Nothing a page shows has changed since the last build: the published output stays as it is.';
const credentials = { username: 'owner', password: 'next-day-secret' };

let rootDir: string;
let work: string;
let service: SampleService;
beforeAll(() => {
  rootDir = copyProject({ periods: CURRENT_PERIODS });
});
afterAll(() => removeDir(rootDir));
beforeEach(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'astro-next-day-'));
  shareRunImages(path.join(work, 'cache'));
  service = await startSampleService(credentials);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await service.close();
  await removeDir(work);
});

const dist = () => path.join(work, 'dist');

async function build(env: Record<string, string> = {}): Promise<string[]> {
  const logs: string[] = [];
  await runBuild({
    rootDir,
    env: {
      ASTRO_API_URL: service.url,
      ASTRO_API_USERNAME: credentials.username,
      ASTRO_API_PASSWORD: credentials.password,
      ASTRO_BUILD_DATE: '2026-11-22',
      ...env,
    },
    outputDir: dist(),
    cacheDir: path.join(work, 'cache'),
    log: (line) => logs.push(line),
    warn: () => {},
    progressStream: quietProgress,
    // No search index: no assertion here reads it.
    searchIndex: false,
  });
  return logs;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Past the time a file's stat takes to settle (src/incremental/file-stat.ts): only then is it recorded. */
const settle = () => sleep(2_100);

describe('the answers, offline (every period from the cache)', () => {
  const offline = { ASTRO_OFFLINE: '1' };

  it('are not read while their files are as recorded, and one changed in place to the same size is read, its change published', async () => {
    await build();
    await settle();
    // Reads every answer, and records their digests.
    expect(await build(offline)).toContain(KEPT);
    const reads = vi.spyOn(ResponseCache.prototype, 'read');
    const reportReads = () => reads.mock.calls.filter(([endpoint]) => endpoint.endsWith('-reports')).length;
    expect(await build(offline)).toContain(KEPT);
    expect(reportReads()).toBe(0);

    // A word of the week's answer, in capitals: the same size, written in place.
    const file = path.join(work, 'cache', cacheNamespace(service.url), 'weekly-reports', 'week-47_year-2026.json');
    const text = readFileSync(file, 'utf8');
    const word = /\b[a-z]{7,}\b/.exec(
      JSON.stringify((JSON.parse(text) as { sanitized: { value: unknown } }).sanitized.value),
    )![0];
    const shown = () =>
      filesUnder(dist()).some(
        (page) => page.endsWith('.html') && readFileSync(page, 'utf8').includes(word.toUpperCase()),
      );
    expect(shown()).toBe(false);
    writeFileSync(file, text.replaceAll(word, word.toUpperCase()));
    expect(await build(offline)).not.toContain(KEPT);
    expect(reportReads()).toBeGreaterThan(0);
    expect(shown()).toBe(true);
  });
});

describe('the published output', () => {
  /** The manifest, once the build's detached process recorded its folders' stats (src/cli/builder/swap-output.ts). */
  async function withFolderStats() {
    for (let waited = 0; waited < 300_000; waited += 100) {
      const { manifest } = await loadManifest(manifestPath(path.join(work, 'cache')));
      if (manifest?.dirs) return manifest;
      await sleep(100);
    }
    throw new Error("the folders' stats were never recorded");
  }

  it('is rebuilt when a stray file was dropped into a page folder whose stat is recorded, or a page removed', async () => {
    await build();
    const { dirs } = await withFolderStats();
    const folder = 'weekly/2026-w47/leo';
    expect(dirs).toHaveProperty([folder]);
    expect(await build()).toContain(KEPT);

    const stray = path.join(dist(), folder, 'stray.html');
    writeFileSync(stray, 'not published by a build');
    expect(await build()).not.toContain(KEPT);
    expect(existsSync(stray)).toBe(false);

    await withFolderStats();
    const page = path.join(dist(), folder, 'index.html');
    rmSync(page);
    expect(await build()).not.toContain(KEPT);
    expect(existsSync(page)).toBe(true);
  });
});
