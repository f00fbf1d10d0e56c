// `npm run build`: builds the whole site into dist/. On failure: one line naming what failed, exit code 1,
// and dist/ exactly as it was.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runBuild } from '../src/cli/run-build.ts';
import { describeFailure } from '../src/cli/describe-failure.ts';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

try {
  await runBuild({ rootDir });
} catch (error) {
  console.error(`Build failed: ${describeFailure(error)}`);
  console.error('dist/ was left unchanged.');
  process.exitCode = 1;
}
