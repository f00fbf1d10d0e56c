// Builds that are stopped part-way (Ctrl-C, a cancelled CI job, the OOM killer) or that run two at once: dist/
// stays whole, and no folder is left beside it once the next build has run.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { runScript, useProjectAndService } from '../helpers/project-copy.ts';

const context = useProjectAndService({ username: 'owner', password: 'secret' });

beforeEach(() => {
  context.service.setFaults({});
  rmSync(path.join(context.project, 'dist'), { recursive: true, force: true });
  mkdirSync(path.join(context.project, 'dist'));
  writeFileSync(path.join(context.project, 'dist', 'index.html'), 'the published site');
});

function startBuild() {
  return runScript(context.project, 'build.ts', {
    ASTRO_BUILD_DATE: '2026-11-22',
    ASTRO_API_URL: context.service.url,
    ASTRO_API_USERNAME: 'owner',
    ASTRO_API_PASSWORD: 'secret',
  });
}

const buildFolders = () => readdirSync(context.project).filter((name) => name.startsWith('.dist-build-'));
const stagingFolders = () => buildFolders().filter((name) => !name.endsWith('-previous'));
const publishedHome = () => readFileSync(path.join(context.project, 'dist', 'index.html'), 'utf8');
/** A staging folder into which Eleventy has begun to write (more than the owner mark). */
const rendering = () =>
  stagingFolders().some((name) => {
    try {
      return readdirSync(path.join(context.project, name)).length > 1;
    } catch {
      return false; // swapped in or removed meanwhile
    }
  });

async function until(condition: () => boolean, what: string, timeoutMs = 300_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('an interrupted build', () => {
  it('on Ctrl-C while fetching: says so in one line, exits 130, changes nothing', async () => {
    context.service.setFaults({ rules: [{ path: '/api/monthly-reports', delayMs: 30_000 }] });
    const build = startBuild();
    await until(() => context.service.log.some((e) => e.path === '/api/monthly-reports'), 'a monthly request');
    build.child.kill('SIGINT');
    const { code, stderr } = await build.done;
    expect(code).toBe(130);
    expect(stderr.trim().split('\n').at(-1)).toBe('Build interrupted; dist/ is unchanged.');
    expect(publishedHome()).toBe('the published site');
    expect(buildFolders()).toEqual([]);
  });

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)(
    'on %s while rendering: removes its staging folder, exits %i, changes nothing',
    async (signal, exitCode) => {
      const build = startBuild();
      await until(rendering, 'a render under way');
      build.child.kill(signal);
      const { code, stderr } = await build.done;
      expect(code).toBe(exitCode);
      expect(stderr).toContain('Build interrupted; dist/ is unchanged.');
      expect(publishedHome()).toBe('the published site');
      expect(buildFolders()).toEqual([]);
    },
  );

  it('killed outright while rendering: the next build removes what it left and publishes', async () => {
    const killed = startBuild();
    await until(rendering, 'a render under way');
    killed.child.kill('SIGKILL');
    await killed.done;
    expect(stagingFolders()).toHaveLength(1);
    expect(publishedHome()).toBe('the published site');

    const next = await startBuild().done;
    expect(next.code, next.stderr).toBe(0);
    expect(publishedHome()).not.toBe('the published site');
    await until(() => buildFolders().length === 0, 'the leftovers removed');
  });
});

describe('two builds at once in one checkout', () => {
  it('both succeed, dist/ ends whole, and nothing is left beside it', async () => {
    const [first, second] = await Promise.all([startBuild().done, startBuild().done]);
    expect(first.code, first.stderr).toBe(0);
    expect(second.code, second.stderr).toBe(0);
    for (const page of ['index.html', 'weekly/2026-w47/aries/index.html', 'charts/index.html', 'leo/feed.xml']) {
      expect(existsSync(path.join(context.project, 'dist', page)), page).toBe(true);
    }
    expect(existsSync(path.join(context.project, 'dist', '.build-owner'))).toBe(false);
    await until(() => buildFolders().length === 0, 'the replaced outputs removed');
  });
});
