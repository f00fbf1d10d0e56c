// src/incremental/output-folders.ts: a folder whose stat is the one recorded is taken as holding what it held, without
// being listed; any entry added or removed since changes its stat, so it is listed, and the change is found.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { folderStats, folderTree, foldersHold } from '../../src/incremental/output-folders.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const FILES = ['index.html', 'feed.xml', 'weekly/2026-w47/index.html', 'weekly/2026-w47/leo/index.html'];

describe('folderTree', () => {
  it('gives each folder of the files the names of its files and folders', () => {
    expect(folderTree(FILES)).toEqual(
      new Map([
        ['', new Set(['index.html', 'feed.xml', 'weekly'])],
        ['weekly/2026-w47', new Set(['index.html', 'leo'])],
        ['weekly', new Set(['2026-w47'])],
        ['weekly/2026-w47/leo', new Set(['index.html'])],
      ]),
    );
  });
});

describe('foldersHold and folderStats', () => {
  const root = tempDir('output-folders-');
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(root, 'dist-'));
    for (const file of FILES) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), file);
    }
  });
  const tree = () => folderTree(FILES);

  // A tree that names a page the folder lacks tells whether it was listed: only a folder taken on its stat passes.
  it('takes a folder whose stat is the one recorded without listing it', () => {
    const recorded = folderStats(dir, tree(), 0);
    expect(Object.keys(recorded).sort()).toEqual(['', 'weekly', 'weekly/2026-w47', 'weekly/2026-w47/leo']);
    const lacking = folderTree([...FILES, 'weekly/2026-w47/leo/not-there.html']);
    expect(foldersHold(dir, lacking, recorded)).toBe(true);
    expect(foldersHold(dir, lacking, undefined)).toBe(false);
    expect(foldersHold(dir, tree(), recorded)).toBe(true);
  });

  it('finds a stray file dropped into a recorded page folder, and a file removed from one', () => {
    const recorded = folderStats(dir, tree(), 0);
    writeFileSync(path.join(dir, 'weekly/2026-w47/leo/stray.html'), 'stray');
    expect(foldersHold(dir, tree(), recorded)).toBe(false);
    rmSync(path.join(dir, 'weekly/2026-w47/leo/stray.html'));
    expect(foldersHold(dir, tree(), undefined)).toBe(true);
    const again = folderStats(dir, tree(), 0);
    rmSync(path.join(dir, 'weekly/2026-w47/leo/index.html'));
    expect(foldersHold(dir, tree(), again)).toBe(false);
  });

  it('lets be an extra folder with no file in it, as a listing of the files would, but not a file in one', () => {
    mkdirSync(path.join(dir, 'weekly/empty/deeper'), { recursive: true });
    expect(foldersHold(dir, tree(), undefined)).toBe(true);
    // Never recorded: a file put into the extra folder later would change its stat alone.
    expect(Object.keys(folderStats(dir, tree(), 0))).not.toContain('weekly');
    writeFileSync(path.join(dir, 'weekly/empty/deeper/stray.html'), 'stray');
    expect(foldersHold(dir, tree(), folderStats(dir, tree(), 0))).toBe(false);
  });

  it('records no folder changed within the settling time, nor one that is missing or not a folder', () => {
    expect(folderStats(dir, tree(), 60_000)).toEqual({});
    rmSync(path.join(dir, 'weekly/2026-w47/leo'), { recursive: true });
    writeFileSync(path.join(dir, 'weekly/2026-w47/leo'), 'a file');
    expect(Object.keys(folderStats(dir, tree(), 0)).sort()).toEqual(['', 'weekly', 'weekly/2026-w47']);
    expect(foldersHold(dir, tree(), undefined)).toBe(false);
  });
});
