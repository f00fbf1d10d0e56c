// The benchmark's ratios are only fair if its plain Eleventy site writes the same pages as ours: same files, same
// bytes. Builds both variants of bench/plain/ from the test site and compares them file by file.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { plainDataFrom } from '../../scripts/lib/bench-plain-data.ts';
import { testSite } from './helpers/test-sites.ts';

const rootDir = path.resolve(import.meta.dirname, '../..');
const siteDir = (await testSite()).dist;
const work = mkdtempSync(path.join(tmpdir(), 'bench-plain-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)))
    .sort();
}

describe("the benchmark's plain Eleventy site", () => {
  it.each(['idiomatic', 'compiled-once'])('(%s) writes our pages byte for byte', async (variant) => {
    const dataFile = path.join(work, 'plain-data.json');
    writeFileSync(dataFile, JSON.stringify(plainDataFrom(siteDir)));
    const output = path.join(work, variant);
    await promisify(execFile)(process.execPath, [path.join(rootDir, 'bench/plain/build.js'), output], {
      cwd: rootDir,
      env: { ...process.env, BENCH_PLAIN_DATA: dataFile, BENCH_PLAIN_VARIANT: variant },
    });
    // Ours also has the fingerprinted assets and the search index, which the plain site does not render.
    const ours = files(siteDir).filter(
      (f) => !f.startsWith(`assets${path.sep}`) && !/^pagefind(-closed|-quarters)?[\\/]/.test(f),
    );
    expect(ours, 'pages of the test build').toContain('index.html');
    expect(files(output)).toEqual(ours);
    for (const file of ours) {
      expect(readFileSync(path.join(output, file), 'utf8'), file).toBe(readFileSync(path.join(siteDir, file), 'utf8'));
    }
  });
});
