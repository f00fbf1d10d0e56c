// Runs one of our TypeScript scripts in plain Node: `node src/build/run-typescript.js scripts/build.ts [args…]`
// (the npm scripts). Our own TypeScript is bundled into one ES module by esbuild, every package left external, and
// the bundle is cached in node_modules/.cache/horoscope-site/ under a hash of its sources: a rebuild with unchanged
// sources reads one file and compiles nothing.
//
// WHY not a loader for everything (tsx, or src/build/typescript-loader.js alone): module hooks run in a thread of
// their own and see every module the process loads, Eleventy's hundreds of files included; that cost about 0.4 s
// of CPU per build. Here Eleventy and the other packages load through plain Node. Only `.eleventy.js`, which
// Eleventy imports itself and which wires plugins written in TypeScript, needs the hooks: src/build/render-site.ts
// registers them just before Eleventy reads its config, after every package is loaded.
// Plain JavaScript on purpose: this is the file that makes TypeScript runnable. Nothing it writes is committed.
import { createHash } from 'node:crypto';
import { accessSync, constants, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const projectRoot = path.resolve(import.meta.dirname, '../..');
/** node_modules/.cache/ by convention; a temporary folder when node_modules is read-only (some CI caches). */
function cacheDir() {
  const preferred = path.join(projectRoot, 'node_modules/.cache/horoscope-site');
  try {
    mkdirSync(preferred, { recursive: true });
    accessSync(preferred, constants.W_OK);
    return preferred;
  } catch {
    const hash = createHash('sha256').update(projectRoot).digest('hex').slice(0, 12);
    return path.join(tmpdir(), `horoscope-site-${hash}`);
  }
}
const CACHE_DIR = cacheDir();
// Read from the bundle's sources: files may use their own location (rootDir, data files beside them).
const IMPORT_META = /\bimport\.meta\.(url|dirname|filename)\b/g;

const [entryArg, ...args] = process.argv.slice(2);
if (!entryArg) {
  console.error('usage: node src/build/run-typescript.js SCRIPT.ts [ARGS…]');
  process.exit(2);
}
const entry = path.resolve(entryArg);
// The script sees the argv it would see run directly (`node script.ts args`).
process.argv.splice(1, process.argv.length - 1, entry, ...args);

const cacheKey = createHash('sha256').update(entry).digest('hex').slice(0, 16);
const manifestFile = path.join(CACHE_DIR, `${cacheKey}.json`);

/** A hash of the sources a bundle was made from (their paths and contents) and of the bundler's version. */
function sourcesHash(inputs, esbuildVersion) {
  const hash = createHash('sha256').update(esbuildVersion);
  for (const input of inputs) hash.update(input).update('\0').update(readFileSync(input)).update('\0');
  return hash.digest('hex');
}

function readManifest() {
  try {
    return JSON.parse(readFileSync(manifestFile, 'utf8'));
  } catch {
    return undefined;
  }
}

/** The cached bundle when its sources are unchanged; undefined when it is missing or stale. */
function cachedBundle() {
  const manifest = readManifest();
  try {
    return manifest && sourcesHash(manifest.inputs, manifest.esbuildVersion) === manifest.hash ? manifest.bundle : undefined;
  } catch {
    return undefined; // a source was deleted or moved: bundle again
  }
}

async function bundle() {
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
    outfile: path.join(CACHE_DIR, `${cacheKey}.mjs`),
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
  const bundleFile = path.join(CACHE_DIR, `${cacheKey}-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  mkdirSync(CACHE_DIR, { recursive: true });
  // Written aside and renamed: two builds starting at once never read half a file.
  const temporary = `${bundleFile}.${process.pid}.tmp`;
  writeFileSync(temporary, code);
  renameSync(temporary, bundleFile);
  const previous = readManifest()?.bundle;
  const manifest = { entry, inputs, esbuildVersion: esbuild.version, hash: sourcesHash(inputs, esbuild.version), bundle: bundleFile };
  writeFileSync(`${manifestFile}.${process.pid}.tmp`, JSON.stringify(manifest));
  renameSync(`${manifestFile}.${process.pid}.tmp`, manifestFile);
  // The bundle of older sources; a build that is still running it has it loaded already.
  if (previous && previous !== bundleFile) rmSync(previous, { force: true });
  return bundleFile;
}

const bundleFile = cachedBundle() ?? (await bundle());
await import(pathToFileURL(bundleFile).href);
