// The run's check that no test changed a shared site (test/shared-sites-check.ts), on sites of its own: a file
// written in place, replaced, removed or added is named; a site as built is not.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileStats } from '../helpers/shared-sites.ts';
import { tempDir } from '../helpers/temp-dir.ts';
import { changedFiles } from '../shared-sites-check.ts';

/** A folder of shared sites holding one, `site-1`, with two pages, recorded as built. */
function sharedSites(): { dir: string; dist: string } {
  const dir = tempDir('shared-sites-');
  const dist = path.join(dir, 'site-1', 'dist');
  mkdirSync(path.join(dist, 'leo'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<p>home</p>');
  writeFileSync(path.join(dist, 'leo', 'index.html'), '<p>leo</p>');
  writeFileSync(path.join(dir, 'site-1.json'), JSON.stringify({ files: fileStats(dist) }));
  return { dir, dist };
}

describe('the shared sites check', () => {
  it('finds nothing in a site as it was built', () => {
    expect(changedFiles(sharedSites().dir)).toEqual([]);
  });

  it('names a file written in place, even to the same bytes', () => {
    const { dir, dist } = sharedSites();
    writeFileSync(path.join(dist, 'leo', 'index.html'), '<p>leo</p>');
    expect(changedFiles(dir)).toEqual(['site-1/dist/leo/index.html']);
  });

  it('names a file replaced, removed or added', () => {
    const { dir, dist } = sharedSites();
    writeFileSync(path.join(dist, 'new.html'), '<p>leo</p>');
    renameSync(path.join(dist, 'new.html'), path.join(dist, 'leo', 'index.html'));
    rmSync(path.join(dist, 'index.html'));
    writeFileSync(path.join(dist, 'feed.xml'), '<feed/>');
    expect(changedFiles(dir)).toEqual(['site-1/dist/feed.xml', 'site-1/dist/index.html', 'site-1/dist/leo/index.html']);
  });
});
