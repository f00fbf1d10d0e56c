// The chart form's Worker bundles offline, as `wrangler deploy` would upload it (a dry run), within the bound of
// docs/performance.md (1 MB compressed; Cloudflare's free plan allows 3 MB), and without undici: its client runs
// on the runtime's fetch, and without the Cache API. https://developers.cloudflare.com/workers/platform/limits/#worker-size
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { commandEnv } from '../helpers/project-copy.ts';
import { removeDir } from '../helpers/remove-dir.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const repo = path.resolve(import.meta.dirname, '../..');
const work = tempDir('astro-worker-bundle-');
afterAll(() => removeDir(work));

describe('the chart form Worker bundle', () => {
  it('builds offline in a dry run, under 1 MB compressed, without undici', () => {
    // Any site will do: the bundle is the Worker's code alone.
    const assets = path.join(work, 'dist');
    mkdirSync(assets);
    writeFileSync(path.join(assets, 'index.html'), '<!doctype html><title>x</title>');
    const outdir = path.join(work, 'bundle');
    // esbuild's metafile names every source the bundle holds. https://esbuild.github.io/api/#metafile
    const metafile = path.join(work, 'bundle-meta.json');
    const result = spawnSync(
      process.execPath,
      [
        path.join(repo, 'node_modules/wrangler/bin/wrangler.js'),
        'deploy',
        '--dry-run',
        '--outdir',
        outdir,
        '--assets',
        assets,
        '--metafile',
        metafile,
      ],
      {
        cwd: repo,
        env: commandEnv({
          CLOUDFLARE_CF_FETCH_ENABLED: 'false',
          WRANGLER_SEND_METRICS: 'false',
          XDG_CONFIG_HOME: path.join(work, 'config'),
        }),
        encoding: 'utf8',
      },
    );
    expect(result.status, result.stderr).toBe(0);
    const code = readdirSync(outdir)
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(path.join(outdir, file)));
    expect(code.length).toBeGreaterThan(0);
    const compressed = gzipSync(Buffer.concat(code)).length;
    expect(compressed).toBeLessThan(1_000_000);
    const text = Buffer.concat(code).toString('utf8');
    const sources = Object.keys(
      (JSON.parse(readFileSync(metafile, 'utf8')) as { inputs: Record<string, unknown> }).inputs,
    );
    expect(sources).toContain('src/worker/index.ts');
    expect(sources.filter((source) => source.includes('node_modules/undici/'))).toEqual([]);
    // The cap and the answers are kept in the form's ledger (a Durable Object): nothing rests on the Cache API, which
    // does nothing on workers.dev and counts per data centre elsewhere. https://developers.cloudflare.com/workers/runtime-apis/cache/
    expect(text).not.toMatch(/\bcaches\s*\.\s*(default|open)\b/);
  });

  it('types its bindings as wrangler.jsonc names them: the file `wrangler types` wrote is of the current bindings', () => {
    // The file holds a hash of the bindings; after changing them, the same command without --check writes it again.
    const args = [
      'types',
      'src/worker/worker-configuration.d.ts',
      '--include-runtime=false',
      '--env-file',
      '/dev/null',
      '--check',
    ];
    const result = spawnSync(process.execPath, [path.join(repo, 'node_modules/wrangler/bin/wrangler.js'), ...args], {
      cwd: repo,
      env: commandEnv({
        CLOUDFLARE_CF_FETCH_ENABLED: 'false',
        WRANGLER_SEND_METRICS: 'false',
        XDG_CONFIG_HOME: path.join(work, 'config'),
      }),
      encoding: 'utf8',
    });
    expect(result.status, `npx wrangler ${args.slice(0, -1).join(' ')}: ${result.stdout}${result.stderr}`).toBe(0);
  });
});
