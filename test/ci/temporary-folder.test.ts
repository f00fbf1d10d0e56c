// The run's own temporary folder (vitest.config.ts): what other programs do in the system's folder never meets the
// suite, and what the suite leaves is found and removed with it.
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { commandEnv } from '../helpers/project-copy.ts';

it('is the temporary folder of the tests and of every command they start', () => {
  const runDir = process.env.ASTRO_TEST_TMPDIR!;
  expect(path.basename(runDir)).toMatch(/^astro-tests-/);
  expect(tmpdir()).toBe(runDir);
  const seen = execFileSync(process.execPath, ['-e', 'console.log(require("node:os").tmpdir())'], {
    env: commandEnv({}),
    encoding: 'utf8',
  });
  expect(seen.trim()).toBe(runDir);
});

it('is not where tsc and ESLint, which npm test runs beside Vitest (scripts/test.ts), keep their compile caches', async () => {
  // Both enable Node's compile cache, in the system's temporary folder unless NODE_COMPILE_CACHE says otherwise.
  const { scripts } = JSON.parse(await readFile(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  expect(scripts.test).toBe('node scripts/test.ts');
  const runner = await readFile(path.resolve(import.meta.dirname, '../../scripts/test.ts'), 'utf8');
  for (const name of ['typecheck', 'lint']) expect(runner, name).toContain(`'run', '--silent', '${name}'`);
  for (const name of ['typecheck', 'lint'])
    expect(scripts[name], name).toMatch(/^NODE_COMPILE_CACHE=node_modules\/\.cache\/\S+ /);
});
