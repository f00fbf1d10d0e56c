// `npm run lint` fails on code the formatter would change (Prettier's --check), and leaves the owner's content/ and
// the served templates alone. Run as the project's own script, in a folder holding its lint configuration.
// https://prettier.io/docs/cli#--check
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp-dir.ts';

const repo = path.resolve(import.meta.dirname, '../..');
const CONFIG = ['eslint.config.js', '.gitignore', '.prettierrc.json', '.prettierignore'];
/** Valid under the linter's rules, but not as Prettier writes it: double quotes, no spaces, one long line. */
const UGLY = `export const sum=(a:number,b:number)=>{return a+b}\nexport const word="aries";\n`;
const FORMATTED = `export const sum = (a: number, b: number) => {\n  return a + b;\n};\nexport const word = 'aries';\n`;

/** A folder with the project's `lint` script and configuration, and `files` written into it. */
function project(files: Record<string, string>): string {
  const dir = tempDir('formatter-');
  for (const file of CONFIG) copyFileSync(path.join(repo, file), path.join(dir, file));
  const { scripts } = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8'));
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module', scripts: { lint: scripts.lint } }));
  symlinkSync(path.join(repo, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

function lint(dir: string) {
  const run = spawnSync('npm', ['run', '--silent', 'lint'], { cwd: dir, encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}

describe('npm run lint', () => {
  it('fails on a file the formatter would change, naming it', () => {
    const result = lint(project({ 'src/ugly.ts': UGLY }));
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('src/ugly.ts');
  });

  it("passes the same code as the formatter writes it, and ignores the owner's content/ and the templates", () => {
    const result = lint(
      project({ 'src/tidy.ts': FORMATTED, 'content/owner.js': UGLY, 'templates/assets/page.js': UGLY }),
    );
    expect(result.output).toBe('');
    expect(result.status).toBe(0);
  });
});
