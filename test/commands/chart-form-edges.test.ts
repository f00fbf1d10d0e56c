// The chart form Worker's promises at their edges, in workerd against the sample service on a loopback port: a body
// trickled byte by byte, a visitor's one wait with the place lookup and the natal call both slow, a token refused
// while ten charts are in flight, fifty requests meeting a failing sign-in, and requests straddling midnight UTC
// (the form's ledger's clock moved, FORM_LEDGER_CLOCK_SHIFT_MS). Each Worker is a fresh isolate with its own ledger.
import { cpSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LocalWorker } from '../../src/cli/chart-form-worker.ts';
import { startSampleService, type SampleService } from '../../src/sample-service/server.ts';
import {
  callsTo,
  fileWorker,
  FORM_SITE,
  formClient,
  newVisitor,
  setDailyLimit,
  useFormWorkerHooks,
} from '../helpers/form-worker.ts';
import { builtSite } from '../helpers/shared-sites.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const ACCOUNT = { ASTRO_API_USERNAME: 'edge-owner', ASTRO_API_PASSWORD: 'edge-secret-7' };
/** src/worker/form-input.ts BODY_WAIT_MS. */
const BODY_WAIT_MS = 5000;
/** The visitor's wait by default (docs/deployment.md): no ASTRO_TIMEOUT_MS is set here. */
const WAIT_MS = 8000;

let dist = '';
let service: SampleService;

beforeAll(async () => {
  const { project } = await builtSite('site', FORM_SITE);
  dist = path.join(project, 'dist');
  service = await startSampleService({ username: ACCOUNT.ASTRO_API_USERNAME, password: ACCOUNT.ASTRO_API_PASSWORD });
}, 240_000);
useFormWorkerHooks(() => ({ service }));

const workerFor = fileWorker();

/**
 * The file's Worker run afresh over `site` (a new isolate, a ledger of its own); asked once before, so that its
 * start (its isolate, its form's data) is not in the waits measured.
 */
async function withWorker<T>(
  use: (worker: LocalWorker) => Promise<T>,
  { site = dist, extra = {} }: { site?: string; extra?: Record<string, string> } = {},
): Promise<T> {
  const worker = await workerFor(
    { dist: site, secrets: { ASTRO_API_URL: service.url, ...ACCOUNT, ...extra } },
    { fresh: true },
  );
  expect(
    (await formClient(worker).post('/charts/yours/', { date: '1899-01-01', time: '10:00', q: 'Lima' })).status,
  ).toBe(400);
  return use(worker);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  status: number;
  body: string;
  /** ms from the request's start */
  after: number;
}

/**
 * A form POST whose body is sent as `send` says: its headers at once, then whatever `send` writes, then its end.
 * Node's own client, so that the body leaves as it is written.
 */
function heldPost(
  worker: LocalWorker,
  address: string,
  send: (write: (text: string) => boolean) => Promise<boolean>,
  visitor = newVisitor(),
): Promise<Answer> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = request(new URL(address, worker.url), {
      method: 'POST',
      headers: {
        Origin: worker.url.origin,
        'Content-Type': 'application/x-www-form-urlencoded',
        'CF-Connecting-IP': visitor,
      },
    });
    let answered = false;
    req.on('response', (response) => {
      answered = true;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        resolve({ status: response.statusCode!, body, after: Date.now() - started });
        // A body never ended would hold the connection open, and the Worker's closing with it.
        req.destroy();
      });
    });
    req.on('error', (error) => (answered ? undefined : reject(error)));
    req.flushHeaders();
    send((text) => !answered && req.write(text)).then((end) => (end ? req.end() : undefined), reject);
  });
}

/** Writes `body` one byte every `everyMs`, until the Worker answers or `forMs` is over, never ending it. */
function trickle(body: string, everyMs: number, forMs: number) {
  return async (write: (text: string) => boolean) => {
    const until = Date.now() + forMs;
    for (let i = 0; Date.now() < until; i++) {
      if (!write(body[i % body.length]!) && i > 0) return false;
      await sleep(everyMs);
    }
    return false;
  };
}

