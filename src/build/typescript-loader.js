// Makes our TypeScript files loadable in plain Node: `node --import ./src/build/typescript-loader.js script.ts`
// (the npm scripts), or imported by code that runs under another runner (src/build/render-site.ts under vitest).
// Registers src/build/typescript-hooks.js once per thread. See docs/performance.md for why this and not tsx.
import { register } from 'node:module';

const REGISTERED = Symbol.for('horoscope-site.typescript-loader');

if (!globalThis[REGISTERED]) {
  globalThis[REGISTERED] = true;
  register('./typescript-hooks.js', import.meta.url);
  // The hooks emit inline source maps; this makes error stacks name .ts lines, as under tsx.
  process.setSourceMapsEnabled(true);
}
