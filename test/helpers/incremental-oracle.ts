// The incremental oracle: an incremental build must publish exactly what a full build publishes. One project goes
// through a sequence of states a site lives through (days, weeks, a month, a year turning inside its week 53 and its
// close, a late edit in the closed year and another to it, a revised report, editors' edits, a template, the
// stylesheet, the words, the title, analytics, a dependency, the page dates lost, a second language and its files,
// its account failing, a quarter turning inside a week); after each, a build that reuses the last one's output and a
// `--full` build of the same state are compared file for file, byte for byte. The states run in several files side
// by side (test/commands/incremental-build-*.test.ts), each a stretch of the sequence: its projects are brought to
// the state before its first by making the earlier states' changes, built once with `--full` (that state's
// reference, which both projects then hold), and go on from there.
import { appendFileSync, cpSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheNamespace } from '../../src/data/response-cache.ts';
import { startSampleService, type SampleService } from '../../src/sample-service/server.ts';
import { buildProject } from './build-project.ts';
import { tree } from './files.ts';
import { copyProject, useProjectAndService } from './project-copy.ts';
import { removeDir } from './remove-dir.ts';

/**
 * A state: what changes, whether the incremental build may take any page from the last one, and whether no input
 * changed at all (its full build would be the last one again).
 */
interface State {
  name: string;
  change: () => void;
  reuses: boolean;
  unchanged?: boolean;
}

function differences(a: Map<string, Buffer>, b: Map<string, Buffer>): string[] {
  const names = [...new Set([...a.keys(), ...b.keys()])].sort();
  return names.filter((name) => !a.has(name) || !b.has(name) || !a.get(name)!.equals(b.get(name)!));
}

interface Summary {
  pages: number;
  rendered: number;
  reused: number;
}

/**
 * States after which the quarters' part of the search index (src/model/search-parts.ts; here last year's yearly reports)
 * is taken from the last build (true) or indexed again (false), by its entry file's inode: a file taken is a link to the
 * published one.
 */
const CLOSED_PART = 'pagefind-quarters/pagefind-entry.json';
const CLOSED_PART_TAKEN: Record<string, boolean> = {
  'an override added': true,
  'an override changed': true,
  'a late override in a closed year': false,
  'the late override changed': false,
  'a chart added': true,
};

/**
 * States after which last year's pages have left the open year for the quarters' part (true), or must not have yet
 * (false): on new year's day week 53 of 2026 is still current, so 2026 is still open.
 */
const CLOSED_PART_MADE: Record<string, boolean> = {
  "the new year's day, inside week 53": false,
  'week 1 of 2027': true,
};

/** States after which the build keeps the published output whole: nothing a page shows changed. */
const KEPT = ['nothing changed', 'nothing changed, in two languages'];

/** The two projects the oracle compares, kept alike, and their services: one pair per file, made by its hooks. */
class ProjectPair {
  readonly credentials = { username: 'owner', password: 'incremental-secret' };
  readonly context = useProjectAndService(this.credentials);
  /** The same project again, built with --full after every change. */
  fullProject = '';
  /** The Spanish account's service, once the site has a second language. */
  spanish!: SampleService;
  date = '2026-11-23';
  /** The last `--full` build's figures. */
  lastFull!: Summary;

  constructor() {
    beforeAll(async () => {
      this.fullProject = copyProject();
      this.spanish = await startSampleService({ ...this.credentials, language: 'es' });
    });
    afterAll(async () => {
      await this.spanish?.close();
      await removeDir(this.fullProject);
    });
  }

  env() {
    const { username, password } = this.credentials;
    return {
      ASTRO_API_URL: this.context.service.url,
      ASTRO_API_USERNAME: username,
      ASTRO_API_PASSWORD: password,
      ASTRO_API_URL_ES: this.spanish.url,
      ASTRO_API_USERNAME_ES: username,
      ASTRO_API_PASSWORD_ES: password,
      ASTRO_BUILD_DATE: this.date,
    };
  }

