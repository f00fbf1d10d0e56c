// content/ belongs to the site owner who copies the project: the suite must pass on any owner's copy, so no test
// may read it. Tests build the site under test/fixtures/site/ (test/helpers/project-copy.ts) or inline sites.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Every TypeScript file of the suite, and the vitest config that sets it up. */
function suiteFiles(): string[] {
  const tests = readdirSync(path.join(ROOT, 'test'), { recursive: true, encoding: 'utf8' })
    // This file's own examples below are not reads.
    .filter((file) => file.endsWith('.ts') && !file.startsWith(`fixtures${path.sep}`) && file !== path.join('ci', 'owner-content.test.ts'))
    .map((file) => path.join('test', file));
  return [...tests, 'vitest.config.ts'];
}

/** Lines of `text` that reach the project's own content/: a relative path up to it, or the root joined with it. */
export function contentReaches(text: string): string[] {
  const rootNames = [...text.matchAll(/const (\w+) = path\.resolve\(import\.meta\.dirname, '\.\.(?:\/\.\.)*'\)/g)].map((m) => m[1]!);
  const reaches = [
    /['"`](?:\.\.\/)+content(?:\/|['"`])/,
    /import\.meta\.dirname, ['"](?:\.\.\/)+content/,
    ...rootNames.map((name) => new RegExp(`\\b${name}\\b[^\\n]*['"\`]content(?:/|['"\`])`)),
    // A build of the project itself, whose content/ is the owner's.
    /rootDir: path\.resolve\(import\.meta\.dirname/,
    ...rootNames.map((name) => new RegExp(name === 'rootDir' ? '^\\s*rootDir,\\s*$' : `\\brootDir:\\s*${name}\\b`)),
    // The project copier without a content folder of the test's own copies the owner's.
    /copyProjectInto\([^,)]*\)/,
  ];
  return text.split('\n').filter((line) => reaches.some((re) => re.test(line)));
}

describe("the owner's content/", () => {
  it('is read by no test', () => {
    const found = suiteFiles().flatMap((file) => contentReaches(readFileSync(path.join(ROOT, file), 'utf8')).map((line) => `${file}: ${line.trim()}`));
    expect(found).toEqual([]);
  });

  it.each([
    ["const content = path.resolve(import.meta.dirname, '../../content');", true],
    ["readFileSync(path.join(ROOT, 'content/site.json'))", true],
    ["const project = copyProjectInto();", true],
    ["runBuild({ rootDir: ROOT, env })", true],
    ["rootDir: path.resolve(import.meta.dirname, '..'),", true],
    ["const content = path.resolve(import.meta.dirname, '../fixtures/site/content');", false],
    ["const project = copyProjectInto(undefined, FIXTURE_CONTENT);", false],
    ["writeFileSync(path.join(project, 'content/site.json'), text);", false],
  ])('is found in %s: %s', (line, found) => {
    const text = `const ROOT = path.resolve(import.meta.dirname, '../..');\n${line}`;
    expect(contentReaches(text).length > 0).toBe(found);
  });
});
