// A build never changes the published output while it runs: the files it takes from dist/ are hard links, and
// everything it writes beside them in its staging folder is a new file. Here a build changes one search part (an
// editor's note on a closed year's page), takes the main part's bundle from dist/ as it is, and then fails at the
// swap, the last step before publishing; dist/ is what it was, to every file's inode and bytes.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as swapOutput from '../../src/cli/builder/swap-output.ts';
import { swapIntoPlace } from '../../src/cli/builder/swap-output.ts';
import { buildProject } from '../helpers/build-project.ts';
import { inodesAndBytes } from '../helpers/inodes.ts';
import { copyProject, CURRENT_PERIODS } from '../helpers/project-copy.ts';
import { removeDir } from '../helpers/remove-dir.ts';

// The swap as it is, but a test can make one fail (as a full disk or a lost permission would make a rename fail).
vi.mock('../../src/cli/builder/swap-output.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof swapOutput>();
  return { ...actual, swapIntoPlace: vi.fn(actual.swapIntoPlace) };
});

let project: string;
/** The current periods and last year's yearly reports: a main search part and the quarters' (the oldest year's page). */
beforeAll(() => {
  project = copyProject({ periods: { ...CURRENT_PERIODS, yearly: { past: 1, future: 0 } } });
});
afterAll(() => removeDir(project));

const dist = () => path.join(project, 'dist');

const build = () => buildProject(project, { ASTRO_BUILD_DATE: '2026-11-22' });

describe('a build that fails after indexing', () => {
  it('leaves every file of dist/ as it was, though it took some from there and changed the list of search parts', async () => {
    expect((await build()).error).toBeUndefined();
    const before = inodesAndBytes(dist());
    expect(Object.keys(before)).toContain('pagefind-quarters/pagefind-entry.json');

    const note = path.join(project, 'content/overrides/yearly/2025/leo.md');
    mkdirSync(path.dirname(note), { recursive: true });
    writeFileSync(note, '---\nfield: text\nmode: append\n---\nA note from the editors on the year gone by.\n');
    let staged: Record<string, string> = {};
    vi.mocked(swapIntoPlace).mockImplementationOnce(async (staging) => {
      staged = inodesAndBytes(staging);
      throw new Error('no space left on device');
    });
    expect((await build()).error?.message).toBe('no space left on device');

    // What the build had staged: the main bundle taken from dist/ (the very files), the quarters' part and the list anew.
    const taken = Object.keys(before).filter((file) => file.startsWith('pagefind/') && file !== 'pagefind/parts.json');
    expect(taken.filter((file) => staged[file] !== before[file])).toEqual([]);
    expect(staged['pagefind-quarters/pagefind-entry.json']).not.toBe(before['pagefind-quarters/pagefind-entry.json']);
    expect(staged['pagefind/parts.json']).not.toBe(before['pagefind/parts.json']);

    expect(inodesAndBytes(dist())).toEqual(before);
    expect(readdirSync(project).filter((name) => name.startsWith('.dist-build-'))).toEqual([]);
    expect(readFileSync(path.join(dist(), 'yearly/2025/leo/index.html'), 'utf8')).not.toContain('on the year gone by');
  });
});
