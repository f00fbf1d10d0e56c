// Security and caching headers for the published site.
//
// Static hosts cannot run code, so the policy travels two ways:
// - `_headers` in the output folder, which Netlify and Cloudflare Pages turn into HTTP response headers;
// - a `<meta http-equiv="Content-Security-Policy">` on every page (global data `csp`), so hosts that ignore
//   `_headers` (GitHub Pages, a plain bucket) still enforce the same policy in the browser.
// https://docs.netlify.com/manage/routing/headers/ · https://developers.cloudflare.com/pages/configuration/headers/
// https://www.w3.org/TR/CSP3/#meta-element
import { PART_FOLDERS } from '../model/search-parts.ts';
import { SEARCH_FOLDER } from '../model/urls.ts';
import type { EleventyConfig } from './eleventy-types.ts';

/**
 * The policy, directive by directive. Everything is served from the site's own origin: no inline script or
 * style (so templates must not use `<script>` bodies, `on*=` handlers or `style=""` attributes), no remote
 * script, no plugins, and `<base>` and form targets pinned to the site. `img-src` allows no `data:` URIs
 * because nothing on the site needs them; loosen a directive here, in one place, if a page ever does.
 */
const POLICY_DIRECTIVES: ReadonlyArray<readonly [directive: string, sources: string]> = [
  ['default-src', "'self'"],
  ['script-src', "'self'"],
  ['style-src', "'self'"],
  ['img-src', "'self'"],
  ['object-src', "'none'"],
  ['base-uri', "'self'"],
  ['form-action', "'self'"],
  // Only honoured as a header; browsers ignore it (with a console warning) in a meta element.
  ['frame-ancestors', "'none'"],
];

/** Directives a `<meta>` policy may not carry (CSP3 §3.3); they are dropped from the meta form. */
const HEADER_ONLY_DIRECTIVES: ReadonlySet<string> = new Set(['frame-ancestors', 'report-uri', 'report-to', 'sandbox']);

const DEFAULTS = {
  /** Where fingerprinted files are published; each name changes with its content, so it may be cached forever. */
  // No path prefix: Netlify and Cloudflare Pages match these paths against their own address, which serves dist/ at its root.
  immutablePaths: ['/assets/*'] as readonly string[],
  /**
   * Pagefind's files named after their content, in every part's folder: fragments, index and filter
   * chunks (`fragment/en_1a2b3c4.pf_fragment`), a new name for new content. Its other files keep their names from
   * build to build and get the host's short cache: the entry file `pagefind-entry.json` (which names the current
   * chunks), `pagefind.js`, the worker, the WebAssembly (`wasm.en.pagefind`, named after the language) and the
   * metadata (`pagefind.en_<hash>.pf_meta`: only a pattern with a `*` before its end would match it, which not
   * every host reads).
   */
  searchChunkFolders: ['fragment', 'index', 'filter'] as readonly string[],
  /** One year in seconds: the longest lifetime caches honour; `immutable` skips revalidation on reload. */
  immutableCacheControl: 'public, max-age=31536000, immutable',
  /**
   * The JSON API's answers: any origin may read them (CORS, https://fetch.spec.whatwg.org/#http-access-control-allow-origin),
   * and caches keep them an hour: they change at most once a build, and a partner's page asks for them on every view.
   */
  apiHeaders: { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'public, max-age=3600' } as Readonly<
    Record<string, string>
  >,
  /** Virtual input path of the `_headers` template; it only has to be unique among the site's templates. */
  headersTemplatePath: 'eleventy-security-headers/_headers.njk',
};

export class SecurityHeadersError extends Error {
  readonly code = 'SECURITY_HEADERS_INVALID_OPTION';
  constructor(message: string) {
    super(message);
    this.name = 'SecurityHeadersError';
  }
}

/** Origins to allow beyond the site itself, by directive: `{ 'connect-src': ['https://plausible.io'] }`. */
export type PolicyAdditions = Readonly<Partial<Record<string, readonly string[]>>>;

