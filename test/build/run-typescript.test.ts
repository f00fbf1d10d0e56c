// src/build/run-typescript.js, the runner behind every npm script: our TypeScript bundled and cached, run with
// its arguments, rebundled when a source changes; the module hooks when no bundle can be cached.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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
  writeFileSync(
    path.join(fixture, 'main.ts'),
    [
      "import { z } from 'zod';",
      "import { greeting } from './greeting.ts';",
      'const bundle = (globalThis as Record<symbol, unknown>)[Symbol.for("horoscope-site.bundle-for")];',
      'console.log(JSON.stringify({',
      '  greeting: z.string().parse(greeting),',
      '  args: process.argv.slice(2),',
      '  script: process.argv[1],',
      '  dirname: import.meta.dirname,',
      "  bundler: typeof bundle === 'function',",
      '}));',
      '',
    ].join('\n'),
  );
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

function run(env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, ['src/build/run-typescript.js', 'fixture/main.ts', 'one', '--two'], {
    cwd: project,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as { greeting: string; args: string[]; script: string; dirname: string; bundler: boolean };
}

const bundleCache = () => path.join(project, 'node_modules/.cache/horoscope-site');
const manifestFor = (entry: string) =>
  readdirSync(bundleCache())
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(path.join(bundleCache(), f), 'utf8')) as { entry: string; bundle: string })
    .find((m) => m.entry === entry);

describe('run-typescript.js', () => {
  it('runs a TypeScript script with its arguments, as if Node ran it directly, from a cached bundle', () => {
    const out = run();
    expect(out).toEqual({
      greeting: 'hello',
      args: ['one', '--two'],
      script: path.join(fixture, 'main.ts'),
      dirname: fixture,
      bundler: true,
    });
    const first = manifestFor(path.join(fixture, 'main.ts'))!;
    expect(readFileSync(first.bundle, 'utf8')).toContain("from \"zod\"");
    // Unchanged sources: the same bundle, not bundled again.
    run();
    expect(manifestFor(path.join(fixture, 'main.ts'))!.bundle).toBe(first.bundle);
  });

  it('bundles again when any source of the bundle changes', () => {
    run();
    const before = manifestFor(path.join(fixture, 'main.ts'))!.bundle;
    writeFileSync(path.join(fixture, 'greeting.ts'), "export const greeting: string = 'hello again';\n");
    expect(run().greeting).toBe('hello again');
    expect(manifestFor(path.join(fixture, 'main.ts'))!.bundle).not.toBe(before);
  });

  it('uses the module hooks instead when bundles cannot be cached', () => {
    const out = run({ HOROSCOPE_BUNDLE_CACHE: 'off' });
    expect(out.args).toEqual(['one', '--two']);
    expect(out.dirname).toBe(fixture);
    expect(out.bundler).toBe(false);
  });
});
