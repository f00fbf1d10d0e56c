import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadManifest, manifestPath, previousManifest, saveManifest } from '../../src/cli/build-manifest.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const files = { 'index.html': { sha256: 'abc' }, 'leo/index.html': { print: 'p1', sha256: 'def' } };

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
    await saveManifest(file, files);
    expect(await previous(file)).toEqual({ result: files, warnings: [], logs: [] });
  });

  // Another version may mean other fingerprints or fields: its pages must not be taken as they are.
  it.each([0, 2, '1', null])('drops a manifest written by another version (%j) and says so', async (version) => {
    writeFileSync(file, JSON.stringify({ version, files }));
    expect(await previous(file)).toEqual({
      result: undefined,
      warnings: [`warning: ignored the build manifest ${file}, written by another version (${JSON.stringify(version)}; this build reads 1); every page is rendered`],
      logs: [],
    });
  });

  it('drops a damaged manifest with a warning', async () => {
    writeFileSync(file, '{"version": 1, "files": ');
    expect((await previous(file)).warnings).toEqual([`warning: ignored a damaged build manifest ${file}: not JSON; every page is rendered`]);
    writeFileSync(file, JSON.stringify({ version: 1, files: { 'index.html': {} } }));
    expect((await previous(file)).warnings).toEqual([`warning: ignored a damaged build manifest ${file}: not a build manifest; every page is rendered`]);
  });

  it('says once that every page is rendered when there is no earlier build, and nothing with --full', async () => {
    const none = path.join(dir, 'nope.json');
    expect(await previous(none)).toEqual({ result: undefined, warnings: [], logs: ['No earlier build to take unchanged pages from: every page is rendered.'] });
    await saveManifest(file, files);
    expect(await previous(file, true)).toEqual({ result: undefined, warnings: [], logs: [] });
    expect((await loadManifest(file)).files).toEqual(files);
  });
});
