import { describe, expect, it } from 'vitest';
import { RecentAnswers } from '../../src/worker/recent-answers.ts';

describe('RecentAnswers', () => {
  it('keeps at most its size, forgetting the least recently used first', () => {
    const recent = new RecentAnswers(2);
    recent.remember('a', 1, 100);
    recent.remember('b', 2, 100);
    expect(recent.get('a', 0)).toBe(1);
    recent.remember('c', 3, 100);
    // 'b' was used least recently: 'a' was read after it.
    expect([recent.get('a', 0), recent.get('b', 0), recent.get('c', 0)]).toEqual([1, undefined, 3]);
  });

  it('gives nothing for an answer past its expiry', () => {
    const recent = new RecentAnswers(2);
    recent.remember('a', 1, 100);
    expect(recent.get('a', 99)).toBe(1);
    expect(recent.get('a', 100)).toBeUndefined();
  });
});
