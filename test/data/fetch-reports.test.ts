// src/data/fetch-reports.ts against a real node:http server on port 0: answers that lack signs or repeat one, and
// the sanitized HTML the cache keeps beside each answer, and the digest kept for it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportEntry } from '../../src/api/index.ts';
import { AnswerDigests } from '../../src/incremental/answer-digests.ts';
import { fetchReports } from '../../src/data/fetch-reports.ts';
import { htmlDigest, type ReportHtml } from '../../src/data/period-reports.ts';
import { allPeriods } from '../../src/data/periods.ts';
import { ResponseCache, type CacheEntry } from '../../src/data/response-cache.ts';
import { SANITIZER_VERSION } from '../../src/data/sanitizer-version.ts';
import { reportEntry, sendJson, type Handler } from '../api/helpers/fake-service.ts';
import { useClientHarness } from '../api/helpers/client-harness.ts';

const { setUp } = useClientHarness();
let cacheDir: string;
afterEach(() => rmSync(cacheDir, { recursive: true, force: true }));

const BUILD_DATE = '2026-11-22';
// One current month: 2026-11.
const PERIODS = allPeriods(BUILD_DATE, {
  weekly: { past: 0, future: 0 },
  monthly: { past: 0, future: 0 },
  yearly: { past: 0, future: 0 },
  ascendantYearly: { past: 0, future: 0 },
}).filter((p) => p.kind === 'monthly');

/** Answers the all-signs request with `ids` (in that order), and single-sign requests with that sign. */
function answering(ids: number[]): Handler {
  return (request, res) => {
    const body = JSON.parse(request.body) as { year: number; month: number; sign_id?: number };
    if (body.sign_id !== undefined)
      return sendJson(res, 200, reportEntry(body, body.sign_id, { text: `<p>single ${body.sign_id}</p>` }));
    sendJson(res, 200, {
      reports: ids.map((id, i) => reportEntry(body, id, { text: `<p>entry ${i} of sign ${id}</p>` })),
    });
  };
}

async function fetchWith(ids: number[]) {
  const { service, client } = await setUp(answering(ids));
  cacheDir = mkdtempSync(path.join(tmpdir(), 'fetch-reports-'));
  const result = await fetchReports({
    client,
    cache: new ResponseCache(cacheDir, 'test'),
    periods: PERIODS,
    buildDate: BUILD_DATE,
    offline: false,
  });
  const singles = service
    .to('/api/monthly-reports')
    .map((r) => (JSON.parse(r.body) as { sign_id?: number }).sign_id)
    .filter((id) => id !== undefined);
  return { html: result.reports[0]!.html(), singles };
}

describe('fetchReports with an incomplete all-signs answer', () => {
  it('asks for the one sign an answer of 11 lacks, with sign_id', async () => {
    const { html, singles } = await fetchWith([0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11]);
    expect(singles).toEqual([5]);
    // By sign_id: the answer's sixth entry is sign 6's.
    expect(html.map((h) => h.text)).toEqual(
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((id) =>
        id === 5 ? '<p>single 5</p>' : `<p>entry ${id < 5 ? id : id - 1} of sign ${id}</p>`,
      ),
    );
  });

  it('keeps the first entry of a sign that comes twice, and asks for the sign that is missing', async () => {
    const { html, singles } = await fetchWith([0, 1, 2, 3, 3, 4, 5, 6, 8, 9, 10, 11]);
    expect(singles).toEqual([7]);
    expect(html[3]!.text).toBe('<p>entry 3 of sign 3</p>');
    expect(html[7]!.text).toBe('<p>single 7</p>');
  });
});

