// The incremental oracle's states (test/helpers/incremental-oracle.ts) of the theme, the words, site.json's title,
// address and window: after each, an incremental build and a `--full` build of the same state publish the same bytes.
import { incrementalOracle } from '../helpers/incremental-oracle.ts';

incrementalOracle({ first: "the owner's theme edited", end: 'analytics switched on' });
