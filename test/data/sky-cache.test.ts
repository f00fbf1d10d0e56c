// The sky's years kept in .cache/: written once, read back equal to what src/sky computes, a damaged file computed
// again, and nothing written into a cache folder that is gone.
import { appendFileSync, cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SKY_VERSION, skyVersion, skyYearStore } from '../../src/data/sky-cache.ts';
import { eventsOfYear } from '../../src/sky/events.ts';
import { tempDir } from '../helpers/temp-dir.ts';

describe('skyYearStore', () => {
  it("reads back a year exactly as computed, under the sky code's version", () => {
    const cacheDir = tempDir('astro-sky-');
    const store = skyYearStore(cacheDir);
    const year = eventsOfYear(2026);
    expect(store.read(2026)).toBeUndefined();
    store.write(2026, year);
    expect(readdirSync(path.join(cacheDir, 'sky', SKY_VERSION))).toEqual(['2026.json']);
    expect(store.read(2026)).toEqual(year);
  });

  it('gives nothing for a damaged file, so the year is computed again', () => {
    const cacheDir = tempDir('astro-sky-');
    const store = skyYearStore(cacheDir);
    store.write(2026, eventsOfYear(2026));
    const file = path.join(cacheDir, 'sky', SKY_VERSION, '2026.json');
    for (const text of ['{not json', '{"a": 1}', '[{"type": "phase"}]']) {
      writeFileSync(file, text);
      expect(store.read(2026), text).toBeUndefined();
    }
  });

  it('writes nothing into a cache folder that is gone', () => {
    const gone = path.join(tempDir('astro-sky-'), 'removed');
    skyYearStore(gone).write(2026, eventsOfYear(2026));
    expect(existsSync(gone)).toBe(false);
  });

  it("keys the years by src/sky's code and astronomy-engine's version: a change to either computes them again", () => {
    const sky = path.resolve(import.meta.dirname, '../../src/sky');
    const installed = (
      JSON.parse(
        readFileSync(path.resolve(import.meta.dirname, '../../node_modules/astronomy-engine/package.json'), 'utf8'),
      ) as { version: string }
    ).version;
    expect(skyVersion(sky, installed)).toBe(SKY_VERSION);
    expect(skyVersion(sky, `${installed}-next`)).not.toBe(SKY_VERSION);
    const copy = tempDir('astro-sky-code-');
    cpSync(sky, copy, { recursive: true });
    expect(skyVersion(copy, installed)).toBe(SKY_VERSION);
    appendFileSync(path.join(copy, 'events.ts'), '\n');
    expect(skyVersion(copy, installed)).not.toBe(SKY_VERSION);
  });
});
