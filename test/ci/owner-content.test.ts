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
    .filter(
      (file) =>
        file.endsWith('.ts') &&
        !file.startsWith(`fixtures${path.sep}`) &&
        file !== path.join('ci', 'owner-content.test.ts'),
    )
    .map((file) => path.join('test', file));
  return [...tests, 'vitest.config.ts'];
}

/** Lines of `text` that reach the project's own content/: a relative path up to it, or the root joined with it. */
export function contentReaches(text: string): string[] {
  // The local name of scripts/lib/copy-project.ts's copier, where a file imports it.
  const copier = /import \{ copyProject(?: as (\w+))? \} from '[./]*scripts\/lib\/copy-project\.ts'/.exec(text);
  const rootNames = [...text.matchAll(/const (\w+) = path\.resolve\(import\.meta\.dirname, '\.\.(?:\/\.\.)*'\)/g)].map(
    (m) => m[1]!,
  );
  const reaches = [
    /['"`](?:\.\.\/)+content(?:\/|['"`])/,
    /import\.meta\.dirname, ['"](?:\.\.\/)+content/,
    ...rootNames.map((name) => new RegExp(`\\b${name}\\b[^\\n]*['"\`]content(?:/|['"\`])`)),
    // A build of the project itself, whose content/ is the owner's.
    /rootDir: path\.resolve\(import\.meta\.dirname/,
    ...rootNames.map((name) => new RegExp(name === 'rootDir' ? '^\\s*rootDir,\\s*$' : `\\brootDir:\\s*${name}\\b`)),
    // A command run in the project itself reads the owner's content/ (the sample service alone reads none).
    ...rootNames.map((name) => new RegExp(`runScript\\(\\s*${name}\\s*,\\s*'(?!sample-api\\.ts')`)),
    // So does a build of it in the test's process (test/helpers/build-project.ts).
    ...rootNames.map((name) => new RegExp(`buildProject\\(\\s*${name}\\s*,`)),
    // The project copier without a content folder of the test's own copies the owner's.
    ...(copier ? [new RegExp(`\\b${copier[1] ?? 'copyProject'}\\((?:[^,()]|\\([^()]*\\))*\\)`)] : []),
  ];
  return text.split('\n').filter((line) => reaches.some((re) => re.test(line)));
}

describe("the owner's content/", () => {
  it('is read by no test', () => {
    const found = suiteFiles().flatMap((file) =>
      contentReaches(readFileSync(path.join(ROOT, file), 'utf8')).map((line) => `${file}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });

  it.each([
    ["const content = path.resolve(import.meta.dirname, '../../content');", true],
    ["readFileSync(path.join(ROOT, 'content/site.json'))", true],
    [
      "import { copyProject } from '../../scripts/lib/copy-project.ts';\nconst project = copyProject(path.join(base, 'x'));",
      true,
    ],
    [
      "import { copyProject } from '../../scripts/lib/copy-project.ts';\nconst project = copyProject(path.join(base, 'x'), FIXTURE);",
      false,
    ],
    ["return runScript(ROOT, 'places.ts', env).done;", true],
    ["return runScript(ROOT, 'sample-api.ts', env);", false],
    ["const run = await buildProject(ROOT, { ASTRO_BUILD_DATE: '2026-11-22' });", true],
    ["const run = await buildProject(project, { ASTRO_BUILD_DATE: '2026-11-22' });", false],
    ['runBuild({ rootDir: ROOT, env })', true],
    ["rootDir: path.resolve(import.meta.dirname, '..'),", true],
    ["const content = path.resolve(import.meta.dirname, '../fixtures/site/content');", false],
    [
      "import { copyProject as copyProjectInto } from '../../scripts/lib/copy-project.ts';\nconst project = copyProjectInto(undefined, FIXTURE_CONTENT);",
      false,
    ],
    [
      "import { copyProject as copyProjectInto } from '../../scripts/lib/copy-project.ts';\nconst project = copyProjectInto();",
      true,
    ],
    ["writeFileSync(path.join(project, 'content/site.json'), text);", false],
  ])('is found in %s: %s', (line, found) => {
    const text = `const ROOT = path.resolve(import.meta.dirname, '../..');\n${line}`;
    expect(contentReaches(text).length > 0).toBe(found);
  });
});
