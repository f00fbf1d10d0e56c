// The incremental oracle's states (test/helpers/incremental-oracle.ts) of the first build and the days, weeks, months
// and years turning: after each, an incremental build and a `--full` build of the same state publish the same bytes.
import { incrementalOracle } from '../helpers/incremental-oracle.ts';

incrementalOracle({ first: 'the first build', end: 'a revised report text' });