  /** The build of `project` as `npm run build [--full]` runs it, in this process; its summary's figures. */
  async build(project: string, full: boolean): Promise<Summary> {
    const run = await buildProject(project, this.env(), { full });
    expect(run.error, run.warnings.join('\n')).toBeUndefined();
    const { pages, rendered, reused } = run.summary!;
    return { pages, rendered, reused };
  }

  /**
   * Builds the project as it is now incrementally and compares its output with a full build's: one of the same state,
   * or the last one when `unchanged` says no input changed since (it would publish the same bytes).
   */
  async buildBoth({ unchanged = false } = {}): Promise<{ incremental: Summary; full: Summary; differ: string[] }> {
    const incremental = await this.build(this.context.project, false);
    if (!unchanged) this.lastFull = await this.build(this.fullProject, true);
    return {
      incremental,
      full: this.lastFull,
      differ: differences(tree(path.join(this.context.project, 'dist')), tree(path.join(this.fullProject, 'dist'))),
    };
  }

  /** Makes the same change in both projects. */
  inBoth(change: (file: (relative: string) => string) => void): () => void {
    return () => {
      for (const project of [this.context.project, this.fullProject])
        change((relative) => path.join(project, relative));
    };
  }

  /** The quarters' part's entry file in the incremental build's output, by inode; undefined when there is none. */
  closedPartInode(): number | undefined {
    try {
      return statSync(path.join(this.context.project, 'dist', CLOSED_PART)).ino;
    } catch {
      return undefined;
    }
  }
}

