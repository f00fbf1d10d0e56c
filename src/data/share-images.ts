// Share images: the 1200×630 PNGs that link previews (og:image, twitter:image) show, one per sign and report
// kind and one for the whole site. Each is drawn as SVG in the site's colours and rasterized with resvg at build
// time, with fonts from the `dejavu-fonts-ttf` package only, so a machine without fonts draws the same pixels.
// A PNG's name carries a hash of everything that makes it (SVG text, font files, renderer version); rendered
// PNGs are kept in the build's cache folder under that name, so a rebuild with the same inputs draws nothing.
// https://ogp.me/#structured · https://github.com/thx/resvg-js#usage
import { createHash } from 'node:crypto';
import { readdir, rm, stat, utimes } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { REPORT_KINDS } from '../api/index.ts';
import { contentKey } from '../incremental/content-key.ts';
import type { Messages } from './i18n.ts';
import { escapeHtml } from './sanitize.ts';
import { glyphDisc } from './sign-glyph.ts';
import { siteFavicon, type BrandSvg } from './site-logo.ts';
import type { ThemeColours } from './theme.ts';
import { writeFileAtomic } from './write-atomic.ts';
import type { Sign } from './signs.ts';

export const SHARE_IMAGE = {
  /** The size Facebook, LinkedIn and X recommend for large link previews (1.91:1). */
  width: 1200,
  height: 630,
  /** URL folder; under /assets/, which _headers marks immutable (the names change with the content). */
  urlDir: '/assets/share/',
  /** Folder under the cache dir holding rendered PNGs by file name. */
  cacheFolder: 'share-images',
  /** Hex characters of the SHA-256 kept in the file name. */
  hashLength: 10,
  /** A cached PNG no build has used for this long is removed; another build (the preview) may still be using it before. */
  keepUnusedMs: 60 * 60 * 1000,
  /** Side of the square PNG of the logo, for JSON-LD's `publisher.logo` (Google asks at least 112 px). */
  logoSize: 512,
  /** Images drawn between two collections (freePixmaps); docs/performance.md has what it saves. */
  freeEvery: 8,
};

/**
 * The colours of images planned without the owner's (a model built without its share images: tests, tools); a
 * build draws in those of content/theme.css (theme.ts).
 */
export const PLAIN_COLOURS: ThemeColours = {
  fg: '#1d1b26',
  muted: '#55506a',
  bg: '#fdfcff',
  card: '#f3f0fa',
  line: '#d9d3e8',
  accent: '#5b3fa8',
};

const FONT = {
  family: 'DejaVu Sans',
  /** DejaVu Sans has the zodiac glyphs U+2648–U+2653. */
  files: ['ttf/DejaVuSans.ttf', 'ttf/DejaVuSans-Bold.ttf'],
  /** Average advance of a character, in ems, for bold DejaVu Sans (measured on mixed-case text): to fit lines. */
  boldEm: 0.62,
  regularEm: 0.56,
};

export interface ShareImage {
  /** `leo-weekly`, or `site`. */
  name: string;
  svg: string;
  /** What the image shows, for og:image:alt and twitter:image:alt. */
  alt: string;
  /** `/assets/share/leo-weekly.1a2b3c4d5e.png` */
  url: string;
}

/** A rendered image: the PNG in the cache, and where the site publishes it (relative to the output folder). */
export interface ShareImageFile {
  sourcePath: string;
  outputPath: string;
}

const require = createRequire(import.meta.url);

/** Absolute paths of the font files; the package has no `exports` map, so its files resolve by path. */
function fontFiles(): string[] {
  const root = path.dirname(require.resolve('dejavu-fonts-ttf/package.json'));
  return FONT.files.map((file) => path.join(root, file));
}

/** The installed resvg-js, which draws the images. */
const RESVG_VERSION = (require('@resvg/resvg-js/package.json') as { version: string }).version;

