// The incremental oracle's states (test/helpers/incremental-oracle.ts) of a chart, the static pages, a template, the
// stylesheet and the search page's script: after each, an incremental build and a `--full` build of the same state
// publish the same bytes.
import { incrementalOracle } from '../helpers/incremental-oracle.ts';

incrementalOracle({ first: 'a chart added', end: "the owner's theme edited" });
