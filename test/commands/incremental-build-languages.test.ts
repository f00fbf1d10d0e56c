// The incremental oracle's states (test/helpers/incremental-oracle.ts) of the second language's account failing, its
// files, a quarter turning; then a build after damage: after each, an incremental build and a `--full` build of the
// same state publish the same bytes.
import { incrementalOracle } from '../helpers/incremental-oracle.ts';

incrementalOracle({ first: "the Spanish account's service failing", damage: true });