/** An origin a directive may add: https on a host name, never a scheme, a wildcard or a keyword. */
const ADDED_ORIGIN = /^https:\/\/[a-z0-9.-]+(:\d+)?$/;
/** The one keyword a page may add, to script-src: it lets WebAssembly compile, and no other code run. */
const WASM = "'wasm-unsafe-eval'";

/**
 * What the search page alone adds: Pagefind runs its search in WebAssembly, which a policy with script-src refuses
 * to compile without this keyword (https://pagefind.app/docs/, CSP3 §6.1.1 'wasm-unsafe-eval'). It searches in a
 * worker, a file of the site's own that script-src 'self' allows (no worker-src needed); a worker is under the
 * policy of its own response, so `_headers` gives the worker's file this policy too. The index comes from the site.
 */
export const SEARCH_POLICY_ADDITIONS: PolicyAdditions = { 'script-src': [WASM] };
/** The directives that may gain one: fetch directives other than default-src, which would widen every other. */
const ADDED_DIRECTIVE = /^(?!default-)[a-z]+(-[a-z]+)*-src$/;

/**
 * The full policy, for the `Content-Security-Policy` HTTP header, with `additions`' origins after each directive's
 * own sources; a directive the list lacks starts from `'self'`, what `default-src` gave it, and comes last.
 */
export function contentSecurityPolicy(
  additions: PolicyAdditions = {},
  { framedAnywhere = false }: { framedAnywhere?: boolean } = {},
): string {
  const directives = new Map(POLICY_DIRECTIVES.map(([name, sources]) => [name, sources]));
  // The pages partners frame (docs/syndication.md), and those alone, may be framed by any page.
  if (framedAnywhere) directives.set('frame-ancestors', '*');
  for (const [name, origins = []] of Object.entries(additions)) {
    if (!ADDED_DIRECTIVE.test(name))
      throw new SecurityHeadersError(`${JSON.stringify(name)} is not a fetch directive such as "connect-src"`);
    for (const origin of origins) {
      if (!ADDED_ORIGIN.test(origin) && !(origin === WASM && name === 'script-src'))
        throw new SecurityHeadersError(
          `${name}: ${JSON.stringify(origin)} is not an https origin such as "https://plausible.io"`,
        );
    }
    if (origins.length) directives.set(name, [directives.get(name) ?? "'self'", ...new Set(origins)].join(' '));
  }
  return [...directives].map(([name, sources]) => `${name} ${sources}`).join('; ');
}

/** The policy of a site without additions, for the `Content-Security-Policy` HTTP header. */
export const CONTENT_SECURITY_POLICY: string = contentSecurityPolicy();

/** The policy with the directives a meta element cannot carry removed. */
export function metaContentSecurityPolicy(policy: string = CONTENT_SECURITY_POLICY): string {
  return policy
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive && !HEADER_ONLY_DIRECTIVES.has(directive.split(/\s+/)[0]!.toLowerCase()))
    .join('; ');
}

/** The policy for `<meta http-equiv="Content-Security-Policy" content="{{ csp }}">`. */
export const META_CONTENT_SECURITY_POLICY: string = metaContentSecurityPolicy();

/** `additions` and the search page's, each directive's sources in that order. */
export function searchPolicyAdditions(additions: PolicyAdditions = {}): PolicyAdditions {
  const merged: Record<string, string[]> = {};
  for (const more of [SEARCH_POLICY_ADDITIONS, additions]) {
    for (const [name, origins = []] of Object.entries(more)) merged[name] = [...(merged[name] ?? []), ...origins];
  }
  return merged;
}

/** Headers sent with every response, the policy with `additions`. */
export function securityHeaders(additions: PolicyAdditions = {}): Readonly<Record<string, string>> {
  return Object.freeze({
    'Content-Security-Policy': contentSecurityPolicy(additions),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // The site uses none of these browser features; saying so stops embedded or injected code from asking.
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    // frame-ancestors for browsers that predate it.
    'X-Frame-Options': 'DENY',
  });
}

