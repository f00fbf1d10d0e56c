// Module hooks (https://nodejs.org/api/module.html#customization-hooks) that compile our own `.ts` files with
// esbuild and hand every other module straight back to Node. Registered by src/build/typescript-loader.js.
//
// WHY not tsx: its hooks resolve and load every module of the process, Eleventy's hundreds of files included,
// which cost about 1 s of CPU per build. These hooks define no `resolve` (our imports name their `.ts` files, so
// Node's own resolution finds them) and leave everything that is not a `.ts` file of ours untouched.
// Plain JavaScript on purpose: this is the file that makes TypeScript loadable.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';

const TRANSFORM_OPTIONS = {
  loader: 'ts',
  format: 'esm',
  target: 'node20',
  // Stack traces name the TypeScript lines (the loader enables source maps in every thread that uses it).
  sourcemap: 'inline',
};

/** `file:` URLs of `.ts`/`.mts` files outside node_modules, query and hash ignored (Eleventy re-imports with `?`). */
function isOwnTypeScript(url) {
  if (!url.startsWith('file:')) return false;
  const { pathname } = new URL(url);
  return (pathname.endsWith('.ts') || pathname.endsWith('.mts')) && !pathname.includes('/node_modules/');
}

export async function load(url, context, nextLoad) {
  if (!isOwnTypeScript(url)) return nextLoad(url, context);
  const file = fileURLToPath(url);
  const source = await readFile(file, 'utf8');
  const { code } = await transform(source, { ...TRANSFORM_OPTIONS, sourcefile: file });
  return { format: 'module', source: code, shortCircuit: true };
}