/** Every state of the oracle, in order, its changes made to `pair`, and what makes the projects its site first. */
function oracleStates(pair: ProjectPair): { prepare: () => void; states: State[] } {
  const { context } = pair;
  const inBoth = pair.inBoth.bind(pair);
  const edit = (relative: string, change: (text: string) => string) =>
    inBoth((file) => writeFileSync(file(relative), change(readFileSync(file(relative), 'utf8'))));
  const write = (relative: string, text: string) =>
    inBoth((file) => {
      mkdirSync(path.dirname(file(relative)), { recursive: true });
      writeFileSync(file(relative), text);
    });
  const append = (relative: string, text: string) => inBoth((file) => appendFileSync(file(relative), text));
  const remove = (relative: string) => inBoth((file) => rmSync(file(relative)));
  const override = (mode: string, words: string) => `---\nfield: text\nmode: ${mode}\n---\n${words}\n`;
  const prepare = () => {
    // The smallest archive that shows every state: the states that move in time or close a part of the search index
    // are about the weeks (a past and a future, one to drop from the window) and the years (last year's to close);
    // the months and the ascendant years show only their current period, as every site does.
    edit('content/site.json', (t) =>
      t.replace(
        /"periods": \{[\s\S]*?\n {2}\}/,
        '"periods": {\n    "weekly": { "past": 2, "future": 1 },\n    "monthly": { "past": 0, "future": 0 },\n    "yearly": { "past": 1, "future": 0 },\n    "ascendantYearly": { "past": 0, "future": 0 }\n  }',
      ),
    )();
    write(
      'package-lock.json',
      JSON.stringify({ name: 'horoscope-site', version: '0.1.0', lockfileVersion: 3 }, null, 2),
    )();
  };
  const states: State[] = [
    { name: 'the first build', change: () => {}, reuses: false },
    { name: 'the next day, in the same week', change: () => (pair.date = '2026-11-24'), reuses: true },
    { name: 'a new ISO week', change: () => (pair.date = '2026-11-30'), reuses: true },
    { name: 'a new month', change: () => (pair.date = '2026-12-01'), reuses: true },
    // A new week across the year's edge: December 28 to January 3.
    { name: 'week 53 of 2026', change: () => (pair.date = '2026-12-28'), reuses: true },
    // The year turns inside that week: the current month and year change, the week does not. Every page's footer names
    // the year.
    { name: "the new year's day, inside week 53", change: () => (pair.date = '2027-01-01'), reuses: false },
    // Every period of 2026 has ended: its year closes in a part of the search index of its own.
    { name: 'week 1 of 2027', change: () => (pair.date = '2027-01-04'), reuses: true },
    {
      name: 'a revised report text',
      change: () => context.service.setFaults({ revise: { kind: 'monthly', year: 2027, month: 1, signId: 4 } }),
      reuses: true,
    },
    {
      name: 'an override added',
      change: write('content/overrides/weekly/2027-w01/leo.md', override('append', 'From the editors.')),
      reuses: true,
    },
    {
      name: 'an override changed',
      change: write('content/overrides/weekly/2027-w01/leo.md', override('prepend', 'Editors again.')),
      reuses: true,
    },
    { name: 'an override removed', change: remove('content/overrides/weekly/2027-w01/leo.md'), reuses: true },
    // 2026 is a closed year now, its yearly reports in the quarters' part of the search index: this changes it, and only it.
    {
      name: 'a late override in a closed year',
      change: write('content/overrides/yearly/2026/leo.md', override('append', 'A late word.')),
      reuses: true,
    },
    // The same field overridden again: only the words differ, so a page or model kept from the last build is stale.
    {
      name: 'the late override changed',
      change: write('content/overrides/yearly/2026/leo.md', override('append', 'Another late word.')),
      reuses: true,
    },
    // An intro shows on its sign's hub, its period's hub and the home page too.
    {
      name: "an override of a report's intro",
      change: write(
        'content/overrides/weekly/2027-w01/virgo.md',
        '---\nfield: intro\n---\nA new week for [Virgo](/virgo/).\n',
      ),
      reuses: true,
    },
    {
      name: 'a chart added',
      change: write(
        'content/charts/ada-lovelace.md',
        '---\nname: Ada Lovelace\ndate: 1815-12-10\ntime: "12:00"\nplace: London\n---\nA mathematician.\n',
      ),
      reuses: true,
    },
    { name: 'a static page edited', change: append('content/pages/about.md', '\nOne more line.\n'), reuses: true },
    // Every page's footer links the static pages by their titles.
    {
      name: "a static page's title changed",
      change: edit('content/pages/about.md', (t) => t.replace(/^title: .*$/m, 'title: About us')),
      reuses: false,
    },
    {
      name: 'a template edited',
      change: edit('templates/_layouts/report.njk', (t) => t.replace('</article>', '<p>Edited.</p></article>')),
      reuses: false,
    },
    {
      name: 'the stylesheet edited',
      change: append('templates/assets/site.css', '\n.edited { color: red; }\n'),
      reuses: false,
    },
    {
      name: "the search page's script edited",
      change: append('templates/assets/search.js', '\n// Edited.\n'),
      reuses: false,
    },
    // Every page links the theme, and the share images take its colours.
    {
      name: "the owner's theme edited",
      change: edit('content/theme.css', (t) => t.replace('--accent: #5b3fa8;', '--accent: #b3261e;')),
      reuses: false,
    },
    // The search page's words too: its data attributes, which its script shows, and its date in the sitemap.
    {
      name: 'a message file edited',
      change: edit('content/i18n/en.json', (t) => t.replace('"Home"', '"Start"').replace('"Pages found"', '"Results"')),
      reuses: false,
    },
    {
      name: "site.json's title changed",
      change: edit('content/site.json', (t) => t.replace('Starlight Horoscopes', 'Moonlight Horoscopes')),
      reuses: false,
    },
    // Every URL moves under the path, the editors' links too (the override's above).
    {
      name: "site.json's url given a path",
      change: edit('content/site.json', (t) =>
        t.replace('"https://horoscopes.example.com"', '"https://example.github.io/horoscopes/"'),
      ),
      reuses: false,
    },
    {
      name: 'a period leaving the window',
      change: edit('content/site.json', (t) => t.replace('"weekly": { "past": 2', '"weekly": { "past": 1')),
      reuses: false,
    },
    // Every page gains the analytics tag, and the pages' policy its sources.
    {
      name: 'analytics switched on',
      change: edit('content/site.json', (t) =>
        t.replace(
          '"language": "en"',
          '"language": "en",\n  "analytics": { "provider": "goatcounter", "code": "starlight" }',
        ),
      ),
      reuses: false,
    },
    { name: 'nothing changed', change: () => {}, reuses: true, unchanged: true },
    // A cold history dates the charts and editors' pages from today: their lastmod in the sitemap changes.
    {
      name: 'the page dates lost',
      change: inBoth((file) =>
        rmSync(file(`.cache/${cacheNamespace(context.service.url)}/page-dates.json`), { force: true }),
      ),
      reuses: true,
    },
    {
      name: 'a dependency version changed',
      change: edit('package-lock.json', (t) => t.replace('"version": "0.1.0"', '"version": "0.1.1"')),
      reuses: false,
    },
    // Every page gains its hreflang cluster and the switcher.
    {
      name: 'a second language added',
      change: edit('content/site.json', (t) => t.replace('"language": "en"', '"languages": ["en", "es"]')),
      reuses: false,
    },
    {
      name: 'a Spanish override added',
      change: write('content/overrides/es/weekly/2027-w01/leo.md', override('append', 'De la redacción.')),
      reuses: true,
    },
    {
      name: 'a translation of a static page added',
      change: write('content/pages/es/about.md', '---\ntitle: Quiénes somos\n---\nUna línea.\n'),
      reuses: true,
    },
    // The same rule as for one language: its current periods are served stale from its last good copies.
    {
      name: "the Spanish account's service failing",
      change: () => pair.spanish.setFaults({ rules: [{ path: /-reports$/, status: 400 }] }),
      reuses: true,
    },
    {
      name: 'a translation of a static page removed',
      change: () => (pair.spanish.setFaults({}), remove('content/pages/es/about.md')()),
      reuses: true,
    },
    { name: 'nothing changed, in two languages', change: () => {}, reuses: true, unchanged: true },
    // A new week across a quarter's edge (March 29 to April 4), the quarter turning inside it, and the week after it, the
    // first in which every period of the first quarter has ended.
    { name: "a new week across a quarter's edge", change: () => (pair.date = '2027-03-29'), reuses: true },
    { name: "the new quarter's first day, inside that week", change: () => (pair.date = '2027-04-01'), reuses: true },
    { name: 'the first week after the quarter', change: () => (pair.date = '2027-04-05'), reuses: true },
  ];
  return { prepare, states };
}

