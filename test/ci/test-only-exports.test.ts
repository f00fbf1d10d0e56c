// Code that only tests call is dead weight a newcomer must read: at most MAX_TEST_ONLY exports of src/ may be used
// by tests alone. An export counts as used where another file of src/ or scripts/ (or its own module, beyond
// declaring it) names it; re-exports (`export { x } from`) do not count. Names are read with the TypeScript
// compiler's parser (https://github.com/microsoft/TypeScript/wiki/Using-the-Compiler-API), so comments and strings
// that mention a name keep nothing alive; an export no code names counts when a test's text names it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MAX_TEST_ONLY = 2;

function typescriptUnder(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .map((file) => path.join(folder, file));
}

interface Scanned {
  /** The values the file exports by name (functions, classes, constants, enums), not types. */
  exports: string[];
  /** Every identifier the file names, but the names it declares for export and those it only re-exports. */
  names: Set<string>;
}

function scan(file: string): Scanned {
  const source = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const exports: string[] = [];
  const declared = new Set<ts.Node>();
  const exported = (node: ts.Node) =>
    ts.canHaveModifiers(node) && !!ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const statement of source.statements) {
    if (!exported(statement)) continue;
    if (
      (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement)) &&
      statement.name
    ) {
      exports.push(statement.name.text);
      declared.add(statement.name);
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) {
          exports.push(declaration.name.text);
          declared.add(declaration.name);
        }
      }
    }
  }
  const names = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isExportDeclaration(node) && node.moduleSpecifier) return;
    if (ts.isIdentifier(node) && !declared.has(node)) names.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { exports, names };
}

/** The exports of src/ that no file of src/ or scripts/ names and some test does, as `file: name`. */
export function testOnlyExports(): string[] {
  const code = ['.eleventy.js', ...typescriptUnder('src'), ...typescriptUnder('scripts')].map((file) => ({
    file,
    ...scan(file),
  }));
  const unused = code
    .filter(({ file }) => file.startsWith('src/'))
    .flatMap(({ file, exports }) => exports.map((name) => ({ file, name })))
    .filter(({ name }) => !code.some((other) => other.names.has(name)));
  // The few left are looked for in the tests' text: parsing every test would take most of this test's time.
  const tests = typescriptUnder('test').map((file) => readFileSync(path.join(ROOT, file), 'utf8'));
  return unused
    .filter(({ name }) => tests.some((text) => new RegExp(`\\b${name}\\b`).test(text)))
    .map(({ file, name }) => `${file}: ${name}`);
}

describe('exports of src/', () => {
  it(`has at most ${MAX_TEST_ONLY} used by tests alone`, () => {
    const found = testOnlyExports();
    expect(found.length, `used by tests alone:\n${found.join('\n')}`).toBeLessThanOrEqual(MAX_TEST_ONLY);
  });
});
