import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import fsPromises from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  holdsExactly,
  loadManifest,
  manifestPath,
  manifestText,
  previousManifest,
  recordStats,
  reusableFrom,
  saveManifest,
  sha256,
  type ManifestFiles,
} from '../../src/incremental/build-manifest.ts';
import { statOf, type FileStat } from '../../src/incremental/file-stat.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const files = { 'index.html': { sha256: 'abc' }, 'leo/index.html': { print: 'p1', sha256: 'def' } };
const manifest = { inputs: 'digest', buildDate: '2026-11-22', files };

/** What previousManifest hands the build, and the lines it printed. */
async function previous(file: string, full = false) {
  const warnings: string[] = [];
  const logs: string[] = [];
  const result = await previousManifest(file, {
    full,
    warn: (line) => warnings.push(line),
    log: (line) => logs.push(line),
  });
  return { result, warnings, logs };
}

describe('previousManifest', () => {
  const dir = tempDir('build-manifest-');
  const file = manifestPath(dir);

  it('hands over the files of a manifest of this version, without a word', async () => {
    await saveManifest(file, manifest);
    expect(await previous(file)).toEqual({ result: manifest, warnings: [], logs: [] });
  });

  // Another version may mean other fingerprints or fields: its pages must not be taken as they are.
  it.each([0, 1, '2', null])('drops a manifest written by another version (%j) and says so', async (version) => {
    writeFileSync(file, JSON.stringify({ version, ...manifest }));
    expect(await previous(file)).toEqual({
      result: undefined,
      warnings: [
        `warning: ignored the build manifest ${file}, written by another version (${JSON.stringify(version)}; this build reads 2); every page is rendered`,
      ],
      logs: [],
    });
  });

  it('drops a damaged manifest with a warning', async () => {
    writeFileSync(file, '{"version": 2, "files": ');
    expect((await previous(file)).warnings).toEqual([
      `warning: ignored a damaged build manifest ${file}: not JSON; every page is rendered`,
    ]);
    const stat = { size: 4, mtimeNs: '1', ctimeNs: '1', ino: '7' };
    // Each a field wrong: the files and folders are checked by hand (build-manifest.ts `isEntry`, `isStat`).
    for (const damaged of [
      { files: { 'index.html': {} } },
      { files: [] },
      { files: { 'index.html': { sha256: 'x', print: 3 } } },
      { files: { 'index.html': { sha256: 'x', stat: { ...stat, ino: 7 } } } },
      { files: {}, dirs: { '': { ...stat, size: '4' } } },
      { files: {}, dirs: { '': null } },
    ]) {
      writeFileSync(file, JSON.stringify({ ...manifest, version: 2, ...damaged }));
      expect((await previous(file)).warnings, JSON.stringify(damaged)).toEqual([
        `warning: ignored a damaged build manifest ${file}: not a build manifest; every page is rendered`,
      ]);
    }
    writeFileSync(
      file,
      JSON.stringify({ ...manifest, version: 2, files: { 'index.html': { sha256: 'x', stat } }, dirs: { '': stat } }),
    );
    expect((await previous(file)).warnings).toEqual([]);
  });

  it('says once that every page is rendered when there is no earlier build, and nothing with --full', async () => {
    const none = path.join(dir, 'nope.json');
    expect(await previous(none)).toEqual({
      result: undefined,
      warnings: [],
      logs: ['No earlier build to take unchanged pages from: every page is rendered.'],
    });
    await saveManifest(file, manifest);
    expect(await previous(file, true)).toEqual({ result: undefined, warnings: [], logs: [] });
    expect((await loadManifest(file)).manifest).toEqual(manifest);
  });
});