/**
 * The oracle's states from the one named `first` up to (not including) the one named `end` (to the last when
 * undefined), a test each, in this file; with no `first`, none (the projects in the last state). `damage` adds the
 * test of a build after damage at the end.
 */
export function incrementalOracle({
  first,
  end,
  damage = false,
}: {
  first?: string;
  end?: string;
  damage?: boolean;
}): void {
  const pair = new ProjectPair();
  const { context } = pair;
  const { prepare, states } = oracleStates(pair);
  const from = first === undefined ? states.length : states.findIndex((state) => state.name === first);
  const to = end === undefined ? states.length : states.findIndex((state) => state.name === end);
  if (from < 0 || to < from) throw new Error(`no stretch of the oracle's states from "${first}" to "${end}"`);

  beforeAll(async () => {
    prepare();
    if (from === 0) return;
    // The state before this file's first: the earlier states' changes, and its reference built once, for both.
    for (const state of states.slice(0, from)) state.change();
    pair.lastFull = await pair.build(pair.fullProject, true);
    for (const folder of ['dist', '.cache']) {
      rmSync(path.join(context.project, folder), { recursive: true, force: true });
      cpSync(path.join(pair.fullProject, folder), path.join(context.project, folder), {
        recursive: true,
        verbatimSymlinks: true,
      });
    }
  });

  if (from < to)
    describe('an incremental build publishes, after every change, byte for byte what a full build publishes', () => {
      // One test a state, in order: each builds on the state the one before left.
      it.each(states.slice(from, to))('after $name', async (state) => {
        state.change();
        const before = pair.closedPartInode();
        const { incremental, full, differ } = await pair.buildBoth({ unchanged: state.unchanged ?? false });
        if (state.name in CLOSED_PART_MADE)
          expect(pair.closedPartInode() !== undefined, `${CLOSED_PART} made`).toBe(CLOSED_PART_MADE[state.name]);
        if (state.name in CLOSED_PART_TAKEN)
          expect(pair.closedPartInode() === before && before !== undefined, `${CLOSED_PART} taken`).toBe(
            CLOSED_PART_TAKEN[state.name],
          );
        expect(differ).toEqual([]);
        expect(full).toEqual({ pages: incremental.pages, rendered: incremental.pages, reused: 0 });
        expect(incremental.rendered + incremental.reused).toBe(incremental.pages);
        if (!state.reuses) expect(incremental.reused).toBe(0);
        else if (KEPT.includes(state.name)) expect(incremental.rendered).toBe(0);
        // The home page shows the day's sky, so a new day changes the language's digest: the four pages that list the
        // whole language (home, charts index, search, 404) are rendered again, the twelve sign hubs, whose line of
        // the day changed (the Moon entered Gemini on the 24th at 11:10 UTC), and the two pages whose grid marks today
        // (the calendar's hub and November's page: the mark moves from the 23rd to the 24th); every other page taken.
        else if (state.name === 'the next day, in the same week') expect(incremental.rendered).toBe(4 + 12 + 2);
        // One Spanish report changed: its page, its sign's and its period's hubs, the eight pages that list a whole
        // language (each home, charts index, search and 404 page) and the report's card page (/es/embed/…); the rest of
        // each language is taken.
        else if (state.name === 'a Spanish override added') expect(incremental.rendered).toBe(3 + 8 + 1);
        else expect(incremental.reused).toBeGreaterThan(0);
      });
    });

  if (damage) {
    describe('an incremental build after damage', () => {
      it('renders again a published file that was edited or removed, and everything when the manifest is damaged', async () => {
        const dist = (relative: string) => path.join(context.project, 'dist', relative);
        const before = await pair.build(context.project, false);
        // Pages of the last state's current week and month.
        writeFileSync(dist('weekly/2027-w14/leo/index.html'), 'edited by hand');
        rmSync(dist('leo/feed.xml'));
        rmSync(dist('monthly/2027-04/virgo/index.html'));
        const repaired = await pair.buildBoth();
        expect(repaired.differ).toEqual([]);
        // The two pages are rendered again (the feed is no page), as the eight that list the whole site always are (each
        // language's home, charts index, search and 404 page).
        expect(repaired.incremental).toEqual({ pages: before.pages, rendered: 2 + 8, reused: before.pages - 10 });

        writeFileSync(path.join(context.project, '.cache', 'build-manifest.json'), '{"version": 1, "files": ');
        const jobSummary = path.join(context.project, 'job-summary.md');
        const run = await buildProject(context.project, { ...pair.env(), GITHUB_STEP_SUMMARY: jobSummary });
        expect(run.error).toBeUndefined();
        // The scheduled workflow's job summary says so too.
        const table = readFileSync(jobSummary, 'utf8');
        expect(table).toContain('| pages | rendered | reused |');
        expect(table).toMatch(/\| (\d+) \| \1 \| 0 \|/);
        expect(table).toContain('Every page was rendered: there was no earlier build to take unchanged pages from');
        expect(run.warnings).toContain(
          `warning: ignored a damaged build manifest ${path.join(context.project, '.cache', 'build-manifest.json')}: not JSON; every page is rendered`,
        );
        expect(run.logs.join('\n')).toMatch(/\(rendered (\d+), reused 0 from the last build\)/);
      });
    });
  }
}
