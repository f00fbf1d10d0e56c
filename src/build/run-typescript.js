// Runs one of our TypeScript scripts in plain Node: `node src/build/run-typescript.js scripts/build.ts [args…]`
// (the npm scripts). Our own TypeScript is bundled into one ES module by esbuild, every package left external, and
// the bundle is cached in node_modules/.cache/horoscope-site/ under a hash of its sources: a rebuild with unchanged
// sources reads one file and compiles nothing.
//
// WHY not a loader for everything (tsx, or src/build/typescript-loader.js alone): module hooks run in a thread of
// their own and see every module the process loads, Eleventy's hundreds of files included; that cost about 0.4 s
// of CPU per build. Here Eleventy and the other packages load through plain Node. `.eleventy.js`, which Eleventy
// imports itself and which wires plugins written in TypeScript, is bundled the same way on request
// (`bundleFor`, below; src/build/render-site.ts asks for it), so a build registers no module hooks at all.
//
// The bundles import packages by name, so they must sit inside the project for Node to find node_modules/. When
// node_modules/.cache/ is not writable (a read-only install), or HOROSCOPE_BUNDLE_CACHE=off, nothing is bundled:
// the module hooks of src/build/typescript-loader.js compile our files where they are.
// Plain JavaScript on purpose: this is the file that makes TypeScript runnable. Nothing it writes is committed.
import { createHash } from 'node:crypto';
import { accessSync, constants, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const projectRoot = path.resolve(import.meta.dirname, '../..');
/** Read by src/build/render-site.ts: a function from a source file to the path of its cached bundle. */
const BUNDLER = Symbol.for('horoscope-site.bundle-for');

/** node_modules/.cache/ by convention; `undefined` when it cannot be written (then we use the module hooks). */
function writableCacheDir() {
  if (process.env.HOROSCOPE_BUNDLE_CACHE === 'off') return undefined;
  const dir = path.join(projectRoot, 'node_modules/.cache/horoscope-site');
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    return dir;
  } catch {
    return undefined;
  }
}
// Read from the bundle's sources: files may use their own location (rootDir, data files beside them).
const IMPORT_META = /\bimport\.meta\.(url|dirname|filename)\b/g;

/** A hash of the sources a bundle was made from (their paths and contents) and of the bundler's version. */
function sourcesHash(inputs, esbuildVersion) {
  const hash = createHash('sha256').update(esbuildVersion);
  for (const input of inputs) hash.update(input).update('\0').update(readFileSync(input)).update('\0');
  return hash.digest('hex');
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Written aside and renamed: two builds starting at once never read half a file. */
function writeAtomically(file, text) {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

/** Bundles `entry` (a `.ts` or `.js` file of ours) into `cacheDir`, or returns the cached bundle of the same sources. */
async function bundleFor(entry, cacheDir) {
  const cacheKey = createHash('sha256').update(entry).digest('hex').slice(0, 16);
  const manifestFile = path.join(cacheDir, `${cacheKey}.json`);
  const manifest = readJson(manifestFile);
  try {
    if (manifest && sourcesHash(manifest.inputs, manifest.esbuildVersion) === manifest.hash) return manifest.bundle;
  } catch {
    // a source was deleted or moved: bundle again
  }
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    metafile: true,
    // For `node --enable-source-maps`: stack traces then name the TypeScript lines. Not enabled by default, since
    // Node then scans every module it loads for a source map.
    sourcemap: 'inline',
    outfile: path.join(cacheDir, `${cacheKey}.mjs`),
    logLevel: 'error',
    plugins: [{
      name: 'import-meta-of-source',
      setup(build) {
        // Packages are external: only our own files (TypeScript, and the few JavaScript ones) arrive here.
        build.onLoad({ filter: /\.[cm]?[jt]s$/ }, (args) => {
          const source = readFileSync(args.path, 'utf8');
          const values = { url: pathToFileURL(args.path).href, dirname: path.dirname(args.path), filename: args.path };
          const loader = /\.[cm]?ts$/.test(args.path) ? 'ts' : 'js';
          return { contents: source.replace(IMPORT_META, (_, key) => JSON.stringify(values[key])), loader };
        });
      },
    }],
  });
  const inputs = Object.keys(result.metafile.inputs).map((input) => path.resolve(input)).sort();
  const code = result.outputFiles[0].text;
  const bundleFile = path.join(cacheDir, `${cacheKey}-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  writeAtomically(bundleFile, code);
  const next = { entry, inputs, esbuildVersion: esbuild.version, hash: sourcesHash(inputs, esbuild.version), bundle: bundleFile };
  writeAtomically(manifestFile, JSON.stringify(next));
  // The bundle of older sources; a build that is still running it has it loaded already.
  if (manifest?.bundle && manifest.bundle !== bundleFile) rmSync(manifest.bundle, { force: true });
  return bundleFile;
}

const [entryArg, ...args] = process.argv.slice(2);
if (!entryArg) {
  console.error('usage: node src/build/run-typescript.js SCRIPT.ts [ARGS…]');
  process.exit(2);
}
const entry = path.resolve(entryArg);
// The script sees the argv it would see run directly (`node script.ts args`).
process.argv.splice(1, process.argv.length - 1, entry, ...args);

const cacheDir = writableCacheDir();
if (cacheDir) {
  globalThis[BUNDLER] = (file) => bundleFor(path.resolve(file), cacheDir);
  await import(pathToFileURL(await bundleFor(entry, cacheDir)).href);
} else {
  await import('./typescript-loader.js');
  await import(pathToFileURL(entry).href);
}
