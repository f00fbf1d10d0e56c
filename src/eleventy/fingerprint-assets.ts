// Fingerprinted static assets: `templates/assets/site.css` is published as `/assets/site.1a2b3c4d.css`, and
// templates link it with `{{ 'site.css' | assetUrl }}`. Because the name changes whenever the content does,
// `_headers` (security-headers.ts) can let browsers and CDNs cache everything under `/assets/` for a year
// without ever serving a stale stylesheet after a rebuild.
//
// Only the hashed names are written: an unhashed copy would be cached as immutable too and go stale, so the
// asset folder must not also be passthrough-copied to `/assets/`. A stylesheet's relative `url()` (a font, an
// image) is rewritten to the hashed name of the file it names, and the stylesheet hashed after that.
// https://www.11ty.dev/docs/events/#eleventy-before · https://www.11ty.dev/docs/filters/
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../data/config.ts';
import { readContentFile } from '../data/read-content-file.ts';
import { THEME } from '../data/theme.ts';
import { copyIntoOutput } from './copy-into-output.ts';
import type { EleventyConfig } from './eleventy-types.ts';

const DEFAULTS = {
  /** Source folder, relative to the working directory (the project root for `npm run build`) unless absolute. */
  sourceDir: 'templates/assets',
  /** URL folder the hashed files are published under; `_headers` marks it immutable. */
  urlPrefix: '/assets/',
  /** Hex characters of the SHA-256 kept in the name: 32 bits is plenty to tell a handful of files' versions apart. */
  hashLength: 8,
  /** Largest file published: a font or a picture is far smaller; more is a mistake, or a device read without end. */
  maxBytes: 10_000_000,
};

export interface FingerprintAssetsOptions {
  /** Folder holding the source files (CSS, SVG icons, fonts); sub-folders are kept in the URL. */
  sourceDir?: string;
  /** URL folder to publish under, starting and ending with `/`. */
  urlPrefix?: string;
  /** Another folder's files published with them: the owner's theme (`ownerAssets`). */
  extra?: ExtraAssets;
}

type FingerprintAssetsErrorCode =
  'ASSET_UNKNOWN' | 'ASSET_SOURCE_UNREADABLE' | 'ASSET_INVALID_OPTION' | 'ASSET_NAME_TAKEN';

export class FingerprintAssetsError extends Error {
  readonly code: FingerprintAssetsErrorCode;
  constructor(code: FingerprintAssetsErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FingerprintAssetsError';
    this.code = code;
  }
}

/** One published asset. */
export interface FingerprintedAsset {
  /** Name relative to the source folder, with `/` separators: what templates pass to `assetUrl`. */
  name: string;
  /** Absolute path of the source file. */
  sourcePath: string;
  /** Path relative to the output folder, with `/` separators, e.g. `assets/site.1a2b3c4d.css`. */
  outputPath: string;
  /** Root-relative URL under the site's path prefix, e.g. `/assets/site.1a2b3c4d.css` or `/horoscopes/assets/…`. */
  url: string;
  hash: string;
  /** A stylesheet as published, its `url()`s rewritten; other files are copied as they are. */
  content?: string;
}

/** First `DEFAULTS.hashLength` hex characters of the content's SHA-256. */
export function contentHash(content: Uint8Array | string): string {
  return createHash('sha256').update(content).digest('hex').slice(0, DEFAULTS.hashLength);
}

/** `icons/star.svg` + hash -> `icons/star.<hash>.svg`; a name without an extension gets the hash appended. */
export function fingerprintedName(name: string, hash: string): string {
  const extension = path.posix.extname(name);
  const stem = name.slice(0, name.length - extension.length);
  return `${stem}.${hash}${extension}`;
}

/**
 * Files of another folder published beside those of the asset folder, under their names relative to it: the
 * owner's theme, `content/theme.css` and `content/fonts/` (`ownerAssets`), so the theme's `url("fonts/x.woff2")`
 * names its font as it would beside it.
 */
