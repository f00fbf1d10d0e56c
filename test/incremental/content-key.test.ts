// A derived asset's key: the same files and versions give the same key wherever the files are; a byte, a file or a
// package version more, less or changed gives another.
import { writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentKey, packageVersion } from '../../src/incremental/content-key.ts';
import { tempDir } from '../helpers/temp-dir.ts';

function files(texts: Record<string, string>): string[] {
  const dir = tempDir('astro-key-');
  return Object.entries(texts).map(([name, text]) => {
    writeFileSync(path.join(dir, name), text);
    return path.join(dir, name);
  });
}

describe('contentKey', () => {
  const parts = { files: files({ 'a.ts': 'one', 'b.ts': 'two' }), packages: { engine: '1.0.0' } };
  const key = contentKey(parts);

  it('is a SHA-256 of the files by name and bytes, then the packages', () => {
    // Worked from the format by hand: each file's name line, bytes and a NUL; each package's line.
    const expected = createHash('sha256')
      .update('file a.ts\0one\0file b.ts\0two\0package engine@1.0.0\0')
      .digest('hex');
    expect(key).toBe(expected);
  });

  it('is the same for the same bytes in another folder, in any order', () => {
    expect(contentKey({ files: files({ 'b.ts': 'two', 'a.ts': 'one' }), packages: { engine: '1.0.0' } })).toBe(key);
  });

  it('changes with a byte, a file name, a file more or less, or a package version', () => {
    const others = [
      { ...parts, files: files({ 'a.ts': 'one', 'b.ts': 'twO' }) },
      { ...parts, files: files({ 'a.ts': 'one', 'c.ts': 'two' }) },
      { ...parts, files: parts.files.slice(0, 1) },
      { ...parts, files: [...parts.files, ...files({ 'c.ts': '' })] },
      { ...parts, packages: { engine: '1.0.1' } },
      { ...parts, packages: { other: '1.0.0' } as Record<string, string> },
      { ...parts, packages: {} },
    ];
    for (const other of others) expect(contentKey(other), JSON.stringify(other)).not.toBe(key);
  });
});

describe('packageVersion', () => {
  it('reads the installed version, and names a package it cannot find', () => {
    expect(packageVersion('astronomy-engine', import.meta.url)).toMatch(/^\d+\.\d+\.\d+/);
    expect(() => packageVersion('no-such-package-here', import.meta.url)).toThrow(/no-such-package-here/);
  });
});
