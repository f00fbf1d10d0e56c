// Preloaded into every command the tests start (`node --import`, test/helpers/project-copy.ts `commandEnv`): counts
// a build run as a process of its own (test/helpers/run-counts.ts).
import { count } from './run-counts.ts';

if (/scripts[\\/]build\.ts$/.test(process.argv[1] ?? '')) count('builds as processes');