/** The headers of a site without additions. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = securityHeaders();

/** The .ics files' type. https://www.rfc-editor.org/rfc/rfc5545#section-8.1 */
export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8';

interface HeadersFileOptions {
  /** URL patterns (`_headers` syntax) whose files are fingerprinted and may be cached for a year. */
  immutablePaths?: readonly string[];
  /** What the policy allows beyond the site itself. */
  policyAdditions?: PolicyAdditions;
  /** Each language's folder (`/`, `/es/`): each has fingerprinted files of its own under the immutable paths. */
  languageFolders?: readonly string[];
  /**
   * The search pages' and Pagefind's worker's paths (`/search/`, `/pagefind/pagefind-worker.js`, `/es/search/`, …),
   * whose policy also has the search page's additions.
   */
  searchPaths?: readonly string[];
  /** The JSON API's folders as patterns (`/api/v1/*`, `/es/api/v1/*`): the only paths other origins may read. */
  apiPaths?: readonly string[];
  /** The sky's calendar files (`/calendar/sky.ics`, `/es/calendar/sky.ics`): sent as text/calendar. */
  calendarPaths?: readonly string[];
  /** The folders of the pages partners frame (`/embed/*`, `/es/embed/*`): the only paths any page may frame. */
  embedPaths?: readonly string[];
  /** The search index's bundles the build writes (`pagefind`, `pagefind-closed`); none given: every one it may. */
  searchBundles?: readonly string[];
}

interface SecurityHeadersOptions extends Omit<
  HeadersFileOptions,
  'policyAdditions' | 'languageFolders' | 'searchPaths' | 'apiPaths' | 'embedPaths' | 'searchBundles' | 'calendarPaths'
> {
  /** What the policy allows beyond the site itself (the model's analytics), asked at each render. */
  policyAdditions?: () => Promise<PolicyAdditions | undefined>;
  /** Each language's folder in the output, asked at each render. */
  languageFolders?: () => Promise<readonly string[]>;
  /** The search pages' and Pagefind's worker's paths in the output, asked at each render. */
  searchPaths?: () => Promise<readonly string[]>;
  /** The JSON API's folders in the output, asked at each render; none when the site publishes no API. */
  apiPaths?: () => Promise<readonly string[]>;
  /** The calendar files in the output, asked at each render; none with `calendar: false`. */
  calendarPaths?: () => Promise<readonly string[]>;
  /** The framed pages' folders in the output, asked at each render; none when the site publishes no card. */
  embedPaths?: () => Promise<readonly string[]>;
  /** The search index's bundles the build writes (the root's model's: every language has its periods), asked at each render; undefined: every one it may. */
  searchBundles?: () => Promise<readonly string[] | undefined>;
}

/**
 * Cloudflare Pages reads at most 100 rules (https://developers.cloudflare.com/pages/configuration/headers/), so the
 * languages other than the root's share their rules: their folders become one `:lang` placeholder, which both hosts
 * read as any one path segment (and only those folders hold these paths). A list of patterns, each once, in order.
 */
function placeholderFolders(languageFolders: readonly string[]): (patterns: readonly string[]) => string[] {
  const others = languageFolders.filter((folder) => folder !== '/');
  const merged = (pattern: string) => {
    const folder = others.length > 1 ? others.find((other) => pattern.startsWith(other)) : undefined;
    return folder ? `/:lang/${pattern.slice(folder.length)}` : pattern;
  };
  return (patterns) => [...new Set(patterns.map(merged))];
}

/**
 * The `_headers` file. HTML and other files not named after their content get no Cache-Control on purpose:
 * Cloudflare Pages joins the values of every rule that matches a path, so a `Cache-Control` under `/*` would be
 * glued onto the one under `/assets/*` ("max-age=300, public, max-age=31536000, ..."). Both hosts already serve
 * them with `max-age=0, must-revalidate` and an ETag, which is the short cache a page wants. A search page's rule detaches
 * the site-wide policy before giving its own, the documented way ("Detach a header").
 */
