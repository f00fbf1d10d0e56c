// Every file of a folder, for the tests that compare what commands leave behind byte for byte.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { filesUnder as relativeFilesUnder } from '../../src/data/files-under.ts';

/** Every file under `dir` (none when it does not exist), by full path. */
export function filesUnder(dir: string): string[] {
  return relativeFilesUnder(dir).map((file) => path.join(dir, file));
}

/** Every file under `dir` with its bytes, by path relative to `dir`. */
export function tree(dir: string): Map<string, Buffer> {
  return new Map(filesUnder(dir).map((file) => [path.relative(dir, file), readFileSync(file)]));
}

/** `tree` as text (latin1, so byte for byte), whose differences `toEqual` prints readably. */
export function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries([...tree(dir)].map(([file, bytes]) => [file, bytes.toString('latin1')]));
}
