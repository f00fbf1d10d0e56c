// The internal links of a built site, for `npm run check` and the tests: every URL a file gives that names the site
// itself (in pages, as read-page.ts parses them: URL attributes, srcset, absolute URLs on the site's address in any
// other attribute and in JSON-LD; url() in stylesheets; every absolute URL on the site's address in feeds, sitemaps
// and robots.txt) must be under the site's path and resolve to a file of the site, and its `#fragment` to an id of
// that page. https://url.spec.whatwg.org/#fragment-state
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SiteAddress } from '../../model/urls.ts';
import { readPage } from './read-page.ts';
import { lineFinder, originUrls } from './scan-text.ts';
import type { CheckContext, SiteFile, SiteRule } from './site-rule.ts';

/** The file a site path is served from: directories → index.html. Throws URIError on a malformed percent escape. */
export function targetFile(url: string): string {
  const pathname = decodeURI(url.replace(/[#?].*$/, '')).replace(/^\//, '');
  return pathname === '' || pathname.endsWith('/') ? `${pathname}index.html` : pathname;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'" };
export function decodeAttribute(value: string): string {
  return value.replace(
    /&(#?\w+);/g,
    (whole, name: string) =>
      ENTITIES[name] ??
      (name.startsWith('#x')
        ? String.fromCodePoint(parseInt(name.slice(2), 16))
        : name.startsWith('#')
          ? String.fromCodePoint(Number(name.slice(1)))
          : whole),
  );
}

/** The addresses in a stylesheet's url()s, quoted or not (the published ones are always double-quoted), with their offsets. */
function cssUrls(css: string): { url: string; index: number }[] {
  // Comments blanked to spaces of the same length, so offsets stay those of the file.
  const code = css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  return [...code.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^'")\s]*))\s*\)/gi)].map((m) => ({
    url: m[1] ?? m[2] ?? m[3]!,
    index: m.index,
  }));
}

/** Whether `file` is one whose URLs are checked: pages, stylesheets, feeds, sitemaps, robots.txt. */
export const hasLinks = (file: string): boolean => /\.(html|css|xml|txt)$/.test(file);

/** A URL of a file, and its line. */
export interface FoundLink {
  url: string;
  line: number;
}

/** Every URL of one file of the site that names the site itself: pages parsed, other files scanned. */
export function fileLinks(file: SiteFile, { origin }: SiteAddress): FoundLink[] {
  let links: FoundLink[];
  if (file.name.endsWith('.html')) links = file.page().links;
  else {
    const text = file.text();
    const lineAt = lineFinder(text);
    links = (file.name.endsWith('.css') ? cssUrls(text) : originUrls(text, origin)).map(({ url, index }) => ({
      url,
      line: lineAt(index),
    }));
  }
  // Other sites, mail and telephone numbers are not the site's to check.
  return links.filter(({ url }) => !/^(https?:|mailto:|tel:)/i.test(url) || url.startsWith(origin));
}

/** A link that does not resolve: where it is, and why. */
export interface BrokenLink {
  file: string;
  line: number;
  url: string;
  why: string;
}

/** The id a link's `#fragment` names, decoded as the browser looks it up; undefined for none, `#` or `#top`'s like. */
function fragmentId(url: string): string | undefined {
  const hash = url.indexOf('#');
  if (hash < 0 || hash === url.length - 1) return undefined;
  return decodeURIComponent(url.slice(hash + 1));
}

/**
 * The links of a site, file by file: `check` gives a file's broken links, and once every file was checked,
 * `brokenFragments` those to an id another page does not have. `checked` counts every link looked at.
 */
export class LinkChecker {
  checked = 0;
  readonly files: ReadonlySet<string>;
  readonly published: SiteAddress;
  /** Links to an id of another page, by that page's file. */
  readonly #toIds = new Map<string, { link: BrokenLink; id: string }[]>();

  constructor(files: ReadonlySet<string>, published: SiteAddress) {
    this.files = files;
    this.published = published;
  }

  check(file: SiteFile): BrokenLink[] {
    const broken: BrokenLink[] = [];
    for (const { url, line } of fileLinks(file, this.published)) {
      this.checked++;
      const link = { file: file.name, line, url };
      let why: string | undefined;
      try {
        why = this.#problem(file, link);
      } catch (error) {
        if (!(error instanceof URIError)) throw error;
        why = 'malformed percent escape';
      }
      if (why) broken.push({ ...link, why });
    }
    return broken;
  }

  /** The links to an id of another page that its page lacks, `idsOf` giving a page's ids. */
  brokenFragments(idsOf: (file: string) => ReadonlySet<string>): BrokenLink[] {
    const broken = [...this.#toIds].flatMap(([target, links]) => {
      const ids = idsOf(target);
      return links.filter(({ id }) => !ids.has(id)).map(({ link }) => ({ ...link, why: `${target} has no such id` }));
    });
    this.#toIds.clear();
    return broken;
  }

  /** Why a link does not resolve; undefined when it does, or when it names an id of another page (checked last). */
  #problem(file: SiteFile, link: Omit<BrokenLink, 'why'>): string | undefined {
    const { origin, pathPrefix } = this.published;
    // A webcal: link is a calendar app's way to the site's own .ics: the same file as its http(s) address.
    const url = link.url.replace(/^webcal:/i, new URL(origin).protocol);
    if (url.startsWith('#')) {
      const id = fragmentId(url);
      return id === undefined || file.page().ids.has(id) ? undefined : 'no such id';
    }
    const scheme = /^([a-z][a-z\d+.-]*):/i.exec(url);
    if (scheme && !url.startsWith(origin)) return `a ${scheme[1]}: URL, no page of the site`;
    const sitePath = url.startsWith(origin) ? url.slice(origin.length) || '/' : url;
    if (!sitePath.startsWith('/')) return 'relative links break when a page moves';
    if (!sitePath.startsWith(pathPrefix)) return `not under ${pathPrefix}`;
    const target = targetFile(sitePath.slice(pathPrefix.length - 1));
    if (!this.files.has(target)) return 'no such file';
    const id = fragmentId(url);
    if (id === undefined || !target.endsWith('.html')) return undefined;
    if (target === file.name) return file.page().ids.has(id) ? undefined : 'no such id';
    const waiting = this.#toIds.get(target) ?? [];
    waiting.push({ link: { ...link, why: '' }, id });
    this.#toIds.set(target, waiting);
    return undefined;
  }
}

/** The rule for the links of every file of the site. */
export function linkRule(context: CheckContext): SiteRule {
  const links = new LinkChecker(context.files, context.published);
  const report = ({ file, line, url, why }: BrokenLink) =>
    context.report({ file, line, message: `broken link ${url} (${why})` });
  return {
    visit(file) {
      if (!hasLinks(file.name)) return;
      links.check(file).forEach(report);
      context.counts.links = links.checked;
    },
    end() {
      // The pages some link names an id of, read again one at a time: their ids are not kept for every page.
      links
        .brokenFragments((target) => readPage(readFileSync(path.join(context.dir, target), 'utf8')).ids)
        .forEach(report);
    },
  };
}
