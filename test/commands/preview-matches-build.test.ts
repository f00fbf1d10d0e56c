// The live preview re-renders only the pages an edit changes (src/incremental/page-fingerprints.ts). Never a wrong
// page: after every kind of edit, `.preview/` must hold what `npm run build` writes for the same inputs, file for
// file and byte for byte.
import { appendFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildProject } from '../helpers/build-project.ts';
import { tree } from '../helpers/files.ts';
import { CURRENT_PERIODS, useProjectAndService } from '../helpers/project-copy.ts';
import { previewRendered, startScript, type RunningScript } from '../helpers/running-script.ts';
import { freePort } from '../../scripts/lib/free-port.ts';

const credentials = { username: 'editor', password: 'preview-secret' };
const context = useProjectAndService(credentials, { periods: CURRENT_PERIODS });
let preview: RunningScript | undefined;
let base = '';

const env = () => ({
  ASTRO_BUILD_DATE: '2026-11-22',
  ASTRO_API_URL: context.service.url,
  ASTRO_API_USERNAME: credentials.username,
  ASTRO_API_PASSWORD: credentials.password,
});

/** The preview's line for its first render finished after offset `from` of its output. */
const renderAfter = (from: number, timeoutMs?: number) => previewRendered(preview!, from, timeoutMs);

/** The files that differ between the preview and a fresh build of the same inputs (from the same cache). */
async function differencesFromBuild(): Promise<string[]> {
  // The preview writes no search index (docs/search.md), nor does this build.
  const build = await buildProject(context.project, { ...env(), ASTRO_OFFLINE: '1' }, { searchIndex: false });
  expect(build.error).toBeUndefined();
  const preview = tree(path.join(context.project, '.preview'));
  const built = tree(path.join(context.project, 'dist'));
  const names = [...new Set([...preview.keys(), ...built.keys()])].sort();
  return names
    .filter((name) => {
      const a = preview.get(name);
      const b = built.get(name);
      if (!a) return true;
      if (!b) return true;
      return !a.equals(b);
    })
    .map((name) =>
      preview.has(name)
        ? built.has(name)
          ? `differs: ${name}`
          : `only in the preview: ${name}`
        : `missing from the preview: ${name}`,
    );
}

