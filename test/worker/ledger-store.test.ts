// The form's ledger (src/worker/ledger-store.ts, the Durable Object's storage) on real SQLite, Node's own
// (node:sqlite), standing for the runtime's SQL storage: what it counts, keeps and forgets, and what each kept
// answer reads. The Durable Object itself runs in workerd in the Worker's tests (test/commands/chart-form-*).
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { KEEP_SQL, LedgerStore } from '../../src/worker/ledger-store.ts';

/** As the runtime's exec(), it runs the statement at once; its cursor's toArray() gives the rows. */
function sqlOf(db: DatabaseSync) {
  return {
    exec(query: string, ...bindings: unknown[]) {
      const rows = db.prepare(query).all(...(bindings as [])) as Record<string, unknown>[];
      return { toArray: () => rows };
    },
  };
}

function ledger(maxAnswers?: number, db = new DatabaseSync(':memory:')): LedgerStore {
  return new LedgerStore(sqlOf(db), maxAnswers);
}

describe('the form ledger', () => {
  it('counts the calls of each day up to the limit, and no further', () => {
    const of = ledger();
    const noon = Date.UTC(2026, 10, 29, 12);
    expect([of.reserve(2, noon), of.reserve(2, noon), of.reserve(2, noon)]).toEqual([1, 2, undefined]);
    expect(of.calls('2026-11-29')).toBe(2);
    // A new day, by the store's clock at the reservation, starts from nothing, at the millisecond of midnight UTC.
    const midnight = Date.UTC(2026, 10, 30);
    expect(of.reserve(2, midnight - 1)).toBeUndefined();
    expect([of.reserve(2, midnight), of.reserve(2, midnight + 1), of.reserve(2, midnight + 2)]).toEqual([
      1,
      2,
      undefined,
    ]);
    expect(of.calls('2026-11-30')).toBe(2);
  });

  it('keeps an answer until it expires', () => {
    const of = ledger();
    of.keep('k', '{"a":1}', Date.now() + 60_000);
    of.keep('old', '{}', Date.now() - 1);
    expect(of.answer('k')?.value).toBe('{"a":1}');
    expect(of.answer('old')).toBeUndefined();
  });

  it('keeps no more answers than its bound, forgetting those expiring first', () => {
    const of = ledger(3);
    for (let i = 1; i <= 5; i++) of.keep(`k${i}`, String(i), Date.now() + i * 60_000);
    expect([1, 2, 3, 4, 5].map((i) => of.answer(`k${i}`)?.value)).toEqual([undefined, undefined, '3', '4', '5']);
  });

  it('counts an answer kept again once, and the rows it found when it started', () => {
    const db = new DatabaseSync(':memory:');
    const first = ledger(3, db);
    for (let i = 1; i <= 2; i++) first.keep(`k${i}`, String(i), Date.now() + i * 60_000);
    // Kept again, k2 is still one answer of three: nothing is forgotten.
    first.keep('k2', '2', Date.now() + 2 * 60_000);
    first.keep('k3', '3', Date.now() + 3 * 60_000);
    expect([1, 2, 3].map((i) => first.answer(`k${i}`)?.value)).toEqual(['1', '2', '3']);
    // The object restarted over the same storage: the three are counted, a fourth forgets the first.
    const again = ledger(3, db);
    again.keep('k4', '4', Date.now() + 4 * 60_000);
    expect([1, 2, 3, 4].map((i) => again.answer(`k${i}`)?.value)).toEqual([undefined, '2', '3', '4']);
  });

  it('reads what it removes through the expiry index, never the whole table, to keep an answer', () => {
    const db = new DatabaseSync(':memory:');
    ledger(3, db);
    const plan = (query: string) =>
      (
        db.prepare(`EXPLAIN QUERY PLAN ${query}`).all(...(Array(query.split('?').length - 1).fill(1) as [])) as {
          detail: string;
        }[]
      ).map((row) => row.detail);
    // Without the index: `SCAN answers` and a temporary B-tree for the bound's order.
    expect(plan(KEEP_SQL.expire)).toEqual([
      expect.stringMatching(/^SEARCH answers USING (COVERING )?INDEX answers_by_expiry \(expires<\?\)$/),
    ]);
    expect(plan(KEEP_SQL.known)).toEqual([
      expect.stringMatching(/^SEARCH answers USING (COVERING )?INDEX sqlite_autoindex_answers_1 \(key=\?\)$/),
    ]);
    const bound = plan(KEEP_SQL.bound);
    expect(bound.filter((step) => /^SCAN answers$|TEMP B-TREE/.test(step))).toEqual([]);
    expect(bound.some((step) => /SCAN answers USING (COVERING )?INDEX answers_by_expiry/.test(step))).toBe(true);
  });

  it("makes the place tokens' key once, at random: 32 bytes, the same each time asked", () => {
    const of = ledger();
    const key = of.tokenKey();
    expect(Buffer.from(key, 'base64')).toHaveLength(32);
    expect(of.tokenKey()).toBe(key);
    expect(ledger().tokenKey()).not.toBe(key);
  });
});
