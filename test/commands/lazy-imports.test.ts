// A build loads only what it uses: resvg when a share image must be drawn, the sample service when no service URL
// is set. A resolve hook (https://nodejs.org/api/module.html#customization-hooks) writes down every module the
// build process loads.
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandEnv, CURRENT_PERIODS, useProjectAndService } from '../helpers/project-copy.ts';

const credentials = { username: 'owner', password: 'lazy-secret' };
const context = useProjectAndService(credentials, { periods: CURRENT_PERIODS });

/** `node scripts/build.ts` in the project; resolves with the loaded modules' URLs that match `watched`. */
async function loadedByBuild(env: Record<string, string>): Promise<string[]> {
  const log = path.join(context.project, 'loaded.txt');
  const hook = path.join(context.project, 'record-loads.mjs');
  rmSync(log, { force: true });
  writeFileSync(
    hook,
    [
      "import { appendFileSync } from 'node:fs';",
      "import { registerHooks } from 'node:module';",
      'registerHooks({ resolve(specifier, context, next) {',
      '  const resolved = next(specifier, context);',
      `  if (/resvg|sample-service/.test(resolved.url)) appendFileSync(${JSON.stringify(log)}, resolved.url + '\\n');`,
      '  return resolved;',
      '} });',
    ].join('\n'),
  );
  const child = spawn(process.execPath, ['--import', hook, path.join('scripts', 'build.ts')], {
    cwd: context.project,
    env: commandEnv({ ASTRO_BUILD_DATE: '2026-11-22', ...env }),
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d));
  const code = await new Promise((resolve) => child.on('close', resolve));
  expect(code, stderr).toBe(0);
  let lines: string[] = [];
  try {
    lines = readFileSync(log, 'utf8').split('\n').filter(Boolean);
  } catch {
    // nothing matched
  }
  // resvg's package.json gives its version to the images' hash: reading it loads none of resvg.
  return lines
    .filter((url) => !url.endsWith('/package.json'))
    .map((url) => (url.includes('resvg') ? 'resvg' : 'sample-service'));
}

describe('what a build loads', () => {
  it('draws share images with resvg only when one is missing, and never imports the sample service for a real service', async () => {
    // A cache of its own, without the run's shared share images: the first build must draw them.
    rmSync(path.join(context.project, '.cache'), { recursive: true, force: true });
    const service = {
      ASTRO_API_URL: context.service.url,
      ASTRO_API_USERNAME: credentials.username,
      ASTRO_API_PASSWORD: credentials.password,
    };
    expect(new Set(await loadedByBuild(service))).toEqual(new Set(['resvg']));
    expect(await loadedByBuild(service)).toEqual([]);
    // Without a service URL the build starts the embedded sample service.
    expect(new Set(await loadedByBuild({}))).toEqual(new Set(['sample-service']));
  });
});