describe('a body trickled byte by byte', () => {
  it("gets its 408 with the form's own page within the body's wait, holding nothing, while another visitor is answered", async () => {
    await withWorker(async (worker) => {
      const { post } = formClient(worker);
      const fields = new URLSearchParams({ date: '1980-08-08', time: '08:08', q: 'Lima' }).toString();
      // Written for longer than anyone waits: only the Worker's own deadline ends it.
      const chart = heldPost(worker, '/charts/yours/', trickle(fields, 400, 20_000));
      const places = heldPost(worker, '/charts/yours/places', trickle('q=Lima', 400, 20_000));
      await sleep(1000);
      const other = await post('/charts/yours/', { date: '1980-08-08', time: '08:08', q: 'Lima' });
      expect(other.status).toBe(200);
      const [slowChart, slowPlaces] = await Promise.all([chart, places]);
      expect(slowChart.status).toBe(408);
      expect(slowChart.body).toContain('<div id="chart-result">');
      expect(slowChart.body).toContain('This request could not be read: send the form again.');
      expect(slowPlaces.status).toBe(408);
      expect(JSON.parse(slowPlaces.body)).toEqual({ error: 'This request could not be read: send the form again.' });
      for (const answer of [slowChart, slowPlaces]) expect(answer.after).toBeLessThan(BODY_WAIT_MS + 2000);
      // The other visitor's chart alone reached the service.
      expect([callsTo(service, '/api/places'), callsTo(service, '/api/natal')]).toEqual([1, 1]);
    });
  }, 60_000);

  it("is not read past the visitor's limit: a chart past it is refused at once, its body unread", async () => {
    await withWorker(async (worker) => {
      const visitor = newVisitor();
      // Bad ones (a date before the form's first) spend the visitor's ten charts a minute, calling nothing; the
      // limit counts in minutes of the clock, so a minute ending among them allows ten more.
      const statuses: number[] = [];
      while (statuses.length < 21 && statuses.at(-1) !== 429)
        statuses.push(
          (
            await formClient(worker).post(
              '/charts/yours/',
              { date: '1899-01-01', time: '10:00', q: 'Lima' },
              { visitor },
            )
          ).status,
        );
      expect(statuses.at(-1)).toBe(429);
      const refused = await heldPost(worker, '/charts/yours/', trickle('date=1980-08-08', 400, 20_000), visitor);
      expect(refused.status).toBe(429);
      expect(refused.after).toBeLessThan(BODY_WAIT_MS / 2);
    });
  }, 60_000);
});

describe("a visitor's one wait", () => {
  it("ends the form's request within the documented wait with the place lookup and the natal call each 6 s slow", async () => {
    await withWorker(async (worker) => {
      service.setFaults({
        rules: [
          { path: '/api/places', delayMs: 6000 },
          { path: '/api/natal', delayMs: 6000 },
        ],
      });
      const started = Date.now();
      // No place picked, as the form sends it without JavaScript: the place is looked up, then the chart asked.
      const answer = await formClient(worker).post('/charts/yours/', { date: '1981-01-01', time: '01:01', q: 'Lima' });
      const after = Date.now() - started;
      expect(answer.status).toBe(503);
      expect(await answer.text()).toContain('The chart service is not answering just now');
      expect(after).toBeLessThan(WAIT_MS + 1000);
      // The place came within the wait and its chart was asked: the wait ended it.
      expect([callsTo(service, '/api/places'), callsTo(service, '/api/natal')]).toEqual([1, 1]);
    });
  }, 60_000);
});

