// The incremental oracle's states (test/helpers/incremental-oracle.ts) of the templates, the stylesheet, the search
// script, the theme, the words and the title: after each, an incremental build and a `--full` build of the same state
// publish the same bytes.
import { incrementalOracle } from '../helpers/incremental-oracle.ts';

incrementalOracle({ first: 'a template edited', end: "site.json's url given a path" });
