// `npm run serve:dist` serves the built site as a static host would: dist/_headers applied per path, folders
// answered with their index.html, anything missing with the site's 404 page, the whole site under the path of
// `url` in content/site.json. The dist/ here is written by hand (a few files and the real _headers): what is
// checked is the server, not the build.
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHeadersFile } from '../../src/eleventy/security-headers.ts';
import { startStaticServer } from '../../scripts/lib/static-server.ts';
import { renderHeadersFile } from '../../src/eleventy/security-headers.ts';
import { copyProject, runScript, spawnScript } from '../helpers/project-copy.ts';
import { rawGet } from '../helpers/raw-get.ts';
import { removeDir } from '../helpers/remove-dir.ts';
import { tempDir } from '../helpers/temp-dir.ts';

let project = '';
beforeAll(() => {
  project = copyProject();
});
afterAll(() => removeDir(project));

const CSS = 'assets/site.0123abcd.css';

/** A small built site in the copy's dist/: a home page, a stylesheet, the 404 page and the real _headers. */
function writeDist(): void {
  const dist = path.join(project, 'dist');
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<html><h1>home</h1></html>');
  writeFileSync(path.join(dist, '404.html'), '<html><h1>not here</h1></html>');
  writeFileSync(path.join(dist, CSS), 'body{}');
  writeFileSync(path.join(dist, '_headers'), renderHeadersFile());
}

function setSiteUrl(url: string): void {
  const file = path.join(project, 'content/site.json');
  writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), url }));
}

/** Starts the command and resolves with its first line once it listens; stopped after `use`. */
async function serving<T>(env: Record<string, string>, use: (line: string) => Promise<T>): Promise<T> {
  const child = spawnScript(project, 'serve-dist.ts', env);
  try {
    const line = await new Promise<string>((resolve, reject) => {
      let output = '';
      let errors = '';
      child.stdout.on('data', (d: Buffer) => {
        output += d;
        if (output.includes('\n')) resolve(output.split('\n')[0]!);
      });
      child.stderr.on('data', (d: Buffer) => (errors += d));
      child.on('close', (code) => reject(new Error(`serve:dist ended (${code}): ${errors}`)));
    });
    return await use(line);
  } finally {
    child.kill('SIGTERM');
  }
}

const get = (base: string, rawPath: string) => rawGet(base, rawPath);

describe('parseHeadersFile', () => {
  it('reads path lines and their indented headers, skipping comments and blank lines', () => {
    const text =
      '# comment\n/*\n  X-Frame-Options: DENY\n  Referrer-Policy: no-referrer\n\n/assets/*\n  Cache-Control: public, max-age=60\n';
    expect(parseHeadersFile(text)).toEqual([
      { pattern: '/*', headers: { 'X-Frame-Options': 'DENY', 'Referrer-Policy': 'no-referrer' } },
      { pattern: '/assets/*', headers: { 'Cache-Control': 'public, max-age=60' } },
    ]);
  });
});

