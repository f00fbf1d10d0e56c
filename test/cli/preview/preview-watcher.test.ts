// The preview says where it is only once its watcher watches every folder an edit can be saved into.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { watchingAll } from '../../../src/cli/preview/preview-watcher.ts';
import { tempDir } from '../../helpers/temp-dir.ts';

const FAST = { intervalMs: 5, timeoutMs: 2_000 };

/** content/ with a nested empty folder and a file, and templates/, in a new folder. */
function tree(): string {
  const root = tempDir('watcher-');
  mkdirSync(path.join(root, 'content/overrides/es/weekly/2026-w47'), { recursive: true });
  writeFileSync(path.join(root, 'content/site.json'), '{}');
  mkdirSync(path.join(root, 'templates'));
  return root;
}
const ALL = [
  'content',
  'content/overrides',
  'content/overrides/es',
  'content/overrides/es/weekly',
  'content/overrides/es/weekly/2026-w47',
  'templates',
];

describe('watchingAll', () => {
  it('waits for the last folder, nested and empty, whether the watcher names it relative to its cwd or absolute', async () => {
    const root = tree();
    const closers = new Map<string, unknown>([
      ...ALL.slice(0, 3).map((f) => [f, [] as unknown] as const),
      [path.join(root, 'templates'), []],
    ]);
    const watcher = { getWatched: () => ({}), _closers: closers, options: { cwd: root } };
    let done = false;
    const waiting = watchingAll(
      watcher,
      ['content', 'templates'].map((d) => path.join(root, d)),
      FAST,
    ).then((all) => ((done = true), all));
    await new Promise((resolve) => setTimeout(resolve, 50));
    closers.set('content/overrides/es/weekly', []);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(done).toBe(false);
    closers.set('content/overrides/es/weekly/2026-w47', []);
    expect(await waiting).toBe(true);
  });

  it('reads getWatched when the watcher keeps no record of its watches, and a missing root has no folders', async () => {
    const root = tree();
    const watched = Object.fromEntries(ALL.map((f) => [path.join(root, f), []]));
    const watcher = { getWatched: () => watched };
    expect(
      await watchingAll(
        watcher,
        [path.join(root, 'content'), path.join(root, 'templates'), path.join(root, 'missing')],
        FAST,
      ),
    ).toBe(true);
  });

  it('goes on after its bound when a folder is never watched (one an ignore file leaves out)', async () => {
    const root = tree();
    const watcher = {
      getWatched: () => ({}),
      _closers: new Map(ALL.slice(1).map((f) => [f, []])),
      options: { cwd: root },
    };
    const started = performance.now();
    expect(await watchingAll(watcher, [path.join(root, 'content')], { intervalMs: 5, timeoutMs: 100 })).toBe(false);
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
  });
});
