// The search index of two small pages, written by Pagefind, then again by a build whose pages are the same: the
// bundle is taken from the published output (the very files, hard-linked), not written anew; a page that changed,
// or a bundle file damaged since, or another renderer, makes Pagefind write it again. The list of parts is written
// anew, never through the published one. Parts indexed side by side: the same bytes every time, each page at the
// path the site serves it from, Pagefind's code in the main part alone, and the list of parts naming an index chunk
// of each.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { linkFiles, sha256, type ManifestFiles } from '../../../src/incremental/build-manifest.ts';
import { writeSearchIndex, type SearchPartsFile } from '../../../src/cli/builder/search-index.ts';
import { inodesAndBytes } from '../../helpers/inodes.ts';
import { tempDir } from '../../helpers/temp-dir.ts';

const page = (title: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main data-pagefind-body><h1>${title}</h1><p>Mercury retrograde.</p></main></body></html>`;
const PAGES = ['weekly/2026-w47/leo/index.html', 'weekly/2026-w47/virgo/index.html'];
const PARTS = [{ folder: 'pagefind', pages: PAGES }];

/** An output folder holding `pages`, and the manifest entries of its pages. */
function output(root: string, name: string, pages: Record<string, string>): { dir: string; files: ManifestFiles } {
  const dir = path.join(root, name);
  const files: ManifestFiles = {};
  for (const [file, html] of Object.entries(pages)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), html);
    files[file] = { sha256: sha256(html) };
  }
  return { dir, files };
}

/** Each file of the bundle by its inode: a file taken from the published output keeps its inode. */
function bundleInodes(dir: string): Record<string, number> {
  const bundle = path.join(dir, 'pagefind');
  // The list of parts is written anew every build.
  const files = readdirSync(bundle, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file !== 'parts.json' && statSync(path.join(bundle, file)).isFile(),
  );
  return Object.fromEntries(files.sort().map((file) => [file, statSync(path.join(bundle, file)).ino]));
}

/** The URL of each page in a bundle's fragments (gzip, after Pagefind's `pagefind_dcd` signature), sorted. */
function fragmentUrls(bundle: string): string[] {
  const dir = path.join(bundle, 'fragment');
  const text = (file: string) =>
    gunzipSync(readFileSync(path.join(dir, file)))
      .toString('utf8')
      .replace(/^pagefind_dcd/, '');
  return readdirSync(dir)
    .map((file) => (JSON.parse(text(file)) as { url: string }).url)
    .sort();
}

/** Pagefind's code in a bundle's folder, as opposed to its index: scripts, styles and WebAssembly. */
const isProgram = (file: string) => /\.(js|css)$|^wasm\./.test(file);

describe('writeSearchIndex', () => {
  const pages = { [PAGES[0]!]: page('Leo'), [PAGES[1]!]: page('Virgo') };

  it('takes the published bundle when the pages are the same, and writes it anew when one changed or a file of the bundle was replaced', async () => {
    const root = tempDir('search-index-');
    const first = output(root, 'first', pages);
    const published = await writeSearchIndex({
      outputDir: first.dir,
      parts: PARTS,
      files: first.files,
      renderer: 'r1',
    });
    const publishedFiles = { ...first.files, ...published };
    expect(Object.keys(published)).toContain('pagefind/pagefind-entry.json');
    expect(Object.keys(published)).toContain('pagefind/parts.json');

    // The next day: the same pages, built into a new folder.
    const same = output(root, 'same', pages);
    const taken = await writeSearchIndex({
      outputDir: same.dir,
      parts: PARTS,
      files: same.files,
      renderer: 'r1',
      previous: { dir: first.dir, files: publishedFiles },
    });
    expect(taken).toEqual(published);
    expect(bundleInodes(same.dir)).toEqual(bundleInodes(first.dir));

    // One page's text changed: a bundle of its own, none of its files the published ones.
    const changed = output(root, 'changed', { ...pages, [PAGES[1]!]: page('Virgo, revised') });
    await writeSearchIndex({
      outputDir: changed.dir,
      parts: PARTS,
      files: changed.files,
      renderer: 'r1',
      previous: { dir: first.dir, files: publishedFiles },
    });
    const publishedInodes = new Set(Object.values(bundleInodes(first.dir)));
    expect(Object.values(bundleInodes(changed.dir)).filter((ino) => publishedInodes.has(ino))).toEqual([]);

    // The same pages under another renderer (templates, Pagefind's version): written anew too, though every
    // file of the published bundle still holds its bytes.
    const renderer = output(root, 'renderer', pages);
    await writeSearchIndex({
      outputDir: renderer.dir,
      parts: PARTS,
      files: renderer.files,
      renderer: 'r2',
      previous: { dir: first.dir, files: publishedFiles },
    });
    expect(Object.values(bundleInodes(renderer.dir)).filter((ino) => publishedInodes.has(ino))).toEqual([]);

    // A file of the published bundle replaced since (another inode, other bytes): the bundle is written anew, whole.
    const entry = path.join(first.dir, 'pagefind/pagefind-entry.json');
    const entryText = readFileSync(entry);
    rmSync(entry);
    writeFileSync(entry, 'damaged');
    const repaired = output(root, 'repaired', pages);
    expect(
      await writeSearchIndex({
        outputDir: repaired.dir,
        parts: PARTS,
        files: repaired.files,
        renderer: 'r1',
        previous: { dir: first.dir, files: publishedFiles },
      }),
    ).toEqual(published);
    expect(readFileSync(path.join(repaired.dir, 'pagefind/pagefind-entry.json'))).toEqual(entryText);
    expect(Object.values(bundleInodes(repaired.dir)).filter((ino) => publishedInodes.has(ino))).toEqual([]);
  });

  // The list of parts changes whenever any part does, so it is written every build and is no part of a bundle.
  it('never writes the published list of parts, and takes a bundle whatever became of that list', async () => {
    const root = tempDir('search-index-');
    const parts = [
      { folder: 'pagefind', pages: [PAGES[0]!] },
      { folder: 'pagefind-oldest', pages: [PAGES[1]!] },
    ];
    const first = output(root, 'first', pages);
    const publishedFiles = {
      ...first.files,
      ...(await writeSearchIndex({ outputDir: first.dir, parts, files: first.files, renderer: 'r1' })),
    };
    const list = path.join(first.dir, 'pagefind/parts.json');
    const listText = readFileSync(list, 'utf8');
    const listInode = statSync(list).ino;

    // The oldest part's page changed: its tag in the new list changes; the published list keeps its bytes and file.
    const changed = output(root, 'changed', { ...pages, [PAGES[1]!]: page('Virgo, revised') });
    await writeSearchIndex({
      outputDir: changed.dir,
      parts,
      files: changed.files,
      renderer: 'r1',
      previous: { dir: first.dir, files: publishedFiles },
    });
    expect(readFileSync(path.join(changed.dir, 'pagefind/parts.json'), 'utf8')).not.toBe(listText);
    expect(bundleInodes(changed.dir)).toEqual(bundleInodes(first.dir));
    expect(readFileSync(list, 'utf8')).toBe(listText);
    expect(statSync(list).ino).toBe(listInode);

    // The published list lost (a host that dropped it, an owner's edit): the main bundle is still taken.
    rmSync(list);
    const same = output(root, 'same', pages);
    await writeSearchIndex({
      outputDir: same.dir,
      parts,
      files: same.files,
      renderer: 'r1',
      previous: { dir: first.dir, files: publishedFiles },
    });
    expect(bundleInodes(same.dir)).toEqual(bundleInodes(first.dir));
    expect(readFileSync(path.join(same.dir, 'pagefind/parts.json'), 'utf8')).toBe(listText);
  });

  it('writes a bundle into a folder holding links to the published one without writing through them', async () => {
    const root = tempDir('search-index-');
    const first = output(root, 'first', pages);
    const publishedFiles = {
      ...first.files,
      ...(await writeSearchIndex({ outputDir: first.dir, parts: PARTS, files: first.files, renderer: 'r1' })),
    };
    const before = inodesAndBytes(first.dir);
    // The staging folder already holds the published bundle's files, linked; a page changed, so Pagefind writes the bundle.
    const changed = output(root, 'changed', { ...pages, [PAGES[1]!]: page('Virgo, revised') });
    linkFiles(
      first.dir,
      changed.dir,
      Object.keys(publishedFiles).filter((file) => file.startsWith('pagefind/')),
    );
    await writeSearchIndex({
      outputDir: changed.dir,
      parts: PARTS,
      files: changed.files,
      renderer: 'r1',
      previous: { dir: first.dir, files: publishedFiles },
    });
    expect(inodesAndBytes(first.dir)).toEqual(before);
    expect(readFileSync(path.join(changed.dir, 'pagefind/pagefind-entry.json'))).not.toEqual(
      readFileSync(path.join(first.dir, 'pagefind/pagefind-entry.json')),
    );
  }, 60_000);

  it('writes the same bytes for the same pages, each page at its served path', async () => {
    const root = tempDir('search-index-');
    const parts = [
      {
        folder: 'pagefind',
        pages: [
          '404.html',
          'index.html',
          'leo/index.html',
          'weekly/2026-w47/leo/index.html',
          'weekly/2026-w47/virgo/index.html',
        ],
      },
      {
        folder: 'pagefind-oldest',
        pages: [
          'monthly/2024-03/aries/index.html',
          'weekly/2024-w10/aries/index.html',
          'weekly/2024-w10/index.html',
          'weekly/2024-w10/taurus/index.html',
        ],
      },
      { folder: 'pagefind-closed', pages: ['yearly/2025/leo/index.html', 'yearly/2025/virgo/index.html'] },
    ];
    const site = Object.fromEntries(parts.flatMap(({ pages }) => pages.map((file) => [file, page(`Page ${file}`)])));
    const twice = [];
    for (const name of ['first', 'second']) {
      const { dir, files } = output(root, name, site);
      twice.push(await writeSearchIndex({ outputDir: dir, parts, files, renderer: 'r1' }));
      expect(fragmentUrls(path.join(dir, 'pagefind'))).toEqual([
        '/',
        '/404.html',
        '/leo/',
        '/weekly/2026-w47/leo/',
        '/weekly/2026-w47/virgo/',
      ]);
      expect(fragmentUrls(path.join(dir, 'pagefind-oldest'))).toEqual([
        '/monthly/2024-03/aries/',
        '/weekly/2024-w10/',
        '/weekly/2024-w10/aries/',
        '/weekly/2024-w10/taurus/',
      ]);
      expect(fragmentUrls(path.join(dir, 'pagefind-closed'))).toEqual(['/yearly/2025/leo/', '/yearly/2025/virgo/']);
      // The main bundle's script, worker and WebAssembly serve every part (templates/assets/search.js): a closed part
      // publishes none of its own, nor Pagefind's ready-made interface.
      expect(readdirSync(path.join(dir, 'pagefind')).filter(isProgram).sort()).toEqual([
        'pagefind-worker.js',
        'pagefind.js',
        'wasm.en.pagefind',
        'wasm.unknown.pagefind',
      ]);
      for (const closed of ['pagefind-oldest', 'pagefind-closed'])
        expect(readdirSync(path.join(dir, closed)).filter(isProgram)).toEqual([]);
      // Each part names an index chunk of its own, which the search page asks for when the part finds nothing.
      const list = JSON.parse(readFileSync(path.join(dir, 'pagefind/parts.json'), 'utf8')) as SearchPartsFile;
      expect(list.parts.map((part) => part.folder)).toEqual(['pagefind', 'pagefind-oldest', 'pagefind-closed']);
      for (const part of list.parts) {
        expect(part.probe).toMatch(/^index\/[^/]+\.pf_index$/);
        expect(statSync(path.join(dir, part.folder, part.probe!)).isFile()).toBe(true);
      }
    }
    // Every file of every bundle, by its hash.
    expect(twice[1]).toEqual(twice[0]);
  });

  it('stops at the first part that fails, with its error', async () => {
    const root = tempDir('search-index-');
    const { dir, files } = output(root, 'missing', { [PAGES[0]!]: page('Leo') });
    const parts = [
      { folder: 'pagefind', pages: [PAGES[0]!] },
      { folder: 'pagefind-oldest', pages: [PAGES[1]!] },
    ];
    await expect(writeSearchIndex({ outputDir: dir, parts, files, renderer: 'r1' })).rejects.toThrow(
      `ENOENT: no such file or directory, open '${path.join(dir, PAGES[1]!)}'`,
    );
  });
});
