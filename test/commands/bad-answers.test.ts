// The build against a service on a loopback port that answers the current months badly: with a cached copy it
// publishes it and says why in a warning; without one it fails with the one line `npm run build` prints
// (describeFailure) and changes nothing.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FaultRule } from '../../src/sample-service/faults.ts';
import { describeFailure } from '../../src/cli/describe-failure.ts';
import { buildProject, type ProjectBuild } from '../helpers/build-project.ts';
import { CURRENT_PERIODS, useProjectAndService } from '../helpers/project-copy.ts';

const context = useProjectAndService({ username: 'owner', password: 'secret' }, { periods: CURRENT_PERIODS });

const env = () => ({
  ASTRO_BUILD_DATE: '2026-11-22',
  ASTRO_API_URL: context.service.url,
  ASTRO_API_USERNAME: 'owner',
  ASTRO_API_PASSWORD: 'secret',
  ASTRO_TIMEOUT_MS: '300', // a stalled body ends the send within a second or so
});

// No assertion here reads the search index.
const runBuild = (): Promise<ProjectBuild> => buildProject(context.project, env(), { searchIndex: false });

const home = () => readFileSync(path.join(context.project, 'dist', 'index.html'), 'utf8');
const buildFolders = () =>
  readdirSync(context.project).filter((name) => name.startsWith('.dist-build-') && !name.endsWith('-previous'));

const BAD_ANSWERS: [string, FaultRule, RegExp][] = [
  [
    'truncated JSON',
    { body: '{"reports": [{"year": 2026, "mon' },
    /\/api\/monthly-reports: response is not valid JSON/,
  ],
  ['the wrong shape', { body: JSON.stringify({ items: [] }) }, /\/api\/monthly-reports: invalid response: reports/],
  [
    'a stalled body',
    { body: JSON.stringify({ reports: [] }), stall: true },
    /\/api\/monthly-reports: no response within 300 ms/,
  ],
  [
    'an oversized body',
    { body: `{"reports": [${' '.repeat(6 * 1024 * 1024)}]}` },
    /\/api\/monthly-reports: response body exceeds the 5 MiB limit/,
  ],
];

// With a cached copy: one build fills the cache, then each bad answer is met by a build of its own.
describe('with a cached copy', () => {
  beforeAll(async () => {
    context.service.setFaults({});
    expect((await runBuild()).error).toBeUndefined();
  });

  it.each(BAD_ANSWERS)(
    'a current month answered with %s is served from the cached copy, with a warning naming period, endpoint and reason',
    async (_name, rule, reason) => {
      context.service.setFaults({ rules: [{ path: '/api/monthly-reports', ...rule }] });
      const run = await runBuild();
      context.service.setFaults({});
      expect(run.error).toBeUndefined();
      const warning = run.warnings.find((line) => line.startsWith('warning: monthly 2026-11 is stale'));
      expect(warning).toMatch(reason);
      expect(home()).toContain('<html');
    },
  );
});

describe('without a cached copy', () => {
  it.each(BAD_ANSWERS)(
    'a current month answered with %s fails the build in one line, leaving dist/ as it was',
    async (_name, rule, reason) => {
      rmSync(path.join(context.project, '.cache'), { recursive: true, force: true });
      rmSync(path.join(context.project, 'dist'), { recursive: true, force: true });
      mkdirSync(path.join(context.project, 'dist'));
      writeFileSync(path.join(context.project, 'dist', 'index.html'), 'the published site');
      context.service.setFaults({ rules: [{ path: '/api/monthly-reports', ...rule }] });
      const run = await runBuild();
      context.service.setFaults({});
      expect(run.error).toBeDefined();
      const failed = describeFailure(run.error, env());
      expect(failed).toMatch(reason);
      expect(failed).toMatch(/monthly 2026-\d\d/);
      expect(failed).not.toContain('\n');
      expect(failed).not.toMatch(/\bat \S+ \(/); // no stack trace
      expect(home()).toBe('the published site');
      expect(buildFolders()).toEqual([]);
    },
  );
});
