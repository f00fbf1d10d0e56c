// The code stays small enough to read: no file in src/, scripts/ or .eleventy.js over 500 lines, no function over 100.
// Functions are found with the TypeScript compiler's own parser (https://github.com/microsoft/TypeScript/wiki/Using-the-Compiler-API).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const LIMITS = { fileLines: 500, functionLines: 100 };

/** The TypeScript of src/ and scripts/, and Eleventy's configuration. */
function sourceFiles(): string[] {
  const typescript = ['src', 'scripts'].flatMap((folder) =>
    readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .map((file) => path.join(folder, file)),
  );
  return ['.eleventy.js', ...typescript];
}

/** Every function, method and arrow of a file longer than the limit, as `file:line name (N lines)`. */
function longFunctions(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const name = (node as ts.FunctionLikeDeclaration).name?.getText(source) ?? '(anonymous)';
      if (end - start + 1 > LIMITS.functionLines) found.push(`${file}:${start + 1} ${name} (${end - start + 1} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('code size', () => {
  it(`has no file in src/, scripts/ or .eleventy.js over ${LIMITS.fileLines} lines`, () => {
    const long = sourceFiles()
      .map((file) => [file, readFileSync(path.join(ROOT, file), 'utf8').split('\n').length] as const)
      .filter(([, lines]) => lines > LIMITS.fileLines)
      .map(([file, lines]) => `${file} (${lines} lines)`);
    expect(long).toEqual([]);
  });

  it(`has no function in src/, scripts/ or .eleventy.js over ${LIMITS.functionLines} lines`, () => {
    expect(sourceFiles().flatMap(longFunctions)).toEqual([]);
  });
});
