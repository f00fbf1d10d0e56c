// `npm start`: the live preview serves the site on localhost and re-renders on content edits from the cache,
// without asking the service again, dating pages from the kept page dates without ever writing them.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cacheNamespace } from '../../src/data/response-cache.ts';
import { startSampleService, type SampleService } from '../../src/sample-service/server.ts';
import { createServer, type AddressInfo } from 'node:net';
import { commandLine } from '../../src/cli/command-line.ts';
import { previewHost } from '../../src/cli/preview/preview-address.ts';
import { CURRENT_PERIODS, copyProject } from '../helpers/project-copy.ts';
import { previewRendered, startScript, type RunningScript } from '../helpers/running-script.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import { removeDir } from '../helpers/remove-dir.ts';

let project: string;
let service: SampleService;
let preview: RunningScript | undefined;

/** `npm start` in the project copy on `port` (a free one by default); resolves with the origin it says it serves. */
async function startPreview(port?: number): Promise<string> {
  preview = startScript(project, 'serve.ts', {
    PORT: String(port ?? (await freePort())),
    ASTRO_BUILD_DATE: '2026-11-22',
    ASTRO_API_URL: service.url,
    ASTRO_API_USERNAME: 'editor',
    ASTRO_API_PASSWORD: 'preview-secret',
  });
  // Printed once the first render is written and the server listens.
  return (await preview.waitFor(/^Preview at (http:\/\/[^/\s]+)\//m))[1]!;
}

/** Makes an edit and waits until the preview has rendered it, its share images copied and the old ones removed. */
async function edit(change: () => void): Promise<void> {
  const from = preview!.output.length;
  change();
  await previewRendered(preview!, from);
}

async function page(url: string): Promise<string> {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  return response.text();
}

beforeAll(async () => {
  project = copyProject({ periods: CURRENT_PERIODS });
  service = await startSampleService({ username: 'editor', password: 'preview-secret' });
});
// Each test starts its own preview; it is gone (exited, not just signalled) before the next one or the clean-up.
afterEach(() => preview?.stop());
afterAll(async () => {
  await service.close();
  await removeDir(project);
});

describe('npm start', () => {
  it('serves the preview, and re-renders an edited page from the cache without new requests', async () => {
    const base = await startPreview();
    expect(await page(`${base}/weekly/2026-w47/leo/`)).toContain('Leo');
    const requestsAfterStart = service.log.length;
    expect(requestsAfterStart).toBeGreaterThan(0);
    // The preview never writes the published folder.
    expect(existsSync(path.join(project, 'dist'))).toBe(false);
    // Without site.json's chartForm, no Worker starts.
    expect(preview!.output).not.toContain('Chart form:');

    // An editor changes the about page: the preview shows it, from the same data.
    const about = path.join(project, 'content/pages/about.md');
    await edit(() => writeFileSync(about, `${readFileSync(about, 'utf8')}\n\nA sentence added while previewing.\n`));
    const edited = await page(`${base}/about/`);
    expect(edited).toContain('A sentence added while previewing.');
    expect(service.log.length).toBe(requestsAfterStart);

    // The page's share image is served; a new site title gives new images in place of the old ones.
    const imagePath = (html: string) =>
      new URL(/<meta property="og:image" content="([^"]+)">/.exec(html)![1]!).pathname;
    const status = async (url: string) => (await fetch(`${base}${url}`)).status;
    expect(await status(imagePath(edited))).toBe(200);
    const siteJson = path.join(project, 'content/site.json');
    await edit(() =>
      writeFileSync(
        siteJson,
        readFileSync(siteJson, 'utf8').replace('"Starlight Horoscopes"', '"Moonlight Horoscopes"'),
      ),
    );
    const retitled = await page(`${base}/about/`);
    expect(retitled).toContain('Moonlight Horoscopes');
    expect(imagePath(retitled)).not.toBe(imagePath(edited));
    expect(await status(imagePath(retitled))).toBe(200);
    expect(await status(imagePath(edited))).toBe(404);
  });

  it('keeps serving from the cache while the service answers garbage', async () => {
    // The first test filled the cache; now every report answer is truncated JSON.
    service.setFaults({ rules: [{ path: /-reports$/, body: '{"reports": [' }] });
    const base = await startPreview();
    expect(await page(`${base}/monthly/2026-11/leo/`)).toContain('<main');
    expect(preview!.child.exitCode).toBeNull();
    service.setFaults({});
  });

  it('leaves out a period it cannot get, says so, and keeps running', async () => {
    for (const dir of ['.cache', '.preview']) rmSync(path.join(project, dir), { recursive: true, force: true });
    service.setFaults({ rules: [{ path: '/api/monthly-reports', status: 503 }] });
    const base = await startPreview();
    expect(await page(`${base}/weekly/2026-w47/leo/`)).toContain('<main');
    expect(preview!.output).toMatch(
      /warning: monthly 2026-11 is left out of the preview: \/api\/monthly-reports answered 503/,
    );
    expect((await fetch(`${base}/monthly/2026-11/leo/`)).status).toBe(404);
    expect(preview!.child.exitCode).toBeNull();
    service.setFaults({});
  });

  it('dates pages from the kept page dates, and never writes them: a preview publishes nothing', async () => {
    // Leo's week 47 as an earlier build recorded it: first published on the 17th, with another text (hash).
    const file = path.join(project, '.cache', cacheNamespace(service.url), 'page-dates.json');
    mkdirSync(path.dirname(file), { recursive: true });
    const history = `${JSON.stringify({ '/weekly/2026-w47/leo/': { firstSeen: '2026-11-17', hash: 'another text', changed: '2026-11-17', introHash: 'another intro', introChanged: '2026-11-17' } })}\n`;
    writeFileSync(file, history);
    const base = await startPreview();
    const html = await page(`${base}/weekly/2026-w47/leo/`);
    // Kept: first published on the 17th. The text differs from the recorded one: changed on the preview's day.
    expect(html).toContain('"datePublished":"2026-11-17T00:00:00Z","dateModified":"2026-11-22T00:00:00Z"');
    expect(readFileSync(file, 'utf8')).toBe(history);
  });

  it('listens on this machine only, says where under the path of url, and says so when it takes the next port', async () => {
    // A site published under a path: the preview serves it there, as the host will.
    const siteJson = path.join(project, 'content/site.json');
    writeFileSync(
      siteJson,
      JSON.stringify({ ...JSON.parse(readFileSync(siteJson, 'utf8')), url: 'https://example.github.io/horoscopes/' }),
    );
    // Another program holds the port the preview is asked for.
    const blocker = createServer();
    const port = await new Promise<number>((resolve) =>
      blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as AddressInfo).port)),
    );
    try {
      const base = await startPreview(port);
      // The address the server itself reports: 127.0.0.1, not every interface ('::' or 0.0.0.0). The next free
      // port, which on a shared machine need not be port + 1.
      const said = preview!.output.split('\n').find((line) => line.startsWith('Preview at '));
      const taken = Number(new URL(base).port);
      expect(taken).toBeGreaterThan(port);
      expect(said).toBe(`Preview at http://127.0.0.1:${taken}/horoscopes/ (port ${port} was in use)`);
      expect(await page(`${base}/horoscopes/`)).toContain('<link rel="stylesheet" href="/horoscopes/assets/site.');
      expect(await page(`${base}/horoscopes/leo/`)).toContain(
        '<link rel="canonical" href="https://example.github.io/horoscopes/leo/">',
      );
      const root = await fetch(`${base}/`, { redirect: 'manual' });
      expect(root.headers.get('location')).toBe('/horoscopes/');
    } finally {
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
