// Ctrl-C, or SIGTERM from a cancelled CI job, ends a build cleanly: its staging folder goes and dist/ stays as
// it was (or, if the swap had begun, holds the whole new site). A second Ctrl-C exits at once.
import { constants } from 'node:os';
import { removeActiveStagingDirsSync, swapping } from './builder/swap-output.ts';

/** Installs the handlers for the rest of the process; `log` gets the one line said on the way out. */
export function exitCleanlyOnInterrupt(log: (line: string) => void = console.error): void {
  let interrupted = false;
  const onSignal = async (signal: 'SIGINT' | 'SIGTERM') => {
    const code = 128 + constants.signals[signal]; // the shell's convention: 130 for SIGINT, 143 for SIGTERM
    if (interrupted) process.exit(code);
    interrupted = true;
    // The swap's two renames are never cut in half: dist/ must not be left missing.
    const published = swapping
      ? await swapping.then(
          () => true,
          () => false,
        )
      : false;
    removeStagingDirs();
    log(
      published
        ? 'Build interrupted after publishing; dist/ holds the new site.'
        : 'Build interrupted; dist/ is unchanged.',
    );
    process.exit(code);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

function removeStagingDirs(): void {
  removeActiveStagingDirsSync();
  // Writes already handed to libuv's thread pool may still land and recreate a folder: let them finish without
  // running any JavaScript (which could start more), then remove again.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
  removeActiveStagingDirsSync();
}
