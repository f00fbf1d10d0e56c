import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderPng } from '../../src/data/share-images.ts';
import { brandFiles, readBrandSvg, sanitizeSvg, siteFavicon, type Brand } from '../../src/data/site-logo.ts';
import { readAssetManifest } from '../../src/eleventy/fingerprint-assets.ts';
import { callsInChild } from '../helpers/in-child.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const SVG_NS = 'xmlns="http://www.w3.org/2000/svg"';

describe('sanitizeSvg', () => {
  it('keeps the drawing and drops what runs or loads: scripts, handlers, foreign content, links, outside references', () => {
    const hostile = [
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 240 80" width="480" onload="alert(1)">',
      '<script>alert(2)</script><title>Moonrise</title>',
      '<style><![CDATA[.a{fill:#f00}]]></style><style>.b{background:url(https://evil.example/x)}</style>',
      '<a href="javascript:alert(3)"><rect width="10" height="10"/></a>',
      '<foreignObject><div>hello</div></foreignObject><image href="https://evil.example/x.png"/>',
      '<use xlink:href="#dot"/><use href="https://evil.example/x.svg#dot"/>',
      '<circle id="dot" class="a" r="5" fill="url(#g)" stroke="url(https://evil.example/)" style="opacity:.5" onclick="alert(4)"/>',
      '<rect style="fill:url(//evil.example/y)" width="1" height="1"/><animate attributeName="href" to="javascript:alert(5)"/>',
      '<text x="1" y="2">A &amp; B</text>',
      '</svg>',
    ].join('');
    // Worked by hand from the allow-list: what is left of each line above, in order.
    expect(sanitizeSvg(hostile, 'logo').svg).toBe(
      [
        `<svg ${SVG_NS} viewBox="0 0 240 80">`,
        '<title>Moonrise</title>',
        '<style><![CDATA[.a{fill:#f00}]]></style><style/>',
        '<use href="#dot"/><use/>',
        '<circle id="dot" class="a" r="5" fill="url(#g)" style="opacity:.5"/>',
        '<rect width="1" height="1"/>',
        '<text x="1" y="2">A &amp; B</text>',
        '</svg>',
      ].join(''),
    );
  });

  // Each of these CSS functions makes the browser (or the image renderer) fetch a picture from another site.
  it.each([
    'image-set("https://evil.example/a.png" 1x)',
    '-webkit-image-set(url(https://evil.example/a.png) 1x)',
    "image-set('https://evil.example/a.png' 1x, 'https://evil.example/b.png' 2x)",
    'IMAGE-SET("https://evil.example/a.png" 1x)',
    'image("https://evil.example/a.png")',
    'cross-fade(20% "https://evil.example/a.png", "https://evil.example/b.png")',
    '-webkit-cross-fade("https://evil.example/a.png", "https://evil.example/b.png", 50%)',
    'element(#other)',
    '-moz-element(#other)',
    'src("https://evil.example/a.png")',
    'url(https://evil.example/a.png)',
  ])('drops %s from a style sheet and from a style attribute', (loads) => {
    const svg = `<svg ${SVG_NS} viewBox="0 0 10 10"><style>.a{fill:red;background:${loads}}</style><rect style="mask-image:${loads}" fill="red" width="1" height="1"/></svg>`;
    expect(sanitizeSvg(svg, 'logo').svg).toBe(
      `<svg ${SVG_NS} viewBox="0 0 10 10"><style/><rect fill="red" width="1" height="1"/></svg>`,
    );
  });

  it('keeps url(#id), which points inside the file', () => {
    const svg = `<svg ${SVG_NS} viewBox="0 0 10 10"><style>.a{fill:url(#g)}</style><rect style="clip-path:url(&apos;#c&apos;)" width="1" height="1"/></svg>`;
    expect(sanitizeSvg(svg, 'logo').svg).toBe(svg);
  });

  it('drops the characters XML forbids, written or as references, before it checks what is left', async () => {
    const svg = [
      `<svg ${SVG_NS} viewBox="0 0 10 10"><text x="1\u0001" y="&#xFFFE;2">a\u0001b&#1;c&#xFFFF;d</text>`,
      '<rect fill="ur&#1;l(https://evil.example/)" width="1" height="1"/><style>.a{fill:ur&#xFFFE;l(https://evil.example/)}</style></svg>',
    ].join('');
    const clean = sanitizeSvg(svg, 'logo').svg;
    expect(clean).toBe(
      `<svg ${SVG_NS} viewBox="0 0 10 10"><text x="1" y="2">abcd</text><rect width="1" height="1"/><style/></svg>`,
    );
    // What made the share image fail with its own name rather than the logo's: resvg refuses such a character.
    await expect(renderPng(clean)).resolves.toBeInstanceOf(Buffer);
  });

  it('checks xlink:href as it checks href: a <use> never points at another site', () => {
    const svg = `<svg ${SVG_NS} xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"><use xlink:href="https://evil.example/x.svg#dot"/><use xlink:href="//evil.example/y.svg#dot"/><use xlink:href="#dot"/></svg>`;
    expect(sanitizeSvg(svg, 'logo').svg).toBe(
      `<svg ${SVG_NS} viewBox="0 0 10 10"><use/><use/><use href="#dot"/></svg>`,
    );
  });

  // CSS reads `u\72l(` as `url(`, and an escape can spell any name: a backslash anywhere in a style is refused.
  it.each([
    'u\\72l(https://evil.example/a.png)',
    'image-s\\65t("https://evil.example/a.png" 1x)',
    '\\75rl(https://evil.example/a.png)',
  ])('refuses the CSS escape in %s', (escaped) => {
    const svg = `<svg ${SVG_NS} viewBox="0 0 10 10"><style>.a{fill:${escaped}}</style><rect fill="${escaped}" style="fill:${escaped}" width="1" height="1"/></svg>`;
    expect(sanitizeSvg(svg, 'logo').svg).toBe(
      `<svg ${SVG_NS} viewBox="0 0 10 10"><style/><rect width="1" height="1"/></svg>`,
    );
  });

  // The documented limit is 8 times as wide as high (or the reverse): 8 itself fits, a little more does not.
  it.each([
    ['800', '100'],
    ['100', '800'],
  ])('accepts a %s by %s logo, exactly at the limit', (width, height) => {
    expect(sanitizeSvg(`<svg viewBox="0 0 ${width} ${height}"/>`, 'logo')).toMatchObject({
      width: Number(width),
      height: Number(height),
    });
  });
  it.each([
    ['801', '100'],
    ['100', '801'],
  ])('refuses a %s by %s logo, a little over the limit', (width, height) => {
    expect(() => sanitizeSvg(`<svg viewBox="0 0 ${width} ${height}"/>`, 'logo')).toThrow(
      'logo: is 8.01 times as wide as it is high (or the reverse); at most 8 fits the header',
    );
  });

  it('gives a drawing sized by width and height alone the viewBox they mean', () => {
    expect(
      sanitizeSvg(`<svg ${SVG_NS} width="120px" height="60"><rect width="120" height="60"/></svg>`, 'logo'),
    ).toEqual({
      svg: `<svg ${SVG_NS} viewBox="0 0 120 60"><rect width="120" height="60"/></svg>`,
      width: 120,
      height: 60,
    });
  });

  it.each([
    ['<svg><rect/></svg><svg/>', 'logo: is not an SVG file: its one top element must be <svg>'],
    ['<html><svg/></html>', 'logo: is not an SVG file: its one top element must be <svg>'],
    [
      '<svg width="100%" height="100%"><rect/></svg>',
      'logo: has no size: give its <svg> a viewBox such as viewBox="0 0 240 80"',
    ],
    ['<svg viewBox="0 0 0 40"/>', 'logo: has a size of zero or less'],
    [
      '<svg viewBox="0 0 900 100"/>',
      'logo: is 9 times as wide as it is high (or the reverse); at most 8 fits the header',
    ],
    [
      '<svg viewBox="0 0 10 100"/>',
      'logo: is 10 times as wide as it is high (or the reverse); at most 8 fits the header',
    ],
  ])('refuses %s in one line', (svg, message) => {
    expect(() => sanitizeSvg(svg, 'logo')).toThrow(message);
  });
});

