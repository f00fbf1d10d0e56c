import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { leftoverPreviousDirs, makeStagingDir, previousDirFor, swapIntoPlace } from '../../src/cli/swap-output.ts';

let work: string;
let output: string;
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'swap-output-'));
  output = path.join(work, 'dist');
});
afterEach(() => {
  rmSync(work, { recursive: true, force: true });
});

/** A site of `folders` folders with a page each, like a small archive. */
function writeSite(dir: string, marker: string, folders = 50): void {
  for (let i = 0; i < folders; i++) {
    mkdirSync(path.join(dir, `page-${i}`), { recursive: true });
    writeFileSync(path.join(dir, `page-${i}`, 'index.html'), marker);
  }
  writeFileSync(path.join(dir, 'index.html'), marker);
}

async function until(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('swapIntoPlace', () => {
  it('puts the new site in place at once and removes the previous one in the background', async () => {
    writeSite(output, 'old');
    const staging = await makeStagingDir(output);
    writeSite(staging, 'new');
    await swapIntoPlace(staging, output);

    expect(readFileSync(path.join(output, 'index.html'), 'utf8')).toBe('new');
    expect(readFileSync(path.join(output, 'page-49', 'index.html'), 'utf8')).toBe('new');
    expect(existsSync(staging)).toBe(false);
    await until(() => !existsSync(previousDirFor(staging)));
    expect(readdirSync(work)).toEqual(['dist']);
  });

  it('refuses a staging folder without a home page and leaves the published site alone', async () => {
    writeSite(output, 'old');
    const staging = await makeStagingDir(output);
    await expect(swapIntoPlace(staging, output)).rejects.toThrow(/no index\.html; dist\/ was not replaced/);
    expect(readFileSync(path.join(output, 'index.html'), 'utf8')).toBe('old');
  });
});

describe('leftoverPreviousDirs', () => {
  it('names previous outputs moved aside over a minute ago, never a staging folder or a fresh one', async () => {
    const leftover = path.join(work, '.dist-build-abc123-previous');
    const staging = path.join(work, '.dist-build-def456');
    for (const dir of [leftover, staging, path.join(work, '.other-build-x-previous')]) mkdirSync(dir);
    expect(await leftoverPreviousDirs(output)).toEqual([]);
    expect(await leftoverPreviousDirs(output, Date.now() + 61_000)).toEqual([leftover]);
  });
});
