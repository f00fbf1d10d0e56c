// A throwaway copy of the project (node_modules linked), for tests that run the real commands without
// touching the work tree's dist/, .cache/ or .preview/.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { cpSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '../..');

export function copyProject(): string {
  const project = mkdtempSync(path.join(tmpdir(), 'astro-project-'));
  for (const entry of ['.eleventy.js', 'package.json', 'tsconfig.json', 'src', 'templates', 'content', 'scripts']) {
    cpSync(path.join(repo, entry), path.join(project, entry), { recursive: true });
  }
  symlinkSync(path.join(repo, 'node_modules'), path.join(project, 'node_modules'), 'dir');
  return project;
}

/**
 * Runs `scripts/<script>` as the npm scripts do (`node scripts/<script>`), with only
 * PATH and HOME from the outer environment, plus `env`.
 */
export function spawnScript(project: string, script: string, env: Record<string, string>): ChildProcessWithoutNullStreams {
  const childEnv = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env };
  return spawn(process.execPath, [path.join('scripts', script)], { cwd: project, env: childEnv });
}
