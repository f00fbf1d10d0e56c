// `npm run places -- NAME` (src/cli/places.ts), run as editors run it, in a copy of the project whose site has two
// languages: places have none, so the default language's account alone is asked for.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSampleService, type SampleService } from '../../src/sample-service/server.ts';
import { copyProject, runScript } from '../helpers/project-copy.ts';
import { removeDir } from '../helpers/remove-dir.ts';

let project: string;

/** ASTRO_API_URL is set (empty: unset) so that a developer's .env cannot point the command elsewhere. */
function places(args: readonly string[], env: Record<string, string> = { ASTRO_API_URL: '' }) {
  // https://nodejs.org/api/cli.html#node_disable_compile_cache1
  return runScript(project, 'places.ts', { NODE_DISABLE_COMPILE_CACHE: '1', ...env }, args).done;
}

let service: SampleService;
beforeAll(async () => {
  project = copyProject();
  const siteFile = path.join(project, 'content/site.json');
  const { language: _language, ...site } = JSON.parse(readFileSync(siteFile, 'utf8')) as Record<string, unknown>;
  writeFileSync(siteFile, JSON.stringify({ ...site, languages: ['en', 'es'] }));
  service = await startSampleService({ username: 'editor', password: 'right' });
});
afterAll(async () => {
  await service.close();
  await removeDir(project);
});

describe('npm run places', () => {
  it('lists the places of the embedded sample service with their place_id, in aligned columns', async () => {
    // From src/sample-service/places-data.json: the two Córdobas, Argentina's first (the larger).
    const run = await places(['cordoba']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toBe(
      [
        'Name     Region  Country  Population  place_id',
        'Córdoba  AR.05   AR        1,428,214   3860259',
        'Córdoba  ES.51   ES          328,428   2519240',
        '',
      ].join('\n'),
    );
  });

  it('asks the configured service, and says in one line when nothing matches', async () => {
    const env = { ASTRO_API_URL: service.url, ASTRO_API_USERNAME: 'editor', ASTRO_API_PASSWORD: 'right' };
    const run = await places(['Atlantis'], env);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toBe(`No place matches "Atlantis" in ${service.url}.\n`);
    expect(service.log.some((entry) => entry.path === '/api/places')).toBe(true);
  });

  it('fails in one line on a bad setting or a refused password', async () => {
    const badUrl = await places(['Berlin'], { ASTRO_API_URL: 'api.example.com' });
    expect(badUrl).toMatchObject({ code: 1, stdout: '' });
    expect(badUrl.stderr).toBe(
      'places: ASTRO_API_URL: "api.example.com" is not an absolute URL (for example https://api.example.com)\n',
    );

    const refused = await places(['Berlin'], {
      ASTRO_API_URL: service.url,
      ASTRO_API_USERNAME: 'editor',
      ASTRO_API_PASSWORD: 'wrong',
    });
    expect(refused).toMatchObject({ code: 1, stdout: '' });
    expect(refused.stderr).toBe(
      `places: authentication failed for ${service.url}: /api/auth answered 401 Unauthorized (check the username and password)\n`,
    );
  });

  it('prints its usage with --help, and asks for a name without one', async () => {
    const help = await places(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run places -- NAME\n/);
    const none = await places([]);
    expect(none).toMatchObject({
      code: 1,
      stdout: '',
      stderr: 'places: give a place name to look for, e.g. npm run places -- Berlin\n',
    });
  });
});
