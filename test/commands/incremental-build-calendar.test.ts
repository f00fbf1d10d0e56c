// The incremental oracle's states (test/helpers/incremental-oracle.ts) of the days, weeks, months and years turning,
// and a revised report: after each, an incremental build and a `--full` build of the same state publish the same
// bytes.
import { incrementalOracle } from '../helpers/incremental-oracle.ts';

incrementalOracle({ first: 'the first build', end: 'an override added' });
