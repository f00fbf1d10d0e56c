// Runs one of our TypeScript scripts in plain Node: `node src/build/run-typescript.js scripts/build.ts [args…]`
// (the npm scripts). esbuild bundles the script, our TypeScript and the packages it uses, into one CommonJS script,
// cached in node_modules/.cache/horoscope-site/ under a hash of its sources, and Node compiles that script with the
// V8 code cache of its previous run: a rebuild with unchanged sources reads two files and compiles next to nothing
// (our code and undici, zod, markdown-it, yaml… took about 0.15 s to load as separate ES modules).
//
// WHY not a loader for everything (tsx, or src/build/typescript-loader.js alone): module hooks run in a thread of
// their own and see every module the process loads, Eleventy's hundreds of files included; that cost about 0.4 s
// of CPU per build. Eleventy and its plugins stay out of the script (Eleventy imports them itself, as ES modules)
// and load through plain Node. `.eleventy.js`, which wires plugins written in TypeScript, is bundled as an ES module
// with every package external, on request (`bundleFor`, below; src/build/render-site.ts asks for it), so a build
// registers no module hooks at all. A script that cannot be CommonJS (top-level await, or a static import of
// Eleventy, which `require` cannot load) runs as such an ES module instead.
//
// The bundles sit inside the project so that Node finds node_modules/ from them. When node_modules/.cache/ is not
// writable (a read-only install), or HOROSCOPE_BUNDLE_CACHE=off, nothing is bundled: the module hooks of
// src/build/typescript-loader.js compile our files where they are (with source maps: stack traces name .ts lines).
// Plain JavaScript on purpose: this is the file that makes TypeScript runnable. Nothing it writes is committed.
import { createHash } from 'node:crypto';
import { isAscii } from 'node:buffer';
import { accessSync, constants, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';

const projectRoot = path.resolve(import.meta.dirname, '../..');
const DEFAULTS = {
  /** ms after which a long-running script (the preview) writes its code cache, not waiting for an exit. */
  codeCacheAfterMs: 20_000,
};
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

/** This file: how it bundles is part of every bundle's identity. Read only when a bundle's sources are hashed. */
let runnerSource;

/** A hash of the sources a bundle was made from (their paths and contents), of the bundler's version and of this file. */
function sourcesHash(inputs, esbuildVersion) {
  const hash = createHash('sha256').update(esbuildVersion).update((runnerSource ??= readFileSync(import.meta.filename)));
  for (const input of inputs) hash.update(input).update('\0').update(readFileSync(input)).update('\0');
  return hash.digest('hex');
}

/**
 * The inputs' identities as the file system gives them (inode, size, modification and change times to the
 * nanosecond), this file's first. While they are unchanged the contents are taken as unchanged, as git's index and
 * make do, so a run with current bundles reads no source; once one differs, `sourcesHash` decides. A write always
 * moves the change time, which no tool can set back.
 */
function statsSignature(inputs) {
  let signature = '';
  for (const input of [import.meta.filename, ...inputs]) {
    const stats = statSync(input, { bigint: true });
    signature += `${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}\n`;
  }
  return signature;
}

/**
 * A bundle's text with every character outside ASCII written as a `\u` escape. esbuild escapes them in strings,
 * regular expressions and identifiers already; what is left sits in comments (undici's "request’s URL"), where the
 * escape changes nothing. An ASCII file is read as latin1 (`readText`), in a tenth of the time UTF-8 decoding of
 * the same 2.7 MB takes once a single character makes V8 store the whole text with two bytes per character.
 * The same idea as src/data/ascii-json.ts, written again here because this file runs before any TypeScript can.
 */
const asciiOnly = (code) => code.replace(/[^\0-\x7f]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
function readText(file) {
  const bytes = readFileSync(file);
  return bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
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

/**
 * Packages a script bundle leaves to Node: Eleventy and its plugins (Eleventy imports `.eleventy.js` and its
 * plugins itself, as ES modules, and they must meet the same instances), and esbuild (a native binary).
 */
const SCRIPT_EXTERNALS = ['@11ty/*', 'esbuild'];

/**
 * A script bundle's `import()` of a package left external (Eleventy, an ES module, which `require` cannot load on
 * Node 20) becomes a call of IMPORT_PACKAGE, which `runScript` passes in: an `import()` in code compiled by
 * `vm.Script` with a code cache fails on Node 20 (its dynamic-import callback is not restored from the cache).
 */
const IMPORT_PACKAGE = '__runTypeScriptImport';
/** A quoted specifier of one of SCRIPT_EXTERNALS, as esbuild prints it (`"@11ty/eleventy"`), for the two below. */
const EXTERNAL_SPECIFIER = `"(?:${SCRIPT_EXTERNALS.map((name) => name.replace('/*', '/[^"]+')).join('|')})"`;
const importsThroughRunner = (code) =>
  code.replace(new RegExp(`\\bimport\\((${EXTERNAL_SPECIFIER})\\)`, 'g'), (_, specifier) => `${IMPORT_PACKAGE}(${specifier})`);

/** Why a script could not become one CommonJS bundle (it uses top-level await): then it stays an ES module. */
const NEEDS_ES_MODULE = /top-level await/i;
/** A static import of an external package, which CommonJS would `require`: Eleventy is an ES module. */
const REQUIRES_EXTERNAL = new RegExp(`\\brequire\\(${EXTERNAL_SPECIFIER}\\)`);

const cacheKeyOf = (entry, kind) => createHash('sha256').update(`${kind}\0${entry}`).digest('hex').slice(0, 16);
const manifestFileOf = (cacheDir, entry, kind) => path.join(cacheDir, `${cacheKeyOf(entry, kind)}.json`);

/**
 * Bundles `entry` (a `.ts` or `.js` file of ours) into `cacheDir`, or returns the cached bundle of the same sources.
 * `esm`: an ES module with every package external (what Eleventy imports as its configuration). `script`: one
 * CommonJS script holding our code and the packages it uses (but SCRIPT_EXTERNALS), which `runScript` compiles
 * with a V8 code cache; `undefined` (or `null`, remembered) when the entry cannot be one (top-level await, a static
 * import of Eleventy).
 */
async function bundleFor(entry, cacheDir, kind = 'esm') {
  const cacheKey = cacheKeyOf(entry, kind);
  const manifestFile = manifestFileOf(cacheDir, entry, kind);
  const manifest = readJson(manifestFile);
  try {
    // A bundle deleted by hand (its manifest left behind) is made again rather than failing to load.
    if (manifest && (manifest.bundle === null || existsSync(manifest.bundle))) {
      const stats = statsSignature(manifest.inputs);
      if (manifest.stats === stats) return manifest.bundle;
      if (sourcesHash(manifest.inputs, manifest.esbuildVersion) === manifest.hash) {
        // Touched but the same (a checkout, a copy): remembered, so the next run need not read the sources again.
        writeAtomically(manifestFile, JSON.stringify({ ...manifest, stats }));
        return manifest.bundle;
      }
    }
  } catch {
    // a source was deleted or moved: bundle again
  }
  const esbuild = await import('esbuild');
  const script = kind === 'script';
  let result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    ...(script ? { external: SCRIPT_EXTERNALS } : { packages: 'external' }),
    platform: 'node',
    format: script ? 'cjs' : 'esm',
    target: 'node20',
    write: false,
    metafile: true,
    // For `node --enable-source-maps`: stack traces then name the TypeScript lines. Not enabled by default, since
    // Node then scans every module it loads for a source map. Node reads no source map of code compiled by
    // `vm.Script`, so a script bundle has none: its stack traces name bundle lines, under a `// src/…` comment
    // naming the source file (HOROSCOPE_BUNDLE_CACHE=off runs the sources themselves, with source maps).
    sourcemap: script ? false : 'inline',
    outfile: path.join(cacheDir, `${cacheKey}.${script ? 'cjs' : 'mjs'}`),
    logLevel: 'silent',
    plugins: [{
      name: 'import-meta-of-source',
      setup(build) {
        // Our own files (TypeScript, and the few JavaScript ones); packages are left as they are.
        build.onLoad({ filter: /\.[cm]?[jt]s$/ }, (args) => {
          if (isPackageFile(args.path)) return undefined;
          const source = readFileSync(args.path, 'utf8');
          const values = { url: pathToFileURL(args.path).href, dirname: path.dirname(args.path), filename: args.path };
          const loader = /\.[cm]?ts$/.test(args.path) ? 'ts' : 'js';
          return { contents: source.replace(IMPORT_META, (_, key) => JSON.stringify(values[key])), loader };
        });
      },
    }],
  }).catch((error) => {
    if (script && error.errors?.some((e) => NEEDS_ES_MODULE.test(e.text))) return undefined;
    throw error;
  });
  if (result && script && REQUIRES_EXTERNAL.test(result.outputFiles[0].text)) result = undefined;
  let next;
  if (result) {
    const inputs = bundleInputs(Object.keys(result.metafile.inputs).map((input) => path.resolve(input)));
    const code = asciiOnly(script ? importsThroughRunner(result.outputFiles[0].text) : result.outputFiles[0].text);
    const bundleFile = path.join(cacheDir, `${cacheKey}-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.${script ? 'cjs' : 'mjs'}`);
    writeAtomically(bundleFile, code);
    const stats = statsSignature(inputs);
    next = { entry, kind, inputs, esbuildVersion: esbuild.version, hash: sourcesHash(inputs, esbuild.version), stats, bundle: bundleFile };
  } else {
    // Top-level await, or a static import of Eleventy: an ES module. Remembered (with the ES module's sources) until
    // one of them changes, so that the next run goes straight to it.
    await bundleFor(entry, cacheDir, 'esm');
    const { inputs, hash, stats } = readJson(manifestFileOf(cacheDir, entry, 'esm'));
    next = { entry, kind, inputs, esbuildVersion: esbuild.version, hash, stats, bundle: null };
  }
  writeAtomically(manifestFile, JSON.stringify(next));
  pruneBundlesOfDeletedEntries(cacheDir);
  // The bundle of older sources; a build that is still running it has it loaded already.
  if (manifest?.bundle && manifest.bundle !== next.bundle) {
    rmSync(manifest.bundle, { force: true });
    rmSync(codeCacheFile(manifest.bundle), { force: true });
  }
  return next.bundle ?? undefined;
}

/**
 * Removes the bundles (and code caches) of entries that no longer exist, such as the throwaway project copies of
 * the tests, which share this folder through their linked node_modules/. Only when something was bundled: a run
 * with current bundles reads nothing more.
 */
function pruneBundlesOfDeletedEntries(cacheDir) {
  for (const name of readdirSync(cacheDir)) {
    if (!name.endsWith('.json')) continue;
    const manifest = readJson(path.join(cacheDir, name));
    if (!manifest?.entry || existsSync(manifest.entry)) continue;
    rmSync(path.join(cacheDir, name), { force: true });
    if (manifest.bundle) {
      // By name: the path it was written under may have gone with its project (a linked node_modules/).
      const bundle = path.join(cacheDir, path.basename(manifest.bundle));
      rmSync(bundle, { force: true });
      rmSync(codeCacheFile(bundle), { force: true });
    }
  }
}

const isPackageFile = (file) => file.split(path.sep).includes('node_modules');

/**
 * What decides whether a bundle is still current: our own source files, and for each package bundled in, its
 * package.json (its version), rather than its hundreds of files, which every run would have to read again.
 */
function bundleInputs(files) {
  const inputs = new Set();
  for (const file of files) {
    if (!isPackageFile(file)) {
      inputs.add(file);
      continue;
    }
    const parts = file.split(path.sep);
    const at = parts.lastIndexOf('node_modules');
    const nameParts = parts[at + 1]?.startsWith('@') ? 2 : 1;
    inputs.add([...parts.slice(0, at + 1 + nameParts), 'package.json'].join(path.sep));
  }
  return [...inputs].sort();
}
const codeCacheFile = (bundleFile) => `${bundleFile}.v8-code-cache`;

/**
 * Runs a `script` bundle as Node runs a CommonJS module, compiled with the V8 code cache of its last run
 * (https://nodejs.org/api/vm.html#scriptcreatecacheddata; Node 22's module.enableCompileCache() does the same for
 * every module, Node 20 has no such switch). With the cache V8 neither parses the bundle nor compiles the
 * functions the last run compiled; without it (first run, another Node version: V8 rejects a cache it did not
 * make) the script compiles as usual and leaves a cache for the next run when the process exits.
 */
function runScript(bundleFile) {
  const source = readText(bundleFile);
  const cacheFile = codeCacheFile(bundleFile);
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    // no cache yet
  }
  const wrapper = `(function (exports, require, module, __filename, __dirname, ${IMPORT_PACKAGE}) {${source}\n})`;
  const script = new vm.Script(wrapper, { filename: bundleFile, cachedData });
  if (cachedData === undefined || script.cachedDataRejected) {
    // At exit, so the cache holds every function this run compiled, not only the top level; or, for a script that
    // runs until it is interrupted (the preview: a signal ends it without an exit event), once it has run a while.
    let written = false;
    const writeCache = () => {
      if (written) return;
      written = true;
      try {
        writeAtomically(cacheFile, script.createCachedData());
      } catch {
        // a read-only or full disk: the next run compiles again
      }
    };
    process.once('exit', writeCache);
    setTimeout(writeCache, Number(process.env.HOROSCOPE_CODE_CACHE_AFTER_MS) || DEFAULTS.codeCacheAfterMs).unref();
  }
  const module = { exports: {} };
  // Packages resolve from the bundle's folder, inside the project, as they would from our sources.
  const importPackage = (specifier) => import(specifier);
  script.runInThisContext()(module.exports, createRequire(bundleFile), module, bundleFile, path.dirname(bundleFile), importPackage);
}

