// Results kept from one model to the next: the live preview rebuilds the whole model on every edit, and
// sanitizing the archive's reports again is most of that work (src/cli/serve.ts).

/**
 * A cache of `make(key)` that keeps, at each `nextRound()`, only what the round before used: it never holds more
 * than two models' worth, however long the preview runs.
 */
export class RoundMemo {
  #kept = new Map<string, string>();
  #used = new Map<string, string>();

  get(key: string, make: (key: string) => string): string {
    let value = this.#used.get(key) ?? this.#kept.get(key);
    if (value === undefined) value = make(key);
    this.#used.set(key, value);
    return value;
  }

  /** Drops what the last round did not use. */
  nextRound(): void {
    this.#kept = this.#used;
    this.#used = new Map();
  }
}
