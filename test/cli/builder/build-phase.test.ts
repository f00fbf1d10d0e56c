// The build's phase, as the benchmark samples it: the last phase marked, one mark kept however many builds a
// process runs (the tests' processes run hundreds).
import { describe, expect, it } from 'vitest';
import { BUILD_PHASE, currentPhase, markPhase } from '../../../src/cli/builder/build-phase.ts';

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
