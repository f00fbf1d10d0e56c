// Runs before every test file, in every project (https://vitest.dev/config/#setupfiles): its hooks are the file's,
// also where files share their modules (the quick project runs without isolation).
import { afterAll } from 'vitest';
import { removeTempDirs } from './helpers/temp-dir.ts';

afterAll(removeTempDirs);

// What is written straight to this worker's streams (a worker thread's console, such as Pagefind's when a test
// kills its process) goes through the console, which Vitest keeps with the test and prints only when it fails
// (vitest.config.ts `silent`). Once a worker: its files share this module's state.
const patched = globalThis as typeof globalThis & { streamsToConsole?: true };
if (!patched.streamsToConsole) {
  patched.streamsToConsole = true;
  for (const [stream, print] of [
    [process.stdout, console.log],
    [process.stderr, console.error],
  ] as const) {
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      print(String(chunk).replace(/\n$/, ''));
      (rest.find((arg) => typeof arg === 'function') as (() => void) | undefined)?.();
      return true;
    }) as typeof stream.write;
  }
}
