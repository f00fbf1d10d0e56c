// What the form's ledger (form-ledger.ts) keeps, on its SQLite storage: the calls made to the service each UTC
// day, counted exactly, the answers kept by digest until they expire, and the key that signs place tokens. Apart
// from the Durable Object so that it runs on any SQLite (the tests use Node's). https://developers.cloudflare.com/durable-objects/api/sqlite-storage-api/

/** The few types of the runtime's SQL storage this uses. */
export interface SqlStorage {
  exec(query: string, ...bindings: unknown[]): { toArray(): Record<string, unknown>[] };
}

/** Answers kept at most: the oldest expiring go first past it, so a stranger's many new places cannot grow it. */
export const MAX_ANSWERS = 20_000;

/** `YYYY-MM-DD` of the UTC day `ms` (since the epoch) falls in. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export interface KeptAnswer {
  value: string;
  /** ms since the epoch */
  expires: number;
}

export class LedgerStore {
  readonly #sql: SqlStorage;
  readonly #maxAnswers: number;
  /** Rows in `answers`, counted once when the object starts and kept since: counting them each time reads them all. */
  #answers: number;

  constructor(sql: SqlStorage, maxAnswers = MAX_ANSWERS) {
    this.#sql = sql;
    this.#maxAnswers = maxAnswers;
    sql.exec('CREATE TABLE IF NOT EXISTS calls (day TEXT PRIMARY KEY, count INTEGER NOT NULL)');
    sql.exec(
      'CREATE TABLE IF NOT EXISTS answers (key TEXT PRIMARY KEY, value TEXT NOT NULL, expires INTEGER NOT NULL)',
    );
    // The expiry and the bound read the rows they remove, not the table: SQL storage bills each row read.
    sql.exec('CREATE INDEX IF NOT EXISTS answers_by_expiry ON answers (expires)');
    sql.exec('CREATE TABLE IF NOT EXISTS secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL)');
    this.#answers = Number(sql.exec('SELECT count(*) AS n FROM answers').toArray()[0]!.n);
  }

  /**
   * The count of the UTC day `now` falls in after one more call, or undefined past `limit`: checked and counted in
   * one synchronous step. The day is the store's clock's at this moment, never a caller's: a reservation cannot land
   * in a day that has ended, and the days removed have all ended, so none still being spent starts again from 0.
   */
  reserve(limit: number, now = Date.now()): number | undefined {
    const day = utcDay(now);
    const calls = this.calls(day);
    if (calls >= limit) return undefined;
    this.#sql.exec(
      'INSERT INTO calls (day, count) VALUES (?, 1) ON CONFLICT (day) DO UPDATE SET count = count + 1',
      day,
    );
    this.#sql.exec('DELETE FROM calls WHERE day < ?', day);
    return calls + 1;
  }

  calls(day: string): number {
    return Number(this.#sql.exec('SELECT count FROM calls WHERE day = ?', day).toArray()[0]?.count ?? 0);
  }

  answer(key: string, now = Date.now()): KeptAnswer | undefined {
    const row = this.#sql
      .exec('SELECT value, expires FROM answers WHERE key = ? AND expires > ?', key, now)
      .toArray()[0];
    return row && { value: String(row.value), expires: Number(row.expires) };
  }

  /** Keeps `value` under `key` until `expires`, forgetting the expired and, past the bound, those expiring first. */
  keep(key: string, value: string, expires: number, now = Date.now()): void {
    this.#answers -= this.#sql.exec(KEEP_SQL.expire, now).toArray().length;
    const known = this.#sql.exec(KEEP_SQL.known, key).toArray().length;
    this.#sql.exec(KEEP_SQL.insert, key, value, expires);
    this.#answers += 1 - known;
    const over = this.#answers - this.#maxAnswers;
    if (over > 0) this.#answers -= this.#sql.exec(KEEP_SQL.bound, over).toArray().length;
  }

  /** 32 random bytes, made once and kept: the place tokens' key, which tells nothing of any other secret. */
  tokenKey(): string {
    const kept = this.#sql.exec("SELECT value FROM secrets WHERE name = 'place-token'").toArray()[0];
    if (kept) return String(kept.value);
    const value = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));
    this.#sql.exec("INSERT INTO secrets (name, value) VALUES ('place-token', ?)", value);
    return value;
  }
}

/**
 * What `keep` runs, each reading the rows it finds through an index (test/worker/ledger-store.test.ts): the bound
 * takes the `over` answers expiring first from the index's start, as many rows as it removes.
 */
export const KEEP_SQL = {
  expire: 'DELETE FROM answers WHERE expires <= ? RETURNING key',
  known: 'SELECT 1 FROM answers WHERE key = ?',
  insert: 'INSERT OR REPLACE INTO answers (key, value, expires) VALUES (?, ?, ?)',
  bound: 'DELETE FROM answers WHERE key IN (SELECT key FROM answers ORDER BY expires LIMIT ?) RETURNING key',
};
