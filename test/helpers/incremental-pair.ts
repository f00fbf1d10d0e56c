// The incremental build's oracle, for the test files that walk a site through states
// (test/commands/incremental-*.test.ts): two copies of one project, one built incrementally and one with `--full`
// after every change, their output compared file for file, byte for byte. One process a build, as Eleventy keeps
// the templates it read for the life of its process.
import { appendFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { startSampleService, type SampleService } from '../../src/sample-service/server.ts';
import { tree } from './files.ts';
import { copyProject, runScript, useProjectAndService } from './project-copy.ts';
import { removeDir } from './remove-dir.ts';

export interface Summary {
  pages: number;
  rendered: number;
  reused: number;
}

/** A state a site lives through: what changes, and whether the incremental build may take any page from the last one. */
export interface State {
  name: string;
  change: () => void;
  reuses: boolean;
  /** What the incremental build must do beyond `reuses`: all its pages taken, or this many rendered. */
  expect?: 'kept' | { rendered: number };
}

function differences(a: Map<string, Buffer>, b: Map<string, Buffer>): string[] {
  const names = [...new Set([...a.keys(), ...b.keys()])].sort();
  return names.filter((name) => !a.has(name) || !b.has(name) || !a.get(name)!.equals(b.get(name)!));
}

/**
 * For a test file: the two projects (with the tests' site, its archive shortened), an English and a Spanish sample
 * service, and the build date, set up before its tests and removed after them.
 */
export function useIncrementalPair(credentials: { username: string; password: string }) {
  const context = useProjectAndService(credentials);
  let fullProject = '';
  let spanish: SampleService;
  let date = '2026-11-23';
  beforeAll(async () => {
    fullProject = copyProject();
    spanish = await startSampleService({ ...credentials, language: 'es' });
  });
  afterAll(async () => {
    await spanish?.close();
    await removeDir(fullProject);
  });

  const env = () => ({
    ASTRO_API_URL: context.service.url,
    ASTRO_API_USERNAME: credentials.username,
    ASTRO_API_PASSWORD: credentials.password,
    ASTRO_API_URL_ES: spanish.url,
    ASTRO_API_USERNAME_ES: credentials.username,
    ASTRO_API_PASSWORD_ES: credentials.password,
    ASTRO_BUILD_DATE: date,
  });

  /** `npm run build [--full]` in `project`; its summary's figures. */
  async function build(project: string, args: string[]): Promise<Summary> {
    const run = await runScript(project, 'build.ts', env(), args).done;
    expect(run.code, run.stderr).toBe(0);
    const [, pages, rendered, reused] = /Build summary: (\d+) pages in [\d.]+ s \(rendered (\d+), reused (\d+) from the last build\)/.exec(run.stdout)!;
    return { pages: Number(pages), rendered: Number(rendered), reused: Number(reused) };
  }

  /** Builds both projects as they are now, one incrementally and one in full, and compares their output. */
  async function buildBoth(): Promise<{ incremental: Summary; full: Summary; differ: string[] }> {
    const [incremental, full] = await Promise.all([build(context.project, []), build(fullProject, ['--full'])]);
    return { incremental, full, differ: differences(tree(path.join(context.project, 'dist')), tree(path.join(fullProject, 'dist'))) };
  }

  /** Makes the same change in both projects. */
  const inBoth = (change: (file: (relative: string) => string) => void) => () => {
    for (const project of [context.project, fullProject]) change((relative) => path.join(project, relative));
  };
  const edit = (relative: string, change: (text: string) => string) => inBoth((file) => writeFileSync(file(relative), change(readFileSync(file(relative), 'utf8'))));
  const write = (relative: string, text: string) => inBoth((file) => {
    mkdirSync(path.dirname(file(relative)), { recursive: true });
    writeFileSync(file(relative), text);
  });
  const append = (relative: string, text: string) => inBoth((file) => appendFileSync(file(relative), text));
  const remove = (relative: string) => inBoth((file) => rmSync(file(relative)));

  /** A short archive keeps the builds quick; every kind of period still has a past and a future. */
  function shortenArchive(): void {
    edit('content/site.json', (t) => t.replace(/"periods": \{[\s\S]*?\n {2}\}/, '"periods": {\n    "weekly": { "past": 2, "future": 1 },\n    "monthly": { "past": 1, "future": 1 },\n    "yearly": { "past": 0, "future": 1 },\n    "ascendantYearly": { "past": 0, "future": 0 }\n  }'))();
    write('package-lock.json', JSON.stringify({ name: 'horoscope-site', version: '0.1.0', lockfileVersion: 3 }, null, 2))();
  }

  /** After each state's change, both builds publish the same bytes, and the incremental one takes what it may. */
  async function walk(states: readonly State[]): Promise<void> {
    shortenArchive();
    for (const state of states) {
      state.change();
      const { incremental, full, differ } = await buildBoth();
      expect(differ, state.name).toEqual([]);
      expect(full, state.name).toEqual({ pages: incremental.pages, rendered: incremental.pages, reused: 0 });
      expect(incremental.rendered + incremental.reused, state.name).toBe(incremental.pages);
      if (!state.reuses) expect(incremental.reused, state.name).toBe(0);
      else if (state.expect === 'kept') expect(incremental.rendered, state.name).toBe(0);
      else if (state.expect) expect(incremental.rendered, state.name).toBe(state.expect.rendered);
      else expect(incremental.reused, state.name).toBeGreaterThan(0);
    }
  }

  return {
    context,
    spanish: () => spanish,
    setDate: (day: string) => (date = day),
    env,
    build,
    buildBoth,
    walk,
    inBoth,
    edit,
    write,
    append,
    remove,
    override: (mode: string, words: string) => `---\nfield: text\nmode: ${mode}\n---\n${words}\n`,
  };
}
