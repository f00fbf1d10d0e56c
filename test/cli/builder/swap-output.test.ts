import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spawnSync } from 'node:child_process';
import {
  linkFiles,
  loadManifest,
  manifestPath,
  saveManifest,
  sha256,
  type ManifestFiles,
} from '../../../src/incremental/build-manifest.ts';
import { statOf } from '../../../src/incremental/file-stat.ts';
import {
  leftoverDirs,
  makeStagingDir,
  previousDirFor,
  removeInBackground,
  swapIntoPlace,
} from '../../../src/cli/builder/swap-output.ts';

let work: string;
let output: string;
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'swap-output-'));
  output = path.join(work, 'dist');
});
afterEach(() => {
  rmSync(work, { recursive: true, force: true });
});

/** A site of `folders` folders with a page each, like a small archive. */
function writeSite(dir: string, marker: string, folders = 50): void {
  for (let i = 0; i < folders; i++) {
    mkdirSync(path.join(dir, `page-${i}`), { recursive: true });
    writeFileSync(path.join(dir, `page-${i}`, 'index.html'), marker);
  }
  writeFileSync(path.join(dir, 'index.html'), marker);
}

async function until(condition: () => boolean, timeoutMs = 300_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('swapIntoPlace', () => {
  it('puts the new site in place at once and removes the previous one in the background', async () => {
    writeSite(output, 'old');
    const staging = await makeStagingDir(output);
    writeSite(staging, 'new');
    const replaced = await swapIntoPlace(staging, output);

    expect(readFileSync(path.join(output, 'index.html'), 'utf8')).toBe('new');
    expect(readFileSync(path.join(output, 'page-49', 'index.html'), 'utf8')).toBe('new');
    expect(existsSync(staging)).toBe(false);
    expect(existsSync(path.join(output, '.build-owner'))).toBe(false); // the owner mark is never published
    expect(replaced).toEqual([previousDirFor(staging)]);
    removeInBackground(replaced);
    await until(() => !existsSync(previousDirFor(staging)));
    expect(readdirSync(work)).toEqual(['dist']);
  });

  // The build links unchanged pages from the old output, and the old output's removal changes their inodes' ctime
  // again: stats are worth recording only after it.
  it('removes the previous site, then records in the manifest the stats the published files have after that', async () => {
    writeSite(output, 'old', 3);
    const staging = await makeStagingDir(output);
    writeSite(staging, 'new', 3);
    rmSync(path.join(staging, 'page-0'), { recursive: true });
    linkFiles(output, staging, ['page-0/index.html']); // taken from the last build
    const files: ManifestFiles = {
      'index.html': { sha256: sha256('new') },
      'page-0/index.html': { print: 'p0', sha256: sha256('old') },
    };
    for (const i of [1, 2]) files[`page-${i}/index.html`] = { print: `p${i}`, sha256: sha256('new') };
    files['page-2/index.html']!.sha256 = sha256('another build');
    const manifestFile = manifestPath(path.join(work, 'cache'));
    await saveManifest(manifestFile, { inputs: 'digest', buildDate: '2026-11-22', files });
    removeInBackground(await swapIntoPlace(staging, output), { manifestFile, outputDir: output, settledMs: 0 });
    await until(() => !existsSync(previousDirFor(staging)));

    const statNow = (file: string) => statOf(statSync(path.join(output, file), { bigint: true }));
    expect((await loadManifest(manifestFile)).manifest?.files).toEqual({
      'index.html': { sha256: sha256('new'), stat: statNow('index.html') },
      'page-0/index.html': { print: 'p0', sha256: sha256('old'), stat: statNow('page-0/index.html') },
      'page-1/index.html': { print: 'p1', sha256: sha256('new'), stat: statNow('page-1/index.html') },
      'page-2/index.html': { print: 'p2', sha256: sha256('another build') }, // not its bytes: no stat
    });
  });

  it('refuses a staging folder without a home page and leaves the published site alone', async () => {
    writeSite(output, 'old');
    const staging = await makeStagingDir(output);
    await expect(swapIntoPlace(staging, output)).rejects.toThrow(/no index\.html; dist\/ was not replaced/);
    expect(readFileSync(path.join(output, 'index.html'), 'utf8')).toBe('old');
  });
});

describe('leftoverDirs', () => {
  const inAMinute = () => Date.now() + 61_000;

  it('names previous outputs moved aside over a minute ago, and no folder of another output', async () => {
    const leftover = path.join(work, '.dist-build-abc123-previous');
    for (const dir of [leftover, path.join(work, '.other-build-x-previous')]) mkdirSync(dir);
    expect(await leftoverDirs(output)).toEqual([]);
    expect(await leftoverDirs(output, inAMinute())).toEqual([leftover]);
  });

  it('names a staging folder whose owner process has ended at once, never one whose owner is running', async () => {
    const running = await makeStagingDir(output); // owned by this process
    const orphan = path.join(work, '.dist-build-orphan');
    mkdirSync(orphan);
    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    });
    writeFileSync(path.join(orphan, '.build-owner'), `${ended.stdout}\n`);
    expect(await leftoverDirs(output)).toEqual([orphan]);
    expect(await leftoverDirs(output, inAMinute())).toEqual([orphan]);
    // The running build's own folder is never named, even a minute later.
    expect(existsSync(running)).toBe(true);
  });

  it("never names a staging folder whose owner exists but is another user's process (EPERM)", async () => {
    const foreign = path.join(work, '.dist-build-foreign');
    mkdirSync(foreign);
    const pid = 4_194_000; // any pid: the signal check below answers for it
    writeFileSync(path.join(foreign, '.build-owner'), `${pid}\n`);
    // What process.kill(pid, 0) throws for a live process this user may not signal, whoever runs the test.
    const kill = vi.spyOn(process, 'kill').mockImplementation((target, signal) => {
      if (target === pid && signal === 0) throw Object.assign(new Error('kill EPERM'), { code: 'EPERM' });
      throw Object.assign(new Error('kill ESRCH'), { code: 'ESRCH' });
    });
    try {
      expect(await leftoverDirs(output)).toEqual([]);
      expect(await leftoverDirs(output, inAMinute())).toEqual([]);
      expect(kill).toHaveBeenCalledWith(pid, 0);
    } finally {
      kill.mockRestore();
    }
  });

  it('names a staging folder with no owner mark only once it is a minute old', async () => {
    const unmarked = path.join(work, '.dist-build-unmarked');
    mkdirSync(unmarked);
    expect(await leftoverDirs(output)).toEqual([]);
    expect(await leftoverDirs(output, inAMinute())).toEqual([unmarked]);
  });
});
