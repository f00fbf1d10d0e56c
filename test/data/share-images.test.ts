import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../../src/data/i18n.ts';
import { readSigns } from '../../src/data/signs.ts';
import {
  planShareImages,
  renderPng,
  renderShareImages,
  rendererFingerprint,
  shareImageUrl,
  signImageSvg,
  siteImageSvg,
} from '../../src/data/share-images.ts';
import { parseXml, type XmlElement } from '../../src/cli/check/xml.ts';
import { themeColours } from '../../src/data/theme.ts';

const content = path.resolve(import.meta.dirname, '../fixtures/site/content');
const messages = loadMessages(content, 'en');
const signs = readSigns(path.join(content, 'signs.json'), messages);
const leo = signs[4]!;
const work = mkdtempSync(path.join(tmpdir(), 'share-images-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function texts(element: XmlElement): string[] {
  return [...(element.name === 'text' ? [element.text] : []), ...element.children.flatMap(texts)];
}

/** Width and height from the PNG's IHDR chunk: 8-byte signature, chunk length, "IHDR", then two big-endian uint32. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('share image SVG', () => {
  it('shows the glyph, sign name, kind, dates and site title, with a title full of markup escaped', () => {
    const title = 'Stars <b>&amp; "Moons" & \'Co\'';
    const svg = signImageSvg(title, leo, 'Weekly horoscope');
    // A strict parse: a raw < or & from the title would fail it.
    expect(texts(parseXml(svg, { allowDeclaration: false }))).toEqual([
      '♌',
      'Leo',
      'Weekly horoscope',
      'July 23 – August 22',
      title,
    ]);
    expect(svg).not.toContain('<b>');
  });

  it('the site image rings all twelve glyphs around the title', () => {
    const shown = texts(
      parseXml(siteImageSvg('Night & Day', signs, ['Weekly, monthly and yearly', 'horoscopes for all twelve signs']), {
        allowDeclaration: false,
      }),
    );
    expect(shown.slice(0, 12)).toEqual(['♈', '♉', '♊', '♋', '♌', '♍', '♎', '♏', '♐', '♑', '♒', '♓']);
    expect(shown).toContain('Night & Day');
  });

  it('shrinks, then cuts a title too long for its line, keeping it in the picture', () => {
    const long = 'The Most Wonderfully Comprehensive Horoscope Collection Ever Published Anywhere';
    const line = /<text[^>]*font-size="(\d+)"[^>]*>([^<]*)<\/text>\n<\/svg>/.exec(
      signImageSvg(long, leo, 'Weekly horoscope'),
    )!;
    expect(Number(line[1])).toBe(28);
    expect(line[2]).toMatch(/^The Most Wonderfully .*…$/);
    expect(line[2]!.length).toBeLessThan(long.length);
  });
});

describe('share image names', () => {
  // Read here, from the package itself: the version the build runs with.
  const installed = (
    JSON.parse(readFileSync(createRequire(import.meta.url).resolve('@resvg/resvg-js/package.json'), 'utf8')) as {
      version: string;
    }
  ).version;

  it("carry the installed resvg-js's version in their hash", () => {
    const plan = planShareImages('Stars', signs, messages);
    expect(plan.site.url).toBe(shareImageUrl('site', plan.site.svg, rendererFingerprint(installed)));
    const leoWeekly = plan.bySignAndKind.get('weekly/leo')!;
    expect(leoWeekly.url).toBe(shareImageUrl(leoWeekly.name, leoWeekly.svg, rendererFingerprint(installed)));
  });

  it('change when resvg-js changes, the same SVG and fonts drawn by another version', () => {
    const svg = signImageSvg('Stars', leo, 'Weekly horoscope');
    const names = ['2.6.2', '2.6.3', '3.0.0'].map((version) =>
      shareImageUrl('weekly-leo', svg, rendererFingerprint(version)),
    );
    expect(new Set(names).size).toBe(3);
    for (const name of names) expect(name).toMatch(/^\/assets\/share\/weekly-leo\.[0-9a-f]{10}\.png$/);
  });

  it('change when a font file changes, the same SVG drawn by the same resvg-js', () => {
    const fonts = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((name) =>
      path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf', name),
    );
    const copies = fonts.map((file) => path.join(work, path.basename(file)));
    copies.forEach((copy, i) => writeFileSync(copy, readFileSync(fonts[i]!)));
    const svg = signImageSvg('Stars', leo, 'Weekly horoscope');
    const packaged = shareImageUrl('weekly-leo', svg, rendererFingerprint(installed));
    // The same bytes elsewhere draw the same pixels: the same name.
    expect(shareImageUrl('weekly-leo', svg, rendererFingerprint(installed, copies))).toBe(packaged);
    // One byte of the bold face changed, in a folder of its own (the fingerprint is kept per files and version).
    const changed = [copies[0]!, path.join(mkdtempSync(path.join(work, 'font-')), path.basename(copies[1]!))];
    const bold = readFileSync(copies[1]!);
    bold.writeUInt8(bold.readUInt8(bold.length - 1) ^ 1, bold.length - 1);
    writeFileSync(changed[1]!, bold);
    expect(shareImageUrl('weekly-leo', svg, rendererFingerprint(installed, changed))).not.toBe(packaged);
  });
});

describe('renderPng', () => {
  it('makes a 1200×630 PNG', async () => {
    expect(pngSize(await renderPng(signImageSvg('Stars', leo, 'Weekly horoscope')))).toEqual({
      width: 1200,
      height: 630,
    });
  });

  it('draws the zodiac glyph from the packaged font (an image with it differs from one without)', async () => {
    const glyphOnly = (text: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><text x="20" y="150" font-size="150">${text}</text></svg>`;
    expect((await renderPng(glyphOnly('♌'))).equals(await renderPng(glyphOnly('')))).toBe(false);
  });
});

describe('planShareImages', () => {
  const plan = planShareImages('Stars', signs, messages);

  it('plans one image per sign and kind, and one for the site, under fingerprinted names', () => {
    expect(plan.bySignAndKind.size).toBe(48);
    expect(plan.bySignAndKind.get('weekly/leo')!.url).toMatch(/^\/assets\/share\/leo-weekly\.[0-9a-f]{10}\.png$/);
    expect(plan.bySignAndKind.get('ascendantYearly/pisces')!.url).toMatch(
      /^\/assets\/share\/pisces-ascendant-yearly\.[0-9a-f]{10}\.png$/,
    );
    expect(plan.site.url).toMatch(/^\/assets\/share\/site\.[0-9a-f]{10}\.png$/);
    expect(plan.logo.url).toMatch(/^\/assets\/share\/logo\.[0-9a-f]{10}\.png$/);
    expect(new Set([plan.site, plan.logo, ...plan.bySignAndKind.values()].map((i) => i.url)).size).toBe(50);
  });

  it('describes each image in its alt text', () => {
    expect(plan.bySignAndKind.get('weekly/leo')!.alt).toBe('Leo weekly horoscope · Stars');
    expect(plan.bySignAndKind.get('ascendantYearly/aries')!.alt).toBe('Aries ascendant yearly horoscope · Stars');
    expect(plan.site.alt).toBe('The twelve zodiac signs in a ring beside the title Stars');
  });

  it("draws and describes the images in the site's language", () => {
    const es = loadMessages(content, 'es');
    const spanish = planShareImages('Estrellas', readSigns(path.join(content, 'signs.json'), es), es);
    const leoWeekly = spanish.bySignAndKind.get('weekly/leo')!;
    expect(leoWeekly.alt).toBe('Horóscopo semanal de Leo · Estrellas');
    expect(texts(parseXml(leoWeekly.svg, { allowDeclaration: false }))).toEqual([
      '♌',
      'Leo',
      'Horóscopo semanal',
      '23 de julio – 22 de agosto',
      'Estrellas',
    ]);
    expect(texts(parseXml(spanish.site.svg, { allowDeclaration: false }))).toContain('y anuales para los doce signos');
  });

  it('gives the same inputs the same names, and a changed title new ones', () => {
    const again = planShareImages('Stars', signs, messages);
    const renamed = planShareImages('Starlight', signs, messages);
    expect(again.bySignAndKind.get('weekly/leo')!.url).toBe(plan.bySignAndKind.get('weekly/leo')!.url);
    expect(renamed.bySignAndKind.get('weekly/leo')!.url).not.toBe(plan.bySignAndKind.get('weekly/leo')!.url);
    expect(renamed.site.url).not.toBe(plan.site.url);
  });
});

describe('renderShareImages', () => {
  const cacheDir = path.join(work, 'cache');
  const images = (title: string) => {
    const plan = planShareImages(title, signs, messages);
    return [plan.site, plan.bySignAndKind.get('weekly/leo')!];
  };

  it('renders into the cache, draws nothing the second time, and again only what was deleted', async () => {
    const first = await renderShareImages(images('Stars'), cacheDir);
    expect(first.rendered).toBe(2);
    for (const file of first.files) {
      expect(existsSync(file.sourcePath)).toBe(true);
      expect(file.outputPath).toMatch(/^assets\/share\/(site|leo-weekly)\.[0-9a-f]{10}\.png$/);
    }
    expect((await renderShareImages(images('Stars'), cacheDir)).rendered).toBe(0);
    rmSync(first.files[1]!.sourcePath);
    expect((await renderShareImages(images('Stars'), cacheDir)).rendered).toBe(1);
  });

  it('renders a changed title under new names, and drops the PNGs unused for an hour', async () => {
    const folder = path.join(cacheDir, 'share-images');
    const names = (files: { sourcePath: string }[]) => files.map((f) => path.basename(f.sourcePath));
    const before = await renderShareImages(images('Stars'), cacheDir);
    writeFileSync(path.join(folder, 'notes.txt'), 'not ours to remove');
    const after = await renderShareImages(images('Starlight & Co'), cacheDir);
    expect(after.rendered).toBe(2);
    expect(names(after.files)).not.toEqual(names(before.files));
    // The old ones were used a moment ago (another build, the preview, may still copy them): kept.
    expect(readdirSync(folder).sort()).toEqual([...names(before.files), ...names(after.files), 'notes.txt'].sort());
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const file of [...before.files, ...after.files]) utimesSync(file.sourcePath, twoHoursAgo, twoHoursAgo);
    // Unused for two hours: the old title's go; using an image marks it as used now.
    await renderShareImages(images('Starlight & Co'), cacheDir);
    expect(readdirSync(folder).sort()).toEqual([...names(after.files), 'notes.txt'].sort());
    // So a build with the old title again keeps the images the last one used.
    expect((await renderShareImages(images('Stars'), cacheDir)).rendered).toBe(2);
    expect(readdirSync(folder).sort()).toEqual([...names(before.files), ...names(after.files), 'notes.txt'].sort());
  });

  it('names the image and the folder when it cannot write to the cache', async () => {
    const notAFolder = path.join(work, 'file');
    writeFileSync(notAFolder, '');
    await expect(renderShareImages(images('Stars'), notAFolder)).rejects.toThrow(
      `share image site: cannot be drawn into ${path.join(notAFolder, 'share-images')}`,
    );
  });

  it('works from an empty or missing cache folder', async () => {
    const fresh = path.join(work, 'missing', 'cache');
    const { rendered, files } = await renderShareImages(images('Stars'), fresh);
    expect(rendered).toBe(2);
    expect(files.every((f) => existsSync(f.sourcePath))).toBe(true);
  });
});

describe('the colours of the share images', () => {
  /** A content folder whose theme.css is the fixture's with another --accent. */
  const withAccent = (accent: string) => {
    const dir = path.join(work, `content-${accent.slice(1)}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, 'theme.css'),
      readFileSync(path.join(content, 'theme.css'), 'utf8').replace(/--accent: #[0-9a-f]+;/, `--accent: ${accent};`),
    );
    return themeColours(dir);
  };

  it("follow one edit of content/theme.css's --accent: the pixels of the accent bar carry it, and every image gets a new name", async () => {
    const before = planShareImages('Stars', signs, messages, themeColours(content));
    const after = planShareImages('Stars', signs, messages, withAccent('#e05a00'));
    const { Resvg } = await import('@resvg/resvg-js');
    const image = new Resvg(after.site.svg).render();
    // The accent bar runs along the top, 14 px high: the pixel at (600, 5), as RGBA.
    const at = (5 * image.width + 600) * 4;
    expect([...image.pixels.subarray(at, at + 4)]).toEqual([0xe0, 0x5a, 0x00, 0xff]);
    for (const [key, img] of after.bySignAndKind) expect(img.url, key).not.toBe(before.bySignAndKind.get(key)!.url);
    expect(after.site.url).not.toBe(before.site.url);
  });
});

describe("the owner's logo in the images", () => {
  // A logo twice as wide as high, one green: fitted into a box, it fills the box's width and half its height.
  const logo = {
    svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100"><rect width="200" height="100" fill="#00a86b"/></svg>',
  };
  const green = [0x00, 0xa8, 0x6b, 0xff];
  const pixel = async (svg: string, x: number, y: number) => {
    const { Resvg } = await import('@resvg/resvg-js');
    const image = new Resvg(svg).render();
    const at = (y * image.width + x) * 4;
    return [...image.pixels.subarray(at, at + 4)];
  };

  it("takes the glyph ring's place in the site's image, on a card, described as the logo", async () => {
    const plain = planShareImages('Stars', signs, messages);
    const branded = planShareImages('Stars', signs, messages, themeColours(content), logo);
    expect(branded.site.alt).toBe('The logo of Stars beside its title');
    expect(branded.site.url).not.toBe(plain.site.url);
    expect(texts(parseXml(branded.site.svg, { allowDeclaration: false }))).not.toContain('♌');
    // The logo's box is 360 px square from (110, 135): the logo is 360 × 180 from y = 225, the card around it.
    expect(await pixel(branded.site.svg, 290, 315)).toEqual(green);
    expect(await pixel(branded.site.svg, 290, 180)).toEqual([0xf3, 0xf0, 0xfa, 0xff]);
    // A sign's image does not show the logo.
    expect(branded.bySignAndKind.get('weekly/leo')!.url).toBe(plain.bySignAndKind.get('weekly/leo')!.url);
  });

  it('is drawn alone on a transparent 512 px square for JSON-LD; without one, the favicon is', async () => {
    const branded = planShareImages('Stars', signs, messages, themeColours(content), logo).logo;
    expect(pngSize(await renderPng(branded.svg))).toEqual({ width: 512, height: 512 });
    expect(await pixel(branded.svg, 256, 256)).toEqual(green);
    expect(await pixel(branded.svg, 256, 100)).toEqual([0, 0, 0, 0]);
    // templates/favicon.svg: a #5b3fa8 disc of radius 15 in 32, its star from y = 5; at y = 40 of 512 (2.5
    // of 32) the disc, above the star.
    const plain = planShareImages('Stars', signs, messages).logo;
    expect(await pixel(plain.svg, 256, 40)).toEqual([0x5b, 0x3f, 0xa8, 0xff]);
  });
});
