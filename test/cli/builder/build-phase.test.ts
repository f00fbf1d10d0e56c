// The build's phase, as the benchmark samples it: the last phase marked, one mark kept however many builds a
// process runs (the tests' processes run hundreds).
import type { PerformanceMark } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { BUILD_PHASE, markPhase, type BuildPhase } from '../../../src/cli/builder/build-phase.ts';

/** The phase as the benchmark reads it (scripts/bench.ts): the detail of the mark. */
function currentPhase(): BuildPhase | undefined {
  const [mark] = performance.getEntriesByName(BUILD_PHASE, 'mark') as PerformanceMark[];
  return mark?.detail as BuildPhase | undefined;
}

describe('markPhase', () => {
  it('makes the phase marked last the current one, and keeps one mark', () => {
    markPhase('fetch');
    markPhase('render');
    expect(currentPhase()).toBe('render');
    for (let i = 0; i < 100; i++) markPhase('search');
    expect(currentPhase()).toBe('search');
    expect(performance.getEntriesByName(BUILD_PHASE, 'mark')).toHaveLength(1);
  });
});