const rendererKeys = new Map<string, string>();
/** Hash of the fonts' bytes and resvg's version: a new font or renderer must give every image a new name. */
export function rendererFingerprint(
  resvgVersion: string = RESVG_VERSION,
  fonts: readonly string[] = fontFiles(),
): string {
  const memo = JSON.stringify([resvgVersion, fonts]);
  let key = rendererKeys.get(memo);
  if (key) return key;
  key = contentKey({ files: fonts, packages: { '@resvg/resvg-js': resvgVersion } });
  rendererKeys.set(memo, key);
  return key;
}

/** `/assets/share/{name}.{hash}.png`, the hash covering the SVG and the renderer that draws it. */
export function shareImageUrl(name: string, svg: string, renderer: string = rendererFingerprint()): string {
  const hash = createHash('sha256').update(renderer).update(svg).digest('hex').slice(0, SHARE_IMAGE.hashLength);
  return `${SHARE_IMAGE.urlDir}${name}.${hash}.png`;
}

/**
 * One line of text, its font size lowered (down to `min`) so it fits `maxWidth`, and cut with "…" past that.
 * resvg does not wrap or measure for us, so the width is estimated from an average character advance.
 */
function textLine(
  text: string,
  attrs: { x: number; y: number; size: number; maxWidth: number; bold?: boolean; fill: string; anchor?: string },
): string {
  const em = attrs.bold ? FONT.boldEm : FONT.regularEm;
  const min = Math.min(attrs.size, 28);
  const chars = [...text];
  const size = Math.max(min, Math.min(attrs.size, Math.floor(attrs.maxWidth / (chars.length * em))));
  const fits = Math.floor(attrs.maxWidth / (size * em));
  const shown =
    chars.length > fits
      ? `${chars
          .slice(0, fits - 1)
          .join('')
          .trimEnd()}…`
      : text;
  const weight = attrs.bold ? ' font-weight="bold"' : '';
  const anchor = attrs.anchor ? ` text-anchor="${attrs.anchor}"` : '';
  return `<text x="${attrs.x}" y="${attrs.y}" font-size="${size}"${weight}${anchor} fill="${attrs.fill}">${escapeHtml(shown)}</text>`;
}

function svgDocument(body: string[], colours: ThemeColours): string {
  const { width, height } = SHARE_IMAGE;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT.family}">`,
    `<rect width="${width}" height="${height}" fill="${colours.bg}"/>`,
    `<rect width="${width}" height="14" fill="${colours.accent}"/>`,
    `<rect y="${height - 14}" width="${width}" height="14" fill="${colours.accent}"/>`,
    ...body,
    '</svg>',
  ].join('\n');
}

/** The sign's glyph in a disc on the left; name, kind, dates and the site's title on the right. */
export function signImageSvg(
  siteTitle: string,
  sign: Pick<Sign, 'name' | 'glyph' | 'dates'>,
  kindTitle: string,
  colours: ThemeColours = PLAIN_COLOURS,
): string {
  const text = { x: 560, maxWidth: 590 };
  return svgDocument(
    [
      ...glyphDisc(sign.glyph, {
        disc: `fill="${colours.card}" stroke="${colours.line}"`,
        glyph: `fill="${colours.accent}"`,
      }),
      textLine(sign.name, { ...text, y: 250, size: 110, bold: true, fill: colours.fg }),
      textLine(kindTitle, { ...text, y: 330, size: 50, fill: colours.fg }),
      textLine(sign.dates, { ...text, y: 395, size: 36, fill: colours.muted }),
      textLine(siteTitle, { ...text, y: 540, size: 40, bold: true, fill: colours.accent }),
    ],
    colours,
  );
}

/**
 * A sanitized SVG (site-logo.ts) nested in another, fitted to the box and centred (its viewBox's default
 * preserveAspectRatio). Nested, not an `<image>`: resvg gives an image's SVG none of the fonts.
 */
function embeddedSvg(svg: string, box: { x: number; y: number; width: number; height: number }): string {
  return svg.replace(/^<svg\b/, `<svg x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}"`);
}

/**
 * The owner's logo on a card on the left, or else the twelve glyphs in a ring; the site's title and what it
 * offers on the right.
 */
