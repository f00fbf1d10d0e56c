// What a folder's files are, down to the inode: a file written in place keeps its inode and changes its bytes, a file
// replaced gets another inode. For the tests that a build never changes the published output.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { sha256 } from '../../src/incremental/build-manifest.ts';
import { filesUnder } from './files.ts';

/** Every file under `dir`, by path relative to it, as its inode and the hash of its bytes. */
export function inodesAndBytes(dir: string): Record<string, string> {
  return Object.fromEntries(
    filesUnder(dir)
      .sort()
      .map((file) => [path.relative(dir, file), `${statSync(file).ino} ${sha256(readFileSync(file))}`]),
  );
}
