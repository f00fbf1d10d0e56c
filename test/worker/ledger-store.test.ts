// The form's ledger (a Durable Object) on real SQLite, Node's own (node:sqlite), standing for the runtime's SQL
// storage: what it counts, keeps and forgets. The Worker's tests run it in workerd (test/commands/chart-form-*).
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { FormLedger } from '../../src/worker/form-ledger.ts';

function ledger(maxAnswers?: number): FormLedger {
  const db = new DatabaseSync(':memory:');
  // As the runtime's exec(), it runs the statement at once; its cursor's toArray() gives the rows.
  const sql = {
    exec(query: string, ...bindings: unknown[]) {
      const rows = db.prepare(query).all(...(bindings as [])) as Record<string, unknown>[];
      return { toArray: () => rows };
    },
  };
  return new FormLedger({ storage: { sql } }, undefined, maxAnswers);
}

const ask = (of: FormLedger, method: string, path: string, body?: object) =>
  of.fetch(new Request(`https://form-ledger.invalid${path}`, { method, ...(body ? { body: JSON.stringify(body) } : {}) }));

describe('the form ledger', () => {
  it('counts the calls of each day up to the limit, and no further', async () => {
    const of = ledger();
    const reserve = async (day: string) => (await ask(of, 'POST', '/reserve', { day, limit: 2 })).status;
    expect([await reserve('2026-11-29'), await reserve('2026-11-29'), await reserve('2026-11-29')]).toEqual([200, 200, 429]);
    expect(await (await ask(of, 'POST', '/reserve', { day: '2026-11-29', limit: 2 })).json()).toEqual({ day: '2026-11-29', calls: 2 });
    // A new day starts from nothing.
    expect(await reserve('2026-11-30')).toBe(200);
  });

  it('keeps an answer until it expires', async () => {
    const of = ledger();
    await ask(of, 'PUT', '/answer', { key: 'k', value: '{"a":1}', expiresAt: Date.now() + 60_000 });
    await ask(of, 'PUT', '/answer', { key: 'old', value: '{}', expiresAt: Date.now() - 1 });
    const kept = await ask(of, 'GET', '/answer?key=k');
    expect([kept.status, await kept.text()]).toEqual([200, '{"a":1}']);
    expect((await ask(of, 'GET', '/answer?key=old')).status).toBe(404);
  });

  it('keeps no more answers than its bound, forgetting those expiring first', async () => {
    const of = ledger(3);
    for (let i = 1; i <= 5; i++) await ask(of, 'PUT', '/answer', { key: `k${i}`, value: String(i), expiresAt: Date.now() + i * 60_000 });
    const statuses = await Promise.all([1, 2, 3, 4, 5].map(async (i) => (await ask(of, 'GET', `/answer?key=k${i}`)).status));
    expect(statuses).toEqual([404, 404, 200, 200, 200]);
  });

  it('makes the place tokens\' key once, at random: 32 bytes, the same each time asked', async () => {
    const of = ledger();
    const key = await (await ask(of, 'GET', '/key')).text();
    expect(Buffer.from(key, 'base64')).toHaveLength(32);
    expect(await (await ask(of, 'GET', '/key')).text()).toBe(key);
    expect(await (await ask(ledger(), 'GET', '/key')).text()).not.toBe(key);
  });
});
