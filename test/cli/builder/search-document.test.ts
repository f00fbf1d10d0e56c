// Pagefind is sent each page as searchedDocument makes it: its bundle must be the very bundle the whole pages give,
// for pages of every kind the site indexes (a built site in two languages) and for what its templates never write but
// an owner's page or Pagefind's own reading might hold (meta, images, ignored parts, anchors, headings outside the body).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as pagefind from 'pagefind';
import { sha256 } from '../../../src/incremental/build-manifest.ts';
import type { SearchPartsFile } from '../../../src/cli/builder/search-index.ts';
import { searchedDocument } from '../../../src/cli/builder/search-document.ts';
import { filesUnder } from '../../../src/data/files-under.ts';
import { builtInTwoLanguages } from '../../helpers/project-copy.ts';
import { removeDir } from '../../helpers/remove-dir.ts';
import { tempDir } from '../../helpers/temp-dir.ts';

interface Page {
  url: string;
  content: string;
}

/** Pagefind's bundle of `pages`, in their order, as each file's hash. */
async function bundle(pages: readonly Page[], outputPath: string): Promise<Record<string, string>> {
  const { index } = await pagefind.createIndex({});
  for (const page of pages) expect((await index!.addHTMLFile(page)).errors).toEqual([]);
  expect((await index!.writeFiles({ outputPath })).errors).toEqual([]);
  await index!.deleteIndex();
  return Object.fromEntries(
    filesUnder(outputPath).map((file) => [file, sha256(readFileSync(path.join(outputPath, file)))]),
  );
}

const reduced = (pages: readonly Page[]) =>
  pages.map(({ url, content }) => ({ url, content: searchedDocument(content) }));

afterAll(() => pagefind.close());

const head = (title: string, extra = '') =>
  `<head><meta charset="utf-8"><title>${title}</title><meta name="description" content="A page">${extra}<script type="application/ld+json">{"name":"x"}</script></head>`;
const header =
  '<header><a href="/">Site</a><nav aria-label="Signs"><ul><li><a href="/leo/">Leo</a></li></ul></nav><form role="search" action="/search/"><input name="q"></form></header>';
const footer = '<footer><nav><a href="/about/">About</a></nav><p>© Site</p></footer>';
const page = (lang: string, title: string, main: string, { extraHead = '', before = header } = {}) =>
  `<!doctype html>\n<html lang="${lang}">\n${head(title, extraHead)}\n<body>${before}\n${main}\n${footer}</body>\n</html>\n`;
const filters =
  '<span hidden data-pagefind-filter="sign[data-value]" data-value="Leo"></span><span hidden data-pagefind-filter="kind[data-value]" data-value="Weekly horoscope"></span>';
const related =
  '<nav class="related" aria-labelledby="others"><h2 id="others">The other signs</h2><ul><li><a href="/a/"><span aria-hidden="true">Aries</span></a></li></ul></nav>';

/** Pages each reading of Pagefind's touches: those it must reduce, and those it must send whole. */
const CASES: Record<string, { content: string; whole: boolean }> = {
  'a report': {
    content: page(
      'en',
      'Leo weekly · Site',
      `<main id="main" data-pagefind-body>${filters}<article><h1>Leo weekly</h1><h2 id="key-dates">Key dates</h2><p>Mercury <em>retrograde</em>.</p></article>${related}</main>`,
    ),
    whole: false,
  },
  'no heading: the title is the page title': {
    content: page(
      'es',
      'Leo semanal · Sitio',
      `<main data-pagefind-body><p>Mercurio retrógrado, sin título.</p>${related}</main>`,
    ),
    whole: false,
  },
  'an image, meta, a weight and an ignored part in the body': {
    content: page(
      'en',
      'Chart',
      `<main data-pagefind-body><h1>Chart</h1><img src="/wheel.png" alt="The wheel"><p data-pagefind-meta="author">Frida</p><p data-pagefind-weight="3">Heavy words</p><div data-pagefind-ignore><p>Not indexed</p></div><div data-pagefind-ignore="all"><span data-pagefind-filter="hidden">x</span></div></main>`,
    ),
    whole: false,
  },
  'a skipped element with an id (an anchor)': {
    content: page(
      'en',
      'Anchor',
      `<main data-pagefind-body><h1>Anchor</h1><nav id="contents"><a href="#a">A</a></nav><p id="a">After the nav.</p></main>`,
    ),
    whole: false,
  },
  'a filter, a heading and an image in skipped elements': {
    content: page(
      'en',
      'Skipped',
      `<main data-pagefind-body><nav><span data-pagefind-filter="sign">Leo</span></nav><footer><h1>Footer heading</h1></footer><form><img src="/f.png" alt="f"></form><h1>Later heading</h1><svg viewBox="0 0 1 1"><g><svg/><text>drawn</text></g></svg><p>Text.</p></main>`,
    ),
    whole: false,
  },
  'nested skipped elements': {
    content: page(
      'pt-BR',
      'Aninhado',
      `<main data-pagefind-body><h1>Aninhado</h1><nav><ul><li><nav><a href="/">In</a></nav></li></ul><p>still nav</p></nav><p>Depois.</p></main>`,
    ),
    whole: false,
  },
  'meta in the head': {
    content: page('en', 'Meta', '<main data-pagefind-body><h1>Meta</h1><p>Body.</p></main>', {
      extraHead: '<meta data-pagefind-meta="image[content]" content="/og.png" property="og:image">',
    }),
    whole: true,
  },
  'a heading before the body': {
    content: page('en', 'Heading', '<main data-pagefind-body><p>Body without heading.</p></main>', {
      before: `${header}<h1>Site heading</h1>`,
    }),
    whole: true,
  },
  'an image before the body': {
    content: page('en', 'Image', '<main data-pagefind-body><h1>Image</h1><p>Body.</p></main>', {
      before: `${header}<img src="/logo.png" alt="Logo">`,
    }),
    whole: true,
  },
  'two bodies': {
    content: page(
      'en',
      'Two',
      '<main data-pagefind-body><h1>One</h1></main><aside data-pagefind-body><p>Two.</p></aside>',
    ),
    whole: true,
  },
  'a comment': {
    content: page('en', 'Comment', '<main data-pagefind-body><h1>Comment</h1><!-- </main> --><p>After.</p></main>'),
    whole: true,
  },
  'a script in the body': {
    content: page(
      'en',
      'Script',
      '<main data-pagefind-body><h1>Script</h1><script>"</main><nav>"</script><p>After.</p></main>',
    ),
    whole: true,
  },
  'a body with no end tag': {
    content: page('en', 'Unclosed', '<main data-pagefind-body><h1>Unclosed</h1><p>Open.</p>'),
    whole: true,
  },
};

