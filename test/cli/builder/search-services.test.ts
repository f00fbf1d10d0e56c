// Parts of the search index indexed at once, each by a Pagefind service of its own: every part's bundle has the same
// bytes whether one service indexed the parts in turn or a service each did, whichever finished first, and the bytes
// Pagefind writes from the whole pages sent one by one in sorted order, however many are sent at once.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import * as pagefind from 'pagefind';
import { afterAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../../src/incremental/build-manifest.ts';
import { indexParts, StartedService } from '../../../src/cli/builder/search-services.ts';
import { servedPath } from '../../../src/model/urls.ts';
import { filesUnder } from '../../../src/data/files-under.ts';
import { tempDir } from '../../helpers/temp-dir.ts';

const page = (title: string, words: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main data-pagefind-body><h1>${title}</h1><p>${words}</p></main></body></html>`;

/** Three parts of different sizes and words, so that the services take them in different turns and finish apart. */
const PARTS = [
  {
    folder: 'pagefind',
    pages: Array.from({ length: 12 }, (_, i) => `weekly/2026-w${String(i + 40).padStart(2, '0')}/index.html`),
  },
  {
    folder: 'pagefind-quarters',
    pages: Array.from({ length: 30 }, (_, i) => `weekly/2026-w${String(i + 1).padStart(2, '0')}/index.html`),
  },
  { folder: 'pagefind-closed', pages: Array.from({ length: 5 }, (_, i) => `yearly/${2020 + i}/index.html`) },
];

/** A folder holding every part's pages. */
function site(root: string, name: string): string {
  const dir = path.join(root, name);
  for (const [i, file] of PARTS.flatMap((part) => part.pages).entries()) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(
      path.join(dir, file),
      page(
        file,
        `Mercury retrograde, week ${i}, ${'saturnine '.repeat(i % 7)}and the ${['moon', 'sun', 'venus'][i % 3]}.`,
      ),
    );
  }
  return dir;
}

/** Every file of each part's bundle by its hash. */
function bundles(dir: string): Record<string, string> {
  return Object.fromEntries(
    PARTS.flatMap(({ folder }) =>
      filesUnder(path.join(dir, folder)).map((file) => [
        `${folder}/${file}`,
        sha256(readFileSync(path.join(dir, folder, file))),
      ]),
    ),
  );
}

describe('indexParts', () => {
  it('writes the same bytes for the same pages with one service or a service per part', async () => {
    const root = tempDir('search-services-');
    const inTurn = site(root, 'in-turn');
    const atOnce = site(root, 'at-once');
    await indexParts(inTurn, PARTS, 1);
    await indexParts(atOnce, PARTS, 3);
    const written = bundles(inTurn);
    for (const { folder } of PARTS)
      expect(
        Object.keys(written).filter((file) => file.startsWith(`${folder}/`) && file.endsWith('.pf_fragment')),
      ).toHaveLength(PARTS.find((part) => part.folder === folder)!.pages.length);
    expect(bundles(atOnce)).toEqual(written);
  }, 120_000);

  it('takes a service started ahead for its first part, with the same bytes; one that nothing took stops when closed', async () => {
    const root = tempDir('search-services-');
    const [inTurn, ahead] = [site(root, 'in-turn'), site(root, 'ahead')];
    await indexParts(inTurn, PARTS, 2);
    const started = new StartedService();
    started.start();
    await indexParts(ahead, PARTS, 2, started);
    expect(started.take()).toBeUndefined();
    expect(bundles(ahead)).toEqual(bundles(inTurn));
    // Its thread exits: a thread left running would keep this test's worker from ending.
    const unused = new StartedService();
    unused.start();
    await unused.close();
  }, 120_000);

  it("caps each service thread's young generation at 4 MB, which keeps the build's peak memory down", async () => {
    // The pages pass through a service's heap once; V8's default let each thread hold far more at a large build's
    // peak (docs/performance.md, "Peak memory").
    const started = new StartedService();
    started.start();
    const { worker } = started.take()!;
    expect(worker.resourceLimits?.maxYoungGenerationSizeMb).toBe(4);
    await worker.terminate();
  });
});

/** This process's child processes running Pagefind's binary, by pid (Linux's /proc). */
function pagefindChildren(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        // pid (comm) state ppid …
        return (
          /^pagefind/.test(stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))) &&
          stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] === String(process.pid)
        );
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

describe('a Pagefind process that dies while a part is indexed', () => {
  // Pagefind answers a page with an error only when its process is gone (it skips a page it cannot parse), as when
  // the system kills it for its memory; the part's pages are then missing from its bundle, so the build must fail,
  // with the first batch's error, not the ones that follow it. 128 pages are sent at once.
  it.each([
    { batch: 'its only batch', pages: 1, pipe: 0 },
    { batch: 'a batch before its last', pages: 300, pipe: 128 },
  ])(
    'fails the part with the error of $batch, naming the part, and does not hang',
    async ({ pages, pipe }) => {
      const root = tempDir('search-services-killed-');
      const files = Array.from({ length: pages }, (_, i) => `weekly/2026-w${String(i).padStart(3, '0')}/index.html`);
      const html = (i: number) =>
        `<!doctype html><html lang="en"><head><title>${i}</title></head><body><main data-pagefind-body><p>Words ${i}.</p></main></body></html>`;
      for (const [i, file] of files.entries()) {
        mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
        // One page a named pipe: the service's thread blocks reading it, Pagefind's process running, until this test
        // writes the page, once that process is killed.
        if (i === pipe) execFileSync('mkfifo', [path.join(root, file)]);
        else writeFileSync(path.join(root, file), html(i));
      }
      const before = new Set(pagefindChildren());
      const indexed = indexParts(root, [{ folder: 'pagefind', pages: files }], 1).then(
        () => undefined,
        (error: Error) => error,
      );
      const writer = await open(path.join(root, files[pipe]!), 'w');
      const started = pagefindChildren().filter((pid) => !before.has(pid));
      expect(started).toHaveLength(1);
      process.kill(started[0]!, 'SIGKILL');
      while (pagefindChildren().includes(started[0]!)) await new Promise((resolve) => setTimeout(resolve, 20));
      await writer.writeFile(html(pipe));
      await writer.close();
      expect((await indexed)?.message).toBe('the search index (Pagefind), pagefind: Pagefind backend closed');
    },
    120_000,
  );
});

describe('a part of more pages than are sent at once', () => {
  afterAll(() => pagefind.close());

  it('is the bundle Pagefind writes from its whole pages sent one by one in sorted order', async () => {
    const root = tempDir('search-services-batches-');
    // 300 pages: the batches of 128 pages in flight overlap.
    const part = {
      folder: 'pagefind-closed',
      pages: Array.from(
        { length: 300 },
        (_, i) => `weekly/${2000 + Math.floor(i / 50)}-w${String((i % 50) + 1).padStart(2, '0')}/index.html`,
      ).sort(),
    };
    for (const [i, file] of part.pages.entries()) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(
        path.join(root, file),
        `<!doctype html><html lang="en"><head><title>${file}</title></head><body><nav><a href="/">Home</a></nav><main data-pagefind-body><h1>Week ${i}</h1><p>${['Mercury', 'Venus', 'Mars'][i % 3]} and ${'saturnine '.repeat(i % 5)}word${i}.</p></main></body></html>`,
      );
    }
    await indexParts(root, [part]);
    const { index } = await pagefind.createIndex({});
    for (const file of part.pages)
      await index!.addHTMLFile({ url: servedPath(file), content: readFileSync(path.join(root, file), 'utf8') });
    await index!.writeFiles({ outputPath: path.join(root, 'expected') });
    const hashes = (dir: string) =>
      Object.fromEntries(filesUnder(dir).map((file) => [file, sha256(readFileSync(path.join(dir, file)))]));
    const built = hashes(path.join(root, part.folder));
    expect(Object.keys(built).filter((file) => file.endsWith('.pf_fragment'))).toHaveLength(300);
    expect(built).toEqual(hashes(path.join(root, 'expected')));
  }, 120_000);
});
