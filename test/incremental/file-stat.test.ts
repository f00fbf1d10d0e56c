// When a file's stat may stand for its bytes: only once its last change lies further back than the coarsest clock a
// file system keeps times with (FAT's two seconds, https://learn.microsoft.com/en-us/windows/win32/sysinfo/file-times),
// or a rewrite of the same size within that tick keeps the times and is trusted unread. Times are given, not waited for.
import { describe, expect, it } from 'vitest';
import { isSettled, sameStat, SETTLED_MS, type FileStat } from '../../src/incremental/file-stat.ts';

const NOW = Date.UTC(2026, 10, 27, 12);
/** A stat last changed `ago` milliseconds before NOW. */
const changed = (ago: number): FileStat => ({
  size: 10,
  mtimeNs: '0',
  ctimeNs: String(BigInt(NOW - ago) * 1_000_000n),
  ino: '7',
});

describe('isSettled with SETTLED_MS', () => {
  it.each([0, 200, 1_000, 1_999])(
    'does not trust a file changed %i ms ago: within one tick of a two-second clock',
    (ago) => {
      expect(isSettled(changed(ago), SETTLED_MS, NOW)).toBe(false);
    },
  );

  it.each([2_000, 2_001, 60_000])('trusts a file changed %i ms ago', (ago) => {
    expect(isSettled(changed(ago), SETTLED_MS, NOW)).toBe(true);
  });
});

describe('sameStat', () => {
  it('tells a stat from one that differs in any field', () => {
    const stat = changed(5_000);
    expect(sameStat(stat, { ...stat })).toBe(true);
    for (const field of ['size', 'mtimeNs', 'ctimeNs', 'ino'] as const) {
      expect(sameStat(stat, { ...stat, [field]: field === 'size' ? 11 : '8' })).toBe(false);
    }
  });
});
