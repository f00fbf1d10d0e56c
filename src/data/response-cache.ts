// The response cache in `.cache/`: one JSON file per successful response, keyed by service, endpoint and body.
// It holds validated service answers only: never the auth response, a token or a password.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from './write-atomic.ts';

export interface CacheEntry<T = unknown> {
  endpoint: string;
  body: Record<string, unknown>;
  /** ISO timestamp of the response. */
  storedAt: string;
  response: T;
  /** The response's HTML as published, and the version of the sanitizer that made it (src/data/sanitize.ts). */
  sanitized?: { version: string; value: unknown };
}

/** Stable JSON with sorted keys, so `{year, week}` and `{week, year}` are the same key. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * A folder name for a service, so that a cache filled from the sample service (or another account's
 * service) is never served for a different one.
 */
export function cacheNamespace(apiUrl: string | undefined): string {
  if (!apiUrl) return 'sample-service';
  const url = new URL(apiUrl);
  return `${url.host}${url.pathname}`
    .replace(/\/+$/, '')
    .replace(/[^a-zA-Z0-9.-]+/g, '_')
    .toLowerCase();
}

export class ResponseCache {
  readonly dir: string;
  /** Files that existed but could not be read, as `path: reason`. */
  readonly unreadable: string[] = [];

  constructor(cacheDir: string, namespace: string) {
    this.dir = path.join(cacheDir, namespace);
  }

  /** `.cache/<service>/<endpoint>/<readable body or hash>.json` */
  fileFor(endpoint: string, body: Record<string, unknown>): string {
    const folder = endpoint.replace(/^\/?api\//, '').replace(/[^a-zA-Z0-9-]+/g, '_');
    const values = Object.entries(body).sort(([a], [b]) => (a < b ? -1 : 1));
    const readable = values.every(
      ([, v]) => typeof v === 'number' || (typeof v === 'string' && /^[\w-]{1,24}$/.test(v)),
    );
    const name =
      readable && values.length > 0
        ? values.map(([k, v]) => `${k}-${v}`).join('_')
        : createHash('sha256').update(canonicalJson(body)).digest('hex').slice(0, 24);
    return path.join(this.dir, folder, `${name}.json`);
  }

  /** The entry, or none when there is none or it cannot be used (listed in `unreadable`). */
  async read<T>(endpoint: string, body: Record<string, unknown>): Promise<CacheEntry<T> | undefined> {
    const file = this.fileFor(endpoint, body);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      return this.#missing(file, error);
    }
    return this.#parse<T>(file, text, endpoint, body);
  }

  /** `read`, for a page that needs a report's HTML while its model is built (period-reports.ts). */
  readSync<T>(endpoint: string, body: Record<string, unknown>): CacheEntry<T> | undefined {
    const file = this.fileFor(endpoint, body);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      return this.#missing(file, error);
    }
    return this.#parse<T>(file, text, endpoint, body);
  }

  #missing(file: string, error: unknown): undefined {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      this.unreadable.push(`${file}: ${(error as Error).message}`);
    return undefined;
  }

  #parse<T>(file: string, text: string, endpoint: string, body: Record<string, unknown>): CacheEntry<T> | undefined {
    try {
      const entry = JSON.parse(text) as CacheEntry<T>;
      if (
        entry.endpoint !== endpoint ||
        canonicalJson(entry.body) !== canonicalJson(body) ||
        entry.response === undefined
      ) {
        throw new Error('entry does not match its key');
      }
      return entry;
    } catch (error) {
      // A damaged file is treated as absent: a current period is fetched again, a final one too.
      this.unreadable.push(`${file}: ${(error as Error).message}`);
      return undefined;
    }
  }

  /** Stores a response (with its sanitized HTML); `storedAt` only when adding that to an earlier response. */
  async set<T>(
    endpoint: string,
    body: Record<string, unknown>,
    response: T,
    sanitized?: CacheEntry['sanitized'],
    storedAt?: string,
  ): Promise<void> {
    const file = this.fileFor(endpoint, body);
    const entry: CacheEntry<T> = {
      endpoint,
      body,
      storedAt: storedAt ?? new Date().toISOString(),
      response,
      ...(sanitized ? { sanitized } : {}),
    };
    await writeFileAtomic(file, `${JSON.stringify(entry)}\n`);
  }
}
