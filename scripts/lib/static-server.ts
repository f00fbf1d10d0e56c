// A tiny static file server for the built site, so the browser sees it the way a static host serves it:
// folders answer with their index.html (a folder URL without its trailing slash is redirected to it, as GitHub
// Pages and Netlify do, so relative URLs resolve the same), files carry the right Content-Type, and anything
// missing gets the site's own 404.html with status 404. Our own code on node:http, no dependency.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

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
}

/** One rule of a `_headers` file: `/*` or `/assets/*` (a trailing `*` matches the rest of the path) or a path. */
export interface HeaderRule {
  pattern: string;
  headers: Record<string, string>;
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
    const rule = rules.at(-1);
    if (header && rule) rule.headers[header[1]!] = header[2]!.trim();
  }
  return rules;
}

/** The headers of every rule whose pattern matches `pathname`, later rules adding to earlier ones. */
function headersFor(rules: readonly HeaderRule[], pathname: string): Record<string, string> {
  const matching = rules.filter(({ pattern }) => (pattern.endsWith('*') ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern));
  return Object.assign({}, ...matching.map((rule) => rule.headers)) as Record<string, string>;
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

/** Serves `rootDir` (a built site) until `close()`. */
export async function startStaticServer(rootDir: string, options: StaticServerOptions = {}): Promise<StaticServer> {
  const root = path.resolve(rootDir);
  const rootStat = await statOrNull(root);
  if (!rootStat?.isDirectory()) throw new StaticServerError(`static server: site folder ${root} does not exist`);
  const fixedHeaders = options.headers ?? {};
  const rules = options.headerRules ?? [];

  function send(res: ServerResponse, method: string, status: number, file: string, size: number, extraHeaders: Record<string, string>) {
    res.writeHead(status, { ...extraHeaders, 'content-type': contentTypeFor(file), 'content-length': size });
    if (method === 'HEAD') return void res.end();
    createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res);
  }

  async function notFound(res: ServerResponse, method: string, extraHeaders: Record<string, string>) {
    const page = path.join(root, DEFAULTS.notFoundPage);
    const pageStat = await statOrNull(page);
    if (pageStat?.isFile()) return send(res, method, 404, page, pageStat.size, extraHeaders);
    res.writeHead(404, { ...extraHeaders, 'content-type': 'text/plain; charset=utf-8' });
    res.end(`404: not found (and the site has no ${DEFAULTS.notFoundPage})\n`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const method = req.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' });
      return void res.end();
    }
    const url = new URL(req.url ?? '/', 'http://site.invalid');
    const extraHeaders = { ...fixedHeaders, ...headersFor(rules, url.pathname) };
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return notFound(res, method, extraHeaders);
    }
    // Resolve against the root and refuse anything that lands outside it (`/../`, encoded or not).
    const file = path.resolve(root, `.${path.posix.normalize(pathname)}`);
    if (file !== root && !file.startsWith(root + path.sep)) return notFound(res, method, extraHeaders);
    if (pathname.includes('\0')) return notFound(res, method, extraHeaders);

    const found = await statOrNull(file);
    if (found?.isDirectory()) {
      if (!url.pathname.endsWith('/')) {
        res.writeHead(301, { ...extraHeaders, location: `${url.pathname}/${url.search}` });
        return void res.end();
      }
      const index = path.join(file, DEFAULTS.indexFile);
      const indexStat = await statOrNull(index);
      if (indexStat?.isFile()) return send(res, method, 200, index, indexStat.size, extraHeaders);
      return notFound(res, method, extraHeaders);
    }
    if (found?.isFile()) return send(res, method, 200, file, found.size, extraHeaders);
    return notFound(res, method, extraHeaders);
  }

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
