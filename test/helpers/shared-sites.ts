/**
 * Sites built once per run, shared by every test that only reads them. `await builtSite('site', options)` is the
 * `{ project, dist }` of a copy of the project whose content/ is the fixture test/fixtures/<fixture>/content, with
 * `periods` as its windows, `site` merged into its site.json (a key set to `null` removed) and `files` (path in the
 * project → text) written over it, built in process from the embedded sample service on `buildDate` (2026-11-22),
 * with its search index unless `searchIndex: false`. Its key is a digest of the fixture's files and the options:
 * the first test of the run to ask, in any file or worker, builds it under a lock in the run's shared folder; every
 * later one gets the same folders. They are read-only: the run fails at its end naming a shared site a test changed
 * (test/shared-sites-check.ts). A test that changes its site takes `await copyOfBuiltSite('site', options)`
 * instead, a project of its own holding that build's dist/ and .cache/, and removes it (removeDir) after.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sha256 } from '../../src/incremental/build-manifest.ts';
import type { SiteConfig } from '../../src/data/config.ts';
import { copyProject as copyProjectInto } from '../../scripts/lib/copy-project.ts';
import { filesUnder } from '../../src/data/files-under.ts';
import { buildProject } from './build-project.ts';
import { shareRunImages } from './project-copy.ts';

export interface SiteOptions {
  periods?: SiteConfig['periods'];
  /** Settings merged into content/site.json; `null` removes the fixture's (`{ language: null, languages: […] }`). */
  site?: Record<string, unknown>;
  /** Files written into the copy before its build, by path relative to the project. */
  files?: Record<string, string>;
  /** ASTRO_BUILD_DATE; 2026-11-22 unless given. */
  buildDate?: string;
  searchIndex?: boolean;
}

export interface SharedSite {
  /** The built project: content/, dist/ and .cache/ as a build leaves them. Read-only. */
  project: string;
  /** Its dist/. */
  dist: string;
}

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
/** Far above any build on a loaded 2-core machine: a guard against a builder that died, never a measure. */
const WAIT_GUARD_MS = 600_000;

/** The run's shared sites: each under its key, with `<key>.lock` (its builder's) and `<key>.json` once it is done. */
export const sharedSitesDir = () => path.join(tmpdir(), 'shared', 'sites');

const inThisWorker = new Map<string, Promise<SharedSite>>();

export function builtSite(fixture: string, options: SiteOptions = {}): Promise<SharedSite> {
  const key = siteKey(fixture, options);
  let site = inThisWorker.get(key);
  if (!site) inThisWorker.set(key, (site = buildOrWait(key, fixture, options)));
  return site;
}

/** A project of the caller's own, yours to change: a copy of the shared build's project, its dist/ and .cache/ included. */
export async function copyOfBuiltSite(fixture: string, options: SiteOptions = {}): Promise<string> {
  const { project } = await builtSite(fixture, options);
  const copy = mkdtempSync(path.join(tmpdir(), 'astro-site-copy-'));
  // Links stay links: node_modules and the run's share images (project-copy.ts) are shared, not copied.
  cpSync(project, copy, { recursive: true, verbatimSymlinks: true });
  return copy;
}

/** A digest of the fixture's files (names and bytes) and of the options, their keys sorted. */
function siteKey(fixture: string, options: SiteOptions): string {
  const dir = path.join(FIXTURES, fixture);
  if (!existsSync(path.join(dir, 'content'))) throw new Error(`test/fixtures/${fixture}/content: no such fixture`);
  const files = filesUnder(dir).map((file) => [file, sha256(readFileSync(path.join(dir, file)))]);
  return `${fixture}-${sha256(JSON.stringify([files, sorted(options)])).slice(0, 16)}`;
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
    );
  return value;
}

async function buildOrWait(key: string, fixture: string, options: SiteOptions): Promise<SharedSite> {
  const project = path.join(sharedSitesDir(), key);
  const site = { project, dist: path.join(project, 'dist') };
  mkdirSync(sharedSitesDir(), { recursive: true });
  try {
    mkdirSync(`${project}.lock`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    await builtByAnother(project);
    return site;
  }
  try {
    await build(project, fixture, options);
    writeFileSync(`${project}.json`, JSON.stringify({ files: fileStats(site.dist) }));
  } catch (error) {
    writeFileSync(`${project}.failed`, (error as Error).message);
    throw error;
  }
  return site;
}

async function build(
  project: string,
  fixture: string,
  { periods, site = {}, files = {}, buildDate = '2026-11-22', searchIndex }: SiteOptions,
): Promise<void> {
  copyProjectInto(project, path.join(FIXTURES, fixture, 'content'));
  shareRunImages(path.join(project, '.cache'));
  const siteFile = path.join(project, 'content/site.json');
  const settings = {
    ...JSON.parse(readFileSync(siteFile, 'utf8')),
    ...(periods ? { periods } : {}),
    ...site,
  } as Record<string, unknown>;
  writeFileSync(
    siteFile,
    JSON.stringify(Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== null)), null, 2),
  );
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
    writeFileSync(path.join(project, file), text);
  }
  const run = await buildProject(
    project,
    { ASTRO_BUILD_DATE: buildDate },
    searchIndex === undefined ? {} : { searchIndex },
  );
  if (run.error)
    throw new Error(
      `the shared site ${path.basename(project)} did not build: ${run.error.message}\n${[...run.logs, ...run.warnings].join('\n')}`,
    );
}

async function builtByAnother(project: string): Promise<void> {
  const started = Date.now();
  while (!existsSync(`${project}.json`)) {
    if (existsSync(`${project}.failed`))
      throw new Error(
        `the shared site ${path.basename(project)} did not build: ${readFileSync(`${project}.failed`, 'utf8')}`,
      );
    if (Date.now() - started > WAIT_GUARD_MS)
      throw new Error(`the shared site ${path.basename(project)} was not built within ${WAIT_GUARD_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every file of `dir` with its size and its change time: a file written, replaced, moved or removed changes them. */
export function fileStats(dir: string): Record<string, string> {
  return Object.fromEntries(
    filesUnder(dir).map((file) => {
      const stat = statSync(path.join(dir, file));
      return [file, `${stat.size} ${stat.ctimeMs}`];
    }),
  );
}