describe('the sign-in', () => {
  it('is made once for ten charts in flight when their token starts being refused, each chart sent twice at most', async () => {
    await withWorker(async (worker) => {
      const { post, suggestions } = formClient(worker);
      // A token serves ten requests: the ten suggestions below spend the first one's.
      service.setFaults({ tokenTtlRequests: 10 });
      const [lima] = await suggestions('/charts/yours/', 'Lima');
      for (const q of ['Oslo', 'Rome', 'Paris', 'Berlin', 'Madrid', 'Tokyo', 'Cairo', 'Delhi', 'Quito'])
        await suggestions('/charts/yours/', q);
      expect(callsTo(service, '/api/auth')).toBe(1);
      // The ten first sends are held 3 s before their 401: all ten are out with the refused token at once.
      service.setFaults({ tokenTtlRequests: 10, rules: [{ path: '/api/natal', delayMs: 3000, times: 10 }] });
      const charts = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          post('/charts/yours/', { date: `1982-02-${10 + i}`, time: '02:02', q: 'Lima', place: lima!.token }),
        ),
      );
      expect(charts.map((answer) => answer.status)).toEqual(Array(10).fill(200));
      expect(callsTo(service, '/api/auth')).toBe(2);
      const sends = new Map<string, number>();
      for (const entry of service.log.filter((e) => e.path === '/api/natal'))
        sends.set(entry.rawBody, (sends.get(entry.rawBody) ?? 0) + 1);
      expect(sends.size).toBe(10);
      expect(Math.max(...sends.values())).toBeLessThanOrEqual(2);
    });
  });

  it('answering 500 to fifty charts at once is asked for once and its one retry, then not during the back-off: each visitor is told to try later', async () => {
    await withWorker(async (worker) => {
      const { post } = formClient(worker);
      service.setFaults({ rules: [{ path: '/api/auth', status: 500 }] });
      const chart = (i: number) => post('/charts/yours/', { date: '1983-03-03', time: '03:03', q: `Lima ${i}` });
      const fifty = await Promise.all(Array.from({ length: 50 }, (_, i) => chart(i)));
      expect(fifty.map((answer) => answer.status)).toEqual(Array(50).fill(503));
      for (const answer of fifty)
        expect(await answer.text()).toContain(
          'The chart service is not answering just now: please try again in a few minutes.',
        );
      // docs/deployment.md: two sign-in requests for a failed sign-in, then none for 5 s.
      expect(callsTo(service, '/api/auth')).toBe(2);
      const ten = await Promise.all(Array.from({ length: 10 }, (_, i) => chart(50 + i)));
      expect(ten.map((answer) => answer.status)).toEqual(Array(10).fill(503));
      expect([callsTo(service, '/api/auth'), callsTo(service, '/api/places')]).toEqual([2, 0]);
    });
  });
});

/** The Worker's ledger's calls a day in the midnight test. */
const CAP = 5;

describe('the daily cap across midnight UTC', () => {
  it('lets at most the cap reach the service in each day, requests held open across midnight included', async () => {
    const capped = tempDir('astro-midnight-');
    cpSync(dist, capped, { recursive: true });
    setDailyLimit(capped, CAP);
    const midnight = Date.UTC(2030, 0, 1);
    // The ledger's midnight comes this long after the Worker is asked to start: time to start it and spend a day.
    let leadMs = 12_000;
    for (;;) {
      const midnightAt = Date.now() + leadMs;
      const done = await withWorker(
        async (worker) => {
          const { post, suggestions } = formClient(worker);
          // The day before midnight: one suggestion and four charts spend the cap; a fifth chart is refused.
          const [lima] = await suggestions('/charts/yours/', 'Lima');
          const chart = (date: string) =>
            post('/charts/yours/', { date, time: '12:00', q: 'Lima', place: lima!.token });
          for (let day = 1; day <= 4; day++) expect((await chart(`1984-04-0${day}`)).status).toBe(200);
          expect((await chart('1984-04-05')).status).toBe(503);
          // A slow start leaves no time to hold requests open before midnight: start again with a longer lead.
          if (Date.now() > midnightAt - 2500) return false;
          expect(callsTo(service, '/api/places') + callsTo(service, '/api/natal')).toBe(CAP);
          await sleep(midnightAt - 2000 - Date.now());
          // Twelve charts whose headers and half their body arrive before midnight, and the rest after it.
          const held = Array.from({ length: 12 }, (_, i) => {
            const body = new URLSearchParams({
              date: `1985-05-${10 + i}`,
              time: '12:00',
              q: 'Lima',
              place: lima!.token,
            }).toString();
            return heldPost(worker, '/charts/yours/', async (write) => {
              write(body.slice(0, 10));
              await sleep(midnightAt + 500 - Date.now());
              write(body.slice(10));
              return true;
            });
          });
          const answers = await Promise.all(held);
          const after = [
            ...answers,
            ...(await Promise.all(
              ['1986-06-06', '1986-06-07'].map(async (date) => ({ status: (await chart(date)).status })),
            )),
          ];
          // A new day by the ledger's clock: the cap again, and not one call more.
          expect(after.map((answer) => answer.status).sort()).toEqual([
            ...Array(CAP).fill(200),
            ...Array(14 - CAP).fill(503),
          ]);
          expect(callsTo(service, '/api/natal')).toBe(4 + CAP);
          return true;
        },
        { site: capped, extra: { FORM_LEDGER_CLOCK_SHIFT_MS: String(midnight - midnightAt) } },
      );
      if (done) break;
      service.resetLog();
      leadMs *= 2;
    }
  }, 120_000);
});
