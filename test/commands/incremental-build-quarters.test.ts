// The incremental oracle's states (test/helpers/incremental-oracle.ts) of a new week across a quarter's edge, the
// quarter turning inside it and the week after: after each, an incremental build and a `--full` build of the same
// state publish the same bytes. Then a build after damage, to the output and to the manifest, must publish what a
// full build does.
import { incrementalOracle } from '../helpers/incremental-oracle.ts';

incrementalOracle({ first: "a new week across a quarter's edge", damage: true });
