// The GitHub Actions workflows are configuration nobody runs locally; these tests read them as data and check
// the promises docs/deployment.md makes: the schedule, the cache, secrets that never leak, one rebuild at a time,
// and a deployment that only follows a successful, checked build. Owners change the schedule (docs/deployment.md):
// nothing here depends on its times. Which runs wait for the tests: rebuild-pushes.test.ts.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { evaluate, runs } from '../helpers/actions-expression.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const WORKFLOWS_DIR = path.resolve(import.meta.dirname, '../../.github/workflows');
const CREDENTIALS = ['ASTRO_API_URL', 'ASTRO_API_USERNAME', 'ASTRO_API_PASSWORD'];

interface Step {
  name?: string;
  id?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, unknown>;
}
interface Job {
  needs?: string | string[];
  if?: string;
  'runs-on'?: string;
  container?: string | { image: string };
  environment?: string | { name: string; url?: string };
  permissions?: Record<string, string>;
  env?: Record<string, unknown>;
  steps: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  concurrency?: { group: string; 'cancel-in-progress'?: boolean };
  env?: Record<string, unknown>;
  jobs: Record<string, Job>;
}

function readWorkflow(file: string): { text: string; workflow: Workflow } {
  const text = fs.readFileSync(path.join(WORKFLOWS_DIR, file), 'utf8');
  // `on` must stay a string key: YAML 1.2 (the yaml package's default, and GitHub's parser) does not read it
  // as boolean true the way YAML 1.1 would.
  return { text, workflow: parse(text) as Workflow };
}

const allSteps = (workflow: Workflow) => Object.values(workflow.jobs).flatMap((job) => job.steps);
const stepUsing = (job: Job, action: string) => job.steps.find((step) => step.uses?.split('@')[0] === action);
const needsOf = (job: Job) => (job.needs === undefined ? [] : Array.isArray(job.needs) ? job.needs : [job.needs]);

/** Every `env:` block of the workflow, with where it sits. */
function envBlocks(workflow: Workflow): Array<{ where: string; env: Record<string, unknown> }> {
  const blocks: Array<{ where: string; env: Record<string, unknown> }> = [];
  if (workflow.env) blocks.push({ where: 'workflow', env: workflow.env });
  for (const [jobName, job] of Object.entries(workflow.jobs)) {
    if (job.env) blocks.push({ where: `job ${jobName}`, env: job.env });
    job.steps.forEach((step, index) => {
      if (step.env) blocks.push({ where: `job ${jobName} step ${step.name ?? index}`, env: step.env });
    });
  }
  return blocks;
}

