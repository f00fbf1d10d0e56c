// The digest of each cached answer's HTML as published, kept beside the cache and trusted while the answer's file
// has the stat recorded with it (as git's index trusts a file's stat): a build whose inputs did not change finds
// every past period's digest without reading its answer (docs/architecture.md, "Keeping the whole output").
import { readFile } from 'node:fs/promises';
import { statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { CopyDigests } from '../data/fetch-reports.ts';
import { writeFileAtomic } from '../data/write-atomic.ts';
import { fileStatSchema, isSettled, sameStat, SETTLED_MS, statOf, type FileStat } from './file-stat.ts';

const FILE = 'answer-digests.json';
const VERSION = 1;

const recordSchema = z.object({ digest: z.string(), stat: fileStatSchema });
const indexSchema = z.object({
  version: z.literal(VERSION),
  sanitizer: z.string(),
  files: z.record(z.string(), recordSchema),
});
type Records = Record<string, z.infer<typeof recordSchema>>;

export class AnswerDigests implements CopyDigests {
  readonly #dir: string;
  readonly #sanitizer: string;
  readonly #recorded: Records;
  /** What the next build may trust: the records this one found still true, and those it made. */
  readonly #next: Records = {};
  readonly #loaded: string;
  /** The stat of each file not trusted, taken before it is read: its digest is recorded if the file kept it. */
  readonly #before = new Map<string, FileStat>();
  readonly #settledMs: number;

  private constructor(dir: string, sanitizer: string, recorded: Records, loaded: string, settledMs: number) {
    this.#dir = dir;
    this.#sanitizer = sanitizer;
    this.#recorded = recorded;
    this.#loaded = loaded;
    this.#settledMs = settledMs;
  }

  /**
   * The records in the cache folder `dir`, made with the sanitizer of version `sanitizer` (src/data/sanitize.ts):
   * none when there are none, they cannot be read, or another sanitizer made them. `settledMs`: how long ago a file
   * must have changed for its stat to stand for its bytes (file-stat.ts).
   */
  static async load(dir: string, sanitizer: string, settledMs = SETTLED_MS): Promise<AnswerDigests> {
    const text = await readFile(path.join(dir, FILE), 'utf8').catch(() => '');
    let parsed: z.infer<typeof indexSchema> | undefined;
    try {
      parsed = indexSchema.parse(JSON.parse(text));
    } catch {
      parsed = undefined;
    }
    const recorded = parsed?.sanitizer === sanitizer ? parsed.files : {};
    return new AnswerDigests(dir, sanitizer, recorded, parsed?.sanitizer === sanitizer ? text : '', settledMs);
  }

  /**
   * The digest recorded for the answer in `file`, if the file still has the stat recorded with it. Otherwise the
   * file is about to be read: its stat now is kept for `record`.
   */
  trusted(file: string): string | undefined {
    const name = this.#name(file);
    const stat = statNow(file);
    const record = this.#recorded[name];
    if (stat && record && sameStat(stat, record.stat)) {
      this.#next[name] = record;
      return record.digest;
    }
    // Settled when taken: a change after it, even within one tick of a coarse clock, then gives another stat.
    if (stat && isSettled(stat, this.#settledMs)) this.#before.set(name, stat);
    return undefined;
  }

  /**
   * Records the digest of the answer just read from `file` with the stat `trusted` took before the read, if it had
   * settled then: any change since, the read's bytes included, gives the file another stat (file-stat.ts).
   */
  record(file: string, digest: string): void {
    const name = this.#name(file);
    const before = this.#before.get(name);
    this.#before.delete(name);
    if (before) this.#next[name] = { digest, stat: before };
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

function statNow(file: string): FileStat | undefined {
  try {
    return statOf(statSync(file, { bigint: true }));
  } catch {
    return undefined;
  }
}
