// What the benchmarks share: their defaults and bounds, and the figures a measured build reports.
import type { PeriodWindows } from '../../src/data/config.ts';

export const DEFAULTS = {
  latencyMs: 50, // ms the sample service waits before every answer
  rounds: 3, // interleaved cold/warm/plain rounds; medians are reported
  concurrency: 6, // ASTRO_CONCURRENCY of the site builds
  buildDate: '2026-11-22', // a fixed reference date, so every run builds the same periods and the same pages
  // The three-year archive: 156 weeks, 36 months, 3 years, 3 ascendant years = 198 periods, 2,376 sign pages.
  periods: {
    weekly: { past: 155, future: 0 },
    monthly: { past: 35, future: 0 },
    yearly: { past: 2, future: 0 },
    ascendantYearly: { past: 2, future: 0 },
  } satisfies PeriodWindows,
  signs: 12,
} as const;

/** The ten-year archive: 520 weeks, 120 months, 9 years, 9 ascendant years = 658 periods, 7,896 sign pages. */
export const TEN_YEAR_PERIODS: PeriodWindows = {
  weekly: { past: 519, future: 0 },
  monthly: { past: 119, future: 0 },
  yearly: { past: 8, future: 0 },
  ascendantYearly: { past: 8, future: 0 },
};

export const TARGETS = { cold: 1.2, warm: 1.15, warmCpu: 1.4, rss: 1.5 }; // the bounds, as ratios to plain Eleventy

export interface ChildResult {
  /** Wall time of the whole child process, start-up included, measured by this process. */
  wallMs: number;
  /** From inside the child: from its first line to the end of the build. */
  inProcessMs: number;
  userCpuMs: number;
  systemCpuMs: number;
  maxRssKb: number;
  requests: number;
  pages: number;
  /** Of the pages, rendered and taken from the last build (incremental builds). */
  rendered?: number;
  reused?: number;
  heapLimitMb?: number;
  /** Largest V8 heap in use, sampled every 20 ms. */
  peakHeapMb?: number;
  /** Largest RSS in each phase of the build (src/cli/builder/build-phase.ts), sampled every 20 ms, in MB. */
  phaseRssMb?: Record<string, number>;
  fromCache?: number;
  /** Time the build spent in its search index step (writeSearchIndex: indexing, or taking the published bundle). */
  searchIndexMs?: number;
  /** After the child exited: how long the detached removal of the output it replaced went on. */
  backgroundRemovalMs?: number;
}

export interface BenchOptions {
  rounds: number;
  latencyMs: number;
  concurrency: number;
  buildDate: string;
  /** --pages: the large-archive check instead of the rounds. */
  pagesWanted?: number;
  profile: boolean;
  /** --preview: the live preview's edits instead of the rounds. */
  preview: boolean;
  /** --incremental and --search (either runs both): the daily rebuild, search included, instead of the rounds. */
  incremental: boolean;
  search: boolean;
  /** --syndication: what the JSON Feeds, the API and the card cost (scripts/bench-syndication.ts), instead of the rounds. */
  syndication: boolean;
  /** --calendar: what the sky's calendar costs (scripts/bench-calendar.ts), instead of the rounds. */
  calendar: boolean;
  /** --worker: the chart form's Worker in the local runtime (scripts/bench-worker.ts), instead of the rounds. */
  worker: boolean;
  write: boolean;
  workDir: string;
  /** --languages N: a site of the first N of en, es, pt, fr, de, it instead of the rounds (scripts/bench-languages.ts). */
  languages?: number;
  /** --ten-year: with --languages, the ten-year archive instead of the three-year one. */
  tenYear: boolean;
  /** --shipped: content/ as shipped, cold and warm against plain Eleventy (scripts/bench-shipped.ts), instead of the rounds. */
  shipped: boolean;
}

export interface ArchiveRuns {
  cold: ChildResult[];
  warm: ChildResult[];
  plain: ChildResult[];
  plainOnce: ChildResult[];
}
