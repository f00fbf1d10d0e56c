// The chart form's one record for the whole site, a SQLite-backed Durable Object (wrangler.jsonc): the calls made
// to the service each UTC day, counted exactly and globally, the answers kept by digest until they expire, and the
// key that signs place tokens. The Cache API could hold none of it: on workers.dev it does nothing, elsewhere it is
// per data centre (https://developers.cloudflare.com/workers/runtime-apis/cache/). One instance, named `site`, so
// every request of every location meets the same count. https://developers.cloudflare.com/durable-objects/api/sqlite-storage-api/

/** The few types of the runtime's SQL storage this uses. */
interface SqlStorage {
  exec(query: string, ...bindings: unknown[]): { toArray(): Record<string, unknown>[] };
}

interface DurableObjectState {
  storage: { sql: SqlStorage };
}

/** Answers kept at most: the oldest expiring go first past it, so a stranger's many new places cannot grow it. */
export const MAX_ANSWERS = 20_000;

const JSON_TYPE = { 'Content-Type': 'application/json' };

/**
 * Its routes (fetch, from the Worker alone: a Durable Object has no address of its own):
 * POST /reserve {day, limit}: one more call today, or 429 past the limit, with the day's count;
 * GET /answer?key=: a kept answer or 404; PUT /answer {key, value, expiresAt}; GET /key: the token key.
 */
export class FormLedger {
  readonly #sql: SqlStorage;
  readonly #maxAnswers: number;

  /** The runtime passes `state` and the Worker's env; `maxAnswers` is MAX_ANSWERS. */
  constructor(state: DurableObjectState, _env?: unknown, maxAnswers = MAX_ANSWERS) {
    this.#sql = state.storage.sql;
    this.#maxAnswers = maxAnswers;
    this.#sql.exec('CREATE TABLE IF NOT EXISTS calls (day TEXT PRIMARY KEY, count INTEGER NOT NULL)');
    this.#sql.exec('CREATE TABLE IF NOT EXISTS answers (key TEXT PRIMARY KEY, value TEXT NOT NULL, expires INTEGER NOT NULL)');
    this.#sql.exec('CREATE TABLE IF NOT EXISTS secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL)');
  }

  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const route = `${request.method} ${url.pathname}`;
    if (route === 'POST /reserve') {
      const { day, limit } = (await request.json()) as { day: string; limit: number };
      const reserved = this.#reserve(day, limit);
      return Response.json({ day, calls: this.#calls(day) }, { status: reserved ? 200 : 429 });
    }
    if (route === 'GET /answer') {
      const row = this.#sql.exec('SELECT value, expires FROM answers WHERE key = ? AND expires > ?', url.searchParams.get('key'), Date.now()).toArray()[0];
      return row ? new Response(String(row.value), { headers: { ...JSON_TYPE, 'X-Expires-At': String(row.expires) } }) : new Response(null, { status: 404 });
    }
    if (route === 'PUT /answer') {
      const { key, value, expiresAt } = (await request.json()) as { key: string; value: string; expiresAt: number };
      this.#keep(key, value, expiresAt);
      return new Response(null, { status: 204 });
    }
    if (route === 'GET /key') return new Response(this.#tokenKey());
    return new Response(null, { status: 404 });
  }

  #calls(day: string): number {
    return Number(this.#sql.exec('SELECT count FROM calls WHERE day = ?', day).toArray()[0]?.count ?? 0);
  }

  /** Checks and counts in one synchronous step: no other request runs between the two, so the cap is exact. */
  #reserve(day: string, limit: number): boolean {
    const calls = this.#calls(day);
    if (calls >= limit) return false;
    this.#sql.exec('INSERT INTO calls (day, count) VALUES (?, 1) ON CONFLICT (day) DO UPDATE SET count = count + 1', day);
    // Earlier days are of no more use.
    this.#sql.exec('DELETE FROM calls WHERE day < ?', day);
    return true;
  }

  #keep(key: string, value: string, expiresAt: number): void {
    this.#sql.exec('DELETE FROM answers WHERE expires <= ?', Date.now());
    this.#sql.exec('INSERT OR REPLACE INTO answers (key, value, expires) VALUES (?, ?, ?)', key, value, expiresAt);
    this.#sql.exec('DELETE FROM answers WHERE key IN (SELECT key FROM answers ORDER BY expires DESC LIMIT -1 OFFSET ?)', this.#maxAnswers);
  }

  /** 32 random bytes, made once and kept: the place tokens' key, which tells nothing of any other secret. */
  #tokenKey(): string {
    const kept = this.#sql.exec("SELECT value FROM secrets WHERE name = 'place-token'").toArray()[0];
    if (kept) return String(kept.value);
    const value = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));
    this.#sql.exec("INSERT INTO secrets (name, value) VALUES ('place-token', ?)", value);
    return value;
  }
}