describe('npm run serve:dist', () => {
  it('prints its usage for --help and ends, and names an unknown option in one line', async () => {
    const help = await runScript(project, 'serve-dist.ts', {}, ['--help']).done;
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run serve:dist\n/);
    expect(help.stdout).toContain('PORT');
    const unknown = await runScript(project, 'serve-dist.ts', {}, ['--port=1']).done;
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^serve:dist: Unknown option '--port'.*\(see --help\)$/),
    ]);
  });

  it('says in one line that there is nothing to serve before a build', async () => {
    rmSync(path.join(project, 'dist'), { recursive: true, force: true });
    const run = await runScript(project, 'serve-dist.ts', {}).done;
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      `serve:dist: ${path.join(project, 'dist')} holds no built site; run npm run build first`,
    );
  });

  it('serves dist/ with its _headers: the security headers everywhere, the long cache on /assets/ only', async () => {
    writeDist();
    setSiteUrl('https://horoscopes.example.com');
    await serving({ PORT: '0' }, async (line) => {
      const base = /at (http:\/\/127\.0\.0\.1:\d+)\/ with the 11 rules of dist\/_headers/.exec(line)![1]!;
      const home = await get(base, '/');
      expect(home.status).toBe(200);
      expect(home.headers['content-security-policy']).toContain("default-src 'self'");
      expect(home.headers['x-frame-options']).toBe('DENY');
      expect(home.headers['cache-control']).toBeUndefined();
      const asset = await get(base, `/${CSS}`);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.headers['x-frame-options']).toBe('DENY');
      const missing = await get(base, '/no-such-page/');
      expect(missing).toMatchObject({ status: 404, body: '<html><h1>not here</h1></html>' });
    });
  });

  it("serves the site under the path of site.json's url, redirecting / there, _headers read below it", async () => {
    writeDist();
    setSiteUrl('https://example.github.io/horoscopes/');
    await serving({ PORT: '0' }, async (line) => {
      const base = /at (http:\/\/127\.0\.0\.1:\d+)\/horoscopes\/ with/.exec(line)![1]!;
      expect(await get(base, '/')).toMatchObject({ status: 302, headers: { location: '/horoscopes/' } });
      expect(await get(base, '/horoscopes')).toMatchObject({ status: 302, headers: { location: '/horoscopes/' } });
      expect(await get(base, '/horoscopes/')).toMatchObject({ status: 200, body: '<html><h1>home</h1></html>' });
      const asset = await get(base, `/horoscopes/${CSS}`);
      expect(asset).toMatchObject({ status: 200, body: 'body{}' });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // Outside the prefix there is no site.
      expect((await get(base, `/${CSS}`)).status).toBe(404);
    });
  });

  it('takes the next free port when the one asked for is busy, and says so', async () => {
    writeDist();
    setSiteUrl('https://horoscopes.example.com');
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const { port } = busy.address() as AddressInfo;
    try {
      await serving({ PORT: String(port) }, async (line) => {
        const match = /at http:\/\/127\.0\.0\.1:(\d+)\/ \(port (\d+) was in use\) with/.exec(line);
        expect(match, line).not.toBeNull();
        expect(match![2]).toBe(String(port));
        expect(Number(match![1])).toBeGreaterThan(port);
        expect((await get(`http://127.0.0.1:${match![1]}`, '/')).status).toBe(200);
      });
    } finally {
      busy.close();
    }
  });
});

describe('startStaticServer and symbolic links', () => {
  it('serves only regular files inside the site folder, wherever a link points', async () => {
    const work = tempDir('serve-dist-links-');
    const site = path.join(work, 'site');
    mkdirSync(path.join(site, 'leo'), { recursive: true });
    mkdirSync(path.join(work, 'outside'));
    writeFileSync(path.join(site, 'index.html'), '<h1>home</h1>');
    writeFileSync(path.join(site, '404.html'), '<h1>not here</h1>');
    writeFileSync(path.join(work, 'secret.txt'), 'outside the site');
    writeFileSync(path.join(work, 'outside', 'index.html'), 'outside the site');
    symlinkSync(path.join(work, 'secret.txt'), path.join(site, 'secret.txt'));
    symlinkSync(path.join(work, 'outside'), path.join(site, 'elsewhere'));
    symlinkSync('../index.html', path.join(site, 'leo', 'home.html'));
    const server = await startStaticServer(site);
    try {
      for (const attempt of ['/secret.txt', '/elsewhere/', '/elsewhere/index.html']) {
        expect(await get(server.url, attempt), attempt).toMatchObject({ status: 404, body: '<h1>not here</h1>' });
      }
      // A link that stays inside the folder is an ordinary file of the site.
      expect(await get(server.url, '/leo/home.html')).toMatchObject({ status: 200, body: '<h1>home</h1>' });
    } finally {
      await server.close();
    }
  });
});

describe("startStaticServer and each language's 404 page", () => {
  it('answers a missing address with the nearest 404.html, as Cloudflare Pages does, under the path too', async () => {
    const site = tempDir('serve-dist-404-');
    mkdirSync(path.join(site, 'es', 'leo'), { recursive: true });
    writeFileSync(path.join(site, '404.html'), '<h1>not here</h1>');
    writeFileSync(path.join(site, 'es', '404.html'), '<h1>no está</h1>');
    writeFileSync(path.join(site, 'es', 'index.html'), '<h1>inicio</h1>');
    for (const pathPrefix of ['/', '/horoscopes/']) {
      const server = await startStaticServer(site, { pathPrefix });
      try {
        for (const missing of ['es/nope/', 'es/leo/nope.html', 'es/leo/', 'es/missing/deeper/']) {
          expect(await get(server.url, `${pathPrefix}${missing}`), missing).toMatchObject({
            status: 404,
            body: '<h1>no está</h1>',
          });
        }
        for (const missing of ['nope/', 'esp/', 'leo/es/']) {
          expect(await get(server.url, `${pathPrefix}${missing}`), missing).toMatchObject({
            status: 404,
            body: '<h1>not here</h1>',
          });
        }
        expect(await get(server.url, `${pathPrefix}es/`)).toMatchObject({ status: 200, body: '<h1>inicio</h1>' });
      } finally {
        await server.close();
      }
    }
  });
});