beforeAll(async () => {
  preview = startScript(context.project, 'serve.ts', { ...env(), PORT: String(await freePort()) });
  await renderAfter(0);
  // Eleventy starts watching after the first render, and serves once the watcher is ready, at the address it
  // says (another program may have taken the free port meanwhile).
  base = (await preview.waitFor(/^Preview at (http:\/\/[^/\s]+)\//m))[1]!;
});
// Registered after useProjectAndService's: Vitest runs it first, so the project is removed once the preview is gone.
afterAll(() => preview?.stop());
// The tests are one sequence of edits to one preview: after a failed step, the rest would only wait on it.
let failedStep: string | undefined;
beforeEach(({ task, skip, onTestFailed }) => {
  skip(failedStep !== undefined, `the preview failed at: ${failedStep}`);
  onTestFailed(() => void (failedStep ??= task.name));
});

const file = (name: string) => path.join(context.project, name);
const replaceIn = (name: string, from: string, to: string) => {
  const text = readFileSync(file(name), 'utf8');
  expect(text).toContain(from);
  writeFileSync(file(name), text.replace(from, to));
};

const writeNew = (name: string, text: string) => {
  mkdirSync(path.dirname(file(name)), { recursive: true });
  writeFileSync(file(name), text);
};

// Each edit, and how many paginated pages the preview should render for it (undefined: every page).
const edits: { kind: string; edit: () => void; renders?: number }[] = [
  // The report, its period hub, its sign hub and its sign's Atom feed quote the text, and so do the report's JSON
  // files: its sign's JSON Feed, its card's page (/embed/…) and its API answers (card.json too, the current report's).
  // The preview's counts, which the byte-for-byte comparison above vouches for; a count that grows renders pages the
  // edit did not change.
  {
    kind: 'an override appended to',
    edit: () => appendFileSync(file('content/overrides/weekly/2026-w47/leo.md'), '\nA line appended in the preview.\n'),
    renders: 10,
  },
  { kind: 'an override removed', edit: () => rmSync(file('content/overrides/weekly/2026-w47/leo.md')), renders: 9 },
  {
    kind: 'an override added',
    edit: () =>
      writeNew('content/overrides/monthly/2026-11/aries.md', '---\nfield: intro\n---\nA new intro for Aries.\n'),
    renders: 10,
  },
  {
    kind: "a chart's text",
    edit: () => appendFileSync(file('content/charts/frida-kahlo.md'), '\nA sentence added to the chart.\n'),
    renders: 1,
  },
  {
    kind: "a static page's text",
    edit: () => appendFileSync(file('content/pages/about.md'), '\nA sentence added to the about page.\n'),
    renders: 1,
  },
  { kind: 'a static page removed', edit: () => rmSync(file('content/pages/privacy.md')) },
  {
    kind: "the site's title",
    edit: () => replaceIn('content/site.json', '"Starlight Horoscopes"', '"Moonlight Horoscopes"'),
  },
  {
    kind: 'a template',
    edit: () =>
      replaceIn('templates/_layouts/report.njk', '<article class="report">', '<article class="report" data-edited>'),
  },
  // A new fingerprinted file name on every page, and the old file gone.
  {
    kind: 'the stylesheet',
    edit: () => appendFileSync(file('templates/assets/site.css'), '\n/* edited in the preview */\n'),
  },
  // The owner's theme: its file's new name on every page, and the share images in its new colours.
  { kind: "the owner's theme", edit: () => replaceIn('content/theme.css', '--accent: #5b3fa8;', '--accent: #b3261e;') },
];

describe('the preview after an edit', () => {
  it('starts equal to a full build', async () => {
    expect(await differencesFromBuild()).toEqual([]);
  });

  it('shows a broken edit as one line in the terminal and as the page in the browser, and goes on once it is fixed', async () => {
    const from = preview!.output.length;
    writeNew('content/overrides/weekly/2026-w47/lion.md', '---\nfield: text\n---\nA text for no sign.\n');
    // The error's own line (Eleventy's "File added" line names the file first).
    await preview!.waitFor(/content\/overrides\/weekly\/2026-w47\/lion\.md: [^\n]*sign/, undefined, from);
    // Eleventy ends the failed build with its "Wrote" line, on stdout while the error went to stderr: the two
    // pipes may arrive in either order, so both are awaited from the edit on.
    await preview!.waitFor(/^\[11ty\] Wrote /m, undefined, from);
    const printed = preview!.output.slice(from);
    expect(printed).not.toMatch(/stack trace|\n\s+at /);
    // Every page answers with the error, and reloads itself once the preview has rendered again.
    const broken = await fetch(`${base}/about/`);
    expect(broken.status).toBe(500);
    const page = await broken.text();
    expect(page).toMatch(/<main role="alert">[\s\S]*lion\.md: [^<]*sign/);
    expect(page).toContain('/.11ty/reload-client.js');
    expect(preview!.child.exitCode).toBeNull();

    const fixedAt = preview!.output.length;
    rmSync(file('content/overrides/weekly/2026-w47/lion.md'));
    // The same model as the last good render: nothing to render again.
    expect(await renderAfter(fixedAt)).toMatch(/rendered 0 of/);
    expect((await fetch(`${base}/about/`)).status).toBe(200);
    expect(await differencesFromBuild()).toEqual([]);
  });

  for (const { kind, edit, renders: expected } of edits) {
    it(`equals a full build after ${kind}`, async () => {
      const from = preview!.output.length;
      edit();
      const line = await renderAfter(from);
      expect(await differencesFromBuild()).toEqual([]);
      // And no more than it must: the edit's own pages, or every page for a site-wide edit.
      const [, rendered, total] = /rendered (\d+) of (\d+)/.exec(line)!;
      expect(Number(rendered)).toBe(expected ?? Number(total));
    });
  }
});
