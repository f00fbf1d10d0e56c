// Which jobs of rebuild.yml run, for each way a run starts: the changes job's own script, run by bash in a git
// repository of pushes, says what a push changed, and the jobs' `if:` are evaluated as the runner does
// (test/helpers/actions-expression.ts). A push that changes only content/ builds and deploys without the tests; any
// other push runs them first, and failed tests deploy nothing; schedules and manual runs build without them.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { evaluate, runs, type Context } from '../helpers/actions-expression.ts';
import { tempDir } from '../helpers/temp-dir.ts';

interface Step {
  id?: string;
  uses?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}
interface Job {
  needs?: string | string[];
  if?: string;
  outputs?: Record<string, string>;
  steps: Step[];
}
type Result = 'success' | 'failure' | 'skipped';

const workflow = parse(
  readFileSync(path.resolve(import.meta.dirname, '../../.github/workflows/rebuild.yml'), 'utf8'),
) as { jobs: Record<string, Job> };
const changes = workflow.jobs.changes!;
const needsOf = (job: Job) => (job.needs === undefined ? [] : Array.isArray(job.needs) ? job.needs : [job.needs]);
const ANY_STATUS = { success: true, failure: false, cancelled: false };

/** A git repository of the project's shape, and its commits: `commit` writes (or, with null, deletes) files. */
function repository() {
  const dir = tempDir('rebuild-push-');
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: dir,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_NAME: 'Editor',
    GIT_AUTHOR_EMAIL: 'editor@example.com',
    GIT_COMMITTER_NAME: 'Editor',
    GIT_COMMITTER_EMAIL: 'editor@example.com',
  };
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, env, encoding: 'utf8' }).trim();
  git('init', '-q', '-b', 'main');
  const commit = (files: Record<string, string | null>) => {
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      if (text === null) rmSync(path.join(dir, file));
      else writeFileSync(path.join(dir, file), text);
    }
    git('add', '-A');
    git('commit', '-q', '-m', 'a change');
    return git('rev-parse', 'HEAD');
  };
  return { dir, env, commit };
}

/** The changes job's outputs for a push from `before` to `after`: its step run by bash (the runner's `bash -e`). */
function changesOutputs(repo: ReturnType<typeof repository>, before: string, after: string): Record<string, unknown> {
  const github = { event_name: 'push', event: { before }, sha: after };
  const stepId = /steps\.([\w-]+)\.outputs/.exec(JSON.stringify(changes.outputs))![1]!;
  const step = changes.steps.find((candidate) => candidate.id === stepId)!;
  const stepEnv = Object.fromEntries(
    Object.entries(step.env ?? {}).map(([name, value]) => [name, String(evaluate(value, { github }, ANY_STATUS))]),
  );
  const output = path.join(tempDir('github-output-'), 'output');
  writeFileSync(output, '');
  const ran = spawnSync('bash', ['-e', '-c', step.run!], {
    cwd: repo.dir,
    env: { ...repo.env, ...stepEnv, GITHUB_OUTPUT: output },
    encoding: 'utf8',
  });
  expect(ran.status, ran.stderr).toBe(0);
  const steps = {
    [stepId]: {
      outputs: Object.fromEntries(
        readFileSync(output, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => line.split('=', 2)),
      ),
    },
  };
  return Object.fromEntries(
    Object.entries(changes.outputs ?? {}).map(([name, value]) => [name, evaluate(value, { steps }, ANY_STATUS)]),
  );
}

/**
 * How each job ends in a run started by `event`: skipped when its `if:` says so, else as `ends` says (default
 * success), with `outputs` as its outputs.
 */
function jobResults(
  event: string,
  outputs: Record<string, Record<string, unknown>> = {},
  ends: Record<string, Result> = {},
): Record<string, Result> {
  const done: Record<string, { result: Result; outputs: Record<string, unknown> }> = {};
  const pending = Object.entries(workflow.jobs);
  while (pending.length > 0) {
    const next = pending.findIndex(([, job]) => needsOf(job).every((need) => need in done));
    const [name, job] = pending.splice(next, 1)[0]!;
    const needs: Context = Object.fromEntries(needsOf(job).map((need) => [need, done[need]]));
    const results = needsOf(job).map((need) => done[need]!.result);
    const status = {
      success: results.every((result) => result === 'success'),
      failure: results.includes('failure'),
      cancelled: false,
    };
    const result = runs(job.if, { github: { event_name: event }, needs }, status)
      ? (ends[name] ?? 'success')
      : 'skipped';
    done[name] = { result, outputs: result === 'success' ? (outputs[name] ?? {}) : {} };
  }
  return Object.fromEntries(Object.entries(done).map(([name, { result }]) => [name, result]));
}

