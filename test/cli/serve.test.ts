// `npm start`: the live preview serves the site on localhost and re-renders on content edits from the cache,
// without asking the service again, dating pages from the kept page dates without ever writing them.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheNamespace } from '../../src/data/response-cache.ts';
import { startSampleService, type SampleService } from '../../src/sample-service/server.ts';
import { createServer, type AddressInfo } from 'node:net';
import { commandLine } from '../../src/cli/command-line.ts';
import { previewHost } from '../../src/cli/preview-address.ts';
import { copyProject, spawnScript } from '../helpers/project-copy.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import { removeDir } from '../helpers/remove-dir.ts';

let project: string;
let service: SampleService;
let child: ChildProcessWithoutNullStreams | undefined;
let output = '';


async function poll<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const value = await fn().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}; preview output:\n${output}`);
}

async function page(url: string): Promise<string | undefined> {
  const response = await fetch(url);
  return response.ok ? response.text() : undefined;
}

/** `npm start` in the project copy on a free port, its output collected; resolves with the port. */
async function startPreview(): Promise<number> {
  const port = await freePort();
  output = '';
  child = spawnScript(project, 'serve.ts', {
    PORT: String(port),
    ASTRO_BUILD_DATE: '2026-11-22',
    ASTRO_API_URL: service.url,
    ASTRO_API_USERNAME: 'editor',
    ASTRO_API_PASSWORD: 'preview-secret',
  });
  child.stdout.on('data', (d: Buffer) => (output += d));
  child.stderr.on('data', (d: Buffer) => (output += d));
  return port;
}

beforeAll(async () => {
  project = copyProject();
  service = await startSampleService({ username: 'editor', password: 'preview-secret' });
});
afterAll(async () => {
  child?.kill('SIGTERM');
  await service.close();
  await removeDir(project);
});

describe('npm start', () => {
  it('serves the preview, and re-renders an edited page from the cache without new requests', async () => {
    const port = await startPreview();

    const base = `http://localhost:${port}`;
    const first = await poll('the first render', () => page(`${base}/weekly/2026-w47/leo/`));
    expect(first).toContain('Leo');
    const requestsAfterStart = service.log.length;
    expect(requestsAfterStart).toBeGreaterThan(0);
    // The preview never writes the published folder.
    expect(existsSync(path.join(project, 'dist'))).toBe(false);

    // An editor changes the about page: the preview shows it, from the same data.
    const about = path.join(project, 'content/pages/about.md');
    writeFileSync(about, `${readFileSync(about, 'utf8')}\n\nA sentence added while previewing.\n`);
    const edited = await poll('the edit to show', async () => {
      const html = await page(`${base}/about/`);
      return html?.includes('A sentence added while previewing.') ? html : undefined;
    });
    expect(edited).toContain('A sentence added while previewing.');
    expect(service.log.length).toBe(requestsAfterStart);

    // The page's share image is served; a new site title gives new images in place of the old ones.
    const imagePath = (html: string) => new URL(/<meta property="og:image" content="([^"]+)">/.exec(html)![1]!).pathname;
    // Polled: the pages are written before the images are copied, and the old ones removed, after them.
    const status = (url: string, want: number) =>
      poll(`${url} to answer ${want}`, async () => ((await fetch(`${base}${url}`)).status === want ? want : undefined));
    expect(await status(imagePath(edited), 200)).toBe(200);
    const siteJson = path.join(project, 'content/site.json');
    writeFileSync(siteJson, readFileSync(siteJson, 'utf8').replace('"Starlight Horoscopes"', '"Moonlight Horoscopes"'));
    const retitled = await poll('the new title', async () => {
      const html = await page(`${base}/about/`);
      return html?.includes('Moonlight Horoscopes') ? html : undefined;
    });
    expect(imagePath(retitled)).not.toBe(imagePath(edited));
    expect(await status(imagePath(retitled), 200)).toBe(200);
    expect(await status(imagePath(edited), 404)).toBe(404);
  });

  it('keeps serving from the cache while the service answers garbage', async () => {
    child?.kill('SIGTERM');
    // The first test filled the cache; now every report answer is truncated JSON.
    service.setFaults({ rules: [{ path: /-reports$/, body: '{"reports": [' }] });
    const port = await startPreview();
    const html = await poll('the preview from the cache', () => page(`http://localhost:${port}/monthly/2026-11/leo/`));
    expect(html).toContain('<main');
    expect(child?.exitCode).toBeNull();
    service.setFaults({});
  });

  it('leaves out a period it cannot get, says so, and keeps running', async () => {
    child?.kill('SIGTERM');
    for (const dir of ['.cache', '.preview']) rmSync(path.join(project, dir), { recursive: true, force: true });
    service.setFaults({ rules: [{ path: '/api/monthly-reports', status: 503 }] });
    const port = await startPreview();
    const weekly = await poll('the preview without the months', () => page(`http://localhost:${port}/weekly/2026-w47/leo/`));
    expect(weekly).toContain('<main');
    expect(output).toMatch(/warning: monthly 2026-11 is left out of the preview: \/api\/monthly-reports answered 503/);
    expect((await fetch(`http://localhost:${port}/monthly/2026-11/leo/`)).status).toBe(404);
    expect(child?.exitCode).toBeNull();
    service.setFaults({});
  });

  it('dates pages from the kept page dates, and never writes them: a preview publishes nothing', async () => {
    child?.kill('SIGTERM');
    // Leo's week 47 as an earlier build recorded it: first published on the 17th, with another text (hash).
    const file = path.join(project, '.cache', cacheNamespace(service.url), 'page-dates.json');
    mkdirSync(path.dirname(file), { recursive: true });
    const history = `${JSON.stringify({ '/weekly/2026-w47/leo/': { firstSeen: '2026-11-17', hash: 'another text', changed: '2026-11-17', introHash: 'another intro', introChanged: '2026-11-17' } })}\n`;
    writeFileSync(file, history);
    const port = await startPreview();
    const html = await poll('the first render', () => page(`http://localhost:${port}/weekly/2026-w47/leo/`));
    // Kept: first published on the 17th. The text differs from the recorded one: changed on the preview's day.
    expect(html).toContain('"datePublished":"2026-11-17T00:00:00Z","dateModified":"2026-11-22T00:00:00Z"');
    expect(readFileSync(file, 'utf8')).toBe(history);
  });

  it('listens on this machine only, says where under the path of url, and says so when it takes the next port', async () => {
    child?.kill('SIGTERM');
    // A site published under a path: the preview serves it there, as the host will.
    const siteJson = path.join(project, 'content/site.json');
    writeFileSync(siteJson, JSON.stringify({ ...JSON.parse(readFileSync(siteJson, 'utf8')), url: 'https://example.github.io/horoscopes/' }));
    // Another program holds the port the preview is asked for.
    const blocker = createServer();
    const port = await new Promise<number>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as AddressInfo).port)));
    try {
      output = '';
      child = spawnScript(project, 'serve.ts', { PORT: String(port), ASTRO_BUILD_DATE: '2026-11-22', ASTRO_API_URL: service.url, ASTRO_API_USERNAME: 'editor', ASTRO_API_PASSWORD: 'preview-secret' });
      child.stdout.on('data', (d: Buffer) => (output += d));
      child.stderr.on('data', (d: Buffer) => (output += d));
      const line = await poll('the address line', async () => output.split('\n').find((l) => l.startsWith('Preview at ')));
      // The address the server itself reports: 127.0.0.1, not every interface ('::' or 0.0.0.0).
      expect(line).toBe(`Preview at http://127.0.0.1:${port + 1}/horoscopes/ (port ${port} was in use)`);
      const home = await poll('the first render', () => page(`http://127.0.0.1:${port + 1}/horoscopes/`));
      expect(home).toContain('<link rel="stylesheet" href="/horoscopes/assets/site.');
      const leo = await poll('a sign hub', () => page(`http://127.0.0.1:${port + 1}/horoscopes/leo/`));
      expect(leo).toContain('<link rel="canonical" href="https://example.github.io/horoscopes/leo/">');
      const root = await fetch(`http://127.0.0.1:${port + 1}/`, { redirect: 'manual' });
      expect(root.headers.get('location')).toBe('/horoscopes/');
    } finally {
      child?.kill('SIGTERM');
      blocker.close();
    }
  });
});

describe('previewHost', () => {
  const host = (args: string[], env: NodeJS.ProcessEnv = {}) => previewHost(commandLine('start', args).host, env);
  it('is this machine only by default, every interface with --host alone, the given one with --host ADDRESS or HOST', () => {
    expect(host([])).toBe('127.0.0.1');
    expect(host(['--host'])).toBe('0.0.0.0');
    expect(host(['--host', '192.168.1.20'])).toBe('192.168.1.20');
    expect(host(['--host=::'])).toBe('::');
    expect(host([], { HOST: '0.0.0.0' })).toBe('0.0.0.0');
    expect(host(['--host', '10.0.0.2'], { HOST: '0.0.0.0' })).toBe('10.0.0.2');
  });
});
