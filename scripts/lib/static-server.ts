// A tiny static file server for the built site, so the browser sees it the way a static host serves it:
// folders answer with their index.html (a folder URL without its trailing slash is redirected to it, as GitHub
// Pages and Netlify do, so relative URLs resolve the same), files carry the right Content-Type, and anything
// missing gets the nearest 404.html (a language's own, `es/404.html`, else the site's) with status 404, as on
// Netlify and Cloudflare Pages. A site published under a path (`/horoscopes/`) is served there, `/` redirected to
// it. Only regular files inside the folder are served, whatever a symbolic link in it points at. Our own code on
// node:http, no dependency.
import { createReadStream, type Stats } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { headersFor, type HeaderRule } from '../../src/eleventy/security-headers.ts';

const DEFAULTS = {
  /** Loopback only: the site is never reachable from another machine while tests run. */
  host: '127.0.0.1',
  /** Port 0: the system picks a free one, so parallel test files never collide. */
  port: 0,
  /** The page a static host serves, with status 404, for every URL that matches no file. */
  notFoundPage: '404.html',
  /** Served for a folder URL. */
  indexFile: 'index.html',
};

/** Content types by file extension; anything else is served as bytes, which a browser will not render. */
export const CONTENT_TYPES: Readonly<Record<string, string>> = Object.freeze({
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.ics': 'text/calendar; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
});

export interface StaticServerOptions {
  /** Response headers added to every answer, e.g. the site's Content-Security-Policy as a host would send it. */
  headers?: Readonly<Record<string, string>>;
  /** Rules of a `_headers` file (parseHeadersFile): each path pattern's headers on the answers it matches. */
  headerRules?: readonly HeaderRule[];
  /** Default 127.0.0.1 and a free port. */
  host?: string;
  port?: number;
  /** The path the site is published under, `/horoscopes/` (the model's `site.pathPrefix`); default `/`. */
  pathPrefix?: string;
}

export interface StaticServer {
  /** Origin without a trailing slash, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  close(): Promise<void>;
}

export class StaticServerError extends Error {
  readonly code = 'STATIC_SERVER_ROOT_INVALID';
  constructor(message: string) {
    super(message);
    this.name = 'StaticServerError';
  }
}

export function contentTypeFor(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

async function statOrNull(file: string) {
  try {
    return await stat(file);
  } catch {
    return null;
  }
}

/** `file` with its links resolved, and what it is, when that lands inside `root` (itself resolved); else null. */
async function insideRoot(root: string, file: string): Promise<{ path: string; stat: Stats } | null> {
  try {
    const real = await realpath(file);
    if (real !== root && !real.startsWith(root + path.sep)) return null;
    return { path: real, stat: await stat(real) };
  } catch {
    return null;
  }
}

function send(
  res: ServerResponse,
  method: string,
  status: number,
  file: string,
  size: number,
  headers: Record<string, string>,
): void {
  // A `_headers` rule's Content-Type wins over the extension's, as on the hosts that read the file.
  const ruled = Object.keys(headers).find((name) => name.toLowerCase() === 'content-type');
  res.writeHead(status, {
    ...(ruled ? {} : { 'content-type': contentTypeFor(file) }),
    ...headers,
    'content-length': size,
  });
  if (method === 'HEAD') return void res.end();
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}

/**
 * The nearest 404.html, from the folder of the missing path up to `root`, as Netlify and Cloudflare Pages look for
 * it (`/es/nope/` gets `es/404.html`); `missing` is a path inside `root`.
 */
async function notFound(
  root: string,
  res: ServerResponse,
  method: string,
  headers: Record<string, string>,
  missing = root,
): Promise<void> {
  for (let dir = missing; ; dir = path.dirname(dir)) {
    const page = await insideRoot(root, path.join(dir, DEFAULTS.notFoundPage));
    if (page?.stat.isFile()) return send(res, method, 404, page.path, page.stat.size, headers);
    if (dir === root) break;
  }
  res.writeHead(404, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
  res.end(`404: not found (and the site has no ${DEFAULTS.notFoundPage})\n`);
}

/** The path in `root` a site path names, decoded; undefined when it is malformed or lands outside `root` (`/../`, encoded or not). */
function fileOf(root: string, sitePath: string): string | undefined {
  let pathname: string;
  try {
    pathname = decodeURIComponent(sitePath);
  } catch {
    return undefined;
  }
  const file = path.resolve(root, `.${path.posix.normalize(pathname)}`);
  if (file !== root && !file.startsWith(root + path.sep)) return undefined;
  return pathname.includes('\0') ? undefined : file;
}

/** The answer to each request for the site in `root` (a resolved path). */
function siteHandler(root: string, options: StaticServerOptions) {
  const fixedHeaders = options.headers ?? {};
  const rules = options.headerRules ?? [];
  const prefix = options.pathPrefix ?? '/';

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' });
      return void res.end();
    }
    const url = new URL(req.url ?? '/', 'http://site.invalid');
    if (prefix !== '/' && (url.pathname === '/' || `${url.pathname}/` === prefix)) {
      res.writeHead(302, { location: prefix });
      return void res.end();
    }
    // The site's paths below the prefix, as the host that serves its folder there sees them (and `_headers` names them).
    const sitePath = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length - 1) : undefined;
    const headers = { ...fixedHeaders, ...headersFor(rules, sitePath ?? url.pathname) };
    const file = sitePath === undefined ? undefined : fileOf(root, sitePath);
    if (file === undefined) return notFound(root, res, method, headers);
    const found = await insideRoot(root, file);
    if (found?.stat.isDirectory()) {
      if (!url.pathname.endsWith('/')) {
        res.writeHead(301, { ...headers, location: `${url.pathname}/${url.search}` });
        return void res.end();
      }
      const index = await insideRoot(root, path.join(found.path, DEFAULTS.indexFile));
      if (index?.stat.isFile()) return send(res, method, 200, index.path, index.stat.size, headers);
      return notFound(root, res, method, headers, file);
    }
    if (found?.stat.isFile()) return send(res, method, 200, found.path, found.stat.size, headers);
    return notFound(root, res, method, headers, file);
  };
}

/** Serves `rootDir` (a built site) until `close()`. */
export async function startStaticServer(rootDir: string, options: StaticServerOptions = {}): Promise<StaticServer> {
  const given = path.resolve(rootDir);
  const rootStat = await statOrNull(given);
  if (!rootStat?.isDirectory()) throw new StaticServerError(`static server: site folder ${given} does not exist`);
  const handle = siteHandler(await realpath(given), options);
  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULTS.port, options.host ?? DEFAULTS.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? DEFAULTS.host}:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // Browsers keep connections alive; without this close() would wait for them to time out.
        server.closeAllConnections();
      }),
  };
}
