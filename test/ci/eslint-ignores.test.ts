// `npm run lint` (`eslint .`) skips what git ignores (@eslint/compat's includeIgnoreFile): the preview's .preview/,
// dist/, .cache/, the staging folders, test results. Checked with ESLint's Node API on a folder holding the
// project's eslint.config.js and .gitignore, and files with lint errors in those places.
// https://eslint.org/docs/latest/integrate/nodejs-api
import { copyFileSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp-dir.ts';

const repo = path.resolve(import.meta.dirname, '../..');
/** An unused variable and an undefined function: two errors under the project's rules. */
const BROKEN = 'const unused = 1;\nundefinedFunction();\n';
const GENERATED = [
  '.preview/assets/x.js',
  'dist/assets/x.js',
  '.dist-build-1/x.js',
  '.cache/x.js',
  'test-results/x.js',
];

/** A folder with the project's ESLint configuration and .gitignore, and the same broken file in each place. */
function project(): string {
  const dir = tempDir('eslint-ignores-');
  for (const file of ['eslint.config.js', '.gitignore']) copyFileSync(path.join(repo, file), path.join(dir, file));
  // The configuration's imports (@eslint/js, typescript-eslint, globals) resolve from here.
  symlinkSync(path.join(repo, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  for (const file of [...GENERATED, 'src/broken.js']) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), BROKEN);
  }
  return dir;
}

describe('eslint .', () => {
  it("reports nothing in what the project's .gitignore ignores, and the same file elsewhere", async () => {
    const dir = project();
    // One ESLint in the process: typescript-eslint refuses a second project folder in the same one.
    const results = await new ESLint({ cwd: dir }).lintFiles(['.']);
    const reported = Object.fromEntries(
      results
        .filter((r) => r.messages.length > 0)
        .map((r) => [path.relative(dir, r.filePath), r.messages.map((m) => m.ruleId)]),
    );
    expect(reported).toEqual({ 'src/broken.js': ['@typescript-eslint/no-unused-vars', 'no-undef'] });
  });
});
