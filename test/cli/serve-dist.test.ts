// `npm run serve:dist` serves the built site as a static host would: dist/_headers applied per path, folders
// answered with their index.html, anything missing with the site's 404 page.
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/free-port.ts';
import { parseHeadersFile } from '../../scripts/lib/static-server.ts';
import { copyProject, runScript, spawnScript } from '../helpers/project-copy.ts';
import { removeDir } from '../helpers/remove-dir.ts';

let project = '';
beforeAll(() => {
  project = copyProject();
});
afterAll(() => removeDir(project));

describe('parseHeadersFile', () => {
  it('reads path lines and their indented headers, skipping comments and blank lines', () => {
    const text = '# comment\n/*\n  X-Frame-Options: DENY\n  Referrer-Policy: no-referrer\n\n/assets/*\n  Cache-Control: public, max-age=60\n';
    expect(parseHeadersFile(text)).toEqual([
      { pattern: '/*', headers: { 'X-Frame-Options': 'DENY', 'Referrer-Policy': 'no-referrer' } },
      { pattern: '/assets/*', headers: { 'Cache-Control': 'public, max-age=60' } },
    ]);
  });
});

describe('npm run serve:dist', () => {
  it('says in one line that there is nothing to serve before a build', async () => {
    rmSync(path.join(project, 'dist'), { recursive: true, force: true });
    const run = await runScript(project, 'serve-dist.ts', {}).done;
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(`serve:dist: ${path.join(project, 'dist')} holds no built site; run npm run build first`);
  });

  it('serves dist/ with its _headers: the security headers everywhere, the long cache on /assets/ only', async () => {
    const build = await runScript(project, 'build.ts', { ASTRO_BUILD_DATE: '2026-11-22' }).done;
    expect(build.code, build.stderr).toBe(0);
    const port = await freePort();
    const child = spawnScript(project, 'serve-dist.ts', { PORT: String(port) });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d));
    try {
      const until = Date.now() + 30_000;
      while (!output.includes('Serving dist/') && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      expect(output).toContain(`Serving dist/ at http://127.0.0.1:${port}/ with the 2 rules of dist/_headers`);
      const base = `http://127.0.0.1:${port}`;
      const home = await fetch(`${base}/`);
      expect(home.status).toBe(200);
      expect(home.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(home.headers.get('x-frame-options')).toBe('DENY');
      expect(home.headers.get('cache-control')).toBeNull();
      const css = readdirSync(path.join(project, 'dist/assets')).find((name) => name.endsWith('.css'))!;
      const asset = await fetch(`${base}/assets/${css}`);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(asset.headers.get('x-frame-options')).toBe('DENY');
      const missing = await fetch(`${base}/no-such-page/`);
      expect(missing.status).toBe(404);
      expect(await missing.text()).toContain('<html');
    } finally {
      child.kill('SIGTERM');
    }
  });
});
