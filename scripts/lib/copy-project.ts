// A throwaway copy of the project (node_modules linked), for running the real commands without touching the work
// tree's dist/, .cache/ or .preview/: the CLI tests, the preview benchmark and the screenshots use it.
import { cpSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RENDERER_INPUTS } from '../../src/incremental/render-plan.ts';

const repo = path.resolve(import.meta.dirname, '../..');

/** Everything that renders a site (the renderer's fingerprint hashes the same), what npm and Node read to run it, and the Worker's configuration. */
const PROJECT_ENTRIES = [
  ...RENDERER_INPUTS.folders,
  ...RENDERER_INPUTS.files,
  'package.json',
  'tsconfig.json',
  'wrangler.jsonc',
];

/**
 * Copies the project's code into `into` (a new temporary folder by default) with `content` as its content/ (the
 * owner's own by default; the tests pass a fixture of theirs) and returns it.
 */
export function copyProject(
  into: string = mkdtempSync(path.join(tmpdir(), 'astro-project-')),
  content: string = path.join(repo, 'content'),
): string {
  for (const entry of PROJECT_ENTRIES) {
    cpSync(path.join(repo, entry), path.join(into, entry), { recursive: true });
  }
  cpSync(content, path.join(into, 'content'), { recursive: true });
  symlinkSync(path.join(repo, 'node_modules'), path.join(into, 'node_modules'), 'dir');
  return into;
}
