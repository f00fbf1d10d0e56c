// The incremental oracle (test/helpers/incremental-oracle.ts) after its states: the projects are brought to the last
// one, then a build after damage, to the output and to the manifest, must publish what a full build does.
import { incrementalOracle } from '../helpers/incremental-oracle.ts';

incrementalOracle({ damage: true });