// A build that keeps the published output must find there exactly what the last build published.
describe('holdsExactly', () => {
  const dir = tempDir('holds-exactly-');
  const write = (relative: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
    writeFileSync(path.join(dir, relative), text);
  };
  const published = () => ({
    'index.html': { sha256: sha256('home') },
    'leo/index.html': { print: 'p', sha256: sha256('leo') },
  });

  it('holds when every listed file has its bytes and there is nothing else', () => {
    write('index.html', 'home');
    write('leo/index.html', 'leo');
    expect(holdsExactly(dir, published())).toBe(true);
  });

  it('does not hold when a file was edited, is missing, or was added', () => {
    write('leo/index.html', 'Leo');
    expect(holdsExactly(dir, published())).toBe(false);
    write('leo/index.html', 'leo');
    write('extra.html', 'not published by the build');
    expect(holdsExactly(dir, published())).toBe(false);
    rmSync(path.join(dir, 'extra.html'));
    expect(holdsExactly(dir, published())).toBe(true);
    expect(holdsExactly(dir, { ...published(), 'virgo/index.html': { sha256: sha256('virgo') } })).toBe(false);
    expect(holdsExactly(path.join(dir, 'none'), published())).toBe(false);
  });

  it('with the stats recordStats keeps for the folders, still finds a stray file in a page folder, and a file removed', async () => {
    write('index.html', 'home');
    write('leo/index.html', 'leo');
    const file = manifestPath(path.join(dir, '..', `${path.basename(dir)}-cache`));
    await saveManifest(file, { inputs: 'digest', buildDate: '2026-11-22', files: published() });
    await recordStats(file, dir, 0);
    const { manifest } = await loadManifest(file);
    rmSync(path.dirname(file), { recursive: true });
    expect(Object.keys(manifest!.dirs!).sort()).toEqual(['', 'leo']);
    expect(holdsExactly(dir, manifest!.files, manifest!.dirs)).toBe(true);
    write('leo/stray.html', 'dropped in');
    expect(holdsExactly(dir, manifest!.files, manifest!.dirs)).toBe(false);
    rmSync(path.join(dir, 'leo/stray.html'));
    rmSync(path.join(dir, 'leo/index.html'));
    expect(holdsExactly(dir, manifest!.files, manifest!.dirs)).toBe(false);
  });
});

const MTIME = 1_700_000_000; // 2023-11-14, in seconds
const statNow = (file: string): FileStat => statOf(statSync(file, { bigint: true }));

describe('reusableFrom, with the stats the manifest records', () => {
  const dir = tempDir('build-manifest-stats-');
  const page = path.join(dir, 'leo', 'index.html');
  const reusable = (entry: ManifestFiles[string]) => reusableFrom(dir, { 'leo/index.html': entry })('/leo/', 'p1');
  /** Written with a whole second for its mtime, which utimesSync can give back exactly. */
  const publish = (text: string, file = page) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    utimesSync(file, MTIME, MTIME);
  };

  // A wrong hash tells whether the file was read: only a file taken on its stat alone can pass with it.
  it('takes a file whose size, mtime, ctime and inode all match without reading it', () => {
    publish('<p>Leo</p>');
    expect(reusable({ print: 'p1', sha256: 'not its hash', stat: statNow(page) })).toBe(true);
    expect(reusable({ print: 'p1', sha256: 'not its hash' })).toBe(false); // no stat: hashed
    expect(reusable({ print: 'p2', sha256: 'not its hash', stat: statNow(page) })).toBe(false); // another fingerprint
  });

  it.each(['size', 'mtimeNs', 'ctimeNs', 'ino'] as const)(
    'hashes a file whose %s differs from the one recorded',
    (field) => {
      publish('<p>Leo</p>');
      const stat = statNow(page);
      const other = { ...stat, [field]: field === 'size' ? stat.size + 1 : `${stat[field]}1` };
      expect(reusable({ print: 'p1', sha256: 'not its hash', stat: other })).toBe(false);
      expect(reusable({ print: 'p1', sha256: sha256('<p>Leo</p>'), stat: other })).toBe(true); // its bytes still hold
    },
  );

  it('catches a file edited to the same size and given back its modification time (its ctime moved)', async () => {
    publish('<p>Leo</p>');
    const recorded = statNow(page);
    // A file system's clock moves in ticks of a few ms (recordStats waits far longer): step past this one.
    await sleep(30);
    publish('<p>Lex</p>');
    const now = statNow(page);
    expect([now.size, now.mtimeNs, now.ino]).toEqual([recorded.size, recorded.mtimeNs, recorded.ino]);
    expect(reusable({ print: 'p1', sha256: sha256('<p>Leo</p>'), stat: recorded })).toBe(false);
  });

  it('catches a file replaced by another of the same size and time, and refuses a missing file', () => {
    publish('<p>Leo</p>');
    const recorded = statNow(page);
    publish('<p>Lex</p>', `${page}.new`);
    renameSync(`${page}.new`, page);
    expect(statNow(page).ino).not.toBe(recorded.ino);
    expect(reusable({ print: 'p1', sha256: sha256('<p>Leo</p>'), stat: recorded })).toBe(false);
    unlinkSync(page);
    expect(reusable({ print: 'p1', sha256: sha256('<p>Leo</p>'), stat: recorded })).toBe(false);
  });
});

