// The build's phases as user timing marks (https://nodejs.org/api/perf_hooks.html#performancemarkname-options): the
// benchmark samples the memory of each (`npm run bench`, "peak RSS by phase" in docs/performance.md).

/** The name of the one mark the build keeps: its detail is the phase the build is in. */
export const BUILD_PHASE = 'build-phase';

export type BuildPhase = 'fetch' | 'model' | 'render' | 'search' | 'files' | 'swap';

/** Marks the start of `phase`, replacing the last phase's mark, so a process that builds many times keeps one. */
export function markPhase(phase: BuildPhase): void {
  performance.clearMarks(BUILD_PHASE);
  performance.mark(BUILD_PHASE, { detail: phase });
}
