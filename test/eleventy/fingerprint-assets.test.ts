// Fingerprinting is checked through real Eleventy builds in a temp folder: the hashed file must exist with the
// source's bytes, the filter must link exactly that file, and an edit must produce a new name (the whole point
// of caching /assets/ forever).
import type Eleventy from '@11ty/eleventy';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EleventyConfig } from '../../src/eleventy/eleventy-types.ts';
import { newEleventy } from '../../src/eleventy/new-eleventy.ts';
import fingerprintAssetsPlugin, {
  FingerprintAssetsError,
  FingerprintedAssets,
  contentHash,
  fingerprintedName,
  ownerAssets,
  readAssetManifest,
  type FingerprintAssetsOptions,
} from '../../src/eleventy/fingerprint-assets.ts';
import filtersPlugin from '../../src/eleventy/filters.ts';
import { callsInChild } from '../helpers/in-child.ts';

let dir: string;
let input: string;
let assets: string;
let output: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fingerprint-assets-'));
  input = path.join(dir, 'templates');
  assets = path.join(input, 'assets');
  output = path.join(dir, 'dist');
  fs.mkdirSync(path.join(assets, 'icons'), { recursive: true });
  // An empty config file, so the project's .eleventy.js (found from the working directory) stays out of it.
  fs.writeFileSync(path.join(dir, 'eleventy.config.mjs'), 'export default function () {}\n');
  fs.writeFileSync(path.join(assets, 'site.css'), 'body { color: #123; }\n');
  fs.writeFileSync(path.join(assets, 'icons', 'star.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
  fs.writeFileSync(path.join(assets, '.DS_Store'), 'junk');
  fs.writeFileSync(
    path.join(input, 'index.njk'),
    `<link rel="stylesheet" href="{{ 'site.css' | assetUrl }}"><img src="{{ 'icons/star.svg' | assetUrl }}" alt="">\n`,
  );
  fs.writeFileSync(path.join(input, 'other.njk'), `<link rel="stylesheet" href="{{ 'site.css' | assetUrl }}">\n`);
});

afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function createEleventy(options: FingerprintAssetsOptions = { sourceDir: assets }): Eleventy {
  return newEleventy(input, output, {
    quietMode: true,
    configPath: path.join(dir, 'eleventy.config.mjs'),
    config(eleventyConfig: EleventyConfig) {
      const published = new FingerprintedAssets(options);
      eleventyConfig.addPlugin(fingerprintAssetsPlugin, { assets: published });
      eleventyConfig.addPlugin(filtersPlugin, { assets: published });
    },
  });
}

