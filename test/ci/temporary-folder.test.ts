// The run's own temporary folder (vitest.config.ts): what other programs do in the system's folder never meets the
// suite, and what the suite leaves is found and removed with it.
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { commandEnv } from '../helpers/project-copy.ts';

it('is the temporary folder of the tests and of every command they start', () => {
  const runDir = process.env.ASTRO_TEST_TMPDIR!;
  expect(path.basename(runDir)).toMatch(/^astro-tests-/);
  expect(tmpdir()).toBe(runDir);
  const seen = execFileSync(process.execPath, ['-e', 'console.log(require("node:os").tmpdir())'], { env: commandEnv({}), encoding: 'utf8' });
  expect(seen.trim()).toBe(runDir);
});