export function siteImageSvg(
  siteTitle: string,
  signs: readonly Pick<Sign, 'glyph'>[],
  tagline: readonly [string, string],
  colours: ThemeColours = PLAIN_COLOURS,
  logo?: Pick<BrandSvg, 'svg'>,
): string {
  const text = { x: 560, maxWidth: 590 };
  const words = [
    textLine(siteTitle, { ...text, y: 300, size: 72, bold: true, fill: colours.fg }),
    textLine(tagline[0], { ...text, y: 370, size: 34, fill: colours.muted }),
    textLine(tagline[1], { ...text, y: 418, size: 34, fill: colours.muted }),
  ];
  if (logo) {
    return svgDocument(
      [
        `<rect x="70" y="95" width="440" height="440" rx="40" fill="${colours.card}" stroke="${colours.line}" stroke-width="4"/>`,
        embeddedSvg(logo.svg, { x: 110, y: 135, width: 360, height: 360 }),
        ...words,
      ],
      colours,
    );
  }
  const ring = signs.map((sign, i) => {
    const angle = (i / signs.length) * 2 * Math.PI - Math.PI / 2;
    const x = Math.round(290 + 185 * Math.cos(angle));
    const y = Math.round(315 + 185 * Math.sin(angle) + 20);
    return `<text x="${x}" y="${y}" font-size="56" text-anchor="middle" fill="${colours.accent}">${escapeHtml(sign.glyph)}</text>`;
  });
  return svgDocument(
    [
      `<circle cx="290" cy="315" r="230" fill="${colours.card}" stroke="${colours.line}" stroke-width="4"/>`,
      `<circle cx="290" cy="315" r="130" fill="none" stroke="${colours.line}" stroke-width="4"/>`,
      ...ring,
      ...words,
    ],
    colours,
  );
}

/** The logo (or, without one, the favicon) alone on a transparent square: JSON-LD's `publisher.logo`. */
export function logoImageSvg(mark: string): string {
  const size = SHARE_IMAGE.logoSize;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">`,
    embeddedSvg(mark, { x: 0, y: 0, width: size, height: size }),
    '</svg>',
  ].join('\n');
}

/** The site's images as planned (SVG, alt text, URL), before any is drawn: what pages link and the build draws. */
export interface ShareImagePlan {
  site: ShareImage;
  /** The square logo for JSON-LD, SHARE_IMAGE.logoSize wide and high. */
  logo: ShareImage;
  /** By `${kind}/${sign slug}`. */
  bySignAndKind: Map<string, ShareImage>;
}

/** All 50, the site's first: what a build draws and publishes. */
export function allShareImages({ site, logo, bySignAndKind }: ShareImagePlan): ShareImage[] {
  return [site, logo, ...bySignAndKind.values()];
}

/**
 * The site's 50 images (SVG, alt text and fingerprinted URL) in the site's language, computed without rendering
 * anything. `logo` is the owner's, when site.json names one.
 */
export function planShareImages(
  siteTitle: string,
  signs: readonly Sign[],
  { ui, t }: Messages,
  colours: ThemeColours = PLAIN_COLOURS,
  logo?: Pick<BrandSvg, 'svg'>,
): ShareImagePlan {
  const siteSvg = siteImageSvg(
    siteTitle,
    signs,
    [ui.shareImage.taglineFirst, ui.shareImage.taglineSecond],
    colours,
    logo,
  );
  const site: ShareImage = {
    name: 'site',
    svg: siteSvg,
    alt: t(logo ? 'shareImage.siteLogoAlt' : 'shareImage.siteAlt', { site: siteTitle }),
    url: shareImageUrl('site', siteSvg),
  };
  // Without the owner's logo, JSON-LD's `publisher.logo` is drawn from the site's mark.
  const logoSvg = logoImageSvg(logo?.svg ?? siteFavicon({}).svg);
  const logoImage: ShareImage = { name: 'logo', svg: logoSvg, alt: siteTitle, url: shareImageUrl('logo', logoSvg) };
  const bySignAndKind = new Map<string, ShareImage>();
  for (const sign of signs) {
    for (const kind of REPORT_KINDS) {
      const name = `${sign.slug}-${kind.replace(/[A-Z]/g, (ch) => `-${ch.toLowerCase()}`)}`;
      const svg = signImageSvg(siteTitle, sign, ui.kinds[kind].title, colours);
      const alt = t('site.documentTitle', { page: t(`kinds.${kind}.heading`, { sign: sign.name }), site: siteTitle });
      bySignAndKind.set(`${kind}/${sign.slug}`, { name, svg, alt, url: shareImageUrl(name, svg) });
    }
  }
  return { site, logo: logoImage, bySignAndKind };
}