export function renderHeadersFile(options: HeadersFileOptions = {}): string {
  const immutablePaths = options.immutablePaths ?? DEFAULTS.immutablePaths;
  for (const pattern of immutablePaths) {
    if (typeof pattern !== 'string' || !pattern.startsWith('/') || /\s/.test(pattern)) {
      throw new SecurityHeadersError(
        `securityHeadersPlugin option immutablePaths: ${JSON.stringify(pattern)} is not a URL path pattern such as "/assets/*"`,
      );
    }
  }
  const lines = [
    '# Response headers for Netlify and Cloudflare Pages. Generated by src/eleventy/security-headers.ts; edit there.',
    '/*',
    ...Object.entries(securityHeaders(options.policyAdditions)).map(([name, value]) => `  ${name}: ${value}`),
  ];
  const merge = placeholderFolders(options.languageFolders ?? []);
  const searchPolicy = contentSecurityPolicy(searchPolicyAdditions(options.policyAdditions));
  for (const page of merge(options.searchPaths ?? [])) {
    lines.push(
      '',
      "# Where the search runs (a search page, Pagefind's worker): the policy above, and what Pagefind needs.",
      page,
    );
    // Cloudflare Pages sends every matching rule's value, so the `/*` policy is detached first: two policies would
    // both be enforced, and the site's refuses WebAssembly. Netlify's parser skips this line (it has no colon).
    lines.push(`  ! Content-Security-Policy`, `  Content-Security-Policy: ${searchPolicy}`);
  }
  // The framed pages load no script, analytics' neither: the policy without additions.
  const framedPolicy = contentSecurityPolicy({}, { framedAnywhere: true });
  for (const folder of merge(options.embedPaths ?? [])) {
    lines.push(
      '',
      '# The pages partners frame: any page may frame them (the site-wide policy and X-Frame-Options detached).',
      folder,
    );
    lines.push(`  ! Content-Security-Policy`, `  ! X-Frame-Options`, `  Content-Security-Policy: ${framedPolicy}`);
  }
  for (const folder of merge(options.apiPaths ?? [])) {
    lines.push('', '# The JSON API: any origin may read it, and caches keep it an hour.', folder);
    lines.push(...Object.entries(DEFAULTS.apiHeaders).map(([name, value]) => `  ${name}: ${value}`));
  }
  for (const file of merge(options.calendarPaths ?? [])) {
    lines.push(
      '',
      "# The sky's calendar, for calendar apps: RFC 5545's media type.",
      file,
      `  Content-Type: ${CALENDAR_CONTENT_TYPE}`,
    );
  }
  // Caching last: were a host to drop rules past its limit, pages would lose no security header.
  const bundles = options.searchBundles ?? [SEARCH_FOLDER, ...PART_FOLDERS];
  for (const folder of merge(['/', ...(options.languageFolders ?? [])])) {
    for (const pattern of immutablePaths) {
      lines.push(
        '',
        '# Fingerprinted: the file name changes whenever the content does.',
        `${folder}${pattern.slice(1)}`,
      );
      lines.push(`  Cache-Control: ${DEFAULTS.immutableCacheControl}`);
    }
    for (const bundle of bundles) {
      for (const chunks of DEFAULTS.searchChunkFolders) {
        lines.push(
          '',
          "# Pagefind's chunks, named after their content; its entry file and scripts keep the host's short cache.",
        );
        lines.push(`${folder}${bundle}/${chunks}/*`, `  Cache-Control: ${DEFAULTS.immutableCacheControl}`);
      }
    }
  }
  return `${lines.join('\n')}\n`;
}

/** One rule of a `_headers` file: `/*` or `/assets/*` (a trailing `*` matches the rest of the path) or a path. */
export interface HeaderRule {
  pattern: string;
  headers: Record<string, string>;
  /** Its `! Name` lines: headers that earlier rules matching the same path set, which this one removes. */
  detached?: string[];
}

