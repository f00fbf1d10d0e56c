import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { holdsExactly, loadManifest, manifestPath, previousManifest, saveManifest, sha256 } from '../../src/cli/build-manifest.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const files = { 'index.html': { sha256: 'abc' }, 'leo/index.html': { print: 'p1', sha256: 'def' } };
const manifest = { inputs: 'digest', buildDate: '2026-11-22', files };

/** What previousManifest hands the build, and the lines it printed. */
async function previous(file: string, full = false) {
  const warnings: string[] = [];
  const logs: string[] = [];
  const result = await previousManifest(file, { full, warn: (line) => warnings.push(line), log: (line) => logs.push(line) });
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
      warnings: [`warning: ignored the build manifest ${file}, written by another version (${JSON.stringify(version)}; this build reads 2); every page is rendered`],
      logs: [],
    });
  });

  it('drops a damaged manifest with a warning', async () => {
    writeFileSync(file, '{"version": 2, "files": ');
    expect((await previous(file)).warnings).toEqual([`warning: ignored a damaged build manifest ${file}: not JSON; every page is rendered`]);
    writeFileSync(file, JSON.stringify({ ...manifest, version: 2, files: { 'index.html': {} } }));
    expect((await previous(file)).warnings).toEqual([`warning: ignored a damaged build manifest ${file}: not a build manifest; every page is rendered`]);
  });

  it('says once that every page is rendered when there is no earlier build, and nothing with --full', async () => {
    const none = path.join(dir, 'nope.json');
    expect(await previous(none)).toEqual({ result: undefined, warnings: [], logs: ['No earlier build to take unchanged pages from: every page is rendered.'] });
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
  const published = () => ({ 'index.html': { sha256: sha256('home') }, 'leo/index.html': { print: 'p', sha256: sha256('leo') } });

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
});
