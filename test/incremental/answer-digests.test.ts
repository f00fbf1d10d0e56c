// src/incremental/answer-digests.ts: a cached answer's digest is trusted while its file has the stat recorded with it,
// and no longer once the file changed, however little.
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AnswerDigests } from '../../src/incremental/answer-digests.ts';
import { ResponseCache } from '../../src/data/response-cache.ts';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'answer-digests-'));
  file = path.join(dir, 'weekly-reports', 'week-47_year-2026.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const cache = () => new ResponseCache(path.dirname(dir), path.basename(dir));

/** Stores an answer, reads it back as a build does (asked for first), records its digest and saves the records. */
async function recorded(sanitizer = 'v1', { settledMs = 0, between = () => {} } = {}): Promise<void> {
  await cache().set('/api/weekly-reports', { year: 2026, week: 47 }, [{ sign_id: 0 }]);
  const digests = await AnswerDigests.load(dir, sanitizer, settledMs);
  expect(digests.trusted(file)).toBeUndefined();
  expect(await cache().read('/api/weekly-reports', { year: 2026, week: 47 })).toBeDefined();
  between();
  digests.record(file, 'the digest');
  await digests.save();
}

describe('AnswerDigests', () => {
  it('trusts the digest of a file whose stat is the one recorded, in the next build', async () => {
    await recorded();
    expect((await AnswerDigests.load(dir, 'v1')).trusted(file)).toBe('the digest');
  });

  it('no longer trusts it once the file was changed in place to the same size, even given back its mtime', async () => {
    await recorded();
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace('"sign_id":0', '"sign_id":1'));
    expect(readFileSync(file, 'utf8')).toHaveLength(text.length);
    expect((await AnswerDigests.load(dir, 'v1')).trusted(file)).toBeUndefined();
    // The mtime put back: the ctime still moved.
    await recorded();
    const before = new Date();
    writeFileSync(file, readFileSync(file, 'utf8').replace('"sign_id":0', '"sign_id":1'));
    utimesSync(file, before, before);
    expect((await AnswerDigests.load(dir, 'v1')).trusted(file)).toBeUndefined();
  });

  it('records each digest with the stat taken before the read, so a file changed since is read again, and none for a file changed too lately for its stat to count', async () => {
    await recorded('v1', {
      between: () => writeFileSync(file, readFileSync(file, 'utf8').replace('"sign_id":0', '"sign_id":1')),
    });
    expect((await AnswerDigests.load(dir, 'v1')).trusted(file)).toBeUndefined();
    // Written a moment ago: within the coarsest clock's tick (file-stat.ts), a later write could keep its stat.
    await recorded('v1', { settledMs: 60_000 });
    expect((await AnswerDigests.load(dir, 'v1')).trusted(file)).toBeUndefined();
    await recorded('v1');
    expect((await AnswerDigests.load(dir, 'v1')).trusted(file)).toBe('the digest');
  });

  it('trusts nothing recorded by another sanitizer, in a damaged file, or for a file removed', async () => {
    await recorded('v0');
    expect((await AnswerDigests.load(dir, 'v1')).trusted(file)).toBeUndefined();
    await recorded();
    rmSync(file);
    expect((await AnswerDigests.load(dir, 'v1')).trusted(file)).toBeUndefined();
    writeFileSync(path.join(dir, 'answer-digests.json'), '{"version": 1, "sani');
    expect((await AnswerDigests.load(dir, 'v1')).trusted(file)).toBeUndefined();
  });

  it('keeps for the next build the records this one trusted or made, and no other', async () => {
    await recorded();
    const first = await AnswerDigests.load(dir, 'v1');
    expect(first.trusted(file)).toBe('the digest');
    await first.save();
    const second = await AnswerDigests.load(dir, 'v1');
    expect(second.trusted(file)).toBe('the digest');
    // A build that did not need this answer (its period left the site's windows).
    const third = await AnswerDigests.load(dir, 'v1');
    await third.save();
    expect((await AnswerDigests.load(dir, 'v1')).trusted(file)).toBeUndefined();
  });
});
