// No module of src/ imports itself through others, type imports included: the tree reads as the data flow, each
// folder's modules in an order a newcomer can follow. Imports are found with the TypeScript compiler's own
// pre-processor (https://github.com/microsoft/TypeScript/wiki/Using-the-Compiler-API), which sees `import type`,
// re-exports and `import()` alike.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../src');

/** Every module of src/, by its path relative to src/ (`/`-separated), with its text. */
function sources(): Map<string, string> {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.(ts|js)$/.test(file) && !file.endsWith('.d.ts'),
  );
  return new Map(files.map((file) => [file.split(path.sep).join('/'), readFileSync(path.join(SRC, file), 'utf8')]));
}

/** Each module's imports of other modules of the same set (relative specifiers alone). */
function importGraph(modules: ReadonlyMap<string, string>): Map<string, string[]> {
  return new Map(
    [...modules].map(([file, text]) => {
      const imported = ts
        .preProcessFile(text, true, true)
        .importedFiles.map(({ fileName }) => fileName)
        .filter((name) => name.startsWith('.'));
      const resolved = imported.map((name) => path.posix.normalize(path.posix.join(path.posix.dirname(file), name)));
      return [file, resolved.filter((name) => modules.has(name))];
    }),
  );
}

/** Every circle of imports (Tarjan's strongly connected components of more than one module, or a self-import), each sorted. */
function importCycles(modules: ReadonlyMap<string, string>): string[][] {
  const graph = importGraph(modules);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    for (const next of graph.get(file)!) {
      if (!index.has(next)) visit(next);
      if (stack.includes(next)) low.set(file, Math.min(low.get(file)!, low.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component = stack.splice(stack.indexOf(file));
    if (component.length > 1 || graph.get(file)!.includes(file)) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

describe('imports in src/', () => {
  it('make no circle', () => {
    expect(importCycles(sources())).toEqual([]);
  });

  it('are found by their circles, however they import: a type, a re-export, a dynamic import, through a third module', () => {
    const found = importCycles(
      new Map([
        ['model/types.ts', "import type { HomeView } from './home.ts';\nexport interface Hub { url: string }\n"],
        ['model/home.ts', "import type { Hub } from './types.ts';\nexport interface HomeView { hubs: Hub[] }\n"],
        ['model/urls.ts', "export { page } from '../cli/pages.ts';\n"],
        ['cli/pages.ts', "export const page = async () => (await import('../model/urls.ts')).page;\n"],
        ['cli/run.ts', "import { page } from '../model/urls.ts';\nimport './run.ts';\n"],
        ['data/leaf.ts', "import { readFileSync } from 'node:fs';\nimport type { Hub } from '../model/types.ts';\n"],
      ]),
    );
    expect(found).toEqual([['model/home.ts', 'model/types.ts'], ['cli/pages.ts', 'model/urls.ts'], ['cli/run.ts']]);
  });
});
