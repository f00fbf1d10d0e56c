// The owner's logo and favicon: SVG files under content/ named in site.json (`logo`, `favicon`). They come from
// outside (a designer's export, a download), and the site publishes them on its own origin, so each is rebuilt
// from an allow-list: SVG's drawing elements and presentation attributes only, no script, no event handler, no
// reference outside the file. https://developer.mozilla.org/en-US/docs/Web/SVG/Element
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DomUtils, ElementType, parseDocument } from 'htmlparser2';
import { ConfigError } from './config.ts';
import { readContentFile } from './read-content-file.ts';
import { withoutXmlForbidden } from './sanitize.ts';

export const SITE_LOGO = {
  /** A logo larger than this is almost certainly an embedded picture or an unoptimized export. */
  maxBytes: 100_000,
  /** Widest (and tallest) shape accepted, width to height: a wordmark fits, a banner does not. */
  maxAspect: 8,
  /** Height of the logo in the header, in CSS pixels (site.css `.site-logo` sets the same). */
  headerHeight: 40,
  /** URL folder; under /assets/, which _headers marks immutable (the names carry a hash of the content). */
  urlDir: '/assets/',
  hashLength: 8,
};

/** A logo or favicon as published: the sanitized SVG, its hashed URL and its shape. */
export interface BrandSvg {
  svg: string;
  /** `/assets/logo.1a2b3c4d.svg` */
  url: string;
  /** Path relative to the output folder. */
  outputPath: string;
  /** The viewBox's width and height. */
  width: number;
  height: number;
}

const ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'title',
  'desc',
  'symbol',
  'use',
  'path',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'rect',
  'text',
  'tspan',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'style',
]);

const ATTRIBUTES = new Set([
  'id',
  'class',
  'style',
  'viewBox',
  'preserveAspectRatio',
  'transform',
  'href',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'fr',
  'width',
  'height',
  'd',
  'points',
  'pathLength',
  'dx',
  'dy',
  'rotate',
  'textLength',
  'lengthAdjust',
  'text-anchor',
  'dominant-baseline',
  'xml:space',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'letter-spacing',
  'offset',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'clipPathUnits',
  'maskUnits',
  'maskContentUnits',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-opacity',
  'opacity',
  'stop-color',
  'stop-opacity',
  'clip-path',
  'clip-rule',
  'mask',
  'display',
  'visibility',
  'color',
  'shape-rendering',
  'vector-effect',
  'paint-order',
  'role',
  'aria-label',
  'aria-hidden',
]);

/**
 * CSS functions that load a resource (https://developer.mozilla.org/en-US/docs/Web/CSS/image): `image-set()` and
 * its `-webkit-` form, `image()`, `cross-fade()`, `element()`, `src()`; `url()` is checked on its own below.
 */
