// The incremental oracle's states (test/helpers/incremental-oracle.ts) of analytics, nothing changed, the page dates
// lost, a dependency, a second language and its override: after each, an incremental build and a `--full` build of
// the same state publish the same bytes.
import { incrementalOracle } from '../helpers/incremental-oracle.ts';

incrementalOracle({ first: 'analytics switched on', end: 'a translation of a static page added' });
