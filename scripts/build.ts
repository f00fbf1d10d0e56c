// `npm run build`: builds the whole site into dist/. On failure: one line naming what failed, exit code 1,
// and dist/ exactly as it was.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runBuild } from '../src/build/run-build.ts';
import { describeFailure } from '../src/build/describe-failure.ts';
import { exitAfterOutput } from '../src/build/exit-after-output.ts';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// No top-level await: src/build/run-typescript.js then runs this as one script with a V8 code cache.
runBuild({ rootDir }).then(
  () => exitAfterOutput(0),
  (error: unknown) => {
    console.error(`Build failed: ${describeFailure(error)}`);
    console.error('dist/ was left unchanged.');
    process.exitCode = 1;
  },
);
