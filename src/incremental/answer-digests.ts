// The digest of each cached answer's HTML as published, kept beside the cache and trusted while the answer's file
// has the stat recorded with it (as git's index trusts a file's stat): a build whose inputs did not change finds
// every past period's digest without reading its answer (docs/architecture.md, "Keeping the whole output").
import { hash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { fileStatSchema, sameStat, statOf, type FileStat } from './file-stat.ts';
import { writeFileAtomic } from '../data/write-atomic.ts';

const FILE = 'answer-digests.json';
const VERSION = 1;

const recordSchema = z.object({ digest: z.string(), stat: fileStatSchema });
const indexSchema = z.object({ version: z.literal(VERSION), sanitizer: z.string(), files: z.record(z.string(), recordSchema) });
type Records = Record<string, z.infer<typeof recordSchema>>;

/** The digest a period's HTML counts with in the input digest (src/incremental/input-digest.ts). */
export function htmlDigest(html: unknown): string {
  return hash('sha256', JSON.stringify(html), 'base64url');
}

export class AnswerDigests {
  readonly #dir: string;
  readonly #sanitizer: string;
  readonly #recorded: Records;
  /** What the next build may trust: the records this one found still true, and those it made. */
  readonly #next: Records = {};
  readonly #loaded: string;

  private constructor(dir: string, sanitizer: string, recorded: Records, loaded: string) {
    this.#dir = dir;
    this.#sanitizer = sanitizer;
    this.#recorded = recorded;
    this.#loaded = loaded;
  }

  /**
   * The records in the cache folder `dir`, made with the sanitizer of version `sanitizer` (src/data/sanitize.ts):
   * none when there are none, they cannot be read, or another sanitizer made them.
   */
  static async load(dir: string, sanitizer: string): Promise<AnswerDigests> {
    const text = await readFile(path.join(dir, FILE), 'utf8').catch(() => '');
    let parsed: z.infer<typeof indexSchema> | undefined;
    try {
      parsed = indexSchema.parse(JSON.parse(text));
    } catch {
      parsed = undefined;
    }
    const recorded = parsed?.sanitizer === sanitizer ? parsed.files : {};
    return new AnswerDigests(dir, sanitizer, recorded, parsed?.sanitizer === sanitizer ? text : '');
  }

  /** The digest recorded for the answer in `file`, if the file still has the stat recorded with it. */
  trusted(file: string): string | undefined {
    const name = this.#name(file);
    const record = this.#recorded[name];
    if (!record) return undefined;
    try {
      if (!sameStat(statOf(statSync(file, { bigint: true })), record.stat)) return undefined;
    } catch {
      return undefined;
    }
    this.#next[name] = record;
    return record.digest;
  }

  /** Records the digest of the answer read from `file`, whose stat (`ResponseCache.read`) stands for its bytes. */
  record(file: string, stat: FileStat, digest: string): void {
    this.#next[this.#name(file)] = { digest, stat };
  }

  /** Keeps this build's records for the next, when they differ; best effort: without them it reads the answers. */
  async save(): Promise<void> {
    const files = Object.fromEntries(Object.entries(this.#next).sort(([a], [b]) => (a < b ? -1 : 1)));
    const text = JSON.stringify({ version: VERSION, sanitizer: this.#sanitizer, files });
    if (text !== this.#loaded) await writeFileAtomic(path.join(this.#dir, FILE), text).catch(() => {});
  }

  #name(file: string): string {
    return path.relative(this.#dir, file).split(path.sep).join('/');
  }
}
