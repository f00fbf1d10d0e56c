// The incremental oracle's states (test/helpers/incremental-oracle.ts) of the editors' overrides, charts and static
// pages: after each, an incremental build and a `--full` build of the same state publish the same bytes.
import { incrementalOracle } from '../helpers/incremental-oracle.ts';

incrementalOracle({ first: 'an override added', end: 'a template edited' });
