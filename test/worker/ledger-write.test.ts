// The Worker answers only once its ledger holds what the service told it (src/worker/service.ts): the ledger is a
// Durable Object, so its write is a call to another object that finishes later, and a Worker that answered first
// could lose it (the isolate may be gone) while another isolate asks the service again. The ledger's RPC stub here
// finishes each write a few milliseconds after it is called, as a call across objects does; the service is the
// sample one on a loopback port, the store the real ledger store on node:sqlite.
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LedgerStore } from '../../src/worker/ledger-store.ts';
import type { Env } from '../../src/worker/env.ts';
import type { ServiceContext } from '../../src/worker/service.ts';
import { startSampleService, type SampleService } from '../../src/sample-service/server.ts';

const ACCOUNT = { username: 'ledger-write-owner', password: 'ledger-write-secret-2' };
/** How long the stub's write takes to land, as a call to another object. */
const RPC_MS = 20;

let service: SampleService;
beforeAll(async () => {
  service = await startSampleService(ACCOUNT);
});
afterAll(() => service.close());

function ledgerEnv(written: string[]): Env {
  const db = new DatabaseSync(':memory:');
  const sql = {
    exec(query: string, ...bindings: unknown[]) {
      const rows = db.prepare(query).all(...(bindings as [])) as Record<string, unknown>[];
      return { toArray: () => rows };
    },
  };
  const ledger = new LedgerStore(sql);
  const later = () => new Promise((resolve) => setTimeout(resolve, RPC_MS));
  return {
    ASSETS: { fetch: () => Promise.resolve(new Response(null, { status: 404 })) },
    FORM_LEDGER: {
      idFromName: () => 'site',
      get: () => ({
        reserve: async (limit: number) => ledger.reserve(limit, Date.now()),
        answer: async (key: string) => ledger.answer(key),
        keep: async (key: string, value: string, expires: number) => {
          await later();
          ledger.keep(key, value, expires);
          written.push(key);
        },
        tokenKey: async () => ledger.tokenKey(),
      }),
    },
    CHART_LIMITER: { limit: () => Promise.resolve({ success: true }) },
    PLACES_LIMITER: { limit: () => Promise.resolve({ success: true }) },
    ASTRO_API_URL: service.url,
    ASTRO_API_USERNAME: ACCOUNT.username,
    ASTRO_API_PASSWORD: ACCOUNT.password,
  } as Env;
}

describe("the Worker's ledger write", () => {
  it('is done before the answer is given: places, then a natal chart', async () => {
    vi.resetModules();
    const module = await import('../../src/worker/service.ts');
    const written: string[] = [];
    const env = ledgerEnv(written);
    const context = (): ServiceContext => module.serviceContextOf(env, module.accountFor(env, 'en')!, 'en', 1000);
    const places = await module.suggestPlaces(context(), 'Lima');
    expect(places.length).toBeGreaterThan(0);
    expect(written).toHaveLength(1);
    const placeId = Number(places[0]!.token.split('.')[0]);
    await module.natalChart(context(), { date: '1990-05-17', time: '14:30', placeId });
    expect(written).toHaveLength(2);
  });
});