const [entryArg, ...args] = process.argv.slice(2);
if (!entryArg) {
  console.error('usage: node src/build/run-typescript.js SCRIPT.ts [ARGS…]');
  process.exit(2);
}
const entry = path.resolve(entryArg);
// The script sees the argv it would see run directly (`node script.ts args`).
process.argv.splice(1, process.argv.length - 1, entry, ...args);

/** esbuild's errors (a syntax error in one of our files) as one line each, naming file, line and column. */
function describeBundleErrors(error) {
  if (!Array.isArray(error?.errors) || error.errors.length === 0) return undefined;
  return error.errors
    .map((e) => (e.location ? `${e.location.file}:${e.location.line}:${e.location.column + 1}: ${e.text}` : e.text))
    .join('\n');
}

const cacheDir = writableCacheDir();
if (cacheDir) {
  globalThis[BUNDLER] = (file) => bundleFor(path.resolve(file), cacheDir);
  let script;
  try {
    script = (await bundleFor(entry, cacheDir, 'script')) ?? (await bundleFor(entry, cacheDir));
  } catch (error) {
    const errors = describeBundleErrors(error);
    if (!errors) throw error;
    console.error(`Could not compile ${path.relative(process.cwd(), entry) || entry}:\n${errors}`);
    process.exit(1);
  }
  if (script.endsWith('.cjs')) runScript(script);
  else await import(pathToFileURL(script).href);
} else {
  await import('./typescript-loader.js');
  await import(pathToFileURL(entry).href);
}