describe('readBrandSvg', () => {
  const folder = tempDir('site-logo-');
  const dir = () => folder;
  const write = (name: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir(), name)), { recursive: true });
    writeFileSync(path.join(dir(), name), text);
  };

  it('is nothing when site.json names no file', () => {
    expect(readBrandSvg(dir(), undefined, 'logo')).toBeUndefined();
  });

  it('publishes the sanitized file under a name carrying its hash, with its shape', () => {
    write(
      'brand/mark.svg',
      `<svg ${SVG_NS} viewBox="0 0 200 100"><script/><rect width="200" height="100" fill="#00a86b"/></svg>`,
    );
    const logo = readBrandSvg(dir(), 'brand/mark.svg', 'logo')!;
    expect(logo).toMatchObject({
      svg: `<svg ${SVG_NS} viewBox="0 0 200 100"><rect width="200" height="100" fill="#00a86b"/></svg>`,
      width: 200,
      height: 100,
    });
    expect(logo.url).toMatch(/^\/assets\/logo\.[0-9a-f]{8}\.svg$/);
    expect(logo.outputPath).toBe(logo.url.slice(1));
    write(
      'brand/mark.svg',
      `<svg ${SVG_NS} viewBox="0 0 200 100"><rect width="200" height="100" fill="#b3261e"/></svg>`,
    );
    expect(readBrandSvg(dir(), 'brand/mark.svg', 'logo')!.url).not.toBe(logo.url);
    expect(readBrandSvg(dir(), 'brand/mark.svg', 'favicon')!.url).toMatch(/^\/assets\/favicon\.[0-9a-f]{8}\.svg$/);
  });

  it('names the setting and the file when it is missing, outside content/, not SVG or too large', () => {
    expect(() => readBrandSvg(dir(), 'nope.svg', 'logo')).toThrow(
      'content/site.json: logo (content/nope.svg): no such file',
    );
    expect(() => readBrandSvg(dir(), '../secret.svg', 'favicon')).toThrow(
      'content/site.json: favicon: must name an .svg file inside content/, such as "logo.svg", not "../secret.svg"',
    );
    write('logo.png', 'PNG');
    expect(() => readBrandSvg(dir(), 'logo.png', 'logo')).toThrow(
      'content/site.json: logo: must name an .svg file inside content/',
    );
    write('big.svg', `<svg ${SVG_NS} viewBox="0 0 1 1"><desc>${'x'.repeat(100_001)}</desc></svg>`);
    expect(() => readBrandSvg(dir(), 'big.svg', 'logo')).toThrow(
      /^content\/site\.json: logo \(content\/big\.svg\): is larger than 100000 bytes \(optimize it/,
    );
  });

  it('refuses a folder beside content/ whose name starts the same, by its name alone', () => {
    const content = path.join(dir(), 'beside', 'content');
    mkdirSync(content, { recursive: true });
    mkdirSync(path.join(dir(), 'beside', 'content-old'));
    writeFileSync(path.join(dir(), 'beside', 'content-old', 'logo.svg'), `<svg ${SVG_NS} viewBox="0 0 1 1"/>`);
    expect(() => readBrandSvg(content, '../content-old/logo.svg', 'logo')).toThrow(
      'content/site.json: logo: must name an .svg file inside content/, such as "logo.svg", not "../content-old/logo.svg"',
    );
  });

  it('refuses a logo that is a named pipe, a link to a device or a link outside content/, without reading it', () => {
    const content = path.join(dir(), 'links', 'content');
    mkdirSync(path.join(dir(), 'links', 'content-old'), { recursive: true });
    mkdirSync(content);
    writeFileSync(path.join(dir(), 'links', 'content-old', 'logo.svg'), `<svg ${SVG_NS} viewBox="0 0 1 1"/>`);
    execFileSync('mkfifo', [path.join(content, 'pipe.svg')]);
    symlinkSync('/dev/zero', path.join(content, 'zero.svg'));
    symlinkSync('/dev/urandom', path.join(content, 'random.svg'));
    symlinkSync('../content-old/logo.svg', path.join(content, 'old.svg'));
    const outside = 'is (or links to) a file outside content/; put the file itself in content/';
    const calls = ['pipe.svg', 'zero.svg', 'random.svg', 'old.svg'].map((name) => [content, name, 'logo']);
    expect(callsInChild(new URL('../../src/data/site-logo.ts', import.meta.url), 'readBrandSvg', calls)).toEqual([
      'content/site.json: logo (content/pipe.svg): is not a regular file (a folder, a device or a named pipe); put the file itself there',
      `content/site.json: logo (content/zero.svg): ${outside}`,
      `content/site.json: logo (content/random.svg): ${outside}`,
      `content/site.json: logo (content/old.svg): ${outside}`,
    ]);
  });
});

