// The chart form Worker when the service misbehaves, in workerd against the sample service (a real node:http server)
// on a loopback port: an answer that stalls halfway through its body, or a sign-in that does, ends with its
// visitor's wait and leaves nothing behind; identical requests at once share one call; and the daily cap counts
// the requests that reach the service, retries included, and nothing for one that never left.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LocalWorker } from '../../src/cli/chart-form-worker.ts';
import { startSampleService, type SampleService } from '../../src/sample-service/server.ts';
import { callsTo, fileWorker, FORM_SITE, formClient, resultOf, useFormWorkerHooks } from '../helpers/form-worker.ts';
import { runScript } from '../helpers/project-copy.ts';
import { copyOfBuiltSite } from '../helpers/shared-sites.ts';

const ACCOUNT = { ASTRO_API_USERNAME: 'faulty-owner', ASTRO_API_PASSWORD: 'faulty-secret-5' };
/**
 * The visitor's whole wait (ASTRO_TIMEOUT_MS): short, so that a stall costs the tests little, and long enough for a
 * loaded machine to draw a chart in. A chart drawn is drawn within it: past it, the Worker answers 503.
 */
const WAIT_MS = 2500;
/** The capped site's calls a day. */
const CAP = 3;

let project = '';
let service: SampleService;

const workerFor = fileWorker();

/** The file's Worker over `site`: the last test's isolate and ledger when it ran over the same site. */
async function withWorker<T>(
  site: 'dist' | 'capped',
  use: (worker: LocalWorker) => Promise<T>,
  fresh = false,
): Promise<T> {
  const secrets = { ASTRO_API_URL: service.url, ...ACCOUNT, ASTRO_TIMEOUT_MS: String(WAIT_MS) };
  return use(await workerFor({ dist: path.join(project, site), secrets }, { fresh }));
}

/** The file's Worker over `site` run afresh: a new isolate and ledger, its session never signed in, no call counted today. */
const withFreshWorker = <T>(site: 'dist' | 'capped', use: (worker: LocalWorker) => Promise<T>) =>
  withWorker(site, use, true);

beforeAll(async () => {
  // The form's shared build, in a project of its own: `npm run worker` runs in it, and the capped site is a copy in it.
  project = await copyOfBuiltSite('site', FORM_SITE);
  cpSync(path.join(project, 'dist'), path.join(project, 'capped'), { recursive: true });
  const form = path.join(project, 'capped/charts/yours/form.json');
  writeFileSync(form, JSON.stringify({ ...JSON.parse(readFileSync(form, 'utf8')), dailyLimit: CAP }));
  service = await startSampleService({ username: ACCOUNT.ASTRO_API_USERNAME, password: ACCOUNT.ASTRO_API_PASSWORD });
}, 240_000);
useFormWorkerHooks(() => ({ service, project }));

/** The places answer for Lima, as the service sends it: what a stalled answer sends half of. */
const LIMA = JSON.stringify({
  data: [
    {
      id: 3_936_456,
      name: 'Lima',
      admin1_code: '15',
      country_code: 'PE',
      latitude: -12.04,
      longitude: -77.03,
      population: 7_737_002,
      timezone: 'America/Lima',
    },
  ],
});

const statusOf = async (answer: Promise<Response>) => (await answer).status;

