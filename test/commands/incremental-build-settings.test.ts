// The incremental oracle's states (test/helpers/incremental-oracle.ts) of site.json's address, window and analytics,
// nothing changed, the page dates lost and a dependency: after each, an incremental build and a `--full` build of the
// same state publish the same bytes.
import { incrementalOracle } from '../helpers/incremental-oracle.ts';

incrementalOracle({ first: "site.json's url given a path", end: 'a second language added' });
