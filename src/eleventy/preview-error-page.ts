// While an edit is broken, the preview answers every page with the error, so the browser's page says what is
// wrong: Eleventy's dev server only logs build errors in the browser's console (its client, reload-client.js).
// https://www.11ty.dev/docs/dev-server/ (onRequest)
import { escapeHtml } from '../data/sanitize.ts';

/** A page request (not a stylesheet, an image or a feed): what the browser shows as a page. */
export function isPageRequest(url: URL): boolean {
  return url.pathname.endsWith('/') || url.pathname.endsWith('.html');
}

/**
 * The error as a page. It loads the dev server's reload client, so it is replaced by the page as soon as the
 * file is fixed and the preview has rendered again.
 */
export function errorPage(message: string): string {
  const text = escapeHtml(message);
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><title>Preview: an edit needs fixing</title></head>',
    '<body>',
    '<main role="alert">',
    '<h1>The preview could not be rebuilt</h1>',
    `<p><code>${text}</code></p>`,
    '<p>The preview keeps the last good pages and shows them again once the file is fixed.</p>',
    '</main>',
    '<script type="module" src="/.11ty/reload-client.js"></script>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