const CODE = {
  'src/cli/builder/run-build.ts': 'export {};\n',
  'package.json': '{}\n',
  'content/site.json': '{"title": "Stars"}\n',
};

describe('rebuild.yml: which runs wait for the tests', () => {
  it('a push that changes only content/ builds, checks and deploys without the tests', () => {
    const repo = repository();
    const before = repo.commit(CODE);
    repo.commit({ 'content/pages/about.md': '# About\n' });
    const after = repo.commit({
      'content/site.json': '{"title": "Bright stars"}\n',
      'content/overrides/weekly/2026-w47/leo.md': 'A note.\n',
    });
    const outputs = changesOutputs(repo, before, after);
    expect(outputs).toEqual({ code: 'false' });
    expect(jobResults('push', { changes: outputs })).toEqual({
      changes: 'success',
      test: 'skipped',
      build: 'success',
      deploy: 'success',
    });
    // The push's commits may be many: the whole history is there to compare with.
    expect(changes.steps.find((step) => step.uses?.startsWith('actions/checkout@'))?.with?.['fetch-depth']).toBe(0);
  });

  it('a push that changes anything else runs the whole suite first; failed tests build and deploy nothing', () => {
    const pushes: Array<Record<string, string | null>> = [
      { 'src/cli/builder/run-build.ts': 'export const changed = true;\n' },
      { 'content/pages/about.md': '# About\n', 'package.json': '{"private": true}\n' },
      { 'src/cli/builder/run-build.ts': null },
    ];
    for (const files of pushes) {
      const repo = repository();
      const before = repo.commit(CODE);
      const outputs = changesOutputs(repo, before, repo.commit(files));
      expect(outputs, JSON.stringify(files)).toEqual({ code: 'true' });
      expect(jobResults('push', { changes: outputs })).toEqual({
        changes: 'success',
        test: 'success',
        build: 'success',
        deploy: 'success',
      });
      expect(jobResults('push', { changes: outputs }, { test: 'failure' })).toEqual({
        changes: 'success',
        test: 'failure',
        build: 'skipped',
        deploy: 'skipped',
      });
    }
  });

  it('a file moved into content/ counts as a code change', () => {
    const repo = repository();
    const before = repo.commit(CODE);
    const after = repo.commit({ 'src/cli/builder/run-build.ts': null, 'content/run-build.ts': 'export {};\n' });
    expect(changesOutputs(repo, before, after)).toEqual({ code: 'true' });
  });

  it("a push whose earlier commit is unknown (the branch's first push, a force push) counts as a code change", () => {
    const repo = repository();
    const after = repo.commit({ 'content/pages/about.md': '# About\n' });
    for (const before of ['0'.repeat(40), 'f'.repeat(40), ''])
      expect(changesOutputs(repo, before, after), before).toEqual({ code: 'true' });
  });

  it('scheduled and manual runs build and deploy without the tests', () => {
    for (const event of ['schedule', 'workflow_dispatch']) {
      expect(jobResults(event), event).toEqual({
        changes: 'skipped',
        test: 'skipped',
        build: 'success',
        deploy: 'success',
      });
    }
  });

  it('with the Cloudflare secrets, the build job deploys to Cloudflare Workers and the GitHub Pages job is skipped', () => {
    for (const event of ['schedule', 'workflow_dispatch']) {
      expect(jobResults(event, { build: { cloudflare: 'true' } }), event).toEqual({
        changes: 'skipped',
        test: 'skipped',
        build: 'success',
        deploy: 'skipped',
      });
      expect(jobResults(event, { build: { cloudflare: 'false' } }), event).toEqual({
        changes: 'skipped',
        test: 'skipped',
        build: 'success',
        deploy: 'success',
      });
    }
  });

  it('a push whose changes job failed builds and deploys nothing', () => {
    expect(jobResults('push', {}, { changes: 'failure' })).toEqual({
      changes: 'failure',
      test: 'skipped',
      build: 'skipped',
      deploy: 'skipped',
    });
  });
});

describe('the expression reader the tests above rely on', () => {
  const status = { success: false, failure: false, cancelled: false };
  it('reads operators, literals and contexts as the runner does', () => {
    const context = { needs: { test: { result: 'skipped', outputs: {} } }, github: { event_name: 'push' } };
    expect(
      evaluate(
        "${{ !cancelled() && (needs.test.result == 'success' || needs.test.result == 'SKIPPED') }}",
        context,
        status,
      ),
    ).toBe(true);
    expect(evaluate("github.event_name != 'push' || needs.test.outputs.code == 'false'", context, status)).toBe(false);
    expect(runs("github.event_name == 'push'", context, status)).toBe(false); // an implied success() of failed needs
    expect(runs("always() && github.event_name == 'push'", context, status)).toBe(true);
  });
});