describe('the favicon pages link, and the brand files a build publishes', () => {
  const brand = (name: string) => ({
    svg: `<svg id="${name}"/>`,
    url: `/assets/${name}.0123abcd.svg`,
    outputPath: `assets/${name}.0123abcd.svg`,
    width: 1,
    height: 1,
  });
  const logo = brand('logo');
  const favicon = brand('favicon');
  const assets = readAssetManifest(fileURLToPath(new URL('../../templates/assets', import.meta.url)));
  /** Every file the build publishes for the brand and from templates/assets/, as output paths. */
  const published = (owner: Brand) => [
    ...brandFiles(owner).map((file) => file.outputPath),
    ...[...assets.values()].map((asset) => asset.outputPath),
  ];

  it.each([
    ['a favicon', { favicon }],
    ['a logo and a favicon', { logo, favicon }],
    ['a logo', { logo }],
    ['neither', {}],
  ])('publishes the file every page links as its favicon, with %s', (_case, owner: Brand) => {
    expect(published(owner)).toContain(siteFavicon(owner).url.slice(1));
  });

  it("links the favicon named in site.json, else the logo, else the project's mark", () => {
    expect(siteFavicon({ logo, favicon })).toBe(favicon);
    expect(siteFavicon({ logo })).toBe(logo);
    expect(siteFavicon({}).url).toMatch(/^\/assets\/favicon\.[0-9a-f]{8}\.svg$/);
    expect(siteFavicon({}).svg).toContain('<circle');
  });

  it("publishes no favicon the pages do not link: with a logo, not the project's mark", () => {
    expect(published({ logo }).filter((file) => file.startsWith('assets/favicon.'))).toEqual([]);
    expect(brandFiles({ logo })).toEqual([{ outputPath: logo.outputPath, content: logo.svg }]);
    expect(brandFiles({ logo, favicon }).map((file) => file.outputPath)).toEqual([logo.outputPath, favicon.outputPath]);
  });
});