export interface ExtraAssets {
  dir: string;
  /** Names the folder in errors: `content`. */
  label: string;
  /** Its files and folders (ending in `/`) to publish; one that is missing is left out. */
  names: readonly string[];
}

/** The owner's look (docs/theming.md): content/theme.css and the fonts it may name in content/fonts/. */
export function ownerAssets(contentDir: string): ExtraAssets {
  return { dir: contentDir, label: 'content', names: [THEME.file, `${THEME.fontsFolder}/`] };
}

interface SourceFile {
  name: string;
  sourcePath: string;
  content: Buffer;
  /** Names the file in errors. */
  label: string;
}

/** The files under `dir` (all of them, or those under `names`), dot-files skipped; none when it is missing. */
function readFolder(dir: string, label: string, names?: readonly string[]): SourceFile[] {
  const root = path.resolve(dir);
  const list = (under: string): string[] => {
    try {
      return fs
        .readdirSync(path.join(root, under), { recursive: true, encoding: 'utf8' })
        .map((entry) => path.join(under, entry));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return [];
      if (code === 'ENOTDIR' && under !== '') return [under];
      throw new FingerprintAssetsError(
        'ASSET_SOURCE_UNREADABLE',
        `${label}: cannot list the asset folder (${(error as Error).message})`,
        { cause: error },
      );
    }
  };
  const entries = names ? names.flatMap((name) => list(name.replace(/\/$/, ''))) : list('');
  return entries.sort().flatMap((entry) => {
    const name = entry.split(path.sep).join('/');
    if (name.split('/').some((segment) => segment.startsWith('.'))) return [];
    const sourcePath = path.join(root, entry);
    const fileLabel = path.join(label, entry);
    try {
      if (fs.statSync(sourcePath).isDirectory()) return [];
      return [
        {
          name,
          sourcePath,
          label: fileLabel,
          content: readContentFile(root, entry, { label: fileLabel, folderLabel: label, maxBytes: DEFAULTS.maxBytes }),
        },
      ];
    } catch (error) {
      const message =
        error instanceof ConfigError ? error.message : `${fileLabel}: cannot be read (${(error as Error).message})`;
      throw new FingerprintAssetsError('ASSET_SOURCE_UNREADABLE', message, { cause: error });
    }
  });
}

/**
 * Reads every file under `sourceDir` (dot-files skipped), and those `extra` names, and works out each one's hashed
 * URL, under the site's `pathPrefix` (the model's `site.pathPrefix`; the files stay under `urlPrefix` in the
 * output). Called once per build, never per page. A missing folder yields no assets, so a site without a
 * stylesheet still builds; asking the filter for a file then fails with the folder named.
 */
export function readAssetManifest(
  sourceDir: string,
  urlPrefix: string = DEFAULTS.urlPrefix,
  pathPrefix = '/',
  extra?: ExtraAssets,
): Map<string, FingerprintedAsset> {
  const manifest = new Map<string, FingerprintedAsset>();
  const files = readFolder(sourceDir, sourceDir);
  const ours = new Set(files.map((file) => file.name));
  for (const file of extra ? readFolder(extra.dir, extra.label, extra.names) : []) {
    if (ours.has(file.name))
      throw new FingerprintAssetsError(
        'ASSET_NAME_TAKEN',
        `${file.label}: ${sourceDir} has a file of the same name, ${file.name}; rename one`,
      );
    files.push(file);
  }
  const add = (name: string, sourcePath: string, content: Buffer | string, published?: string) => {
    const hash = contentHash(content);
    const outputPath = `${urlPrefix.slice(1)}${fingerprintedName(name, hash)}`;
    manifest.set(name, {
      name,
      sourcePath,
      outputPath,
      url: `${pathPrefix}${outputPath}`,
      hash,
      ...(published === undefined ? {} : { content: published }),
    });
  };
  // Stylesheets last, so the files their url()s name already have their hashed names.
  for (const file of files) if (!file.name.endsWith('.css')) add(file.name, file.sourcePath, file.content);
  const folders = [sourceDir, ...(extra?.names.map((name) => `${extra.label}/${name}`) ?? [])].join(', ');
  for (const file of files) {
    if (!file.name.endsWith('.css')) continue;
    // Without its comments and lines' indents (no CSS string holds a raw line break): what visitors download.
    const css = rewriteUrls(file.content.toString('utf8'), file, manifest, folders).replace(/\n[ \t]+/g, '\n');
    add(file.name, file.sourcePath, css, css);
  }
  return manifest;
}