const sha8 = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 8);
const read = (file: string) => fs.readFileSync(path.join(output, file), 'utf8');
const listAssets = () =>
  fs
    .readdirSync(path.join(output, 'assets'), { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => fs.statSync(path.join(output, 'assets', file)).isFile())
    .sort();

describe('fingerprintAssetsPlugin', () => {
  it('publishes each asset under its content hash, and the filter links that file', async () => {
    await createEleventy().write();
    const cssName = `site.${sha8('body { color: #123; }\n')}.css`;
    const svgName = `icons/star.${sha8('<svg xmlns="http://www.w3.org/2000/svg"/>\n')}.svg`;
    // Only hashed names, no unhashed copy (it would be cached as immutable and go stale), no dot-files.
    expect(listAssets()).toEqual([svgName, cssName].sort());
    expect(read(`assets/${cssName}`)).toBe('body { color: #123; }\n');
    expect(read('index.html')).toBe(
      `<link rel="stylesheet" href="/assets/${cssName}"><img src="/assets/${svgName}" alt="">\n`,
    );
    expect(read('other/index.html')).toContain(`href="/assets/${cssName}"`);
  });

  it('gives an edited asset a new name on the next build of the same Eleventy (watch mode) and removes the old one', async () => {
    const eleventy = createEleventy();
    await eleventy.write();
    const before = /href="([^"]+)"/.exec(read('index.html'))![1]!;

    fs.writeFileSync(path.join(assets, 'site.css'), 'body { color: #456; }\n');
    await eleventy.write();
    const after = /href="([^"]+)"/.exec(read('index.html'))![1]!;

    expect(after).not.toBe(before);
    expect(after).toBe(`/assets/site.${sha8('body { color: #456; }\n')}.css`);
    expect(read(after.slice(1))).toBe('body { color: #456; }\n');
    expect(fs.existsSync(path.join(output, before.slice(1)))).toBe(false);
    // The unchanged icon keeps its name and its file.
    expect(listAssets().filter((file) => file.startsWith('icons/'))).toHaveLength(1);
  });

  it('fails the build naming the template and the asset folder when a template asks for a missing file', async () => {
    fs.writeFileSync(path.join(input, 'broken.njk'), `{{ 'sitee.css' | assetUrl }}`);
    const eleventy = createEleventy();
    let failure: unknown;
    try {
      await eleventy.write();
    } catch (error) {
      failure = error;
    }
    // Eleventy wraps errors thrown inside templates; the plugin's message travels in the chain.
    const messages: string[] = [];
    for (let error = failure as (Error & { cause?: unknown; originalError?: unknown }) | undefined; error;) {
      messages.push(error.message);
      error = (error.originalError ?? error.cause) as typeof error;
    }
    const message = messages.join('\n');
    expect(message).toContain('assetUrl("sitee.css")');
    expect(message).toContain('broken.njk');
    expect(message).toContain(assets);
    expect(message).toContain('site.css');
  });

  it("links the files under the site's path prefix, and writes them at the same place", async () => {
    const eleventy = newEleventy(input, output, {
      quietMode: true,
      configPath: path.join(dir, 'eleventy.config.mjs'),
      config(eleventyConfig: EleventyConfig) {
        const published = new FingerprintedAssets({ sourceDir: assets });
        eleventyConfig.addPlugin(fingerprintAssetsPlugin, {
          assets: published,
          pathPrefix: async () => '/horoscopes/',
        });
        eleventyConfig.addPlugin(filtersPlugin, { assets: published });
      },
    });
    await eleventy.write();
    const cssName = `site.${sha8('body { color: #123; }\n')}.css`;
    expect(read('other/index.html')).toBe(`<link rel="stylesheet" href="/horoscopes/assets/${cssName}">\n`);
    expect(listAssets()).toContain(cssName);
  });

  it('publishes the manifest the command read, without reading the folder again', async () => {
    const manifest = readAssetManifest(assets, undefined, '/horoscopes/');
    // Edited after the command read it: the render still publishes and links what the command read.
    fs.writeFileSync(path.join(assets, 'site.css'), 'body { color: #456; }\n');
    const eleventy = newEleventy(input, output, {
      quietMode: true,
      configPath: path.join(dir, 'eleventy.config.mjs'),
      config(eleventyConfig: EleventyConfig) {
        const published = new FingerprintedAssets({ sourceDir: assets });
        eleventyConfig.addPlugin(fingerprintAssetsPlugin, {
          assets: published,
          pathPrefix: async () => '/',
          manifest: async () => manifest,
        });
        eleventyConfig.addPlugin(filtersPlugin, { assets: published });
      },
    });
    await eleventy.write();
    const cssName = `site.${sha8('body { color: #123; }\n')}.css`;
    expect(read('other/index.html')).toBe(`<link rel="stylesheet" href="/horoscopes/assets/${cssName}">\n`);
    expect(listAssets()).toContain(cssName);
  });

  it('publishes under another URL folder when asked', async () => {
    await createEleventy({ sourceDir: assets, urlPrefix: '/static/v/' }).write();
    expect(read('other/index.html')).toMatch(/href="\/static\/v\/site\.[0-9a-f]{8}\.css"/);
    expect(fs.existsSync(path.join(output, 'assets'))).toBe(false);
  });

  it('rejects bad options with a message naming the option', () => {
    expect(() => new FingerprintedAssets({ urlPrefix: 'assets' })).toThrow(/urlPrefix/);
    expect(() => new FingerprintedAssets({ sourceDir: '' })).toThrow(FingerprintAssetsError);
  });
});

