// How long the chart form's Worker keeps what the service told it (src/worker/service.ts): place suggestions a day,
// natal answers 30 days, in the isolate's memory and in the form's ledger, each asked again once its time is up, and
// a failed sign-in 5 s, doubling to 60 s, asserted on both sides of each bound. The clock is the only thing set by hand (Date alone, so timers and sockets
// run as they do): the service is the sample one on a loopback port, the ledger the real ledger store on node:sqlite
// (as test/worker/ledger-store.test.ts runs it), and a new isolate is the module loaded afresh. The Worker's
// behaviour in workerd is test/commands/chart-form-*; workerd's clock cannot be moved by days.
import { DatabaseSync } from 'node:sqlite';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LedgerStore } from '../../src/worker/ledger-store.ts';
import type { Env } from '../../src/worker/env.ts';
import type { ServiceContext } from '../../src/worker/service.ts';
import { startSampleService, type SampleService } from '../../src/sample-service/server.ts';

const ACCOUNT = { username: 'kept-owner', password: 'kept-secret-4' };
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 22, 12);

let service: SampleService;
let env: Env;

beforeAll(async () => {
  service = await startSampleService(ACCOUNT);
});
afterAll(() => service.close());

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: T0 });
  const db = new DatabaseSync(':memory:');
  // As the runtime's exec(), it runs the statement at once; its cursor's toArray() gives the rows.
  const sql = {
    exec(query: string, ...bindings: unknown[]) {
      const rows = db.prepare(query).all(...(bindings as [])) as Record<string, unknown>[];
      return { toArray: () => rows };
    },
  };
  const ledger = new LedgerStore(sql);
  env = {
    ASSETS: { fetch: () => Promise.resolve(new Response(null, { status: 404 })) },
    // The Durable Object's stub as the Worker calls it (RPC): each method of the store, answered asynchronously.
    FORM_LEDGER: {
      idFromName: () => 'site',
      get: () => ({
        reserve: async (limit: number) => ledger.reserve(limit),
        answer: async (key: string) => ledger.answer(key),
        keep: async (key: string, value: string, expires: number) => ledger.keep(key, value, expires),
        tokenKey: async () => ledger.tokenKey(),
      }),
    },
    CHART_LIMITER: { limit: () => Promise.resolve({ success: true }) },
    PLACES_LIMITER: { limit: () => Promise.resolve({ success: true }) },
    ASTRO_API_URL: service.url,
    ASTRO_API_USERNAME: ACCOUNT.username,
    ASTRO_API_PASSWORD: ACCOUNT.password,
  } as Env;
  service.setFaults({});
  service.resetLog();
});
afterEach(() => vi.useRealTimers());

/** The Worker's service module as a new isolate loads it: its memory empty, the ledger the site's. */
async function isolate() {
  vi.resetModules();
  const module = await import('../../src/worker/service.ts');
  const context = (): ServiceContext => module.serviceContextOf(env, module.accountFor(env, 'en')!, 'en', 1000);
  return {
    places: (query: string) => module.suggestPlaces(context(), query),
    natal: (placeId: number) => module.natalChart(context(), { date: '1990-05-17', time: '14:30', placeId }),
  };
}

const calls = (endpoint: string) => service.log.filter((entry) => entry.path === endpoint).length;
const at = (ms: number) => vi.setSystemTime(T0 + ms);

describe('what the Worker keeps', () => {
  it('keeps place suggestions a day: to the last millisecond, then asks again', async () => {
    const worker = await isolate();
    await worker.places('Lima');
    at(DAY - 1);
    await worker.places('Lima');
    expect(calls('/api/places')).toBe(1);
    at(DAY);
    await worker.places('Lima');
    expect(calls('/api/places')).toBe(2);
  });

  it('keeps a natal answer 30 days: to the last millisecond, then asks again', async () => {
    const worker = await isolate();
    const [lima] = await worker.places('Lima');
    const placeId = Number(lima!.token.split('.')[0]);
    await worker.natal(placeId);
    at(30 * DAY - 1);
    await worker.natal(placeId);
    expect(calls('/api/natal')).toBe(1);
    at(30 * DAY);
    await worker.natal(placeId);
    expect(calls('/api/natal')).toBe(2);
  });

  it.each([
    ['refused', 'ASTRO_AUTH_FAILED', () => (env.ASTRO_API_PASSWORD = 'not-the-password')],
    [
      'answered with a 500',
      'ASTRO_HTTP_STATUS',
      () => service.setFaults({ rules: [{ path: '/api/auth', status: 500 }] }),
    ],
  ])(
    'remembers a sign-in %s 5 s, then 10, 20, to the millisecond, asking nothing meanwhile, then 60 s at most',
    async (_what, code, fail) => {
      fail();
      const worker = await isolate();
      await expect(worker.places('Lima')).rejects.toMatchObject({ code });
      const signIns = calls('/api/auth');
      expect(signIns).toBeGreaterThan(0);
      // Each failure in a row doubles the wait before the next sign-in, from the failure on: 5 s, 10 s, 20 s...
      let failedAt = 0;
      for (const backoff of [5000, 10_000, 20_000, 40_000, 60_000, 60_000]) {
        const before = calls('/api/auth');
        at(failedAt + backoff - 1);
        await expect(worker.places('Lima')).rejects.toMatchObject({ code });
        expect(calls('/api/auth')).toBe(before);
        at(failedAt + backoff);
        await expect(worker.places('Lima')).rejects.toMatchObject({ code });
        expect(calls('/api/auth') - before).toBe(signIns);
        failedAt += backoff;
      }
      expect(calls('/api/places')).toBe(0);
    },
  );

  it("keeps what another isolate was told only until the ledger's time for it, not a day from when it read it", async () => {
    await (await isolate()).places('Lima');
    // Twelve hours on, a new isolate reads it from the ledger, and keeps it in its memory.
    at(DAY / 2);
    const later = await isolate();
    await later.places('Lima');
    expect(calls('/api/places')).toBe(1);
    at(DAY - 1);
    await later.places('Lima');
    expect(calls('/api/places')).toBe(1);
    at(DAY);
    await later.places('Lima');
    expect(calls('/api/places')).toBe(2);
  });
});
