// The chart form's one record for the whole site, a SQLite-backed Durable Object (wrangler.jsonc): the calls made
// to the service each UTC day, counted exactly and globally, the answers kept by digest until they expire, and the
// key that signs place tokens (ledger-store.ts). The Cache API could hold none of it: on workers.dev it does
// nothing, elsewhere it is per data centre (https://developers.cloudflare.com/workers/runtime-apis/cache/). One
// instance, named `site`, so every request of every location meets the same count. The Worker calls its methods
// on its stub (RPC). https://developers.cloudflare.com/durable-objects/best-practices/create-durable-object-stubs-and-send-requests/
import { DurableObject, type DurableObjectState } from 'cloudflare:workers';
import { LedgerStore, type KeptAnswer } from './ledger-store.ts';

export class FormLedger extends DurableObject {
  readonly #store: LedgerStore;
  /** Added to the object's clock: set by the tests alone (FORM_LEDGER_CLOCK_SHIFT_MS), to move it across midnight. */
  readonly #clockShiftMs: number;

  constructor(ctx: DurableObjectState, env: Record<string, unknown>) {
    super(ctx, env);
    this.#store = new LedgerStore(ctx.storage.sql);
    const shift = env.FORM_LEDGER_CLOCK_SHIFT_MS;
    this.#clockShiftMs = typeof shift === 'string' && /^-?\d+$/.test(shift) ? Number(shift) : 0;
  }

  /**
   * The count of today, UTC, as this object's clock says at this moment, after one more call; undefined past
   * `limit`. One synchronous step, so the cap is exact, and the day is never one a request saw when it arrived.
   */
  reserve(limit: number): number | undefined {
    return this.#store.reserve(limit, Date.now() + this.#clockShiftMs);
  }

  /** The answer kept under `key`, unless it expired. */
  answer(key: string): KeptAnswer | undefined {
    return this.#store.answer(key);
  }

  keep(key: string, value: string, expires: number): void {
    this.#store.keep(key, value, expires);
  }

  /** The place tokens' key. */
  tokenKey(): string {
    return this.#store.tokenKey();
  }
}
