// The progress line: live and rewritten in place on a terminal, a plain line per tenth of the work elsewhere.
import { describe, expect, it } from 'vitest';
import { createProgress, formatProgress, type ProgressState } from '../../../src/cli/builder/progress.ts';

/** A writable stream double: records every write; `isTTY` as a terminal or a CI log would report it. */
function fakeStream(isTTY: boolean) {
  const writes: string[] = [];
  return { isTTY, writes, write: (chunk: string | Uint8Array) => (writes.push(String(chunk)), true) };
}

const state = (done: number, total = 100, inFlight = 6, retries = 0): ProgressState => ({
  done,
  total,
  inFlight,
  retries,
});
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f]/;

describe('formatProgress', () => {
  it('names periods done of total, requests in flight and retries', () => {
    expect(formatProgress(state(20, 198, 6, 2))).toBe(
      'Fetching reports: 20/198 periods, 6 requests in flight, 2 retried',
    );
    expect(formatProgress(state(1, 198, 1, 0))).toBe('Fetching reports: 1/198 periods, 1 request in flight, 0 retried');
  });
});

describe('on a terminal', () => {
  it('rewrites one line in place and ends it with a newline on finish', () => {
    let clock = 0;
    const stream = fakeStream(true);
    const progress = createProgress(stream, { intervalMs: 100, now: () => clock });
    progress.update(state(0, 10, 1));
    clock += 150;
    progress.update(state(3, 10, 6, 1));
    progress.finish();
    expect(stream.writes).toEqual([
      '\r\x1b[2KFetching reports: 0/10 periods, 1 request in flight, 0 retried',
      '\r\x1b[2KFetching reports: 3/10 periods, 6 requests in flight, 1 retried',
      '\n',
    ]);
    // Nothing but the one line: no newline until finish.
    expect(stream.writes.slice(0, -1).join('')).not.toContain('\n');
  });

  it('throttles rewrites but shows the newest state on finish and the last period at once', () => {
    const clock = 0;
    const stream = fakeStream(true);
    const progress = createProgress(stream, { intervalMs: 100, now: () => clock });
    progress.update(state(1, 10));
    for (let done = 2; done <= 5; done++) progress.update(state(done, 10)); // same instant: held back
    expect(stream.writes).toHaveLength(1);
    progress.finish();
    expect(stream.writes.at(-2)).toContain('5/10 periods');
    expect(stream.writes.at(-1)).toBe('\n');

    const ending = fakeStream(true);
    const second = createProgress(ending, { intervalMs: 100, now: () => clock });
    second.update(state(9, 10));
    second.update(state(10, 10, 0)); // within the interval, but the work is done
    expect(ending.writes.at(-1)).toContain('10/10 periods, 0 requests in flight');
  });

  it('writes nothing at all when there was no progress', () => {
    const stream = fakeStream(true);
    createProgress(stream).finish();
    expect(stream.writes).toEqual([]);
  });
});

describe('without a terminal (CI)', () => {
  it('writes one plain line per tenth of the work, without control characters', () => {
    const stream = fakeStream(false);
    const progress = createProgress(stream);
    for (let done = 0; done <= 198; done++) {
      progress.update(state(done, 198, 6, 0));
      progress.update(state(done, 198, 5, 0)); // requests settling between periods add no lines
    }
    progress.finish();
    expect(stream.writes).toHaveLength(10);
    expect(stream.writes.every((line) => line.endsWith('\n') && !CONTROL.test(line))).toBe(true);
    expect(stream.writes[0]).toBe('Fetching reports: 20/198 periods, 6 requests in flight, 0 retried\n');
    expect(stream.writes.at(-1)).toBe('Fetching reports: 198/198 periods, 6 requests in flight, 0 retried\n');
  });

  it('writes one line when the work jumps several tenths, and none for an empty build', () => {
    const stream = fakeStream(false);
    const progress = createProgress(stream);
    progress.update(state(0, 4));
    progress.update(state(3, 4));
    progress.update(state(4, 4));
    expect(stream.writes).toEqual([
      'Fetching reports: 3/4 periods, 6 requests in flight, 0 retried\n',
      'Fetching reports: 4/4 periods, 6 requests in flight, 0 retried\n',
    ]);

    const empty = fakeStream(false);
    createProgress(empty).update(state(0, 0));
    expect(empty.writes).toEqual([]);
  });
});

describe('failed periods', () => {
  it('are counted apart, never as done, and end the line like done ones', () => {
    expect(formatProgress({ done: 3, failed: 2, total: 5, inFlight: 0, retries: 1 })).toBe(
      'Fetching reports: 3/5 periods, 2 failed, 0 requests in flight, 1 retried',
    );
    const lines: string[] = [];
    const progress = createProgress({ write: (text: string) => lines.push(text) > 0, isTTY: false });
    progress.update({ done: 0, failed: 5, total: 5, inFlight: 0, retries: 0 });
    expect(lines).toEqual(['Fetching reports: 0/5 periods, 5 failed, 0 requests in flight, 0 retried\n']);
  });
});
