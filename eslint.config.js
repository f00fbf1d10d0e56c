// Flat config: https://eslint.org/docs/latest/use/configure/configuration-files
import { fileURLToPath } from 'node:url';
import { includeIgnoreFile } from '@eslint/compat';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  // What git ignores (the preview's .preview/, dist/, .cache/…) is no code of the project's.
  // https://eslint.org/docs/latest/use/configure/ignore#including-gitignore-files
  includeIgnoreFile(fileURLToPath(new URL('.gitignore', import.meta.url)), 'Imported .gitignore patterns'),
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
