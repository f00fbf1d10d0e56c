// `npm run build`: builds the whole site into dist/. On failure: one line naming what failed, exit code 1,
// and dist/ exactly as it was.
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Node keeps the compiled code of every module loaded after this call (in the system's temporary folder), so the
// next build does not compile Eleventy and its dependencies again; the imports are dynamic to come after it.
// https://nodejs.org/api/module.html#module-compile-cache
module.enableCompileCache();
const { runBuild } = await import('../src/cli/builder/run-build.ts');
const { describeFailure } = await import('../src/cli/describe-failure.ts');
const { exitCleanlyOnInterrupt } = await import('../src/cli/interrupt.ts');
const { commandLine, helpText } = await import('../src/cli/command-line.ts');

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

try {
  const flags = commandLine('build', process.argv.slice(2));
  if (flags.help) {
    console.log(helpText('build'));
  } else {
    exitCleanlyOnInterrupt();
    await runBuild({ rootDir, full: flags.full });
  }
} catch (error) {
  console.error(`Build failed: ${describeFailure(error)}`);
  console.error('dist/ was left unchanged.');
  process.exitCode = 1;
}
