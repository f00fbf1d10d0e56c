// The preview (`npm start`) answers with the rules of the `_headers` file it just rendered, as `npm run serve:dist`
// and the hosts that read the file do (scripts/lib/static-server.ts): an editor sees the published site's policy,
// frame rules and CORS. One difference on purpose: no `Cache-Control`, so a browser never shows an answer an edit
// has since replaced. The dev server answers its own files (`/.11ty/reload-client.js`) and the error page of a
// broken edit before this runs. https://www.11ty.dev/docs/dev-server/ (middleware)
import type { IncomingMessage, ServerResponse } from 'node:http';
import { headersFor, type HeaderRule } from './security-headers.ts';

/** Headers a host sends for its own caches, which the preview leaves out. */
const LEFT_OUT: ReadonlySet<string> = new Set(['cache-control']);

/** The headers of `rules` for a request's URL, below the path the site is served under (`_headers` names paths so). */
export function previewHeaders(rules: readonly HeaderRule[], url: string, pathPrefix = '/'): Record<string, string> {
  // The request line's path, without its query: nothing here can throw on a malformed one.
  const pathname = url.split(/[?#]/, 1)[0]!;
  const sitePath = pathname.startsWith(pathPrefix) ? pathname.slice(pathPrefix.length - 1) : pathname;
  return Object.fromEntries(
    Object.entries(headersFor(rules, sitePath)).filter(([name]) => !LEFT_OUT.has(name.toLowerCase())),
  );
}

/** The dev server's middleware: sets the headers of the current `rules` on every answer it passes on. */
export function previewHeadersMiddleware(rules: () => readonly HeaderRule[], pathPrefix = '/') {
  return (request: IncomingMessage, response: ServerResponse, next: () => void): void => {
    for (const [name, value] of Object.entries(previewHeaders(rules(), request.url ?? '/', pathPrefix)))
      response.setHeader(name, value);
    next();
  };
}
