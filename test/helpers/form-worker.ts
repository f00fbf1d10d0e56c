// Asking the chart form's Worker (running in workerd, src/cli/chart-form-worker.ts) as the form's pages do: the
// form's POST and its suggestions' POST, each from a visitor of its own unless told, from the Worker's own origin.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeEach, expect } from 'vitest';
import {
  startWorker,
  type LocalWorker,
  type RestartableWorker,
  type WorkerInput,
} from '../../src/cli/chart-form-worker.ts';
import type { SampleService } from '../../src/sample-service/server.ts';
import { CURRENT_PERIODS } from './project-copy.ts';
import { removeDir } from './remove-dir.ts';
import type { SiteOptions } from './shared-sites.ts';

export interface Suggestion {
  label: string;
  token: string;
}

export interface PostOptions {
  visitor?: string;
  headers?: Record<string, string>;
}

/**
 * The chart form's site (test/helpers/shared-sites.ts `builtSite('site', FORM_SITE)`), one build for the Worker's
 * tests and the form's look: English and Spanish, the current periods, the form on with a daily limit of 500.
 */
export const FORM_SITE: SiteOptions = {
  periods: CURRENT_PERIODS,
  site: { language: null, languages: ['en', 'es'], chartForm: { dailyLimit: 500 } },
  searchIndex: false,
};

/** Rewrites the daily limit of each language's form.json in `dist` (a copy of the test's own), as a build with it would write it. */
export function setDailyLimit(dist: string, dailyLimit: number): void {
  for (const file of ['charts/yours/form.json', 'es/charts/yours/form.json'].map((relative) =>
    path.join(dist, relative),
  )) {
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), dailyLimit }));
  }
}

let visitors = 0;

/** A visitor of its own (a documentation address, RFC 5737): the per-visitor limits count each test's requests apart. */
export function newVisitor(): string {
  visitors += 1;
  return `203.0.${113 + Math.floor(visitors / 250)}.${visitors % 250}`;
}

export function formClient(worker: LocalWorker) {
  function post(
    path: string,
    fields: Record<string, string> | string,
    { visitor = newVisitor(), headers = {} }: PostOptions = {},
  ): Promise<Response> {
    return fetch(new URL(path, worker.url), {
      method: 'POST',
      body: typeof fields === 'string' ? fields : new URLSearchParams(fields),
      headers: {
        Origin: worker.url.origin,
        'Content-Type': 'application/x-www-form-urlencoded',
        'CF-Connecting-IP': visitor,
        ...headers,
      },
    });
  }
  /** The places a form page's script is offered for `query`. */
  async function suggestions(formPath: string, query: string, visitor = newVisitor()): Promise<Suggestion[]> {
    const response = await post(`${formPath}places`, { q: query }, { visitor });
    expect(response.status).toBe(200);
    return ((await response.json()) as { places: Suggestion[] }).places;
  }
  return { post, suggestions };
}

/** The calls the service was sent to `endpoint` since its log was last reset. */
export function callsTo(service: SampleService, endpoint: string): number {
  return service.log.filter((entry) => entry.path === endpoint).length;
}

/** What the Worker wrote into the form page: its result, from the result's element to the form that follows it. */
export function resultOf(html: string): string {
  return html.slice(html.indexOf('<div id="chart-result">'), html.search(/<(?:div|details) id="chart-again">/));
}

/**
 * A Worker test file's hooks for what its beforeAll started (`started()` reads them when each hook runs): the Worker,
 * the service and the project (a copy of the file's own, never a shared site) closed and removed after its tests,
 * the service's faults and log reset before each.
 */
export function useFormWorkerHooks(
  started: () => { worker?: LocalWorker; service?: SampleService; project?: string },
): void {
  afterAll(async () => {
    const { worker, service, project } = started();
    await worker?.close();
    await service?.close();
    if (project) await removeDir(project);
  });
  beforeEach(() => {
    started().service?.setFaults({});
    started().service?.resetLog();
  });
}

/**
 * A test file's one Worker, started by its first test that asks for it and closed after the file. A test asking for
 * other input (another site, other secrets) or for a `fresh` Worker gets it run again (`restart`: a new isolate at
 * the same address, with no new wrangler server) under a name of its own, so with a ledger of its own (no call
 * counted today, no answer kept); one asking for the same input gets the last test's Worker, its session, answers
 * and ledger kept, as a deployed Worker's are.
 */
export function fileWorker(start: (input: WorkerInput) => Promise<RestartableWorker> = startWorker) {
  let worker: RestartableWorker | undefined;
  let running = '';
  let restarts = 0;
  afterAll(() => worker?.close());
  return async function workerFor(input: WorkerInput, { fresh = false } = {}): Promise<LocalWorker> {
    const key = JSON.stringify(input);
    if (!worker) worker = await start(input);
    // Durable Objects belong to the Worker that names their class: another Worker's are others.
    // https://developers.cloudflare.com/durable-objects/reference/durable-objects-migrations/
    else if (fresh || key !== running)
      await worker.restart({ ...input, name: `horoscope-site-restarted-${(restarts += 1)}` });
    running = key;
    return worker;
  };
}
