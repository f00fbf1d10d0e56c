// The sky's years kept in .cache/: written once, read back equal to what src/sky computes, a damaged file computed
// again, and nothing written into a cache folder that is gone.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SKY_VERSION, skyVersion, skyYearStore } from '../../src/data/sky-cache.ts';
import { eventsOfYear } from '../../src/sky/events.ts';
import { tempDir } from '../helpers/temp-dir.ts';

describe('skyYearStore', () => {
  it('reads back a year exactly as computed, under the sky code\'s version', () => {
    const cacheDir = tempDir('astro-sky-');
    const store = skyYearStore(cacheDir);
    const year = eventsOfYear(2026);
    expect(store.read(2026)).toBeUndefined();
    store.write(2026, year);
    expect(readdirSync(path.join(cacheDir, 'sky', SKY_VERSION))).toEqual(['2026.json']);
    expect(store.read(2026)).toEqual(year);
  });

  it("keys the cache on astronomy-engine's installed version: an upgrade reads none of the years kept", () => {
    const installed = (JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../node_modules/astronomy-engine/package.json'), 'utf8')) as { version: string }).version;
    expect(SKY_VERSION).toBe(skyVersion(installed));
    expect(skyVersion(`${installed}-next`)).not.toBe(SKY_VERSION);
    expect(SKY_VERSION).toMatch(/^[0-9a-f]{16}$/);
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
});