const STRING = String.raw`"(?:[^"\\\n]|\\[\s\S])*"|'(?:[^'\\\n]|\\[\s\S])*'`;
/**
 * The tokens of a stylesheet that matter here, scanned left to right so none is read inside another: a comment
 * (skipped), `@import` with a plain string, any other string (skipped), and `url(…)` in any case, its address
 * quoted (escapes allowed) or not. https://www.w3.org/TR/css-syntax-3/#tokenization
 */
const CSS_TOKENS = new RegExp(
  String.raw`(\/\*[\s\S]*?(?:\*\/|$))|(@import\s+)(${STRING})|(?:${STRING})|\burl\(\s*(${STRING}|[^'"()\s]*)\s*\)`,
  'gi',
);

/** A CSS string or unquoted address as the text it stands for: quotes off, escapes (`\"`, `\22 `) resolved. */
function cssValue(raw: string): string {
  const body = /^["']/.test(raw) ? raw.slice(1, -1) : raw;
  return body.replace(
    /\\(?:([0-9a-f]{1,6})\s?|\n|([\s\S]))/gi,
    (_whole, hex: string | undefined, char: string | undefined) =>
      hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : (char ?? ''),
  );
}

/** Text as a double-quoted CSS string. */
function cssString(text: string): string {
  return `"${text.replace(/["\\]/g, '\\$&').replace(/\n/g, '\\a ')}"`;
}

/**
 * `url("fonts/inter.woff2")` in `css/site.css` → `url("/assets/css/fonts/inter.1a2b3c4d.woff2")`, and
 * `@import "x.css"` likewise. URLs with a scheme, root-relative ones and fragments stay as they are; a relative one
 * naming no file in the folder is an error. Comments are for the file's readers, not its visitors: they are
 * not published (a third of the stylesheet's gzipped bytes).
 */
function rewriteUrls(
  css: string,
  { name, label }: SourceFile,
  manifest: ReadonlyMap<string, FingerprintedAsset>,
  folders: string,
): string {
  return css.replace(CSS_TOKENS, (whole, comment?: string, importAt?: string, imported?: string, address?: string) => {
    const raw = imported ?? address;
    if (comment !== undefined) return '';
    if (raw === undefined) return whole;
    const target = cssValue(raw).trim();
    if (target === '' || /^(?:[a-z][a-z\d+.-]*:|\/|#)/i.test(target)) return whole;
    const [, file, suffix] = /^([^?#]*)(.*)$/.exec(target)!;
    const asset = manifest.get(path.posix.normalize(path.posix.join(path.posix.dirname(name), file!)));
    const written = importAt === undefined ? `url(${target})` : `@import ${cssString(target)}`;
    if (!asset) throw new FingerprintAssetsError('ASSET_UNKNOWN', `${label}: ${written} names no file in ${folders}`);
    const url = cssString(`${asset.url}${suffix}`);
    return importAt === undefined ? `url(${url})` : `${importAt}${url}`;
  });
}

interface BuildEvent {
  directories: { output: string };
  outputMode?: string;
}

/**
 * The files of one asset folder and their hashed URLs. Read at the start of each build (`refresh`, by the
 * plugin below), so in the preview an edited stylesheet gets a new name on the rebuild; `url` is the `assetUrl`
 * filter's answer (src/eleventy/filters.ts).
 */
export class FingerprintedAssets {
  readonly sourceDir: string;
  readonly urlPrefix: string;
  readonly extra: ExtraAssets | undefined;
  #manifest: Map<string, FingerprintedAsset> | undefined;

  constructor(options: FingerprintAssetsOptions = {}) {
    const sourceDir = options.sourceDir ?? DEFAULTS.sourceDir;
    const urlPrefix = options.urlPrefix ?? DEFAULTS.urlPrefix;
    if (typeof sourceDir !== 'string' || sourceDir === '') {
      throw new FingerprintAssetsError(
        'ASSET_INVALID_OPTION',
        `fingerprintAssetsPlugin option sourceDir: expected a folder path, got ${JSON.stringify(sourceDir)}`,
      );
    }
    if (typeof urlPrefix !== 'string' || !/^\/([^\s/]+\/)*$/.test(urlPrefix)) {
      throw new FingerprintAssetsError(
        'ASSET_INVALID_OPTION',
        `fingerprintAssetsPlugin option urlPrefix: expected a URL folder such as "/assets/", got ${JSON.stringify(urlPrefix)}`,
      );
    }
    this.sourceDir = sourceDir;
    this.urlPrefix = urlPrefix;
    this.extra = options.extra;
  }

  /**
   * The files and their URLs under the site's `pathPrefix` (`/`, or `/horoscopes/` for a site in a sub-folder), or
   * `manifest` when the command has read them already (readAssetManifest with the same folders).
   */
  refresh(pathPrefix = '/', manifest?: Map<string, FingerprintedAsset>): Map<string, FingerprintedAsset> {
    this.#manifest = manifest ?? readAssetManifest(this.sourceDir, this.urlPrefix, pathPrefix, this.extra);
    return this.#manifest;
  }

  /** `site.css` → `/assets/site.1a2b3c4d.css`; `inputPath`, the template asking, names it in the error. */
  url(name: string, inputPath?: string): string {
    // Also read here, so the filter works when a template is rendered outside a full build.
    const manifest = (this.#manifest ??= this.refresh());
    const asset = manifest.get(typeof name === 'string' ? name.replace(/^\/+/, '') : '');
    if (asset) return asset.url;
    const known = [...manifest.keys()].join(', ') || 'none';
    throw new FingerprintAssetsError(
      'ASSET_UNKNOWN',
      `${inputPath ? `${inputPath}: ` : ''}assetUrl(${JSON.stringify(name)}): no such file in ${this.sourceDir} (available: ${known})`,
    );
  }
}

interface FingerprintAssetsPluginOptions {
  assets: FingerprintedAssets;
  /** The site's path prefix for this build (the model's `site.pathPrefix`); `/` when not given. */
  pathPrefix?: () => string | Promise<string>;
  /** This build's manifest when the command has read it (src/cli/builder/render-site.ts): then the folders are not read again. */
  manifest?: () => Map<string, FingerprintedAsset> | undefined | Promise<Map<string, FingerprintedAsset> | undefined>;
  /** Names of the assets this build's pages never load (an analytics stub without that analytics): not published. */
  unused?: () => readonly string[] | Promise<readonly string[]>;
}

/**
 * Publishes the files of `assets` under their hashed names, at the start of each build; files an earlier build
 * of the same process wrote and this one does not have are removed (the preview rebuilds in place).
 */
export default function fingerprintAssetsPlugin(
  eleventyConfig: EleventyConfig,
  { assets, pathPrefix, manifest: given, unused }: FingerprintAssetsPluginOptions,
): void {
  /** Output files this plugin wrote in the previous build of this process (watch mode), to clear stale hashes. */
  let written = new Set<string>();
  // Edits to the assets rebuild the site in `--serve`/watch mode (the folder holds no templates, so Eleventy
  // would not watch it otherwise). The extra folder, content/, the configuration watches already.
  eleventyConfig.addWatchTarget(assets.sourceDir);
  eleventyConfig.on('eleventy.before', (async ({ directories, outputMode }: BuildEvent) => {
    const manifest = assets.refresh(pathPrefix ? await pathPrefix() : '/', await given?.());
    if (outputMode !== undefined && outputMode !== 'fs') return;
    const leftOut = new Set(unused ? await unused() : []);
    written = await copyIntoOutput(
      directories.output,
      [...manifest.values()].filter((asset) => !leftOut.has(asset.name)),
      written,
    );
  }) as (...args: never[]) => unknown);
}
