// Folders in the run's temporary folder that remove themselves: every folder a test file made is removed after its
// tests (test/setup-file.ts), so `npm test` leaves the temporary folder as it found it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const made: string[] = [];

/** A new empty folder named `prefix…`, removed after the test file's tests. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Removes the folders `tempDir` made since the last call. */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}
