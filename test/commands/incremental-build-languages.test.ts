// The incremental oracle's states (test/helpers/incremental-oracle.ts) of a second language and its files, its
// account failing, a quarter turning; then a build after damage: after each, an incremental build and a `--full`
// build of the same state publish the same bytes.
import { incrementalOracle } from '../helpers/incremental-oracle.ts';

incrementalOracle({ first: 'a second language added', damage: true });
