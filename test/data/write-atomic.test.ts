import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../src/data/write-atomic.ts';
import { tempDir } from '../helpers/temp-dir.ts';

describe('writeFileAtomic', () => {
  it('creates the folder, replaces the file whole and leaves no temporary file', async () => {
    const dir = tempDir('atomic-');
    const file = path.join(dir, 'a', 'b.json');
    await writeFileAtomic(file, 'first');
    await writeFileAtomic(file, 'second');
    expect(readFileSync(file, 'utf8')).toBe('second');
    expect(readdirSync(path.dirname(file))).toEqual(['b.json']);
  });

  it('when the rename fails, the old file stays as it was and the temporary file is removed', async () => {
    const dir = tempDir('atomic-');
    // A folder where the file should go: rename() of a file over a non-empty folder fails.
    const target = path.join(dir, 'taken');
    writeFileSync(path.join(dir, 'other'), 'kept');
    mkdirSync(path.join(target, 'inside'), { recursive: true });
    await expect(writeFileAtomic(target, 'new')).rejects.toThrow();
    expect(readdirSync(dir).sort()).toEqual(['other', 'taken']);
    expect(readFileSync(path.join(dir, 'other'), 'utf8')).toBe('kept');
  });
});