describe('searchedDocument', () => {
  it('reduces a page to what Pagefind reads, or sends it whole, and Pagefind writes the same bundle', async () => {
    const pages = Object.entries(CASES).map(([name, { content }], i) => ({ url: `/case-${i}/`, content, name }));
    for (const { name, content } of pages)
      expect([name, searchedDocument(content) === content]).toEqual([name, CASES[name]!.whole]);
    const root = tempDir('search-document-');
    expect(await bundle(reduced(pages), path.join(root, 'reduced'))).toEqual(
      await bundle(pages, path.join(root, 'whole')),
    );
  }, 60_000);
});

describe('the search index of a built site', () => {
  let project = '';
  beforeAll(async () => {
    // Two languages and a closed year: every kind of indexed page (reports, period and sign hubs, charts, editors' pages) in two parts.
    project = await builtInTwoLanguages(
      {
        weekly: { past: 2, future: 0 },
        monthly: { past: 1, future: 0 },
        yearly: { past: 1, future: 0 },
        ascendantYearly: { past: 1, future: 0 },
      },
      '2026-02-11',
    );
  }, 240_000);
  afterAll(() => removeDir(project));

  it('is the bundle the whole pages give, part by part', async () => {
    const root = tempDir('search-document-site-');
    let sent = 0;
    let read = 0;
    for (const language of ['', 'es']) {
      const dir = path.join(project, 'dist', language);
      const { parts } = JSON.parse(readFileSync(path.join(dir, 'pagefind/parts.json'), 'utf8')) as SearchPartsFile;
      expect(parts.length).toBeGreaterThan(1);
      for (const { folder } of parts) {
        const pages = pagesOf(path.join(dir, folder)).map((url) => ({
          url,
          content: readFileSync(path.join(dir, url, 'index.html'), 'utf8'),
        }));
        const published = Object.fromEntries(
          filesUnder(path.join(dir, folder))
            .filter((file) => file !== 'parts.json')
            .map((file) => [file, sha256(readFileSync(path.join(dir, folder, file)))]),
        );
        const whole = await bundle(pages, path.join(root, language, folder));
        expect([language, folder, published]).toEqual([
          language,
          folder,
          Object.fromEntries(Object.keys(published).map((file) => [file, whole[file]])),
        ]);
        sent += reduced(pages).reduce((sum, { content }) => sum + content.length, 0);
        read += pages.reduce((sum, { content }) => sum + content.length, 0);
      }
    }
    // What the build sends Pagefind is a fraction of the pages, or the equality above proves nothing.
    expect(sent / read).toBeLessThan(0.5);
  }, 120_000);
});

/** The pages of a bundle, in the order the build sent them (sorted paths), from its fragments (gzip, Pagefind's prefix, JSON). */
function pagesOf(bundleDir: string): string[] {
  const urls = readdirSync(path.join(bundleDir, 'fragment')).map((file) => {
    const text = gunzipSync(readFileSync(path.join(bundleDir, 'fragment', file))).toString('utf8');
    return (JSON.parse(text.replace(/^pagefind_dcd/, '')) as { url: string }).url;
  });
  return urls.sort((a, b) => (`${a}index.html` < `${b}index.html` ? -1 : 1));
}
