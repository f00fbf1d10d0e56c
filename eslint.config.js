// Flat config: https://eslint.org/docs/latest/use/configure/configuration-files
import { readFileSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/**
 * A .gitignore pattern as a flat config's `ignores` pattern, converted as @eslint/compat's `includeIgnoreFile` does
 * (https://eslint.org/docs/latest/use/configure/ignore#including-gitignore-files), which this project does not
 * install: `dist/` and `*.log` match at any depth, `/tmp/` at the root alone, `dir/**` what is inside.
 */
function gitignoreToMinimatch(pattern) {
  const negated = pattern.startsWith('!') ? '!' : '';
  const body = pattern.slice(negated.length).trimEnd();
  if (['', '**', '/**', '**/'].includes(body)) return `${negated}${body}`;
  const slash = body.indexOf('/');
  const anywhere = slash < 0 || slash === body.length - 1 ? '**/' : '';
  // `{` and `(` are plain characters in .gitignore, but brace and extglob syntax in minimatch.
  const relative = (slash === 0 ? body.slice(1) : body).replace(/(?<!\\)[{(]/g, '\\$&');
  return `${negated}${anywhere}${relative}${body.endsWith('/**') ? '/*' : ''}`;
}

/** What git ignores (the preview's .preview/, dist/, .cache/, staging folders…): files the project did not write. */
const gitignored = readFileSync(path.join(import.meta.dirname, '.gitignore'), 'utf8')
  .split(/\r?\n/)
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'))
  .map(gitignoreToMinimatch);

export default tseslint.config(
  { name: 'Imported .gitignore patterns', ignores: gitignored },
  { ignores: ['docs/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // The scripts pages load run in the browser.
  { files: ['templates/assets/**/*.js'], languageOptions: { globals: { ...globals.browser } } },
);
