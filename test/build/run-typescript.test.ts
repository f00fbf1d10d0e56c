// src/build/run-typescript.js, the runner behind every npm script: our TypeScript bundled and cached, run with
// its arguments, rebundled when a source changes; the module hooks when no bundle can be cached.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject } from '../helpers/project-copy.ts';

let project: string;
let fixture: string;
beforeAll(() => {
  project = copyProject();
  fixture = path.join(project, 'fixture');
  mkdirSync(fixture);
  // A package import, a relative .ts import, import.meta of the source, and the config bundler of render-site.ts.
  writeFileSync(path.join(fixture, 'greeting.ts'), "export const greeting: string = 'hello';\n");
  // An `import()` of an Eleventy package (an ES module, left out of the bundle) as render-site.ts imports Eleventy.
  writeFileSync(
    path.join(fixture, 'main.ts'),
    [
      "import { z } from 'zod';",
      "import { greeting } from './greeting.ts';",
      'const bundle = (globalThis as Record<symbol, unknown>)[Symbol.for("horoscope-site.bundle-for")];',
      'async function main() {',
      "  const { TemplatePath } = await import('@11ty/eleventy-utils');",
      '  console.log(JSON.stringify({',
      '    greeting: z.string().parse(greeting),',
      '    args: process.argv.slice(2),',
      '    script: process.argv[1],',
      '    dirname: import.meta.dirname,',
      "    bundler: typeof bundle === 'function',",
      "    packageImport: TemplatePath.normalize('a//b'),",
      '  }));',
      '}',
      'void main();',
      '',
    ].join('\n'),
  );
  writeFileSync(path.join(fixture, 'top-level-await.ts'), "const { z } = await import('zod');\nconsole.log(JSON.stringify({ ok: z.literal('ok').parse('ok') }));\n");
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

interface Output {
  greeting: string;
  args: string[];
  script: string;
  dirname: string;
  bundler: boolean;
  packageImport: string;
}

function runEntry(entry: string, env: Record<string, string> = {}, args: string[] = []) {
  const result = spawnSync(process.execPath, ['src/build/run-typescript.js', entry, ...args], {
    cwd: project,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  // Nothing on stderr: no warning (an experimental vm feature would print one) in front of every build.
  expect(result.stderr).toBe('');
  return JSON.parse(result.stdout) as unknown;
}
const run = (env: Record<string, string> = {}) => runEntry('fixture/main.ts', env, ['one', '--two']) as Output;

const bundleCache = () => path.join(project, 'node_modules/.cache/horoscope-site');
const manifestFor = (entry: string, kind = 'script') =>
  readdirSync(bundleCache())
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(path.join(bundleCache(), f), 'utf8')) as { entry: string; kind: string; bundle: string | null })
    .find((m) => m.entry === entry && m.kind === kind);
const codeCacheOf = (bundle: string) => `${bundle}.v8-code-cache`;

describe('run-typescript.js', () => {
  it('runs a TypeScript script with its arguments, as if Node ran it directly, from a cached bundle', () => {
    const out = run();
    expect(out).toEqual({
      greeting: 'hello',
      args: ['one', '--two'],
      script: path.join(fixture, 'main.ts'),
      dirname: fixture,
      bundler: true,
      packageImport: 'a/b',
    });
    const first = manifestFor(path.join(fixture, 'main.ts'))!;
    // One CommonJS script holding zod too; Eleventy's packages are left to Node.
    const bundle = readFileSync(first.bundle!, 'utf8');
    expect(first.bundle).toMatch(/\.cjs$/);
    expect(bundle).not.toMatch(/require\("zod"\)|from "zod"/);
    expect(bundle).toContain('@11ty/eleventy-utils');
    expect(bundle).not.toMatch(/\bimport\("@11ty/);
    // Unchanged sources: the same bundle, not bundled again.
    run();
    expect(manifestFor(path.join(fixture, 'main.ts'))!.bundle).toBe(first.bundle);
  });

  it('compiles the script with the V8 code cache its previous run left, and replaces a cache V8 rejects', () => {
    run();
    const bundle = manifestFor(path.join(fixture, 'main.ts'))!.bundle!;
    const cacheFile = codeCacheOf(bundle);
    const written = statSync(cacheFile);
    expect(written.size).toBeGreaterThan(1000);
    // Accepted: used as it is, not written again. Code compiled from a cache still imports Eleventy's packages
    // (Node 20 loses a vm.Script's import() callback there; the runner passes its own).
    expect(run().packageImport).toBe('a/b');
    expect(statSync(cacheFile).mtimeMs).toBe(written.mtimeMs);
    expect(statSync(cacheFile).ino).toBe(written.ino);
    // Damaged (or made by another Node): V8 rejects it, the script compiles as usual and leaves a good one.
    writeFileSync(cacheFile, Buffer.alloc(4096, 7));
    expect(run().greeting).toBe('hello');
    expect(readFileSync(cacheFile).equals(Buffer.alloc(4096, 7))).toBe(false);
    expect(run().packageImport).toBe('a/b');
  });

  it('leaves a code cache from a script that runs until a signal ends it (the preview)', async () => {
    const entry = path.join(fixture, 'long-running.ts');
    writeFileSync(entry, "setInterval(() => {}, 1000);\nconsole.log('ready');\n");
    const child = spawn(process.execPath, ['src/build/run-typescript.js', 'fixture/long-running.ts'], {
      cwd: project,
      env: { PATH: process.env.PATH ?? '', HOROSCOPE_CODE_CACHE_AFTER_MS: '300' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await once(child.stdout, 'data');
    const bundle = manifestFor(entry)!.bundle!;
    expect(existsSync(codeCacheOf(bundle))).toBe(false);
    for (let waited = 0; !existsSync(codeCacheOf(bundle)) && waited < 10_000; waited += 50) await delay(50);
    child.kill('SIGINT');
    const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
    // The runner adds no signal handler: Ctrl-C ends the script as before.
    expect(signal ?? code).toBe('SIGINT');
    expect(statSync(codeCacheOf(bundle)).size).toBeGreaterThan(100);
  });

  it('fails on a syntax error with one line naming the file, line and column, and exit code 1', () => {
    writeFileSync(path.join(fixture, 'broken-helper.ts'), 'export const value = ;\n');
    writeFileSync(path.join(fixture, 'broken.ts'), "import { value } from './broken-helper.ts';\nconsole.log(value);\n");
    const result = spawnSync(process.execPath, ['src/build/run-typescript.js', 'fixture/broken.ts'], {
      cwd: project,
      env: { PATH: process.env.PATH ?? '' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('Could not compile fixture/broken.ts:\nfixture/broken-helper.ts:1:22: Unexpected ";"\n');
  });

  it('runs a script that uses top-level await as an ES module, and remembers that it is one', () => {
    expect(runEntry('fixture/top-level-await.ts')).toEqual({ ok: 'ok' });
    const entry = path.join(fixture, 'top-level-await.ts');
    expect(manifestFor(entry, 'script')!.bundle).toBeNull();
    expect(manifestFor(entry, 'esm')!.bundle).toMatch(/\.mjs$/);
    expect(runEntry('fixture/top-level-await.ts')).toEqual({ ok: 'ok' });
  });

  it('runs a script that imports Eleventy statically as an ES module, and bundles it as a script once it does not', () => {
    const entry = path.join(fixture, 'static-import.ts');
    const helper = path.join(fixture, 'static-import-helper.ts');
    writeFileSync(entry, "import { answer } from './static-import-helper.ts';\nvoid Promise.resolve(answer()).then((a) => console.log(JSON.stringify(a)));\n");
    writeFileSync(helper, "import { TemplatePath } from '@11ty/eleventy-utils';\nexport const answer = () => TemplatePath.normalize('c//d');\n");
    expect(runEntry('fixture/static-import.ts')).toBe('c/d');
    expect(manifestFor(entry, 'script')!.bundle).toBeNull();
    // The change is in a module the entry imports, not in the entry: still noticed.
    writeFileSync(helper, "export async function answer() { return (await import('@11ty/eleventy-utils')).TemplatePath.normalize('e//f'); }\n");
    expect(runEntry('fixture/static-import.ts')).toBe('e/f');
    expect(manifestFor(entry, 'script')!.bundle).toMatch(/\.cjs$/);
  });

  it('removes the bundles of entries that no longer exist when it bundles', () => {
    const gone = path.join(fixture, 'gone.ts');
    writeFileSync(gone, "console.log('null');\n");
    runEntry('fixture/gone.ts');
    const bundle = manifestFor(gone)!.bundle!;
    expect(existsSync(bundle)).toBe(true);
    rmSync(gone);
    // Something else is bundled (a source changed): the leftovers of gone.ts go.
    writeFileSync(path.join(fixture, 'greeting.ts'), "export const greeting: string = 'hello once more';\n");
    expect(run().greeting).toBe('hello once more');
    expect(manifestFor(gone)).toBeUndefined();
    expect(existsSync(bundle)).toBe(false);
    expect(existsSync(codeCacheOf(bundle))).toBe(false);
  });

  it('bundles again when any source of the bundle changes', () => {
    run();
    const before = manifestFor(path.join(fixture, 'main.ts'))!.bundle;
    writeFileSync(path.join(fixture, 'greeting.ts'), "export const greeting: string = 'hello again';\n");
    expect(run().greeting).toBe('hello again');
    expect(manifestFor(path.join(fixture, 'main.ts'))!.bundle).not.toBe(before);
  });

  it('reads no source while the files are as they were, and hashes them once one was touched', () => {
    run();
    const entry = path.join(fixture, 'main.ts');
    const manifestFile = () =>
      readdirSync(bundleCache())
        .filter((f) => f.endsWith('.json'))
        .map((f) => path.join(bundleCache(), f))
        .find((f) => {
          const m = JSON.parse(readFileSync(f, 'utf8')) as { entry: string; kind: string };
          return m.entry === entry && m.kind === 'script';
        })!;
    const file = manifestFile();
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as { hash: string; stats: string; bundle: string };
    // Stats unchanged: the bundle is used without a look at the contents (a wrong hash goes unnoticed).
    writeFileSync(file, JSON.stringify({ ...manifest, hash: 'not the hash' }));
    expect(run().greeting).toBe(readFileSync(path.join(fixture, 'greeting.ts'), 'utf8').match(/'(.*)'/)![1]);
    expect(manifestFor(entry)!.bundle).toBe(manifest.bundle);
    // Touched, same contents: now the hash decides, and it no longer matches, so the script is bundled again.
    writeFileSync(path.join(fixture, 'greeting.ts'), readFileSync(path.join(fixture, 'greeting.ts')));
    run();
    const rebundled = JSON.parse(readFileSync(manifestFile(), 'utf8')) as { hash: string; stats: string };
    expect(rebundled.hash).not.toBe('not the hash');
    // Touched again, contents unchanged: the hash matches, the bundle stays, the new stats are remembered.
    writeFileSync(path.join(fixture, 'greeting.ts'), readFileSync(path.join(fixture, 'greeting.ts')));
    run();
    const after = JSON.parse(readFileSync(manifestFile(), 'utf8')) as { hash: string; stats: string; bundle: string };
    expect(after.hash).toBe(rebundled.hash);
    expect(after.stats).not.toBe(rebundled.stats);
  });

  it('bundles again when the bundle itself was deleted', () => {
    run();
    const bundle = manifestFor(path.join(fixture, 'main.ts'))!.bundle!;
    rmSync(bundle);
    expect(run().args).toEqual(['one', '--two']);
    expect(existsSync(manifestFor(path.join(fixture, 'main.ts'))!.bundle!)).toBe(true);
  });

  it('writes bundles in ASCII, and the script sees its text unchanged', () => {
    const entry = path.join(fixture, 'non-ascii.ts');
    writeFileSync(entry, "// The week’s dates — “November 16 – 22”\nconsole.log(JSON.stringify({ label: 'November 16 – 22 ♈ 🌕', pattern: /–/.test('a–b') }));\n");
    expect(runEntry('fixture/non-ascii.ts')).toEqual({ label: 'November 16 – 22 ♈ 🌕', pattern: true });
    expect(readFileSync(manifestFor(entry)!.bundle!, 'utf8')).not.toMatch(/[\u0080-\uffff]/);
    expect(runEntry('fixture/non-ascii.ts')).toEqual({ label: 'November 16 – 22 ♈ 🌕', pattern: true });
  });

  it('uses the module hooks instead when bundles cannot be cached', () => {
    const out = run({ HOROSCOPE_BUNDLE_CACHE: 'off' });
    expect(out.args).toEqual(['one', '--two']);
    expect(out.packageImport).toBe('a/b');
    expect(out.dirname).toBe(fixture);
    expect(out.bundler).toBe(false);
  });
});