/**
 * Rasterizes one SVG with the packaged fonts only (never the machine's: a fresh machine may have none), on
 * libuv's thread pool: the main thread goes on with the build meanwhile.
 */
export async function renderPng(svg: string): Promise<Buffer> {
  // Loaded only when an image is drawn: a build whose images are all cached needs none of resvg.
  const { renderAsync } = await import('@resvg/resvg-js');
  const options = {
    font: { loadSystemFonts: false, fontFiles: fontFiles(), defaultFontFamily: FONT.family },
    fitTo: { mode: 'original' },
  } as const;
  return (await renderAsync(svg, options)).asPng();
}

/**
 * resvg-js frees the pixmap each image holds only when V8 collects its wrapper
 * (https://github.com/thx/resvg-js/issues/216), so the builds run Node with `--expose-gc` and collect every few.
 */
async function freePixmaps(): Promise<void> {
  if (typeof globalThis.gc !== 'function') return;
  globalThis.gc();
  // Their finalizers run after the collection returns.
  await new Promise((resolve) => setImmediate(resolve));
}

/** Marks a cached PNG as used now (its mtime), for the clean-up below; false when it is not there. */
async function touch(file: string): Promise<boolean> {
  const now = new Date();
  return utimes(file, now, now).then(
    () => true,
    () => false,
  );
}

/** Removes the PNGs that no image of this build uses and that no build has used for a while. */
async function removeUnused(dir: string, used: ReadonlySet<string>): Promise<void> {
  const before = Date.now() - SHARE_IMAGE.keepUnusedMs;
  for (const entry of await readdir(dir).catch(() => [])) {
    if (!entry.endsWith('.png') || used.has(entry)) continue;
    const file = path.join(dir, entry);
    const modified = await stat(file).then(
      (s) => s.mtimeMs,
      () => Date.now(),
    );
    if (modified < before) await rm(file, { force: true });
  }
}

/** Draws one image into the cache: written then renamed, so an interrupted build leaves no half PNG under its name. */
async function renderInto(image: ShareImage, dir: string, sourcePath: string): Promise<void> {
  try {
    await writeFileAtomic(sourcePath, await renderPng(image.svg));
  } catch (error) {
    // One line for the build's failure message; the cause (the file system's or resvg's) is appended to it.
    throw new Error(`share image ${image.name}: cannot be drawn into ${dir}`, { cause: error });
  }
}

/**
 * Makes sure every image is in `<cacheDir>/share-images/` (rendering, in sequence, only those missing) and
 * removes PNGs unused for an hour. Returns where each one is and how many were drawn. `freeMemory: false` skips
 * the collections: a long-running process that goes on rendering pages collects soon anyway.
 */
export async function renderShareImages(
  images: readonly ShareImage[],
  cacheDir: string,
  { freeMemory = true }: { freeMemory?: boolean } = {},
): Promise<{ files: ShareImageFile[]; rendered: number }> {
  const dir = path.join(cacheDir, SHARE_IMAGE.cacheFolder);
  const files: ShareImageFile[] = [];
  let rendered = 0;
  for (const image of images) {
    const sourcePath = path.join(dir, path.posix.basename(image.url));
    if (!(await touch(sourcePath))) {
      await renderInto(image, dir, sourcePath);
      if (++rendered % SHARE_IMAGE.freeEvery === 0 && freeMemory) await freePixmaps();
    }
    files.push({ sourcePath, outputPath: image.url.slice(1) });
  }
  await removeUnused(dir, new Set(files.map((f) => path.basename(f.sourcePath))));
  return { files, rendered };
}