const LOADING_FUNCTION = /(?:image-set|image|cross-fade|element|src)\s*\(/i;

/**
 * A value that could reach outside the file or run code: a function that loads a resource, a `url()` other than
 * `url(#id)`, an `@import`, a CSS escape (which could spell any of them), or a script URL.
 */
function reachesOutside(value: string): boolean {
  if (/@import|\\|javascript:|expression\s*\(/i.test(value) || LOADING_FUNCTION.test(value)) return true;
  return [...value.matchAll(/url\(\s*(['"]?)([^)]*)/gi)].some(([, , target]) => !target!.startsWith('#'));
}

type Node = ReturnType<typeof parseDocument>['children'][number];
type Element = Extract<Node, { attribs: Record<string, string> }>;

/** Keeps allowed elements (and their allowed attributes and text) and drops everything else with its content. */
function keepAllowed(element: Element): void {
  for (const name of Object.keys(element.attribs)) {
    const value = element.attribs[name]!;
    // SVG 2's `href` replaces `xlink:href`; either may only point inside the file.
    const kept = name === 'xlink:href' ? 'href' : name;
    delete element.attribs[name];
    if (!ATTRIBUTES.has(kept) || reachesOutside(value) || (kept === 'href' && !value.startsWith('#'))) continue;
    element.attribs[kept] = value;
  }
  if (element.name === 'style') {
    // A style sheet's text (plain or CDATA) is kept whole, or dropped whole when it could reach outside.
    if (reachesOutside(DomUtils.textContent(element))) element.children = [];
    else
      for (const child of [...element.children])
        if (child.type !== ElementType.Text && child.type !== ElementType.CDATA) DomUtils.removeElement(child);
    return;
  }
  for (const child of [...element.children]) {
    if (child.type === ElementType.Text) continue;
    if (DomUtils.isTag(child) && ELEMENTS.has(child.name) && child.name !== 'svg') keepAllowed(child);
    else DomUtils.removeElement(child);
  }
}

/** Removes the characters XML forbids from every text and attribute value under `node`. */
function withoutXmlForbiddenIn(node: Node | ReturnType<typeof parseDocument>): void {
  if (DomUtils.isText(node)) node.data = withoutXmlForbidden(node.data);
  if (DomUtils.isTag(node))
    for (const [name, value] of Object.entries(node.attribs)) node.attribs[name] = withoutXmlForbidden(value);
  if (DomUtils.hasChildren(node)) for (const child of node.children) withoutXmlForbiddenIn(child);
}

/** The drawing's width and height: its viewBox's, or else its own width and height in pixels. */
function shape(root: Element, setting: string): { width: number; height: number } {
  const box = root.attribs.viewBox
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  const [width, height] =
    box?.length === 4 && box.every(Number.isFinite)
      ? [box[2]!, box[3]!]
      : [root.attribs.width, root.attribs.height].map((v) =>
          v && /^\s*[\d.]+(px)?\s*$/.test(v) ? Number.parseFloat(v) : Number.NaN,
        );
  if (!Number.isFinite(width) || !Number.isFinite(height)) {
    throw new ConfigError(setting, 'has no size: give its <svg> a viewBox such as viewBox="0 0 240 80"');
  }
  if (!(width! > 0 && height! > 0)) throw new ConfigError(setting, 'has a size of zero or less');
  const aspect = Math.max(width! / height!, height! / width!);
  if (aspect > SITE_LOGO.maxAspect) {
    throw new ConfigError(
      setting,
      `is ${Number(aspect.toFixed(2))} times as wide as it is high (or the reverse); at most ${SITE_LOGO.maxAspect} fits the header`,
    );
  }
  return { width: width!, height: height! };
}

/**
 * An SVG document rebuilt from the allow-list above: its root `<svg>` with the SVG namespace and a viewBox, and
 * nothing that runs or loads. `setting` (`content/site.json: logo (content/logo.svg)`) names it in errors.
 */
export function sanitizeSvg(text: string, setting: string): { svg: string; width: number; height: number } {
  // From the parsed text and values, which the parser decodes from `&#1;` too: in the output such a character
  // makes the image renderer fail, and checked with it in, `ur&#1;l(` passes. Names out of the allow-list go anyway.
  const document = parseDocument(text, { xmlMode: true });
  withoutXmlForbiddenIn(document);
  const roots = document.children.filter((node) => DomUtils.isTag(node));
  const root = roots[0];
  if (roots.length !== 1 || root!.name !== 'svg')
    throw new ConfigError(setting, 'is not an SVG file: its one top element must be <svg>');
  const size = shape(root!, setting);
  keepAllowed(root!);
  // The viewBox gives the shape; the root's own width and height would fight the size each use gives it.
  const viewBox = root!.attribs.viewBox ?? `0 0 ${size.width} ${size.height}`;
  delete root!.attribs.width;
  delete root!.attribs.height;
  root!.attribs = { xmlns: 'http://www.w3.org/2000/svg', ...root!.attribs, viewBox };
  return { svg: DomUtils.getOuterHTML(root!, { xmlMode: true }), ...size };
}

/** The owner's logo and favicon, as site.json names them (either may be missing). */
export interface Brand {
  logo?: BrandSvg;
  favicon?: BrandSvg;
}

/**
 * The project's own mark, the favicon of a site whose owner names neither a logo nor a favicon. Outside
 * templates/assets/, whose every file is published: it is published only when it is the one pages link.
 */
export const DEFAULT_FAVICON = path.join(import.meta.dirname, '../../templates/favicon.svg');

/** The favicon pages link: the owner's favicon, else their logo, else the project's mark (DEFAULT_FAVICON). */
export function siteFavicon({ logo, favicon }: Brand): BrandSvg {
  return favicon ?? logo ?? brandSvg(readFileSync(DEFAULT_FAVICON, 'utf8'), 'templates/favicon.svg', 'favicon');
}

/** The files a site publishes for its brand: the logo, if any, and the favicon pages link, each once. */
export function brandFiles(brand: Brand): { outputPath: string; content: string }[] {
  const files = [brand.logo, siteFavicon(brand)].flatMap((svg) =>
    svg ? [{ outputPath: svg.outputPath, content: svg.svg }] : [],
  );
  return files.filter((file, i) => files.findIndex((other) => other.outputPath === file.outputPath) === i);
}

/** A sanitized SVG with its published name, `/assets/{setting}.{hash}.svg`. */
function brandSvg(text: string, named: string, setting: 'logo' | 'favicon'): BrandSvg {
  const { svg, width, height } = sanitizeSvg(text, named);
  const hash = createHash('sha256').update(svg).digest('hex').slice(0, SITE_LOGO.hashLength);
  const url = `${SITE_LOGO.urlDir}${setting}.${hash}.svg`;
  return { svg, url, outputPath: url.slice(1), width, height };
}

/**
 * The SVG that site.json names under `setting` (`logo`, `favicon`), read from `contentDir`, checked, sanitized
 * and given its published name; undefined when the setting is not given.
 */
export function readBrandSvg(
  contentDir: string,
  file: string | undefined,
  setting: 'logo' | 'favicon',
): BrandSvg | undefined {
  if (file === undefined) return undefined;
  const label = `content/site.json: ${setting}`;
  const full = path.resolve(contentDir, file);
  if (!full.startsWith(path.resolve(contentDir) + path.sep) || path.extname(full).toLowerCase() !== '.svg') {
    throw new ConfigError(
      label,
      `must name an .svg file inside content/, such as "logo.svg", not ${JSON.stringify(file)}`,
    );
  }
  const named = `${label} (content/${path.relative(contentDir, full).split(path.sep).join('/')})`;
  const text = readContentFile(contentDir, file, {
    label: named,
    folderLabel: 'content/',
    maxBytes: SITE_LOGO.maxBytes,
    tooLargeHint: '(optimize it, e.g. with SVGO, and leave out embedded pictures)',
  }).toString('utf8');
  return brandSvg(text, named, setting);
}
