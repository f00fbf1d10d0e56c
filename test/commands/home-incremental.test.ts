// The home page shows the sky on the build's date: an incremental build must publish what a `--full` build does
// through a day, a week and a theme edit, rebuild the home page when its day changes, and keep the published output
// when nothing it shows did (the same day again).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject } from '../helpers/build-project.ts';
import { tree } from '../helpers/files.ts';
import { copyProject, CURRENT_PERIODS, useProjectAndService } from '../helpers/project-copy.ts';
import { removeDir } from '../helpers/remove-dir.ts';

const KEPT = 'Nothing a page shows has changed since the last build: the published output stays as it is.';
const credentials = { username: 'owner', password: 'home-incremental-secret' };
const context = useProjectAndService(credentials, { periods: CURRENT_PERIODS });
let fullProject = '';
beforeAll(() => {
  fullProject = copyProject({ periods: CURRENT_PERIODS });
});
afterAll(() => removeDir(fullProject));

let date = '2026-11-20';
const env = () => ({
  ASTRO_API_URL: context.service.url,
  ASTRO_API_USERNAME: credentials.username,
  ASTRO_API_PASSWORD: credentials.password,
  ASTRO_BUILD_DATE: date,
});

async function build(project: string, full: boolean) {
  const run = await buildProject(project, env(), { full, searchIndex: false });
  expect(run.error, run.warnings.join('\n')).toBeUndefined();
  return run;
}

const home = (project: string) => readFileSync(path.join(project, 'dist/index.html'), 'utf8');
const skyTitle = (html: string) => /<section class="today">\s*<h2>([^<]*)<\/h2>/.exec(html)?.[1];

function differences(a: Map<string, Buffer>, b: Map<string, Buffer>): string[] {
  const names = [...new Set([...a.keys(), ...b.keys()])].sort();
  return names.filter((name) => !a.has(name) || !b.has(name) || !a.get(name)!.equals(b.get(name)!));
}

async function buildBoth() {
  const incremental = await build(context.project, false);
  await build(fullProject, true);
  return {
    incremental,
    differ: differences(tree(path.join(context.project, 'dist')), tree(path.join(fullProject, 'dist'))),
  };
}

describe("the home page's sky, built incrementally", () => {
  it('equals a full build through a day, a week and a theme edit, and is kept when nothing it shows changed', async () => {
    const first = await buildBoth();
    expect(first.differ).toEqual([]);
    expect(skyTitle(home(context.project))).toBe('The sky on November 20');

    // The same day again: nothing a page shows changed, the home page's sky included.
    expect((await build(context.project, false)).logs).toContain(KEPT);

    // Friday to Saturday of week 47: only the sky (and what the day changes) is new; the reports are reused.
    date = '2026-11-21';
    const nextDay = await buildBoth();
    expect(nextDay.incremental.logs).not.toContain(KEPT);
    expect(nextDay.differ).toEqual([]);
    expect(skyTitle(home(context.project))).toBe('The sky on November 21');
    expect(nextDay.incremental.summary!.reused).toBeGreaterThan(0);

    // Monday of week 48.
    date = '2026-11-23';
    const nextWeek = await buildBoth();
    expect(nextWeek.differ).toEqual([]);
    expect(home(context.project)).toContain('href="/weekly/2026-w48/leo/"');

    // Tuesday: the Moon has entered Gemini (11:10 UTC), so each sign hub's line of the day changes; the reports do not.
    const hub = () => readFileSync(path.join(context.project, 'dist/leo/index.html'), 'utf8');
    expect(hub()).toContain('The Moon is in Taurus, your 10th house');
    date = '2026-11-24';
    const moonMoved = await buildBoth();
    expect(moonMoved.differ).toEqual([]);
    expect(hub()).toContain('The Moon is in Gemini, your 11th house');
    expect(moonMoved.incremental.summary!.reused).toBeGreaterThan(0);

    // The theme's accent: every page links the theme's new name.
    for (const project of [context.project, fullProject]) {
      const theme = path.join(project, 'content/theme.css');
      writeFileSync(theme, readFileSync(theme, 'utf8').replace('--accent: #5b3fa8', '--accent: #7a2e8f'));
    }
    const themed = await buildBoth();
    expect(themed.differ).toEqual([]);
    expect(themed.incremental.summary!.reused).toBe(0);
  });
});
