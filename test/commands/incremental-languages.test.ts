// An incremental build must publish exactly what a full build publishes, as a site gains a second language and
// its files (test/helpers/incremental-pair.ts), and when the published output was edited or its manifest damaged.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScript } from '../helpers/project-copy.ts';
import { useIncrementalPair, type State } from '../helpers/incremental-pair.ts';

const { context, spanish, setDate, env, build, buildBoth, walk, edit, write, remove, override } = useIncrementalPair({ username: 'owner', password: 'languages-secret' });

const STATES: State[] = [
  { name: 'the first build, in one language', change: () => setDate('2027-01-04'), reuses: false },
  // Every page gains its hreflang cluster and the switcher.
  { name: 'a second language added', change: edit('content/site.json', (t) => t.replace('"language": "en"', '"languages": ["en", "es"]')), reuses: false },
  // One Spanish report changed: its page, its sign's and its period's hubs, and the eight pages that list a whole
  // language (each home, charts index, search and 404 page); the rest of each language is taken.
  { name: 'a Spanish override added', change: write('content/overrides/es/weekly/2027-w01/leo.md', override('append', 'De la redacción.')), reuses: true, expect: { rendered: 3 + 8 } },
  { name: 'a translation of a static page added', change: write('content/pages/es/about.md', '---\ntitle: Quiénes somos\n---\nUna línea.\n'), reuses: true },
  // The same rule as for one language: its current periods are served stale from its last good copies.
  { name: "the Spanish account's service failing", change: () => spanish().setFaults({ rules: [{ path: /-reports$/, status: 400 }] }), reuses: true },
  { name: 'a translation of a static page removed', change: () => (spanish().setFaults({}), remove('content/pages/es/about.md')()), reuses: true },
  { name: 'nothing changed, in two languages', change: () => {}, reuses: true, expect: 'kept' },
];

describe('an incremental build', () => {
  it('publishes, after every change to its languages, byte for byte what a full build publishes', () => walk(STATES), 300_000);

  it('renders again a published file that was edited or removed, and everything when the manifest is damaged', async () => {
    const dist = (relative: string) => path.join(context.project, 'dist', relative);
    const before = await build(context.project, []);
    writeFileSync(dist('weekly/2027-w01/leo/index.html'), 'edited by hand');
    rmSync(dist('leo/feed.xml'));
    rmSync(dist('monthly/2027-01/virgo/index.html'));
    const repaired = await buildBoth();
    expect(repaired.differ).toEqual([]);
    // The two pages are rendered again (the feed is no page), as the eight that list the whole site always are (each
    // language's home, charts index, search and 404 page).
    expect(repaired.incremental).toEqual({ pages: before.pages, rendered: 2 + 8, reused: before.pages - 10 });

    writeFileSync(path.join(context.project, '.cache', 'build-manifest.json'), '{"version": 1, "files": ');
    const jobSummary = path.join(context.project, 'job-summary.md');
    const run = await runScript(context.project, 'build.ts', { ...env(), GITHUB_STEP_SUMMARY: jobSummary }).done;
    expect(run.code, run.stderr).toBe(0);
    // The scheduled workflow's job summary says so too.
    const table = readFileSync(jobSummary, 'utf8');
    expect(table).toContain('| pages | rendered | reused |');
    expect(table).toMatch(/\| (\d+) \| \1 \| 0 \|/);
    expect(table).toContain('Every page was rendered: there was no earlier build to take unchanged pages from');
    expect(run.stderr).toContain(`warning: ignored a damaged build manifest ${path.join(context.project, '.cache', 'build-manifest.json')}: not JSON; every page is rendered`);
    expect(run.stdout).toMatch(/\(rendered (\d+), reused 0 from the last build\)/);
  }, 120_000);
});