describe('fetchReports keeps the reports sanitized in the cache', () => {
  // Worked by hand from the policy in src/data/sanitize.ts: the script goes with its content, the h3 (the only
  // heading level) becomes the h2 pages start their report headings at.
  const RAW = '<h3>Love</h3><p onclick="x()">Kind words.</p><script>alert(1)</script>';
  const PUBLISHED = '<h2>Love</h2><p>Kind words.</p>';
  const serving =
    (text: string): Handler =>
    (request, res) => {
      const body = JSON.parse(request.body) as { year: number; month: number };
      sendJson(res, 200, { reports: Array.from({ length: 12 }, (_, id) => reportEntry(body, id, { text })) });
    };
  const cacheFile = () =>
    new ResponseCache(cacheDir, 'test').fileFor('/api/monthly-reports', { year: 2026, month: 11 });
  const readEntry = () => JSON.parse(readFileSync(cacheFile(), 'utf8')) as CacheEntry<ReportEntry[]>;

  async function fetchOnce(handler: Handler, buildDate = BUILD_DATE) {
    const { service, client } = await setUp(handler);
    const result = await fetchReports({
      client,
      cache: new ResponseCache(cacheDir, 'test'),
      periods: PERIODS,
      buildDate,
      offline: false,
    });
    return { reports: result.reports[0]!, requests: service.to('/api/monthly-reports').length };
  }

  beforeEach(() => {
    cacheDir = mkdtempSync(path.join(tmpdir(), 'fetch-reports-'));
  });

  it('stores the HTML pages show beside the answer, with the version of the sanitizer that made it', async () => {
    const { reports } = await fetchOnce(serving(RAW));
    expect(reports.html()[4]!.text).toBe(PUBLISHED);
    const entry = readEntry();
    expect(entry.response[4]!.text).toBe(RAW);
    expect(entry.sanitized?.version).toBe(SANITIZER_VERSION);
    expect((entry.sanitized?.value as ReportHtml[])[4]!.text).toBe(PUBLISHED);
  });

  it('serves a final period from the HTML the cache keeps, without sanitizing again', async () => {
    await fetchOnce(serving(RAW));
    const entry = readEntry();
    (entry.sanitized!.value as ReportHtml[])[4]!.text = '<p>Kept as sanitized.</p>';
    writeFileSync(cacheFile(), JSON.stringify(entry));
    // Once December has begun, 2026-11 is final: it comes from the cache.
    const { reports, requests } = await fetchOnce(serving('<p>not asked</p>'), '2026-12-15');
    expect(requests).toBe(0);
    expect(reports.html()[4]!.text).toBe('<p>Kept as sanitized.</p>');
  });

  it('sanitizes again, and keeps the result, when the cached HTML comes from another sanitizer or is damaged', async () => {
    // Each round starts from a fresh answer (2026-11 is current on BUILD_DATE), then damages its cached HTML.
    for (const damage of [
      (e: CacheEntry<ReportEntry[]>) => (e.sanitized!.version = 'an-older-sanitizer'),
      (e: CacheEntry<ReportEntry[]>) => (e.sanitized!.value = (e.sanitized!.value as ReportHtml[]).slice(1)),
      (e: CacheEntry<ReportEntry[]>) => delete e.sanitized,
    ]) {
      await fetchOnce(serving(RAW));
      const entry = readEntry();
      damage(entry);
      for (const html of (entry.sanitized?.value ?? []) as ReportHtml[]) html.text = '<p>stale</p>';
      writeFileSync(cacheFile(), JSON.stringify(entry));
      const { reports, requests } = await fetchOnce(serving('<p>not asked</p>'), '2026-12-15');
      expect(requests).toBe(0);
      expect(reports.html()[4]!.text).toBe(PUBLISHED);
      expect(readEntry().sanitized?.version).toBe(SANITIZER_VERSION);
      expect((readEntry().sanitized?.value as ReportHtml[])[11]!.text).toBe(PUBLISHED);
    }
  });
});

describe("fetchReports with the answers' digests", () => {
  beforeEach(() => {
    cacheDir = mkdtempSync(path.join(tmpdir(), 'fetch-reports-'));
  });
  afterEach(() => vi.restoreAllMocks());

  const endpoint = '/api/monthly-reports';
  const body = { year: 2026, month: 11 };
  const handler: Handler = (request, res) => {
    const asked = JSON.parse(request.body) as { year: number; month: number };
    sendJson(res, 200, {
      reports: Array.from({ length: 12 }, (_, id) => reportEntry(asked, id, { text: `<p>Words ${id}</p>` })),
    });
  };

  /** A fetch as a build does it: the digests loaded, then saved. Stats count at once (no settling time). */
  async function fetchWithDigests(buildDate: string) {
    const { client } = await setUp(handler);
    const cache = new ResponseCache(cacheDir, 'test');
    const digests = await AnswerDigests.load(cache.dir, SANITIZER_VERSION, 0);
    const reads = vi.spyOn(cache, 'read');
    const result = await fetchReports({ client, cache, digests, periods: PERIODS, buildDate, offline: false });
    await digests.save();
    return {
      reports: result.reports[0]!,
      reads: reads.mock.calls.filter(([e]) => e === endpoint).length,
      file: cache.fileFor(endpoint, body),
    };
  }

  it("reads a final period's answer once, then takes its recorded digest without reading it, until the file changes", async () => {
    await fetchWithDigests(BUILD_DATE);
    // December: 2026-11 is final. Its answer is read, and its digest recorded.
    const read = await fetchWithDigests('2026-12-15');
    expect(read.reads).toBe(1);
    const html = read.reports.html();
    expect(html[3]!.text).toBe('<p>Words 3</p>');

    const trusted = await fetchWithDigests('2026-12-15');
    expect(trusted.reads).toBe(0);
    expect(trusted.reports).toMatchObject({ digest: htmlDigest(html), source: 'cache' });
    expect(trusted.reports.html()).toEqual(html);

    // Changed in place, to the same size: read again, and the change shows.
    const text = readFileSync(trusted.file, 'utf8');
    writeFileSync(trusted.file, text.replaceAll('<p>Words 3</p>', '<p>Wards 3</p>'));
    expect(readFileSync(trusted.file, 'utf8')).toHaveLength(text.length);
    const changed = await fetchWithDigests('2026-12-15');
    expect(changed.reads).toBe(1);
    expect(changed.reports.html()[3]!.text).toBe('<p>Wards 3</p>');
    expect(changed.reports.digest).not.toBe(htmlDigest(html));
  });
});
