// The whole build against the sample service configured through the ASTRO_* variables, as a site owner's CI
// would run it: real HTTP, real cache on disk, real Eleventy, real swap into the output folder.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BuildSummary } from '../../src/cli/builder/build-summary.ts';
import { runBuild } from '../../src/cli/builder/run-build.ts';
import { cacheNamespace } from '../../src/data/response-cache.ts';
import { startSampleService, type SampleService, type SampleServiceOptions } from '../../src/sample-service/server.ts';
import { childrenNamed, childText, parseXml } from '../../src/cli/check/xml.ts';
import { filesUnder, snapshot } from '../helpers/files.ts';
import { removeDir } from '../helpers/remove-dir.ts';
import { copyProject, shareRunImages } from '../helpers/project-copy.ts';
import { quietProgress } from '../helpers/build-project.ts';

const BUILD_DATE = '2026-11-22';
const PASSWORD = 'correct horse battery staple';
/** The window of this file's site: each kind's current and next period, and the past one but for ascendant years. */
const WINDOW = {
  weekly: { past: 1, future: 1 },
  monthly: { past: 1, future: 1 },
  yearly: { past: 1, future: 1 },
  ascendantYearly: { past: 0, future: 1 },
};
/** Its periods: 3 weeks, 3 months, 3 years, 2 ascendant years. */
const PERIODS = 11;
const CURRENT_AND_FUTURE = 8;
const REPORT_PATH = /^\/api\/(weekly|monthly|yearly|ascendant-yearly)-reports$/;

let work: string;
let rootDir: string;
let service: SampleService | undefined;
const services: SampleService[] = [];

beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'astro-build-'));
  shareRunImages(path.join(work, 'cache'));
});
afterEach(async () => {
  await service?.close();
  service = undefined;
  await removeDir(work);
});
beforeAll(() => {
  rootDir = copyProject({ periods: WINDOW });
});
afterAll(async () => {
  await Promise.all(services.map((s) => s.close()));
  await removeDir(rootDir);
});

async function serve(options: SampleServiceOptions = {}): Promise<SampleService> {
  service = await startSampleService({ username: 'owner', password: PASSWORD, ...options });
  services.push(service);
  return service;
}

interface BuildRun {
  summary?: BuildSummary;
  error?: Error;
  logs: string[];
  warnings: string[];
}

async function build(env: Record<string, string> = {}, outputDir = path.join(work, 'dist')): Promise<BuildRun> {
  const logs: string[] = [];
  const warnings: string[] = [];
  try {
    const summary = await runBuild({
      rootDir,
      env: {
        ASTRO_API_URL: service?.url ?? '',
        ASTRO_API_USERNAME: 'owner',
        ASTRO_API_PASSWORD: PASSWORD,
        ASTRO_BUILD_DATE: BUILD_DATE,
        ...env,
      },
      outputDir,
      cacheDir: path.join(work, 'cache'),
      // No assertion here reads the search index.
      searchIndex: false,
      progressStream: quietProgress,
      log: (l) => logs.push(l),
      warn: (l) => warnings.push(l),
    });
    return { summary, logs, warnings };
  } catch (error) {
    return { error: error as Error, logs, warnings };
  }
}

const reportRequests = (s: SampleService) => s.log.filter((e) => REPORT_PATH.test(e.path));
const authRequests = (s: SampleService) => s.log.filter((e) => e.path === '/api/auth');