/** Fails for any command that could write a credential (or the whole environment) into the public log. */
function leaksSecrets(run: string): string | undefined {
  if (/\$\{\{\s*secrets\./.test(run)) return 'interpolates a secret into the script';
  if (/\$\{?ASTRO_API_/.test(run)) return 'expands an ASTRO_API_* variable';
  if (/\bset\s+-[a-z]*x/.test(run) || /\bset\s+-o\s+xtrace/.test(run)) return 'turns on shell tracing';
  if (/^\s*(printenv|env|export\s+-p|declare\s+-p|set)\s*(\||$)/m.test(run)) return 'dumps the environment';
  return undefined;
}

/** A step's status functions once every step before it succeeded, or once one failed. */
const PASSED = { success: true, failure: false, cancelled: false };
const FAILED = { success: false, failure: true, cancelled: false };
/** The build job's choice without the Cloudflare secrets (its `destination` step). */
const pagesDestination = { destination: { outputs: { cloudflare: 'false' } } };

describe('rebuild.yml (scheduled rebuild and deploy)', () => {
  const { text, workflow } = readWorkflow('rebuild.yml');
  const build = workflow.jobs.build!;
  const deploy = workflow.jobs.deploy!;

  it('runs on a schedule, explains how to change it, and also on push to main and by hand', () => {
    const schedule = workflow.on.schedule as Array<{ cron: string }>;
    expect(schedule.length).toBeGreaterThanOrEqual(1);
    // Whatever the times: five fields each (minute hour day-of-month month day-of-week).
    for (const { cron } of schedule) expect(cron.trim().split(/\s+/), cron).toHaveLength(5);
    expect(text).toMatch(/#.*change.*cron|#.*cron.*change/i);
    expect(workflow.on.push).toEqual({ branches: ['main'] });
    expect('workflow_dispatch' in workflow.on).toBe(true);
    expect('pull_request' in workflow.on).toBe(false); // pull requests must not deploy
  });

  it('uses the Node version from .nvmrc and installs from the lockfile', () => {
    expect(stepUsing(build, 'actions/setup-node')?.with?.['node-version-file']).toBe('.nvmrc');
    const runs = build.steps.map((step) => step.run?.trim());
    const install = runs.indexOf('npm ci');
    const buildStep = runs.indexOf('npm run build');
    expect(install).toBeGreaterThanOrEqual(0);
    expect(buildStep).toBeGreaterThan(install);
  });

  it('restores .cache and dist before the build and saves them under a fresh key that the next run restores', () => {
    const steps = build.steps;
    const restoreIndex = steps.findIndex((step) => /^actions\/cache(\/restore)?$/.test(step.uses?.split('@')[0] ?? ''));
    const buildIndex = steps.findIndex((step) => step.run?.trim() === 'npm run build');
    expect(restoreIndex).toBeGreaterThanOrEqual(0);
    expect(restoreIndex).toBeLessThan(buildIndex);
    const restore = steps[restoreIndex]!;
    // The last published site beside the responses: the next build takes its unchanged pages from it.
    const paths = (value: unknown) =>
      String(value)
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
        .sort();
    expect(paths(restore.with?.path)).toEqual(['.cache', 'dist']);
    const key = String(restore.with?.key);
    // A key that never changes would be restored but never saved again (caches are immutable), so the
    // responses fetched after the first run would be fetched again every day.
    expect(key).toMatch(/\$\{\{\s*github\.run_id\s*\}\}/);
    const prefixes = String(restore.with?.['restore-keys'])
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    expect(prefixes.some((prefix) => key.startsWith(prefix) && prefix.length < key.length)).toBe(true);

    if (restore.uses!.startsWith('actions/cache/restore')) {
      const save = stepUsing(build, 'actions/cache/save');
      expect(save, 'a restore-only cache step needs an actions/cache/save step').toBeDefined();
      expect(steps.indexOf(save!)).toBeGreaterThan(buildIndex);
      expect(paths(save!.with?.path)).toEqual(['.cache', 'dist']);
      expect(save!.with?.key).toBe(key);
      // Saved also after a failed build, so what it did fetch is kept.
      expect(save!.if).toMatch(/always\(\)/);
    }
  });

  it('takes each API credential only from its repository secret, in the build step env', () => {
    const buildStep = build.steps.find((step) => step.run?.trim() === 'npm run build')!;
    for (const name of CREDENTIALS) {
      expect(buildStep.env?.[name], `${name} in the build step`).toBe(`\${{ secrets.${name} }}`);
    }
    for (const { where, env } of envBlocks(workflow)) {
      for (const [name, value] of Object.entries(env)) {
        if (name.startsWith('ASTRO_API_')) {
          expect(value, `${name} in ${where}`).toBe(`\${{ secrets.${name} }}`);
        }
        // A secret's value goes only into the variable of the same name.
        const secret = /^\$\{\{ secrets\.([A-Za-z0-9_]+) \}\}$/.exec(String(value));
        if (secret) expect(name, `${where}`).toBe(secret[1]);
      }
    }
    // Elsewhere a secret may only be tested for presence (a boolean reaches the script, never the value), and
    // only inside an `env:` block: never in `with:`, `if:` or a script.
    const expressions = text.match(/\$\{\{[^}]*secrets\.[^}]*\}\}/g) ?? [];
    const envValues = new Set(envBlocks(workflow).flatMap(({ env }) => Object.values(env)));
    for (const expression of expressions) {
      // The service's account, and the Cloudflare token and account of the optional Workers deployment.
      expect(expression).toMatch(
        /^\$\{\{ secrets\.(ASTRO_API_[A-Z_]+|CLOUDFLARE_API_TOKEN|CLOUDFLARE_ACCOUNT_ID)( != '')? \}\}$/,
      );
      expect(envValues.has(expression), `${expression} outside an env: block`).toBe(true);
    }
  });

  it('refuses to build without the service secrets instead of publishing sample content over the live site', () => {
    const buildIndex = build.steps.findIndex((step) => step.run?.trim() === 'npm run build');
    const guardIndex = build.steps.findIndex((step) =>
      Object.values(step.env ?? {}).includes("${{ secrets.ASTRO_API_URL != '' }}"),
    );
    expect(guardIndex).toBeGreaterThanOrEqual(0);
    expect(guardIndex).toBeLessThan(buildIndex);
    const guard = build.steps[guardIndex]!;
    expect(guard.run).toMatch(/exit 1/);
    expect(guard.if).toBeUndefined();
  });

  it('never echoes, traces or dumps a credential in a run step', () => {
    for (const step of allSteps(workflow)) {
      if (step.run === undefined) continue;
      expect(leaksSecrets(step.run), `step "${step.name ?? step.run}"`).toBeUndefined();
    }
  });

  it('the leak check itself catches the usual mistakes', () => {
    expect(leaksSecrets('echo "$ASTRO_API_PASSWORD"')).toBeDefined();
    expect(leaksSecrets('echo ${{ secrets.ASTRO_API_PASSWORD }}')).toBeDefined();
    expect(leaksSecrets('set -ex\nnpm run build')).toBeDefined();
    expect(leaksSecrets('printenv | sort')).toBeDefined();
    expect(leaksSecrets('env')).toBeDefined();
    expect(leaksSecrets('echo "${ASTRO_API_USERNAME}"')).toBeDefined();
    expect(leaksSecrets('npm run build')).toBeUndefined();
    expect(leaksSecrets('echo "::error::secret ASTRO_API_URL is not set"')).toBeUndefined();
  });

  it('lets only one rebuild run at a time, queueing rather than cancelling a deployment', () => {
    expect(workflow.concurrency?.group).toBeTruthy();
    expect(workflow.concurrency?.group).not.toMatch(/run_id|run_number|sha/); // those would never collide
    expect(workflow.concurrency?.['cancel-in-progress'] ?? false).toBe(false);
  });

  it('asks for exactly the permissions Pages needs', () => {
    expect(workflow.permissions).toEqual({ contents: 'read', pages: 'write', 'id-token': 'write' });
    for (const job of Object.values(workflow.jobs)) expect(job.permissions).toBeUndefined();
  });

  it('uploads dist/ after the build and deploys it to the github-pages environment only when the build job succeeded', () => {
    const upload = stepUsing(build, 'actions/upload-pages-artifact');
    expect(upload?.with?.path).toBe('dist');
    const buildIndex = build.steps.findIndex((step) => step.run?.trim() === 'npm run build');
    expect(build.steps.indexOf(upload!)).toBeGreaterThan(buildIndex);
    // A failed build must stop the upload: no `if: always()`/`failure()` escape hatch on it.
    expect(runs(upload!.if, { steps: pagesDestination }, FAILED)).toBe(false);

    expect(needsOf(deploy)).toContain('build');
    expect(stepUsing(deploy, 'actions/deploy-pages')).toBeDefined();
    const environment = typeof deploy.environment === 'string' ? deploy.environment : deploy.environment?.name;
    expect(environment).toBe('github-pages');
    expect(runs(deploy.if, { needs: { build: { result: 'failure', outputs: {} } } }, FAILED)).toBe(false);
    // Nothing else deploys.
    for (const [name, job] of Object.entries(workflow.jobs)) {
      if (name !== 'deploy') expect(stepUsing(job, 'actions/deploy-pages')).toBeUndefined();
    }
  });

  it('deploys to Cloudflare Workers instead of GitHub Pages once both Cloudflare secrets are set, one alone failing before the build', () => {
    const destination = build.steps.find((step) => step.id === 'destination')!;
    const steps = build.steps.map((step) => step.run?.trim());
    expect(build.steps.indexOf(destination)).toBeLessThan(steps.indexOf('npm run build'));
    // Its script, run by bash as the runner runs it, with what the secrets' presence gives its env.
    const choose = (token: boolean, account: boolean) => {
      expect(destination.env).toEqual({
        HAS_CLOUDFLARE_TOKEN: "${{ secrets.CLOUDFLARE_API_TOKEN != '' }}",
        HAS_CLOUDFLARE_ACCOUNT: "${{ secrets.CLOUDFLARE_ACCOUNT_ID != '' }}",
      });
      const output = path.join(tempDir('github-output-'), 'output');
      fs.writeFileSync(output, '');
      const ran = spawnSync('bash', ['-e', '-c', destination.run!], {
        env: {
          PATH: process.env.PATH ?? '',
          HAS_CLOUDFLARE_TOKEN: String(token),
          HAS_CLOUDFLARE_ACCOUNT: String(account),
          GITHUB_OUTPUT: output,
        },
        encoding: 'utf8',
      });
      return {
        status: ran.status,
        stdout: ran.stdout,
        outputs: Object.fromEntries(
          fs
            .readFileSync(output, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => line.split('=', 2)),
        ),
      };
    };
    expect(choose(false, false)).toMatchObject({ status: 0, outputs: { cloudflare: 'false' } });
    expect(choose(true, true)).toMatchObject({ status: 0, outputs: { cloudflare: 'true' } });
    for (const [token, account] of [
      [true, false],
      [false, true],
    ] as const) {
      const half = choose(token, account);
      expect(half.status).toBe(1);
      expect(half.stdout).toMatch(/^::error::.*CLOUDFLARE_API_TOKEN.*CLOUDFLARE_ACCOUNT_ID/m);
    }
    // Each destination's steps: wrangler deploy or the Pages upload, never both; the job hands the choice on.
    const wrangler = build.steps.find((step) => step.run?.trim() === 'npx wrangler deploy')!;
    const upload = stepUsing(build, 'actions/upload-pages-artifact')!;
    const cloudflare = { destination: { outputs: { cloudflare: 'true' } } };
    expect([runs(wrangler.if, { steps: cloudflare }, PASSED), runs(upload.if, { steps: cloudflare }, PASSED)]).toEqual([
      true,
      false,
    ]);
    expect([
      runs(wrangler.if, { steps: pagesDestination }, PASSED),
      runs(upload.if, { steps: pagesDestination }, PASSED),
    ]).toEqual([false, true]);
    expect(
      evaluate(
        String((build as { outputs?: Record<string, string> }).outputs?.cloudflare),
        { steps: cloudflare },
        PASSED,
      ),
    ).toBe('true');
    // After the build, the check and the weekly comparison, and never after a failed one; with the token and the
    // account in its env alone.
    expect(build.steps.indexOf(wrangler)).toBeGreaterThan(
      Math.max(steps.indexOf('npm run check'), steps.indexOf('npm run check:full-build')),
    );
    expect(runs(wrangler.if, { steps: cloudflare }, FAILED)).toBe(false);
    expect(wrangler.env).toEqual({
      CLOUDFLARE_API_TOKEN: '${{ secrets.CLOUDFLARE_API_TOKEN }}',
      CLOUDFLARE_ACCOUNT_ID: '${{ secrets.CLOUDFLARE_ACCOUNT_ID }}',
      WRANGLER_SEND_METRICS: 'false',
    });
  });

  it('runs the whole suite with Debian Chromium and Java before it builds; failed tests stop the deployment', () => {
    const test = workflow.jobs.test!;
    const image = typeof test.container === 'string' ? test.container : test.container?.image;
    expect(image).toMatch(/^node:24-(bookworm|trixie)$/);
    const runs = test.steps.map((step) => step.run?.trim() ?? '');
    const chromium = runs.findIndex((run) => /apt-get install\b[^\n]*\bchromium\b/.test(run));
    const java = runs.findIndex((run) => /apt-get install\b[^\n]*\bdefault-jre-headless\b/.test(run));
    const install = runs.indexOf('npm ci');
    const suite = runs.indexOf('npm test');
    expect(chromium).toBeGreaterThanOrEqual(0);
    expect(java).toBeGreaterThanOrEqual(0);
    expect(install).toBeGreaterThanOrEqual(0);
    expect(suite).toBeGreaterThan(Math.max(chromium, java, install));
    expect(stepUsing(test, 'actions/setup-node')?.with?.['node-version-file']).toBe('.nvmrc');
    // The tests see no credential.
    expect(JSON.stringify(test)).not.toMatch(/secrets\./);
    // The build waits for the tests, never running after a failure: a job whose needs failed is skipped unless its
    // `if` says otherwise, and this one must not (rebuild-pushes.test.ts evaluates it for each kind of run).
    expect(needsOf(build)).toContain('test');
    const condition = String((build as { if?: string }).if).replace(/\s+/g, ' ');
    expect(condition).not.toMatch(/always\(\)|failure\(\)|'failure'/);
    expect(needsOf(deploy)).toContain('build');
  });

  it('checks what the build wrote before the upload: a problem fails the job and deploys nothing', () => {
    const runs = build.steps.map((step) => step.run?.trim());
    const buildIndex = runs.indexOf('npm run build');
    const checkIndex = runs.indexOf('npm run check');
    const upload = build.steps.indexOf(stepUsing(build, 'actions/upload-pages-artifact')!);
    expect(checkIndex).toBeGreaterThan(buildIndex);
    expect(checkIndex).toBeLessThan(upload);
    // On every run, with no way around it; it needs no credential.
    expect(build.steps[checkIndex]!.if).toBeUndefined();
    expect(build.steps[checkIndex]!.env).toBeUndefined();
    const scripts = (
      JSON.parse(fs.readFileSync(path.join(WORKFLOWS_DIR, '../../package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    expect(scripts.check).toBe('node scripts/check.ts');
  });

  it('on a schedule entry of its own, compares the build with a --full build of the same day, failing before the upload', () => {
    const schedule = (workflow.on.schedule as Array<{ cron: string }>).map(({ cron }) => cron.trim());
    const runs = build.steps.map((step) => step.run?.trim());
    const buildIndex = runs.indexOf('npm run build');
    const checkIndex = runs.indexOf('npm run check:full-build');
    const upload = build.steps.indexOf(stepUsing(build, 'actions/upload-pages-artifact')!);
    expect(checkIndex).toBeGreaterThan(buildIndex);
    expect(checkIndex).toBeLessThan(upload);
    // On one of the schedule's entries, whichever the owner chose: the step names it exactly.
    const check = build.steps[checkIndex]!;
    const named = /^github\.event\.schedule == '([^']+)'$/.exec(String(check.if).trim());
    expect(named, `the check's if: ${check.if}`).not.toBeNull();
    expect(schedule).toContain(named![1]);
    // Offline, the service's URL names the cache's folder the build read.
    expect(check.env?.ASTRO_API_URL).toBe('${{ secrets.ASTRO_API_URL }}');
    // The two builds are of one day: the date is fixed before the build, for every step after it.
    const dateIndex = runs.findIndex((run) =>
      /ASTRO_BUILD_DATE=\$\(date -u \+%F\)"? >> "?\$GITHUB_ENV/.test(run ?? ''),
    );
    expect(dateIndex).toBeGreaterThanOrEqual(0);
    expect(dateIndex).toBeLessThan(buildIndex);
  });

  it('the check builds with --full, offline, in a copy, compares it with dist/ and reports a difference in the summary', () => {
    const scripts = (
      JSON.parse(fs.readFileSync(path.join(WORKFLOWS_DIR, '../../package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    expect(scripts['check:full-build']).toBe('bash scripts/check-full-build.sh');
    const script = fs.readFileSync(path.join(WORKFLOWS_DIR, '../../scripts/check-full-build.sh'), 'utf8');
    const lines = script.split('\n').filter((line) => !line.trim().startsWith('#'));
    const code = lines.join('\n');
    expect(code).toMatch(/set -euo pipefail/);
    expect(code).toMatch(/cd "\$copy" && ASTRO_OFFLINE=1 GITHUB_STEP_SUMMARY='' npm run --silent build -- --full/);
    expect(code).toMatch(/diff -rq dist "\$copy\/dist"/);
    expect(code).toMatch(/>>"\$GITHUB_STEP_SUMMARY"/);
    expect(code.trim().endsWith('exit 1')).toBe(true);
  });

  it('pins every action to a major version', () => {
    for (const step of allSteps(workflow)) {
      if (step.uses) expect(step.uses).toMatch(/^[\w.-]+\/[\w./-]+@v\d+$|@[0-9a-f]{40}$/);
    }
  });
});

describe('test.yml (pull requests)', () => {
  const { workflow } = readWorkflow('test.yml');
  const jobs = Object.values(workflow.jobs);

  it('runs on pull requests with read-only access and no secrets', () => {
    expect('pull_request' in workflow.on).toBe(true);
    expect(workflow.permissions).toEqual({ contents: 'read' });
    expect(JSON.stringify(workflow)).not.toMatch(/secrets\./);
  });

  it('installs from the lockfile with the .nvmrc Node version and runs the whole suite', () => {
    const job = jobs[0]!;
    expect(stepUsing(job, 'actions/setup-node')?.with?.['node-version-file']).toBe('.nvmrc');
    const runs = job.steps.map((step) => step.run?.trim() ?? '');
    const install = runs.findIndex((run) => /(^|\n|&&\s*)npm ci\b/.test(run));
    const test = runs.findIndex((run) => /\bnpm (run )?test\b|bash \.ci\/run\b/.test(run));
    expect(install).toBeGreaterThanOrEqual(0);
    expect(test).toBeGreaterThanOrEqual(install);
  });

  it('provides Debian chromium for the browser tests and Java for the Nu HTML Checker before they run', () => {
    const job = jobs[0]!;
    const image = typeof job.container === 'string' ? job.container : job.container?.image;
    // Debian, not Ubuntu: Ubuntu's chromium package is a snap wrapper that cannot run in a job.
    expect(image).toMatch(/bookworm|trixie|debian/);
    const runs = job.steps.map((step) => step.run ?? '');
    const chromium = runs.findIndex((run) => /apt-get install\b[^\n]*\bchromium\b/.test(run));
    const java = runs.findIndex((run) => /apt-get install\b[^\n]*\bdefault-jre-headless\b/.test(run));
    const test = runs.findIndex((run) => /\bnpm (run )?test\b|bash \.ci\/run\b/.test(run));
    expect(chromium).toBeGreaterThanOrEqual(0);
    expect(chromium).toBeLessThan(test);
    expect(java).toBeGreaterThanOrEqual(0);
    expect(java).toBeLessThan(test);
  });
});
