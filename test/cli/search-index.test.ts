// The search index of two small pages, written by Pagefind, then again by a build whose pages are the same: the
// bundle is taken from the published output (the very files, hard-linked), not written anew; a page that changed,
// or a bundle file damaged since, makes Pagefind write it again. Parts indexed side by side: the same bytes every
// time, each page at the path the site serves it from, and the list of parts naming an index chunk of each.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sha256, type ManifestFiles } from '../../src/cli/build-manifest.ts';
import { writeSearchIndex, type SearchPartsFile } from '../../src/cli/search-index.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const page = (title: string) => `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main data-pagefind-body><h1>${title}</h1><p>Mercury retrograde.</p></main></body></html>`;
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
  const files = readdirSync(bundle, { recursive: true, encoding: 'utf8' }).filter((file) => file !== 'parts.json' && statSync(path.join(bundle, file)).isFile());
  return Object.fromEntries(files.sort().map((file) => [file, statSync(path.join(bundle, file)).ino]));
}

/** The URL of each page in a bundle's fragments (gzip, after Pagefind's `pagefind_dcd` signature), sorted. */
function fragmentUrls(bundle: string): string[] {
  const dir = path.join(bundle, 'fragment');
  const text = (file: string) => gunzipSync(readFileSync(path.join(dir, file))).toString('utf8').replace(/^pagefind_dcd/, '');
  return readdirSync(dir).map((file) => (JSON.parse(text(file)) as { url: string }).url).sort();
}

describe('writeSearchIndex', () => {
  const pages = { [PAGES[0]!]: page('Leo'), [PAGES[1]!]: page('Virgo') };

  it('takes the published bundle when the pages are the same, and writes it anew when one changed or a file of the bundle was replaced', async () => {
    const root = tempDir('search-index-');
    const first = output(root, 'first', pages);
    const published = await writeSearchIndex({ outputDir: first.dir, parts: PARTS, files: first.files, renderer: 'r1' });
    const publishedFiles = { ...first.files, ...published };
    expect(Object.keys(published)).toContain('pagefind/pagefind-entry.json');
    expect(Object.keys(published)).toContain('pagefind/parts.json');

    // The next day: the same pages, built into a new folder.
    const same = output(root, 'same', pages);
    const taken = await writeSearchIndex({ outputDir: same.dir, parts: PARTS, files: same.files, renderer: 'r1', previous: { dir: first.dir, files: publishedFiles } });
    expect(taken).toEqual(published);
    expect(bundleInodes(same.dir)).toEqual(bundleInodes(first.dir));

    // One page's text changed: a bundle of its own, none of its files the published ones.
    const changed = output(root, 'changed', { ...pages, [PAGES[1]!]: page('Virgo, revised') });
    await writeSearchIndex({ outputDir: changed.dir, parts: PARTS, files: changed.files, renderer: 'r1', previous: { dir: first.dir, files: publishedFiles } });
    const publishedInodes = new Set(Object.values(bundleInodes(first.dir)));
    expect(Object.values(bundleInodes(changed.dir)).filter((ino) => publishedInodes.has(ino))).toEqual([]);

    // A file of the published bundle replaced since (another inode, other bytes): the bundle is written anew, whole.
    const entry = path.join(first.dir, 'pagefind/pagefind-entry.json');
    const entryText = readFileSync(entry);
    rmSync(entry);
    writeFileSync(entry, 'damaged');
    const repaired = output(root, 'repaired', pages);
    expect(await writeSearchIndex({ outputDir: repaired.dir, parts: PARTS, files: repaired.files, renderer: 'r1', previous: { dir: first.dir, files: publishedFiles } })).toEqual(published);
    expect(readFileSync(path.join(repaired.dir, 'pagefind/pagefind-entry.json'))).toEqual(entryText);
    expect(Object.values(bundleInodes(repaired.dir)).filter((ino) => publishedInodes.has(ino))).toEqual([]);

    // The same pages under another renderer (templates, Pagefind's version): written anew too.
    const renderer = output(root, 'renderer', pages);
    await writeSearchIndex({ outputDir: renderer.dir, parts: PARTS, files: renderer.files, renderer: 'r2', previous: { dir: first.dir, files: publishedFiles } });
    expect(Object.values(bundleInodes(renderer.dir)).filter((ino) => publishedInodes.has(ino))).toEqual([]);
  });

  it('writes the same bytes for the same pages, each page at its served path', async () => {
    const root = tempDir('search-index-');
    const parts = [
      { folder: 'pagefind', pages: ['404.html', 'index.html', 'leo/index.html', 'weekly/2026-w47/leo/index.html', 'weekly/2026-w47/virgo/index.html'] },
      { folder: 'pagefind-oldest', pages: ['monthly/2024-03/aries/index.html', 'weekly/2024-w10/aries/index.html', 'weekly/2024-w10/index.html', 'weekly/2024-w10/taurus/index.html'] },
      { folder: 'pagefind-closed', pages: ['yearly/2025/leo/index.html', 'yearly/2025/virgo/index.html'] },
    ];
    const site = Object.fromEntries(parts.flatMap(({ pages }) => pages.map((file) => [file, page(`Page ${file}`)])));
    const twice = [];
    for (const name of ['first', 'second']) {
      const { dir, files } = output(root, name, site);
      twice.push(await writeSearchIndex({ outputDir: dir, parts, files, renderer: 'r1' }));
      expect(fragmentUrls(path.join(dir, 'pagefind'))).toEqual(['/', '/404.html', '/leo/', '/weekly/2026-w47/leo/', '/weekly/2026-w47/virgo/']);
      expect(fragmentUrls(path.join(dir, 'pagefind-oldest'))).toEqual(['/monthly/2024-03/aries/', '/weekly/2024-w10/', '/weekly/2024-w10/aries/', '/weekly/2024-w10/taurus/']);
      expect(fragmentUrls(path.join(dir, 'pagefind-closed'))).toEqual(['/yearly/2025/leo/', '/yearly/2025/virgo/']);
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
    const parts = [{ folder: 'pagefind', pages: [PAGES[0]!] }, { folder: 'pagefind-oldest', pages: [PAGES[1]!] }];
    await expect(writeSearchIndex({ outputDir: dir, parts, files, renderer: 'r1' })).rejects.toThrow(`ENOENT: no such file or directory, open '${path.join(dir, PAGES[1]!)}'`);
  });
});