describe('a stalled answer', () => {
  it("ends with its visitor's wait, one or more at once than the client's four in flight: the next suggestion and chart are drawn", async () => {
    await withWorker('dist', async (worker) => {
      const { post, suggestions } = formClient(worker);
      service.setFaults({ rules: [{ path: '/api/places', body: LIMA, stall: true }] });
      expect(await statusOf(post('/charts/yours/places', { q: 'Lim' }))).toBe(503);
      // Five at once, each other letters, each stalled halfway through its body.
      const stalled = await Promise.all(
        ['Lin', 'Lis', 'Liv', 'Lju', 'Lod'].map((q) => statusOf(post('/charts/yours/places', { q }))),
      );
      expect(stalled).toEqual([503, 503, 503, 503, 503]);
      // One send each: the wait's end cancelled each before its retry.
      expect(callsTo(service, '/api/places')).toBe(6);
      // The service is well again: the next suggestion and chart are drawn, with no restart.
      service.setFaults({});
      const [oslo] = await suggestions('/charts/yours/', 'Oslo');
      expect(
        (await post('/charts/yours/', { date: '1961-06-06', time: '06:06', q: 'Oslo', place: oslo!.token })).status,
      ).toBe(200);
      expect(callsTo(service, '/api/natal')).toBe(1);
    });
  });

  it("in a sign-in ends with its visitor's wait: none is asked for during the back-off, then the next request signs in again and is drawn", async () => {
    await withFreshWorker('dist', async (worker) => {
      const { post } = formClient(worker);
      service.setFaults({ rules: [{ path: '/api/auth', body: '{"accessToken":"never-finished"}', stall: true }] });
      expect(await statusOf(post('/charts/yours/', { date: '1962-02-02', time: '02:02', q: 'Lima' }))).toBe(503);
      expect(callsTo(service, '/api/auth')).toBe(1);
      service.setFaults({});
      expect(await statusOf(post('/charts/yours/', { date: '1962-02-02', time: '02:02', q: 'Lima' }))).toBe(503);
      expect(callsTo(service, '/api/auth')).toBe(1);
      // src/api/options.ts SIGN_IN_BACKOFF, 5 s after a first failure.
      await new Promise((resolve) => setTimeout(resolve, 5000));
      expect(await statusOf(post('/charts/yours/', { date: '1962-02-02', time: '02:02', q: 'Lima' }))).toBe(200);
      expect(callsTo(service, '/api/auth')).toBe(2);
    });
  });

  it('keeps none of ten other charts sent meanwhile from being drawn', async () => {
    await withWorker('dist', async (worker) => {
      const { post, suggestions } = formClient(worker);
      const [lima] = await suggestions('/charts/yours/', 'Lima');
      service.setFaults({ rules: [{ path: '/api/natal', body: '{"planets": []}', stall: true, times: 1 }] });
      const chart = (day: number) =>
        post('/charts/yours/', {
          date: `1963-03-${String(day).padStart(2, '0')}`,
          time: '03:03',
          q: 'Lima',
          place: lima!.token,
        });
      const first = statusOf(chart(1));
      // The stalled call has left: the ten start behind it.
      await expect.poll(() => callsTo(service, '/api/natal'), { timeout: WAIT_MS }).toBe(1);
      expect(await Promise.all(Array.from({ length: 10 }, (_, i) => statusOf(chart(i + 2))))).toEqual(
        Array(10).fill(200),
      );
      expect(await first).toBe(503);
    });
  });
});

describe('identical requests at once', () => {
  it('cost one call and one unit of the cap, and each visitor gets the answer', async () => {
    await withFreshWorker('capped', async (worker) => {
      const { post, suggestions } = formClient(worker);
      const [lima] = await suggestions('/charts/yours/', 'Lima');
      const charts = await Promise.all(
        Array.from({ length: 10 }, () =>
          post('/charts/yours/', { date: '1964-04-04', time: '04:04', q: 'Lima', place: lima!.token }),
        ),
      );
      expect(charts.map((answer) => answer.status)).toEqual(Array(10).fill(200));
      expect(
        new Set(
          await Promise.all(
            charts.map(async (answer) => /<tbody>[\s\S]*<\/tbody>/.exec(resultOf(await answer.text()))![0]),
          ),
        ).size,
      ).toBe(1);
      expect(callsTo(service, '/api/natal')).toBe(1);
      const places = await Promise.all(Array.from({ length: 10 }, () => suggestions('/charts/yours/', 'Oslo')));
      expect(new Set(places.map((found) => JSON.stringify(found))).size).toBe(1);
      expect(places[0]!.length).toBeGreaterThan(0);
      expect(callsTo(service, '/api/places')).toBe(2);
      // Three units spent of three: the next new chart is past the cap.
      const past = await post('/charts/yours/', { date: '1964-04-05', time: '04:04', q: 'Lima', place: lima!.token });
      expect([past.status, (await past.text()).includes('The form has drawn all the charts it can today')]).toEqual([
        503,
        true,
      ]);
      expect(callsTo(service, '/api/natal')).toBe(1);
    });
  });

  it('share a failed call: each visitor gets the same 503, and nothing more is spent', async () => {
    await withWorker('dist', async (worker) => {
      const { post, suggestions } = formClient(worker);
      const [lima] = await suggestions('/charts/yours/', 'Lima');
      service.setFaults({ rules: [{ path: '/api/natal', status: 500 }] });
      const charts = await Promise.all(
        Array.from({ length: 10 }, () =>
          post('/charts/yours/', { date: '1965-05-05', time: '05:05', q: 'Lima', place: lima!.token }),
        ),
      );
      expect(charts.map((answer) => answer.status)).toEqual(Array(10).fill(503));
      expect(new Set(await Promise.all(charts.map(async (answer) => resultOf(await answer.text())))).size).toBe(1);
      // The one call and its one retry.
      expect(callsTo(service, '/api/natal')).toBe(2);
    });
  });
});

