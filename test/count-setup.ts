// Runs before every file of the projects that build sites, start commands and drive browsers: counts the builds
// and the Chromium pages the file starts in this worker (test/helpers/run-counts.ts; Pagefind and workerd are
// counted by their wrappers). A build in process marks its phases (src/cli/builder/build-phase.ts), its first one
// `fetch`; a Chromium page is counted as its context opens it.
import { PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { chromium, type Browser } from 'playwright-core';
import { BUILD_PHASE } from '../src/cli/builder/build-phase.ts';
import { count } from './helpers/run-counts.ts';

const state = globalThis as typeof globalThis & { runCounted?: true };
if (!state.runCounted) {
  state.runCounted = true;
  new PerformanceObserver((list) => {
    for (const mark of list.getEntriesByName(BUILD_PHASE))
      if ((mark as PerformanceEntry & { detail?: unknown }).detail === 'fetch') count('builds in process');
  }).observe({ entryTypes: ['mark'] });
  for (const method of ['connect', 'launch'] as const) {
    const original = chromium[method].bind(chromium) as (...args: unknown[]) => Promise<Browser>;
    (chromium as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) =>
      countPages(await original(...args));
  }
}

function countPages(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    context.on('page', () => count('Chromium pages'));
    return context;
  };
  return browser;
}
