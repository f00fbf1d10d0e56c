// What the file system knows of a file or folder, as git's index records it, to tell without reading it that it is
// as it was: exact (nanoseconds, a 64-bit inode), as text. https://git-scm.com/docs/racy-git
import { z } from 'zod';
import type { BigIntStats } from 'node:fs';

export const fileStatSchema = z.object({ size: z.number(), mtimeNs: z.string(), ctimeNs: z.string(), ino: z.string() });
export type FileStat = z.infer<typeof fileStatSchema>;

export function statOf(stats: BigIntStats): FileStat {
  return {
    size: Number(stats.size),
    mtimeNs: String(stats.mtimeNs),
    ctimeNs: String(stats.ctimeNs),
    ino: String(stats.ino),
  };
}

export function sameStat(a: FileStat, b: FileStat): boolean {
  return a.size === b.size && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs && a.ino === b.ino;
}

/**
 * A change within one tick of the file system's clock keeps the times of the change before it, so only a file last
 * changed longer ago than the coarsest clock (FAT's two seconds) gets its stat recorded: git's "racy clean" files.
 */
export const SETTLED_MS = 2_000;

/** Whether a file of this stat was last changed (its ctime) over `settledMs` before now. */
export function isSettled(stat: FileStat, settledMs: number, now = Date.now()): boolean {
  return Number(BigInt(stat.ctimeNs) / 1_000_000n) <= now - settledMs;
}
