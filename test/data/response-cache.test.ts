// src/data/response-cache.ts: one file per answer, written whole, read back only when it matches its key.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCache } from '../../src/data/response-cache.ts';

describe('ResponseCache', () => {
  let cacheDir: string;
  beforeEach(() => {
    cacheDir = mkdtempSync(path.join(tmpdir(), 'response-cache-'));
  });
  afterEach(() => rmSync(cacheDir, { recursive: true, force: true }));

  const endpoint = '/api/weekly-reports';
  const body = { year: 2026, week: 47 };
  const answer = [
    { sign_id: 0, sign_name: 'Bélier', intro: '<p>Semaine du 16 – 22 novembre ♈</p>', text: '<p>🌕</p>' },
  ];

  it('gives back what it stored, under a file named by the request', async () => {
    const cache = new ResponseCache(cacheDir, 'example.com');
    await cache.set(endpoint, body, answer);
    const file = cache.fileFor(endpoint, body);
    expect(path.relative(cacheDir, file)).toBe(path.join('example.com', 'weekly-reports', 'week-47_year-2026.json'));
    expect(readFileSync(file, 'utf8')).toContain('Semaine du 16 – 22 novembre ♈');
    const entry = await cache.read(endpoint, { week: 47, year: 2026 });
    expect(entry?.response).toEqual(answer);
    expect(cache.unreadable).toEqual([]);
  });

  it('still reads an entry an earlier version wrote in ASCII, with \\u escapes', async () => {
    const cache = new ResponseCache(cacheDir, 'example.com');
    const file = cache.fileFor(endpoint, body);
    mkdirSync(path.dirname(file), { recursive: true });
    const escaped = String.raw`[{"sign_id":0,"sign_name":"B\u00e9lier","intro":"<p>Semaine du 16 \u2013 22 novembre \u2648</p>","text":"<p>\ud83c\udf15</p>"}]`;
    writeFileSync(
      file,
      `{"endpoint":"/api/weekly-reports","body":{"year":2026,"week":47},"storedAt":"2026-11-20T10:00:00.000Z","response":${escaped}}\n`,
    );
    expect((await cache.read(endpoint, body))?.response).toEqual(answer);
  });

  it('treats a damaged file, or one that holds another request, as absent and names it', async () => {
    const cache = new ResponseCache(cacheDir, 'example.com');
    const file = cache.fileFor(endpoint, body);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, '{"endpoint": "/api/weekly-reports", "bo');
    expect(await cache.read(endpoint, body)).toBeUndefined();
    writeFileSync(file, JSON.stringify({ endpoint, body: { year: 2026, week: 46 }, storedAt: '', response: answer }));
    expect(await cache.read(endpoint, body)).toBeUndefined();
    expect(cache.unreadable).toHaveLength(2);
    expect(cache.unreadable[0]).toContain(file);
    expect(cache.unreadable[1]).toContain('entry does not match its key');
  });
});
