// The incremental oracle's states (test/helpers/incremental-oracle.ts) of a revised report and the editors'
// overrides, in the open year and in the closed one: after each, an incremental build and a `--full` build of the
// same state publish the same bytes.
import { incrementalOracle } from '../helpers/incremental-oracle.ts';

incrementalOracle({ first: 'a revised report text', end: 'a chart added' });
