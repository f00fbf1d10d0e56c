// `npm run build` as a site owner runs it: a child process in a project folder, judged by its exit code,
// its output and what it leaves in dist/.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSampleService, type SampleService } from '../../src/sample-service/server.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import { snapshot } from '../helpers/files.ts';
import { CURRENT_PERIODS, copyProject, runScript, type ScriptRun } from '../helpers/project-copy.ts';
import { buildProject } from '../helpers/build-project.ts';
import { removeDir } from '../helpers/remove-dir.ts';

let project: string;

beforeAll(() => {
  project = copyProject({ periods: CURRENT_PERIODS });
});
afterAll(() => removeDir(project));

/** `npm run build` in the copy: no ASTRO_* setting of the machine leaks in (commandEnv). */
function runBuildCommand(env: Record<string, string>): Promise<ScriptRun> {
  return runScript(project, 'build.ts', { ASTRO_BUILD_DATE: '2026-11-22', ...env }).done;
}

describe('npm run build', () => {
  it('builds from the embedded sample service with no configuration, and says so', async () => {
    const run = await runBuildCommand({});
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/embedded sample service/);
    expect(run.stdout).toMatch(/Build summary: \d+ pages/);
    expect(existsSync(path.join(project, 'dist/weekly/2026-w47/aries/index.html'))).toBe(true);
    expect(existsSync(path.join(project, 'dist/charts/index.html'))).toBe(true);
    // No spinner noise without a terminal: plain lines only.
    expect(run.stderr).not.toContain('\r');
    // No X account named in site.json: no twitter:site.
    expect(readFileSync(path.join(project, 'dist/index.html'), 'utf8')).not.toContain('twitter:site');
  });

  it("names the site's X account on every page when site.json gives one", async () => {
    const siteFile = path.join(project, 'content/site.json');
    const original = readFileSync(siteFile, 'utf8');
    writeFileSync(siteFile, JSON.stringify({ ...JSON.parse(original), twitter: 'starlight_news' }));
    try {
      // What the pages say, not the command's: in the test's process.
      const run = await buildProject(project, { ASTRO_BUILD_DATE: '2026-11-22' }, { searchIndex: false });
      expect(run.error).toBeUndefined();
      for (const page of [
        'index.html',
        'weekly/2026-w47/aries/index.html',
        'charts/frida-kahlo/index.html',
        '404.html',
      ]) {
        expect(readFileSync(path.join(project, 'dist', page), 'utf8'), page).toContain(
          '<meta name="twitter:site" content="@starlight_news">',
        );
      }
    } finally {
      writeFileSync(siteFile, original);
    }
  });

  it('ends once the site is published, and the replaced output is still removed after it has exited', async () => {
    // The old dist/ is removed by a detached process that must outlive the build.
    await runBuildCommand({});
    const run = await runBuildCommand({});
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Build summary: \d+ pages/);
    const leftovers = () => readdirSync(project).filter((name) => name.startsWith('.dist-build-'));
    for (let waited = 0; leftovers().length > 0 && waited < 300_000; waited += 100)
      await new Promise((r) => setTimeout(r, 100));
    expect(leftovers()).toEqual([]);
    expect(existsSync(path.join(project, 'dist/index.html'))).toBe(true);
  });

  describe('failures', () => {
    let service: SampleService;
    let published: Record<string, string>;

    beforeAll(async () => {
      service = await startSampleService({ username: 'owner', password: 'hunter2-secret' });
      rmSync(path.join(project, 'dist'), { recursive: true, force: true });
      mkdirSync(path.join(project, 'dist'));
      writeFileSync(path.join(project, 'dist', 'index.html'), 'the published site');
      published = snapshot(path.join(project, 'dist'));
    });
    afterAll(() => service.close());

    const env = () => ({
      ASTRO_API_URL: service.url,
      ASTRO_API_USERNAME: 'owner',
      ASTRO_API_PASSWORD: 'hunter2-secret',
    });

    it('exits non-zero with one line naming endpoint, period and status, and leaves dist/ as it was', async () => {
      service.setFaults({ rules: [{ path: '/api/monthly-reports', status: 503 }] });
      const run = await runBuildCommand(env());
      service.setFaults({});
      expect(run.code).toBe(1);
      const line = run.stderr.split('\n').find((l) => l.startsWith('Build failed:'));
      expect(line).toMatch(/\/api\/monthly-reports/);
      expect(line).toMatch(/monthly 2026-\d\d/);
      expect(line).toMatch(/503/);
      expect(snapshot(path.join(project, 'dist'))).toEqual(published);
      expect(run.stdout + run.stderr).not.toContain('hunter2-secret');
    });

    it('fails fast on bad credentials', async () => {
      service.resetLog();
      const run = await runBuildCommand({ ...env(), ASTRO_API_PASSWORD: 'wrong-secret' });
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/Build failed: .*authentication failed/i);
      expect(run.stdout + run.stderr).not.toContain('wrong-secret');
      expect(service.log.filter((e) => e.path === '/api/auth')).toHaveLength(1);
      expect(snapshot(path.join(project, 'dist'))).toEqual(published);
    });

    it('says in one line, the same every run, that a service it cannot reach could not be signed in to', async () => {
      const port = await freePort(); // nothing listens there
      const lines = [];
      for (let run = 0; run < 2; run++) {
        const result = await runBuildCommand({ ...env(), ASTRO_API_URL: `http://127.0.0.1:${port}` });
        expect(result.code).toBe(1);
        lines.push(result.stderr.split('\n').find((l) => l.startsWith('Build failed:')));
        // No failed period is counted as fetched.
        expect(result.stderr).toContain('Fetching reports: 0/4 periods, 4 failed');
        expect(result.stderr).not.toMatch(/[1-9]\d*\/4 periods/);
      }
      const expected = `Build failed: the service at http://127.0.0.1:${port} could not be signed in to: /api/auth: request to http://127.0.0.1:${port} failed (ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:${port}) after 4 attempts`;
      expect(lines).toEqual([expected, expected]);
      expect(snapshot(path.join(project, 'dist'))).toEqual(published);
    });

    it('stops at a bad setting before any request, naming it', async () => {
      service.resetLog();
      const run = await runBuildCommand({ ...env(), ASTRO_BUILD_DATE: '2026-13-01' });
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/Build failed: ASTRO_BUILD_DATE: "2026-13-01"/);
      expect(service.log).toHaveLength(0);
    });

    it("stops before any request when the site's language has no message file, naming the file and those there are", async () => {
      service.resetLog();
      const siteFile = path.join(project, 'content/site.json');
      const original = readFileSync(siteFile, 'utf8');
      writeFileSync(siteFile, JSON.stringify({ ...JSON.parse(original), language: 'nl' }));
      try {
        const run = await runBuildCommand(env());
        expect(run.code).toBe(1);
        expect(run.stderr.split('\n')).toContain(
          'Build failed: content/i18n/nl.json: no message file for the site\'s language "nl" (content/site.json); available: de, en, es, fr, it, pt, pt-BR',
        );
        expect(run.stderr).not.toMatch(/\n\s+at /);
        expect(service.log).toHaveLength(0);
      } finally {
        writeFileSync(siteFile, original);
      }
    });

    it("stops before any request when the owner's content/theme.css is missing, naming it", async () => {
      service.resetLog();
      const theme = path.join(project, 'content/theme.css');
      const original = readFileSync(theme, 'utf8');
      rmSync(theme);
      try {
        const run = await runBuildCommand(env());
        expect(run.code).toBe(1);
        expect(run.stderr.split('\n')).toContain(
          "Build failed: content/theme.css: is missing: it sets the site's colours and fonts (docs/theming.md)",
        );
        expect(run.stderr).not.toMatch(/\n\s+at /);
        expect(service.log).toHaveLength(0);
        expect(snapshot(path.join(project, 'dist'))).toEqual(published);
      } finally {
        writeFileSync(theme, original);
      }
    });

    it('reads .env, with the environment taking precedence', async () => {
      writeFileSync(path.join(project, '.env'), 'ASTRO_CONCURRENCY=0\n');
      const bad = await runBuildCommand(env());
      expect(bad.code).toBe(1);
      expect(bad.stderr).toMatch(/ASTRO_CONCURRENCY: "0"/);
      rmSync(path.join(project, '.env'));
    });
  });

  describe('with a warm cache', () => {
    let service: SampleService;

    beforeAll(async () => {
      service = await startSampleService({ username: 'owner', password: 'warm-secret' });
      const first = await runBuildCommand(warmEnv());
      expect(first.code, first.stderr).toBe(0);
    });
    afterAll(() => service.close());

    const warmEnv = () => ({
      ASTRO_API_URL: service.url,
      ASTRO_API_USERNAME: 'owner',
      ASTRO_API_PASSWORD: 'warm-secret',
    });

    it('fails on a wrong password and publishes nothing stale', async () => {
      const before = snapshot(path.join(project, 'dist'));
      const run = await runBuildCommand({ ...warmEnv(), ASTRO_API_PASSWORD: 'wrong-password' });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        `Build failed: authentication failed for ${service.url}: /api/auth answered 401 Unauthorized (check the username and password)`,
      );
      expect(run.stderr).not.toContain('stale');
      expect(snapshot(path.join(project, 'dist'))).toEqual(before);
    });

    it('fails when the service keeps refusing its token, and publishes nothing stale', async () => {
      const before = snapshot(path.join(project, 'dist'));
      service.setFaults({ rules: [{ path: /^\/api\/(?!auth)/, status: 401 }] });
      const run = await runBuildCommand(warmEnv());
      service.setFaults({});
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/Build failed: .*401/);
      expect(run.stderr).not.toContain('stale');
      expect(snapshot(path.join(project, 'dist'))).toEqual(before);
    });
  });

  describe('--help', () => {
    const ALL_SETTINGS = [
      'ASTRO_API_URL',
      'ASTRO_API_USERNAME',
      'ASTRO_API_PASSWORD',
      'ASTRO_CONCURRENCY',
      'ASTRO_BUILD_DATE',
      'ASTRO_TIMEOUT_MS',
      'ASTRO_OFFLINE',
    ];

    it('npm run build -- --help prints its options and settings and builds nothing', async () => {
      rmSync(path.join(project, 'dist'), { recursive: true, force: true });
      const run = await runScript(project, 'build.ts', {}, ['--help']).done;
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('Usage: npm run build [-- --full]');
      for (const name of ['--full', '--help', ...ALL_SETTINGS]) expect(run.stdout).toContain(name);
      // A site of several languages: each other language's account, named after its tag.
      for (const name of [
        'ASTRO_API_URL_<TAG>',
        'ASTRO_API_USERNAME_<TAG>',
        'ASTRO_API_PASSWORD_<TAG>',
        '_ES',
        '_PT_BR',
      ])
        expect(run.stdout).toContain(name);
      expect(existsSync(path.join(project, 'dist'))).toBe(false);
    });

    it('npm start -- --help prints its options and settings and serves nothing', async () => {
      const run = await runScript(project, 'serve.ts', {}, ['--help']).done;
      expect(run.code).toBe(0);
      for (const name of ['--host', '--help', 'PORT', 'HOST', ...ALL_SETTINGS]) expect(run.stdout).toContain(name);
      expect(existsSync(path.join(project, '.preview'))).toBe(false);
    });

    it('an unknown option is one line naming it, and nothing is built', async () => {
      const run = await runScript(project, 'build.ts', {}, ['--ful']).done;
      expect(run.code).toBe(1);
      expect(run.stderr.split('\n')[0]).toBe("Build failed: Unknown option '--ful' (see --help)");
      expect(existsSync(path.join(project, 'dist'))).toBe(false);
    });
  });
});