describe('the daily cap', () => {
  it("counts each request that reaches the service, a retry's too, and none for one never sent", async () => {
    await withFreshWorker('capped', async (worker) => {
      const { post, suggestions } = formClient(worker);
      // A stalled sign-in: no places request leaves, and none is counted.
      service.setFaults({ rules: [{ path: '/api/auth', body: '{"accessToken":"never-finished"}', stall: true }] });
      for (const date of ['1966-06-06', '1966-06-07'])
        expect((await post('/charts/yours/', { date, time: '06:06', q: 'Lima' })).status).toBe(503);
      service.setFaults({});
      // The sign-in's back-off (src/api/options.ts SIGN_IN_BACKOFF), 5 s after a first failure.
      await new Promise((resolve) => setTimeout(resolve, 5000));
      const [lima] = await suggestions('/charts/yours/', 'Lima');
      // The service fails each natal request: the first and its retry take the two units left.
      service.setFaults({ rules: [{ path: '/api/natal', status: 500 }] });
      const failed = await post('/charts/yours/', { date: '1966-06-08', time: '06:06', q: 'Lima', place: lima!.token });
      expect([failed.status, (await failed.text()).includes('The form has drawn all the charts it can today')]).toEqual(
        [503, false],
      );
      const past = await post('/charts/yours/', { date: '1966-06-09', time: '06:06', q: 'Lima', place: lima!.token });
      expect([past.status, (await past.text()).includes('The form has drawn all the charts it can today')]).toEqual([
        503,
        true,
      ]);
      expect(callsTo(service, '/api/places') + callsTo(service, '/api/natal')).toBe(CAP);
    });
  });
});

describe('npm run worker', () => {
  it("takes the next free port when its own is busy, saying so, with ASTRO_TIMEOUT_MS and the day's count in its output", async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as AddressInfo).port;
    const { child, done } = runScript(
      project,
      'worker.ts',
      { ASTRO_API_URL: service.url, ...ACCOUNT, ASTRO_TIMEOUT_MS: String(WAIT_MS) },
      ['--port', String(port)],
    );
    try {
      let output = '';
      child.stdout.on('data', (data: Buffer) => (output += data));
      await expect.poll(() => output, { timeout: 60_000, interval: 200 }).toContain('The Worker serves dist/ on');
      const url = new URL(/on (http:\/\/\S+?)[ ,]/.exec(output)![1]!);
      expect(url.port).not.toBe(String(port));
      expect(output).toContain(`(port ${port} was in use)`);
      const worker = { url, close: async () => {} };
      const { post, suggestions } = formClient(worker);
      const [lima] = await suggestions('/charts/yours/', 'Lima');
      await expect.poll(() => output, { timeout: 5000 }).toMatch(/chart form: call 1 of 500 to the service today/);
      // A slow service: the visitor waits ASTRO_TIMEOUT_MS, not the Worker's own 8 s.
      service.setFaults({ rules: [{ path: '/api/natal', delayMs: 5000 }] });
      expect(
        await statusOf(post('/charts/yours/', { date: '1967-07-07', time: '07:07', q: 'Lima', place: lima!.token })),
      ).toBe(503);
    } finally {
      child.kill('SIGINT');
      await done;
      busy.close();
    }
  });
});