describe('readAssetManifest', () => {
  it('hashes each file once, keyed by its name relative to the folder', () => {
    const manifest = readAssetManifest(assets);
    expect([...manifest.keys()]).toEqual(['icons/star.svg', 'site.css']);
    expect(manifest.get('site.css')).toMatchObject({
      url: `/assets/site.${sha8('body { color: #123; }\n')}.css`,
      outputPath: `assets/site.${sha8('body { color: #123; }\n')}.css`,
      sourcePath: path.join(assets, 'site.css'),
    });
  });

  it("points a stylesheet's relative url()s at the hashed files, and hashes the stylesheet as published", () => {
    fs.mkdirSync(path.join(assets, 'fonts'));
    fs.mkdirSync(path.join(assets, 'css'));
    fs.writeFileSync(path.join(assets, 'fonts', 'inter.woff2'), 'font bytes');
    const font = `/assets/fonts/inter.${sha8('font bytes')}.woff2`;
    fs.writeFileSync(
      path.join(assets, 'site.css'),
      '@font-face { src: url("fonts/inter.woff2") format("woff2"), url( fonts/inter.woff2?v=2#x ); }\n' +
        '.a { background: url(/root.png) } .b { mask: url(#m) } .c { background: url(data:image/png;base64,AA) }\n',
    );
    fs.writeFileSync(path.join(assets, 'css', 'more.css'), ".d { src: url('../fonts/inter.woff2') }\n");
    const published =
      `@font-face { src: url("${font}") format("woff2"), url("${font}?v=2#x"); }\n` +
      '.a { background: url(/root.png) } .b { mask: url(#m) } .c { background: url(data:image/png;base64,AA) }\n';
    const manifest = readAssetManifest(assets);
    expect(manifest.get('site.css')).toMatchObject({ content: published, url: `/assets/site.${sha8(published)}.css` });
    expect(manifest.get('css/more.css')!.content).toBe(`.d { src: url("${font}") }\n`);
    // A new font is a new stylesheet name too.
    fs.writeFileSync(path.join(assets, 'fonts', 'inter.woff2'), 'other bytes');
    expect(readAssetManifest(assets).get('site.css')!.url).not.toBe(manifest.get('site.css')!.url);
  });

  it('rewrites URL() in capitals, as CSS ignores the case of function names', () => {
    fs.writeFileSync(path.join(assets, 'site.css'), '.s { background: URL(icons/star.svg) }\n');
    const star = `/assets/icons/star.${sha8('<svg xmlns="http://www.w3.org/2000/svg"/>\n')}.svg`;
    expect(readAssetManifest(assets).get('site.css')!.content).toBe(`.s { background: url("${star}") }\n`);
  });

  it('reads a quoted address with an escaped quote, and writes it back escaped', () => {
    fs.writeFileSync(path.join(assets, 'a"b.woff2'), 'font');
    fs.writeFileSync(path.join(assets, 'site.css'), String.raw`@font-face { src: url("a\"b.woff2") }` + '\n');
    expect(readAssetManifest(assets).get('site.css')!.content).toBe(
      String.raw`@font-face { src: url("/assets/a\"b.${sha8('font')}.woff2") }` + '\n',
    );
  });

  it('rewrites @import with a plain string, and leaves other strings alone', () => {
    fs.writeFileSync(path.join(assets, 'base.css'), 'p { margin: 0 }\n');
    fs.writeFileSync(path.join(assets, 'site.css'), `@import 'base.css';\n.q::before { content: "url(base.css)" }\n`);
    const base = `/assets/base.${sha8('p { margin: 0 }\n')}.css`;
    expect(readAssetManifest(assets).get('site.css')!.content).toBe(
      `@import "${base}";\n.q::before { content: "url(base.css)" }\n`,
    );
    fs.writeFileSync(path.join(assets, 'site.css'), '@import "gone.css";\n');
    expect(() => readAssetManifest(assets)).toThrow(
      `${assets}/site.css: @import "gone.css" names no file in ${assets}`,
    );
  });

  it('publishes a stylesheet without its comments, ignoring a url() inside one, even one naming a missing file', () => {
    const css =
      '/* was: url(img/old.png) */\n.s { color: red } /* url(\n "gone.woff2") */\n.q::before { content: "/* kept */" }\n';
    fs.writeFileSync(path.join(assets, 'site.css'), css);
    expect(readAssetManifest(assets).get('site.css')!.content).toBe(
      '\n.s { color: red } \n.q::before { content: "/* kept */" }\n',
    );
  });

  it('names the stylesheet and the url() that names no file', () => {
    fs.writeFileSync(path.join(assets, 'site.css'), 'body { background: url(img/nope.png) }\n');
    expect(() => readAssetManifest(assets)).toThrow(`${assets}/site.css: url(img/nope.png) names no file in ${assets}`);
  });

  it('refuses a file that links outside the folder, or is a named pipe or a device, naming it', () => {
    fs.writeFileSync(path.join(dir, 'secret.txt'), 'not for publishing');
    fs.symlinkSync(path.join(dir, 'secret.txt'), path.join(assets, 'icons', 'secret.svg'));
    expect(() => readAssetManifest(assets)).toThrow(
      `${assets}/icons/secret.svg: is (or links to) a file outside ${assets}; put the file itself in ${assets}`,
    );
    fs.rmSync(path.join(assets, 'icons', 'secret.svg'));
    fs.symlinkSync('/dev/zero', path.join(assets, 'zero.css'));
    const module = new URL('../../src/eleventy/fingerprint-assets.ts', import.meta.url);
    expect(callsInChild(module, 'readAssetManifest', [[assets]])).toEqual([
      `${assets}/zero.css: is (or links to) a file outside ${assets}; put the file itself in ${assets}`,
    ]);
    fs.rmSync(path.join(assets, 'zero.css'));
    execFileSync('mkfifo', [path.join(assets, 'pipe.svg')]);
    expect(callsInChild(module, 'readAssetManifest', [[assets]])).toEqual([
      `${assets}/pipe.svg: is not a regular file (a folder, a device or a named pipe); put the file itself there`,
    ]);
  });

  it('publishes a file linked from inside the folder', () => {
    fs.symlinkSync('icons/star.svg', path.join(assets, 'star.svg'));
    expect(readAssetManifest(assets).get('star.svg')!.hash).toBe(sha8('<svg xmlns="http://www.w3.org/2000/svg"/>\n'));
  });

  it("puts URLs, the stylesheet's url()s included, under the site's path prefix, the files where they were", () => {
    fs.writeFileSync(path.join(assets, 'site.css'), '.s { background: url(icons/star.svg) }\n');
    const star = `assets/icons/star.${sha8('<svg xmlns="http://www.w3.org/2000/svg"/>\n')}.svg`;
    const published = `.s { background: url("/horoscopes/${star}") }\n`;
    const manifest = readAssetManifest(assets, undefined, '/horoscopes/');
    expect(manifest.get('icons/star.svg')).toMatchObject({ url: `/horoscopes/${star}`, outputPath: star });
    expect(manifest.get('site.css')).toMatchObject({
      content: published,
      outputPath: `assets/site.${sha8(published)}.css`,
      url: `/horoscopes/assets/site.${sha8(published)}.css`,
    });
  });

  it("publishes the owner's content/theme.css and content/fonts/ beside the folder's files, the theme's url()s naming its fonts", () => {
    const content = path.join(dir, 'content');
    fs.mkdirSync(path.join(content, 'fonts'), { recursive: true });
    fs.writeFileSync(
      path.join(content, 'theme.css'),
      ':root { --font-body: "Inter" }\n@font-face { src: url("fonts/inter.woff2") }\n',
    );
    fs.writeFileSync(path.join(content, 'fonts', 'inter.woff2'), 'font bytes');
    // The rest of content/ (words, pages) is not published.
    fs.writeFileSync(path.join(content, 'site.json'), '{}');
    const manifest = readAssetManifest(assets, undefined, '/', ownerAssets(content));
    expect([...manifest.keys()].sort()).toEqual(['fonts/inter.woff2', 'icons/star.svg', 'site.css', 'theme.css']);
    const font = `/assets/fonts/inter.${sha8('font bytes')}.woff2`;
    const published = `:root { --font-body: "Inter" }\n@font-face { src: url("${font}") }\n`;
    expect(manifest.get('theme.css')).toMatchObject({
      content: published,
      url: `/assets/theme.${sha8(published)}.css`,
      sourcePath: path.join(content, 'theme.css'),
    });
    // A url() naming no file, and a name the project's folder has too, name content/theme.css.
    fs.writeFileSync(path.join(content, 'theme.css'), '@font-face { src: url("inter.woff2") }\n');
    expect(() => readAssetManifest(assets, undefined, '/', ownerAssets(content))).toThrow(
      `content/theme.css: url(inter.woff2) names no file in ${assets}, content/theme.css, content/fonts/`,
    );
    fs.writeFileSync(path.join(assets, 'theme.css'), '');
    expect(() => readAssetManifest(assets, undefined, '/', ownerAssets(content))).toThrow(
      `content/theme.css: ${assets} has a file of the same name, theme.css; rename one`,
    );
  });

  it('treats a missing folder as no assets', () => {
    expect(readAssetManifest(path.join(dir, 'nope')).size).toBe(0);
  });
});

