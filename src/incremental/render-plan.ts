// Which pages a render writes, for the build and the preview alike: a paginated page whose fingerprint is the one
// of the file already there is taken as it is, every other page is rendered. A page's fingerprint here covers
// everything that decides its bytes: the renderer (templates, code, dependencies, the site's settings and words),
// the model's site-wide parts and the page's own data (src/incremental/page-fingerprints.ts).
import { hash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fingerprints, PAGE_LIST_KEYS, type PageLists } from './page-fingerprints.ts';
import type { SiteModel } from '../model/types.ts';
import { filesUnder } from '../data/files-under.ts';

/** What decides how a model is rendered, besides the model: relative to the project's root (copied whole by scripts/lib/copy-project.ts). */
export const RENDERER_INPUTS = {
  folders: ['templates', 'src', 'scripts'],
  files: ['.eleventy.js', 'package-lock.json'],
  /** content/ files outside these folders (site.json, the words, signs, a logo) are the renderer's too. */
  pageDataFolders: ['charts', 'overrides', 'pages'],
};

/**
 * A hash of the renderer: every file of the project's code and templates, the lock file, Node's major version,
 * and the editors' site-wide files. Any change there renders every page.
 */
export function rendererFingerprint(rootDir: string, contentDir: string): string {
  const files = [
    ...RENDERER_INPUTS.folders.flatMap((folder) => filesIn(path.join(rootDir, folder))),
    ...RENDERER_INPUTS.files.map((file) => path.join(rootDir, file)),
    ...filesIn(contentDir).filter(
      (file) => !RENDERER_INPUTS.pageDataFolders.includes(path.relative(contentDir, file).split(path.sep)[0]!),
    ),
  ];
  const parts = [`node ${process.versions.node.split('.')[0]}`];
  for (const file of files.sort())
    parts.push(`${path.relative(rootDir, file)}\0${hash('sha256', readOptional(file), 'base64url')}`);
  return hash('sha256', parts.join('\n'), 'base64url');
}

/** Every file under `dir`, by full path. */
const filesIn = (dir: string): string[] => filesUnder(dir).map((file) => path.join(dir, file));

function readOptional(file: string): Buffer | string {
  try {
    return readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '\0missing';
    throw error;
  }
}

/** Every paginated page's fingerprint, by URL: the renderer's, the site-wide parts' and its own data's. */
export function pagePrints(model: SiteModel, renderer: string): Map<string, string> {
  return fingerprints(model, renderer).pages;
}

export interface RenderPlan {
  /** What the paginated templates render (global data `pageLists`). */
  pageLists: PageLists;
  /** Paginated pages taken as they are, by URL. */
  reused: string[];
  /** Paginated pages rendered. */
  rendering: number;
  prints: Map<string, string>;
}

/** The pages of `model` to render: those `isReusable` refuses. Templates that are not paginated always render. */
export function planRender(
  model: SiteModel,
  prints: Map<string, string>,
  isReusable: (url: string, print: string) => boolean,
): RenderPlan {
  const reused: string[] = [];
  let rendering = 0;
  const lists = Object.fromEntries(
    PAGE_LIST_KEYS.map((key) => {
      const items = (model[key] as { url: string }[]).filter((item) => {
        if (!isReusable(item.url, prints.get(item.url)!)) return true;
        reused.push(item.url);
        return false;
      });
      rendering += items.length;
      return [key, items];
    }),
  ) as unknown as PageLists;
  return { pageLists: Object.freeze(lists), reused, rendering, prints };
}
