// `npm test` leaves the system's temporary folder as it found it: every test removes what it made there, and the
// run fails naming whatever is new at its end. https://vitest.dev/config/globalsetup
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';

/** Entries other programs keep there between runs: Node's compile cache, which `npm run build` enables. */
const KEPT = /^node-compile-cache$/;

export default function setup() {
  const before = new Set(readdirSync(tmpdir()));
  return () => {
    const added = readdirSync(tmpdir()).filter((name) => !before.has(name) && !KEPT.test(name));
    if (added.length > 0) throw new Error(`the tests left ${added.length} entr${added.length === 1 ? 'y' : 'ies'} in ${tmpdir()}: ${added.sort().join(', ')}`);
  };
}