/** A published site to protect: a failed build must leave it byte for byte. */
function publishedSite(): { dir: string; before: Record<string, string> } {
  const dir = path.join(work, 'dist');
  mkdirSync(path.join(dir, 'aries'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>published</title>');
  writeFileSync(path.join(dir, 'aries', 'index.html'), 'published aries');
  return { dir, before: snapshot(dir) };
}

describe('build against a configured service', () => {
  it('authenticates once, sends one request per period with the spec headers, within the concurrency cap', async () => {
    const s = await serve({ latencyMs: 40 });
    const run = await build({ ASTRO_CONCURRENCY: '3' });
    expect(run.error).toBeUndefined();

    expect(authRequests(s)).toHaveLength(1);
    const reports = reportRequests(s);
    expect(reports).toHaveLength(PERIODS);
    // One all-signs request per period: no sign_id, integers as JSON numbers.
    for (const entry of reports) {
      const body = entry.body as Record<string, unknown>;
      expect(body).not.toHaveProperty('sign_id');
      expect(Number.isInteger(body.year)).toBe(true);
    }
    expect(new Set(reports.map((e) => JSON.stringify([e.path, e.body]))).size).toBe(PERIODS);
    for (const entry of s.log.filter((e) => e.path !== '/api/auth')) {
      expect(entry.headers['accept-encoding']).toBe('application/json');
      expect(entry.headers['content-type']).toBe('application/json');
      expect(entry.headers.authorization).toMatch(/^Bearer \S+$/);
    }
    expect(s.maxInFlight).toBeLessThanOrEqual(3);
    expect(s.maxInFlight).toBeGreaterThan(1);

    const dist = path.join(work, 'dist');
    expect(existsSync(path.join(dist, 'weekly/2026-w47/aries/index.html'))).toBe(true);
    expect(existsSync(path.join(dist, 'ascendant/2027/pisces/index.html'))).toBe(true);
    expect(run.summary!.pages).toBeGreaterThanOrEqual(PERIODS * 12 + PERIODS + 12 + 1);
    // The summary counts the HTML pages written, not the feeds, the sitemap or _headers.
    expect(run.summary!.pages).toBe(filesUnder(dist).filter((f) => f.endsWith('.html')).length);
    expect(run.summary!.requests).toBe(s.log.length); // reports, auth, and the example charts' look-ups
    expect(run.logs.join('\n')).toMatch(/Build summary/);
  });

  it('asks for single signs only when the all-signs answer lacks them', async () => {
    // The three yearly all-signs answers come back empty: each sign must then be asked for alone.
    const dropping = await serve({
      faults: {
        rules: [{ path: '/api/yearly-reports', times: 3, body: JSON.stringify({ reports: [] }) }],
      },
    });
    const run = await build();
    expect(run.error).toBeUndefined();
    const yearly = dropping.log.filter((e) => e.path === '/api/yearly-reports');
    const single = yearly.filter((e) => (e.body as Record<string, unknown>).sign_id !== undefined);
    expect(single).toHaveLength(3 * 12);
    expect(existsSync(path.join(work, 'dist/yearly/2026/leo/index.html'))).toBe(true);
  });
});

describe('hostile content', () => {
  it('never reaches the output and writes nothing outside it', async () => {
    await serve({
      faults: {
        transformReport: (entry) => ({
          ...entry,
          sign_name: '<img src=x onerror=alert(1)>Leo',
          intro: '<script>alert(1)</script><em>kept</em>',
          text:
            '<ul><li>item</li></ul><p onclick="alert(1)">Hi <strong>bold</strong> <a href="javascript:alert(1)">js</a> ' +
            '<a href="https://example.com/x">safe link</a></p><iframe src="https://evil.example"></iframe>' +
            '<svg><script>alert(1)</script></svg><math><mtext><table><mglyph><style><img src=x onerror=alert(1)>' +
            '<xmp><script>alert(1)</script></xmp><noembed><img src=x onerror=alert(1)></noembed>' +
            '<a href="data:text/html,<script>alert(1)</script>">data</a>',
        }),
      },
    });
    const before = new Set(filesUnder(work).map((f) => path.relative(work, f)));
    const run = await build();
    expect(run.error).toBeUndefined();

    const outside = filesUnder(work)
      .map((f) => path.relative(work, f))
      .filter((f) => !before.has(f) && !f.startsWith(`dist${path.sep}`) && !f.startsWith(`cache${path.sep}`));
    expect(outside).toEqual([]);

    const page = readFileSync(path.join(work, 'dist/weekly/2026-w47/leo/index.html'), 'utf8');
    const main = page.slice(page.indexOf('<main'), page.indexOf('</main>'));
    expect(main).not.toMatch(/<script(?![^>]*application\/ld\+json)/i);
    // The page's own sign glyph is an SVG; the service's texts, from the intro on, carry none.
    const texts = main.slice(main.indexOf('<div class="intro">'));
    expect(texts).toContain('<em>kept</em>');
    expect(texts).not.toMatch(/<(iframe|svg|math|xmp|noembed|style|img)\b/i);
    expect(main).not.toMatch(/<[^>]*\son\w+=/i);
    expect(main).not.toMatch(/javascript:|data:text/i);
    expect(main).toContain('<strong>bold</strong>');
    expect(main).toContain('<em>kept</em>');
    expect(main).toContain('<li>item</li>');
    expect(main).toMatch(/<a href="https:\/\/example.com\/x" rel="noopener noreferrer">safe link<\/a>/);
    // The page names the sign in the site's language; the service's sign_name is not printed at all.
    expect(main).toContain('Leo weekly horoscope <span class="period">');
    expect(main).not.toContain('onerror=alert(1)');
    for (const file of filesUnder(path.join(work, 'dist')).filter((f) => f.endsWith('.html'))) {
      expect(readFileSync(file, 'utf8'), file).not.toContain('<img src=x onerror');
    }

    // The Atom feed carries the same texts as escaped HTML: it parses strictly as XML, and once unescaped the
    // content a feed reader renders holds nothing dangerous either.
    const feed = parseXml(readFileSync(path.join(work, 'dist/leo/feed.xml'), 'utf8'));
    const contents = childrenNamed(feed, 'entry').map((entry) => childText(entry, 'content') ?? '');
    expect(contents.length).toBeGreaterThan(0);
    for (const html of contents) {
      expect(html).not.toMatch(/<(script|iframe|svg|math|xmp|noembed|style|img)\b/i);
      expect(html).not.toMatch(/<[^>]*\son\w+=/i);
      expect(html).not.toMatch(/javascript:|data:text/i);
    }
    expect(contents.some((html) => html.includes('<em>kept</em>') && html.includes('<strong>bold</strong>'))).toBe(
      true,
    );
  });
});

describe('with no cached copy, answers of the wrong shape fail the build, naming endpoint and field, changing nothing', () => {
  it.each([
    ['malformed JSON', '{"reports": [', /\/api\/monthly-reports.*not valid JSON/],
    [
      'a missing field',
      JSON.stringify({ reports: [{ year: 2026, month: 11, monthly: 1, sign_id: 0, sign_name: 'Aries', intro: 'x' }] }),
      /\/api\/monthly-reports.*text/,
    ],
    [
      'a sign_id out of range',
      JSON.stringify({
        reports: [{ year: 2026, month: 11, monthly: 1, sign_id: 12, sign_name: 'X', intro: 'x', text: 'y' }],
      }),
      /\/api\/monthly-reports.*sign_id/,
    ],
  ])('%s', async (_name, body, message) => {
    const published = publishedSite();
    await serve({ faults: { rules: [{ path: '/api/monthly-reports', body }] } });
    const run = await build();
    expect(run.error?.message).toMatch(message);
    expect(snapshot(published.dir)).toEqual(published.before);
  });
});

describe('reliability', () => {
  it('completes through failures and expiring tokens without wasting requests', async () => {
    const s = await serve({ faults: { failFirstAttemptOfEveryNth: 3, tokenTtlRequests: 5 } });
    const run = await build();
    expect(run.error).toBeUndefined();
    expect(existsSync(path.join(work, 'dist/monthly/2026-12/pisces/index.html'))).toBe(true);

    const reports = reportRequests(s);
    const expiries = reports.filter((e) => e.status === 401).length;
    const sends = new Map<string, number>();
    for (const e of reports.filter((r) => r.status !== 401)) {
      const key = JSON.stringify([e.path, e.body]);
      sends.set(key, (sends.get(key) ?? 0) + 1);
    }
    expect(sends.size).toBe(PERIODS);
    expect(Math.max(...sends.values())).toBeLessThanOrEqual(4);
    expect([...sends.values()].some((n) => n > 1)).toBe(true);
    // One re-authentication per expiry at most (the first auth is not a renewal).
    expect(authRequests(s).length - 1).toBeLessThanOrEqual(expiries);
    expect(expiries).toBeGreaterThan(0);

    // After a 429 with Retry-After: 1 the same request is not sent again before a second has passed.
    const throttled = reports.filter((e) => e.status === 429);
    expect(throttled.length).toBeGreaterThan(0);
    for (const first of throttled) {
      const again = reports.find(
        (e) =>
          e.startedAt > first.startedAt &&
          e.path === first.path &&
          JSON.stringify(e.body) === JSON.stringify(first.body),
      );
      expect(again).toBeDefined();
      expect(again!.startedAt - (first.endedAt ?? first.startedAt)).toBeGreaterThanOrEqual(1000 - 5);
    }
    expect(run.summary!.retries).toBeGreaterThan(0);
  });

  it('fails fast on bad credentials, without retrying, and says authentication failed', async () => {
    const published = publishedSite();
    const s = await serve();
    const run = await build({ ASTRO_API_PASSWORD: 'wrong password' });
    expect(run.error?.message).toMatch(/authentication failed/i);
    expect(run.error?.message).not.toContain('wrong password');
    expect(authRequests(s)).toHaveLength(1);
    expect(reportRequests(s)).toHaveLength(0);
    expect(snapshot(published.dir)).toEqual(published.before);
  });

  it('serves a stale copy when a current period keeps failing and the cache has one, and says so', async () => {
    let s = await serve();
    expect((await build()).error).toBeUndefined();
    await s.close();
    // The same service (the cache is kept per service URL), now failing.
    s = await serve({ port: s.port, faults: { rules: [{ path: '/api/monthly-reports', status: 503 }] } });
    const run = await build();
    expect(run.error).toBeUndefined();
    const warning = run.warnings.join('\n');
    expect(warning).toMatch(/stale/);
    expect(warning).toContain('monthly 2026-11');
    expect(warning).toContain('monthly 2026-12');
    expect(run.summary!.stale.sort()).toEqual(['monthly 2026-11', 'monthly 2026-12']);
    // Past months are final: served from the cache, never requested again.
    const monthly = s.log.filter((e) => e.path === '/api/monthly-reports');
    expect(new Set(monthly.map((e) => (e.body as { month: number }).month))).toEqual(new Set([11, 12]));
    expect(monthly.length).toBeLessThanOrEqual(2 * 4);
  });

  it.each([
    ['truncated JSON', '{"reports": [{"year": 2026', /\/api\/monthly-reports: response is not valid JSON/, false],
    ['the wrong shape', JSON.stringify({ data: [] }), /\/api\/monthly-reports: invalid response: reports/, true],
    [
      'an answer over the size limit',
      `{"reports": [${' '.repeat(6 * 1024 * 1024)}]}`,
      /\/api\/monthly-reports: response body exceeds the 5 MiB limit/,
      false,
    ],
  ])(
    'serves the cached copy when a current period answers with %s, naming endpoint, period and reason',
    async (_name, body, reason, louder) => {
      let s = await serve();
      expect((await build()).error).toBeUndefined();
      await s.close();
      s = await serve({ port: s.port, faults: { rules: [{ path: '/api/monthly-reports', body }] } });
      const run = await build();
      expect(run.error).toBeUndefined();
      const stale = run.warnings.filter((w) => w.includes('is stale'));
      expect(stale.map((w) => w.slice(0, w.indexOf(':', 'warning: '.length)))).toEqual(
        expect.arrayContaining([
          'warning: monthly 2026-11 is stale (served from the cache)',
          'warning: monthly 2026-12 is stale (served from the cache)',
        ]),
      );
      for (const line of stale) expect(line).toMatch(reason);
      expect(run.warnings.some((w) => w.includes('UNEXPECTED SHAPE'))).toBe(louder);
      expect(run.summary!.stale.sort()).toEqual(['monthly 2026-11', 'monthly 2026-12']);
    },
  );

  it('fails naming the endpoint when a period keeps failing and there is no cached copy, keeping the published site', async () => {
    const published = publishedSite();
    await serve({ faults: { rules: [{ path: '/api/monthly-reports', status: 503 }] } });
    const run = await build();
    expect(run.error?.message).toMatch(/\/api\/monthly-reports/);
    expect(run.error?.message).toMatch(/503/);
    // All three months fail; the line names the first in the archive's order, the past month 2026-10, every run.
    expect(run.error?.message).toMatch(
      /^\/api\/monthly-reports for monthly 2026-10 failed: .*; no cached copy \(and 2 more periods\)$/,
    );
    expect(snapshot(published.dir)).toEqual(published.before);
    expect(readdirSync(work).filter((n) => n.includes('dist-build'))).toEqual([]);
  });

  it('rebuilds warm with requests for current and future periods only, keeping the published output, but not on an earlier day', async () => {
    const s = await serve();
    expect((await build()).error).toBeUndefined();
    s.resetLog();
    const run = await build();
    expect(run.error).toBeUndefined();
    expect(reportRequests(s)).toHaveLength(CURRENT_AND_FUTURE);
    expect(run.summary!.fromCache).toBe(PERIODS - CURRENT_AND_FUTURE);
    const kept = 'Nothing a page shows has changed since the last build: the published output stays as it is.';
    expect(run.logs).toContain(kept);
    // The day before, in the same periods: the same inputs, but the pages first published on the 22nd now date
    // from the 21st (page-dates.ts), so the site is rendered again and its history saved.
    const earlier = await build({ ASTRO_BUILD_DATE: '2026-11-21' });
    expect(earlier.error).toBeUndefined();
    expect(earlier.logs).not.toContain(kept);
    expect(earlier.summary!.rendered).toBeGreaterThan(0);
    const history = JSON.parse(
      readFileSync(path.join(work, 'cache', cacheNamespace(s.url), 'page-dates.json'), 'utf8'),
    ) as Record<string, { firstSeen: string }>;
    expect(history['/weekly/2026-w48/leo/']!.firstSeen).toBe('2026-11-21');
  });

  it('builds offline from the cache alone, and names what is missing when it cannot', async () => {
    const s = await serve();
    expect((await build()).error).toBeUndefined();
    s.resetLog();
    const offline = await build({ ASTRO_OFFLINE: '1' });
    expect(offline.error).toBeUndefined();
    expect(s.log).toHaveLength(0);

    rmSync(path.join(work, 'cache'), { recursive: true });
    const missing = await build({ ASTRO_OFFLINE: '1' });
    expect(missing.error?.message).toMatch(/ASTRO_OFFLINE/);
    expect(missing.error?.message).toContain('/api/weekly-reports 2026-w47');
  });

  it('writes neither the password nor any token to the output or the cache', async () => {
    const s = await serve({ faults: { tokenTtlRequests: 4 } });
    expect((await build()).error).toBeUndefined();
    const tokens = [...new Set(s.log.map((e) => e.token).filter((t): t is string => Boolean(t)))];
    expect(tokens.length).toBeGreaterThan(1);
    const files = filesUnder(work);
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) {
      const content = readFileSync(file, 'latin1');
      expect(content.includes(PASSWORD), file).toBe(false);
      for (const token of tokens) expect(content.includes(token), file).toBe(false);
    }
    expect(statSync(path.join(work, 'cache')).isDirectory()).toBe(true);
  });
});

describe('page dates', () => {
  const historyFile = (s: SampleService) => path.join(work, 'cache', cacheNamespace(s.url), 'page-dates.json');

  it('a damaged history is ignored with one warning naming the file, and a whole one is saved after the build', async () => {
    const file = historyFile(await serve());
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, '{"/weekly/2026-w47/leo/": {"firstSeen": "soon"');
    const run = await build();
    expect(run.error).toBeUndefined();
    const warnings = run.warnings.filter((w) => w.includes('page dates'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^warning: ignored a damaged page dates file \S+page-dates\.json: .*JSON.*; dates start afresh from this build$/,
    );
    expect(warnings[0]).toContain(file);
    // A cold build's dates: week 47 started on 2026-11-16.
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { firstSeen: string; changed: string }>;
    expect(saved['/weekly/2026-w47/leo/']).toMatchObject({ firstSeen: '2026-11-16', changed: '2026-11-16' });
  });

  it('a history that cannot be saved does not fail a build that has published: one warning naming the file', async () => {
    const file = historyFile(await serve());
    // A folder with something in it where the file belongs: it can be neither read nor replaced.
    mkdirSync(path.join(file, 'in-the-way'), { recursive: true });
    const run = await build();
    expect(run.error).toBeUndefined();
    expect(existsSync(path.join(work, 'dist', 'index.html'))).toBe(true);
    const notSaved = run.warnings.filter((w) =>
      w.startsWith('warning: the site is published, but its page dates could not be saved'),
    );
    expect(notSaved).toHaveLength(1);
    expect(notSaved[0]).toContain(`saved to ${file}: `);
    expect(readdirSync(path.dirname(file)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});
