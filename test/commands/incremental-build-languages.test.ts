// The incremental oracle's states (test/helpers/incremental-oracle.ts) of the second language's static page added and
// removed and its account failing: after each, an incremental build and a `--full` build of the same state publish
// the same bytes.
import { incrementalOracle } from '../helpers/incremental-oracle.ts';

incrementalOracle({ first: 'a translation of a static page added', end: "a new week across a quarter's edge" });
