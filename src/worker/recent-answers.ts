// The answers an isolate gave last, kept in its memory in front of the form's ledger (form-ledger.ts), so that a
// repeated chart asks nothing of it: at most `size`, the least recently used forgotten first, each until it expires.

export class RecentAnswers {
  readonly #size: number;
  readonly #answers = new Map<string, { value: unknown; expiresAt: number }>();

  constructor(size: number) {
    this.#size = size;
  }

  /** The answer kept under `key`, now the most recent, unless it expired or was never kept. */
  get(key: string, now = Date.now()): unknown {
    const answer = this.#answers.get(key);
    if (!answer || answer.expiresAt <= now) return undefined;
    this.remember(key, answer.value, answer.expiresAt);
    return answer.value;
  }

  /** Keeps `value` as the most recent answer; returns it. */
  remember<T>(key: string, value: T, expiresAt: number): T {
    this.#answers.delete(key);
    this.#answers.set(key, { value, expiresAt });
    if (this.#answers.size > this.#size) this.#answers.delete(this.#answers.keys().next().value!);
    return value;
  }
}
