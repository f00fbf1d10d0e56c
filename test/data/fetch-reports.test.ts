// src/data/fetch-reports.ts against a real node:http server on port 0: answers that lack signs or repeat one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchReports } from '../../src/data/fetch-reports.ts';
import { allPeriods } from '../../src/data/periods.ts';
import { ResponseCache } from '../../src/data/response-cache.ts';
import { reportEntry, sendJson, type Handler } from '../api/helpers/fake-service.ts';
import { useClientHarness } from '../api/helpers/client-harness.ts';

const { setUp } = useClientHarness();
let cacheDir: string;
afterEach(() => rmSync(cacheDir, { recursive: true, force: true }));

const BUILD_DATE = '2026-11-22';
// One current month: 2026-11.
const PERIODS = allPeriods(BUILD_DATE, {
  weekly: { past: 0, future: 0 }, monthly: { past: 0, future: 0 }, yearly: { past: 0, future: 0 }, ascendantYearly: { past: 0, future: 0 },
}).filter((p) => p.kind === 'monthly');

/** Answers the all-signs request with `ids` (in that order), and single-sign requests with that sign. */
function answering(ids: number[]): Handler {
  return (request, res) => {
    const body = JSON.parse(request.body) as { year: number; month: number; sign_id?: number };
    if (body.sign_id !== undefined) return sendJson(res, 200, reportEntry(body, body.sign_id, { text: `<p>single ${body.sign_id}</p>` }));
    sendJson(res, 200, { reports: ids.map((id, i) => reportEntry(body, id, { text: `<p>entry ${i} of sign ${id}</p>` })) });
  };
}

async function fetchWith(ids: number[]) {
  const { service, client } = await setUp(answering(ids));
  cacheDir = mkdtempSync(path.join(tmpdir(), 'fetch-reports-'));
  const result = await fetchReports({ client, cache: new ResponseCache(cacheDir, 'test'), periods: PERIODS, buildDate: BUILD_DATE, offline: false });
  const singles = service.to('/api/monthly-reports').map((r) => (JSON.parse(r.body) as { sign_id?: number }).sign_id).filter((id) => id !== undefined);
  return { entries: result.reports[0]!.entries, singles };
}

describe('fetchReports with an incomplete all-signs answer', () => {
  it('asks for the one sign an answer of 11 lacks, with sign_id', async () => {
    const { entries, singles } = await fetchWith([0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11]);
    expect(singles).toEqual([5]);
    expect(entries.map((e) => e.sign_id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(entries[5]!.text).toBe('<p>single 5</p>');
  });

  it('keeps the first entry of a sign that comes twice, and asks for the sign that is missing', async () => {
    const { entries, singles } = await fetchWith([0, 1, 2, 3, 3, 4, 5, 6, 8, 9, 10, 11]);
    expect(singles).toEqual([7]);
    expect(entries[3]!.text).toBe('<p>entry 3 of sign 3</p>');
    expect(entries[7]!.text).toBe('<p>single 7</p>');
  });
});