describe('recordStats', () => {
  const dir = tempDir('build-manifest-record-');
  const output = path.join(dir, 'dist');
  const file = manifestPath(path.join(dir, 'cache'));
  const saved = () => (JSON.parse(readFileSync(file, 'utf8')) as { files: ManifestFiles }).files;

  it('records the stat of each file that still has its bytes, and of no other', async () => {
    mkdirSync(output, { recursive: true });
    writeFileSync(path.join(output, 'index.html'), 'home');
    writeFileSync(path.join(output, 'edited.html'), 'edited since');
    await saveManifest(file, {
      inputs: 'digest',
      buildDate: '2026-11-22',
      files: {
        'index.html': { sha256: sha256('home') },
        'edited.html': { sha256: sha256('as built') },
        'gone.html': { print: 'p', sha256: 'x' },
      },
    });
    await recordStats(file, output, 0);
    expect(saved()).toEqual({
      'index.html': { sha256: sha256('home'), stat: statNow(path.join(output, 'index.html')) },
      'edited.html': { sha256: sha256('as built') },
      'gone.html': { print: 'p', sha256: 'x' },
    });
  });

  it('records no stat of a file changed within the settling time (a later change could keep its times)', async () => {
    writeFileSync(path.join(output, 'index.html'), 'home');
    await saveManifest(file, {
      inputs: 'digest',
      buildDate: '2026-11-22',
      files: { 'index.html': { sha256: sha256('home') } },
    });
    await recordStats(file, output, 60_000);
    expect(saved()).toEqual({ 'index.html': { sha256: sha256('home') } });
  });

  it('leaves a manifest it cannot read as it is, and never makes a removed cache folder again', async () => {
    writeFileSync(file, 'not JSON');
    await recordStats(file, output, 0);
    expect(readFileSync(file, 'utf8')).toBe('not JSON');
    await recordStats(path.join(dir, 'removed', 'build-manifest.json'), output, 0);
    expect(() => statSync(path.join(dir, 'removed'))).toThrow();
  });

  it('leaves the manifest a newer build saved while the stats were being recorded', async () => {
    writeFileSync(path.join(output, 'index.html'), 'home');
    await saveManifest(file, {
      inputs: 'digest',
      buildDate: '2026-11-22',
      files: { 'index.html': { sha256: sha256('home') } },
    });
    const newer = manifestText({ inputs: 'newer', buildDate: '2026-11-23', files: {} });
    // The newer build saves its manifest just as the stats' copy is written (node:fs/promises as the code imports it).
    const { writeFile } = fsPromises;
    fsPromises.writeFile = async (...args: Parameters<typeof writeFile>) => {
      writeFileSync(file, newer);
      return writeFile(...args);
    };
    syncBuiltinESMExports();
    try {
      await recordStats(file, output, 0);
    } finally {
      fsPromises.writeFile = writeFile;
      syncBuiltinESMExports();
    }
    expect(readFileSync(file, 'utf8')).toBe(newer);
    expect(readdirSync(path.dirname(file))).toEqual(['build-manifest.json']);
  });

  it('saveManifest keeps no stat: the build links and removes files after it took them', async () => {
    await saveManifest(file, {
      inputs: 'digest',
      buildDate: '2026-11-22',
      files: { 'index.html': { sha256: 'h', stat: { size: 1, mtimeNs: '1', ctimeNs: '1', ino: '1' } } },
    });
    expect(saved()).toEqual({ 'index.html': { sha256: 'h' } });
  });
});