/**
 * A `_headers` file as Netlify and Cloudflare Pages read it: a path line, then its indented `Name: value` lines;
 * `#` lines are comments. https://docs.netlify.com/manage/routing/headers/
 */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: {} });
      continue;
    }
    const header = /^\s+([A-Za-z0-9-]+):\s*(.*)$/.exec(line);
    const detach = /^\s+!\s*([A-Za-z0-9-]+)\s*$/.exec(line);
    const rule = rules.at(-1);
    if (header && rule) rule.headers[header[1]!] = header[2]!.trim();
    if (detach && rule) (rule.detached ??= []).push(detach[1]!.toLowerCase());
  }
  return rules;
}

/** A rule's pattern as the hosts match it: `*` any rest of the path, `:name` any one segment, the rest as written. */
function patternRegExp(pattern: string): RegExp {
  const source = pattern
    .split(/(\*|:[A-Za-z]\w*)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

/**
 * What Cloudflare sends for `pathname`: every matching rule in file order, each first removing what earlier ones set
 * that it detaches, a header set again joined to the earlier value with a comma.
 * https://developers.cloudflare.com/pages/configuration/headers/ ("Attach a header", "Detach a header")
 */
export function headersFor(rules: readonly HeaderRule[], pathname: string): Record<string, string> {
  const sent = new Map<string, [name: string, value: string]>();
  for (const rule of rules.filter(({ pattern }) => patternRegExp(pattern).test(pathname))) {
    for (const name of rule.detached ?? []) sent.delete(name);
    for (const [name, value] of Object.entries(rule.headers)) {
      const earlier = sent.get(name.toLowerCase());
      sent.set(name.toLowerCase(), earlier ? [earlier[0], `${earlier[1]}, ${value}`] : [name, value]);
    }
  }
  return Object.fromEntries(sent.values());
}

/**
 * Adds global data `csp` (the meta-element policy) and writes `_headers` at the root of the output folder, both
 * with the additions of the render. `_headers` is a virtual template, so Eleventy writes it with the pages (and
 * reports a clash if anything else claims the same output path) and it never joins a collection.
 */
export default function securityHeadersPlugin(
  eleventyConfig: EleventyConfig,
  options: SecurityHeadersOptions = {},
): void {
  const {
    immutablePaths,
    policyAdditions = async () => undefined,
    languageFolders = async () => [],
    searchPaths = async () => [],
    apiPaths = async () => [],
    embedPaths = async () => [],
    searchBundles = async () => undefined,
    calendarPaths = async () => [],
  } = options;
  // Bad options fail here, when the configuration is read, rather than in the render.
  renderHeadersFile({ immutablePaths });
  eleventyConfig.addGlobalData('csp', async () =>
    metaContentSecurityPolicy(contentSecurityPolicy(await policyAdditions())),
  );
  // The framed card's pages' (templates/embed-page.njk): they load no script, so nothing is added.
  eleventyConfig.addGlobalData('embedCsp', META_CONTENT_SECURITY_POLICY);
  // The search page's (the layout prints it where the model says the page is the search page).
  eleventyConfig.addGlobalData('searchCsp', async () =>
    metaContentSecurityPolicy(contentSecurityPolicy(searchPolicyAdditions(await policyAdditions()))),
  );
  // The template only prints the computed text: nothing in a header value is ever read as template syntax.
  eleventyConfig.addTemplate(DEFAULTS.headersTemplatePath, '{{ headersFile | safe }}', {
    layout: false,
    eleventyExcludeFromCollections: true,
    eleventyComputed: {
      headersFile: async () =>
        renderHeadersFile({
          immutablePaths,
          policyAdditions: await policyAdditions(),
          languageFolders: await languageFolders(),
          searchPaths: await searchPaths(),
          apiPaths: await apiPaths(),
          embedPaths: await embedPaths(),
          searchBundles: await searchBundles(),
          calendarPaths: await calendarPaths(),
        }),
      // Once per site, at its root: not again under a language's folder (a model with no `rootFiles`).
      permalink: (data: { model?: { rootFiles?: unknown[] } }) =>
        data.model?.rootFiles?.length === 0 ? false : '/_headers',
    },
  });
}
