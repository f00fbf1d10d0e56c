// The sky's years kept in .cache/sky/<version>/<year>.json, so a build computes each year's events (src/sky) once
// rather than once per build: about 85 ms a year, and a calendar reads seven or eight (docs/performance.md). The
// version is a hash of src/sky's code and astronomy-engine's version: any change there computes them again.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentKey, packageVersion } from '../incremental/content-key.ts';
import type { SkyEvent, YearStore } from '../sky/events.ts';

const SKY_DIR = fileURLToPath(new URL('../sky/', import.meta.url));

/** What the events depend on: src/sky's files and astronomy-engine's version. */
export const SKY_VERSION = skyVersion();

/** The key of the sky's years: `dir`'s TypeScript files and the engine's version (parameters for the tests). */
export function skyVersion(
  dir: string = SKY_DIR,
  engineVersion: string = packageVersion('astronomy-engine', import.meta.url),
): string {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => path.join(dir, name));
  return contentKey({ files, packages: { 'astronomy-engine': engineVersion } }).slice(0, 16);
}

/** A year's file as written: the events with their times as RFC 3339 strings. */
function revive(text: string): SkyEvent[] | undefined {
  const events = JSON.parse(text) as unknown;
  if (!Array.isArray(events)) return undefined;
  const out: SkyEvent[] = [];
  for (const e of events as Record<string, unknown>[]) {
    if (typeof e?.time !== 'string' || typeof e.type !== 'string' || typeof e.signId !== 'number') return undefined;
    const contacts = e.contacts as { first: string; last: string } | undefined;
    out.push({
      ...e,
      time: new Date(e.time),
      ...(typeof e.greatest === 'string' && { greatest: new Date(e.greatest) }),
      ...(contacts && { contacts: { first: new Date(contacts.first), last: new Date(contacts.last) } }),
    } as unknown as SkyEvent);
  }
  return out;
}

/** The store of `cacheDir`: a file it cannot read is computed again and written over (never an error). */
export function skyYearStore(cacheDir: string): YearStore {
  const dir = path.join(cacheDir, 'sky', SKY_VERSION);
  const file = (year: number) => path.join(dir, `${year}.json`);
  return {
    read(year) {
      try {
        return revive(readFileSync(file(year), 'utf8'));
      } catch {
        return undefined;
      }
    },
    write(year, events) {
      // Whole or not at all (as write-atomic.ts, here synchronous: the sky is computed synchronously).
      const temp = `${file(year)}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      // Not into a cache folder that is gone (a finished test's): the next build makes it.
      if (!existsSync(cacheDir)) return;
      try {
        mkdirSync(dir, { recursive: true });
        writeFileSync(temp, JSON.stringify(events));
        renameSync(temp, file(year));
      } catch {
        // A cache that cannot be written costs the next build the computation, nothing else.
        rmSync(temp, { force: true });
      }
    },
  };
}