describe('naming helpers', () => {
  it('inserts the hash before the extension', () => {
    expect(contentHash('abc')).toBe(sha8('abc'));
    expect(contentHash('abc')).toMatch(/^[0-9a-f]{8}$/);
    expect(fingerprintedName('site.css', '1a2b3c4d')).toBe('site.1a2b3c4d.css');
    expect(fingerprintedName('fonts/a.b.woff2', '1a2b3c4d')).toBe('fonts/a.b.1a2b3c4d.woff2');
    expect(fingerprintedName('LICENSE', '1a2b3c4d')).toBe('LICENSE.1a2b3c4d');
  });
});

describe("the project's wiring", () => {
  const root = path.resolve(import.meta.dirname, '../..');

  it('templates link files under /assets/ only through assetUrl (an unhashed URL would be cached for a year)', () => {
    const templatesDir = path.join(root, 'templates');
    for (const file of fs.readdirSync(templatesDir, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.njk')) continue;
      const text = fs.readFileSync(path.join(templatesDir, file), 'utf8');
      expect(text, `templates/${file}`).not.toMatch(/(href|src)\s*=\s*["']?\/assets\//);
    }
  });

  it('.eleventy.js does not also passthrough-copy the asset folder to /assets/', () => {
    const config = fs.readFileSync(path.join(root, '.eleventy.js'), 'utf8');
    expect(config).not.toMatch(/addPassthroughCopy\([^)]*templates\/assets/);
  });
});
