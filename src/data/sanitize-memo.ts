// Sanitized HTML remembered between builds, in `.cache/sanitized-html/<policy fingerprint>.json`.
//
// WHY: a rebuild publishes the same service texts as the build before it (final periods never change, current
// ones rarely), and sanitizing them again is the largest piece of our own work in a warm build: about 0.2 s of
// CPU for a three-year archive, plus loading sanitize-html. Looking a text up here costs a hash of it.
//
// Safety, because this sits in front of the sanitizer:
// - entries are keyed by the policy's fingerprint (src/data/sanitize.ts: its own source and the versions of
//   sanitize-html and htmlparser2) and by the SHA-256 of the exact input, so any change of policy or input misses;
// - a remembered result is used only when `isPolicyOutput` accepts it: the exact form the policy writes. A damaged
//   or edited file can cost time (the text is sanitized again), never publish markup the policy would not.
// The file holds only sanitized, published text: no response, token or secret.
import { hash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isPolicyOutput, policyFingerprint, type SanitizeMode, type SanitizedHtmlMemo } from './sanitize.ts';

export const SANITIZE_MEMO_FOLDER = 'sanitized-html';

export interface SanitizeMemoStats {
  /** Texts served from the memo. */
  hits: number;
  /** Texts sanitized in this build (new or changed). */
  misses: number;
  /** Remembered results that failed the policy check and were sanitized again. */
  rejected: number;
}

function keyOf(mode: SanitizeMode, input: string): string {
  // crypto.hash (Node 20.12+): one call per text instead of a Hash object each, several times faster for the
  // thousands of short texts of a build; the same SHA-256 digest, so memos written before still match.
  return `${mode[0]}${hash('sha256', input, 'base64url')}`;
}

export class SanitizeMemo implements SanitizedHtmlMemo {
  readonly stats: SanitizeMemoStats = { hits: 0, misses: 0, rejected: 0 };
  /** What this build used or produced: written back by `save`, so texts no longer published drop out. */
  private readonly used = new Map<string, string>();

  private readonly dir: string;
  private readonly fingerprint: string | undefined;
  /** The file as read: key → remembered result. Looked up with `Object.hasOwn`, never trusted beyond that. */
  private readonly remembered: Readonly<Record<string, unknown>>;

  private constructor(dir: string, fingerprint: string | undefined, remembered: Readonly<Record<string, unknown>>) {
    this.dir = dir;
    this.fingerprint = fingerprint;
    this.remembered = remembered;
  }

  /**
   * Reads the memo of the current policy from `cacheDir`. A missing, unreadable or damaged file gives an empty
   * memo: the build then sanitizes everything, as it would without one.
   */
  static async open(cacheDir: string): Promise<SanitizeMemo> {
    const dir = path.join(cacheDir, SANITIZE_MEMO_FOLDER);
    const fingerprint = policyFingerprint();
    let remembered: Record<string, unknown> = {};
    if (fingerprint) {
      try {
        const data = JSON.parse(await readFile(path.join(dir, `${fingerprint}.json`), 'utf8')) as unknown;
        if (data && typeof data === 'object' && !Array.isArray(data)) remembered = data as Record<string, unknown>;
      } catch {
        // no memo yet, or not one we can read: start empty
      }
    }
    return new SanitizeMemo(dir, fingerprint, remembered);
  }

  sanitize(mode: SanitizeMode, input: string, sanitize: (input: string) => string): string {
    // One hash per text: the same key looks the text up and, on a miss, stores its result.
    const key = keyOf(mode, input);
    const seen = this.used.get(key);
    if (seen !== undefined) {
      this.stats.hits++;
      return seen;
    }
    const remembered = Object.hasOwn(this.remembered, key) ? this.remembered[key] : undefined;
    if (typeof remembered === 'string' && isPolicyOutput(remembered, mode)) {
      this.stats.hits++;
      this.used.set(key, remembered);
      return remembered;
    }
    if (remembered !== undefined) this.stats.rejected++;
    this.stats.misses++;
    const output = sanitize(input);
    this.used.set(key, output);
    return output;
  }

  /**
   * Writes what this build used, when that differs from what was read (written aside and renamed, so a reader never
   * sees half a file), and removes the memos of other policies. Resolves with a problem to warn about, or
   * `undefined`; a memo that cannot be written only costs the next build time.
   */
  async save(): Promise<string | undefined> {
    if (!this.fingerprint) return undefined;
    const unchanged = this.stats.misses === 0 && this.stats.rejected === 0 && this.used.size === Object.keys(this.remembered).length;
    if (unchanged) return undefined;
    const file = path.join(this.dir, `${this.fingerprint}.json`);
    try {
      await mkdir(this.dir, { recursive: true });
      const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await writeFile(temporary, JSON.stringify(Object.fromEntries(this.used)));
      await rename(temporary, file);
      const others = (await readdir(this.dir)).filter((name) => name.endsWith('.json') && name !== path.basename(file));
      await Promise.all(others.map((name) => rm(path.join(this.dir, name), { force: true })));
      return undefined;
    } catch (error) {
      return `could not write the sanitized-HTML memo ${file}: ${(error as Error).message}`;
    }
  }
}
