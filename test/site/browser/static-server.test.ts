// The browser tests' static server behaves like a static host: if it did not, the browser tests would pass or
// fail for reasons that have nothing to do with the site.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaticServerError, startStaticServer, type StaticServer } from '../../../scripts/lib/static-server.ts';
import { rawGet } from '../../helpers/raw-get.ts';

let root: string;
let server: StaticServer;

/** A raw request, so that paths like `/../` reach the server unnormalized (fetch would resolve them first). */
const get = (rawPath: string, method = 'GET') => rawGet(server.url, rawPath, method);

beforeAll(async () => {
  const work = await mkdtemp(path.join(tmpdir(), 'static-server-'));
  root = path.join(work, 'site');
  await mkdir(path.join(root, 'leo'), { recursive: true });
  await mkdir(path.join(root, 'assets'), { recursive: true });
  await mkdir(path.join(root, 'empty'), { recursive: true });
  await writeFile(path.join(root, 'index.html'), '<h1>home</h1>');
  await writeFile(path.join(root, 'leo', 'index.html'), '<h1>leo</h1>');
  await writeFile(path.join(root, 'assets', 'site.css'), 'body{}');
  await writeFile(path.join(root, 'assets', 'icon.svg'), '<svg/>');
  await writeFile(path.join(root, 'sitemap.xml'), '<urlset/>');
  await writeFile(path.join(root, 'sky.ics'), 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
  await writeFile(path.join(root, '404.html'), '<h1>not here</h1>');
  await writeFile(path.join(work, 'secret.txt'), 'outside the site');
  server = await startStaticServer(root, { headers: { 'content-security-policy': "default-src 'self'" } });
});

afterAll(async () => {
  await server?.close();
  await rm(path.dirname(root), { recursive: true, force: true });
});

describe('startStaticServer', () => {
  it('serves a folder URL from its index.html, and redirects a folder URL without its slash', async () => {
    expect(await get('/')).toMatchObject({ status: 200, body: '<h1>home</h1>' });
    expect(await get('/leo/')).toMatchObject({ status: 200, body: '<h1>leo</h1>' });
    const redirect = await get('/leo?x=1');
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe('/leo/?x=1');
  });

  it('labels files with their content type', async () => {
    expect((await get('/')).headers['content-type']).toBe('text/html; charset=utf-8');
    expect((await get('/assets/site.css')).headers['content-type']).toBe('text/css; charset=utf-8');
    expect((await get('/assets/icon.svg')).headers['content-type']).toBe('image/svg+xml');
    expect((await get('/sitemap.xml')).headers['content-type']).toBe('application/xml; charset=utf-8');
    expect((await get('/sky.ics')).headers['content-type']).toBe('text/calendar; charset=utf-8');
  });

  it("answers anything missing with the site's 404.html and status 404", async () => {
    for (const missing of ['/nope/', '/nope', '/assets/missing.css', '/empty/']) {
      const answer = await get(missing);
      expect(answer, missing).toMatchObject({ status: 404, body: '<h1>not here</h1>' });
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    }
  });

  it('never serves a file outside the site folder', async () => {
    for (const attempt of ['/../secret.txt', '/%2e%2e/secret.txt', '/leo/..%2f..%2fsecret.txt', '/%00']) {
      const answer = await get(attempt);
      expect(answer.body, attempt).not.toContain('outside the site');
      expect(answer.status, attempt).toBe(404);
    }
  });

  it('adds the configured headers to every answer, and HEAD has no body', async () => {
    expect((await get('/')).headers['content-security-policy']).toBe("default-src 'self'");
    expect((await get('/nope')).headers['content-security-policy']).toBe("default-src 'self'");
    const head = await get('/leo/', 'HEAD');
    expect(head).toMatchObject({ status: 200, body: '' });
    expect(head.headers['content-length']).toBe(String('<h1>leo</h1>'.length));
  });

  it('refuses a site folder that does not exist, naming it', async () => {
    const missing = path.join(root, 'no-such-dist');
    await expect(startStaticServer(missing)).rejects.toThrow(StaticServerError);
    await expect(startStaticServer(missing)).rejects.toThrow(missing);
  });
});
