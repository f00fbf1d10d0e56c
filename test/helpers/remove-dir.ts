// Removing a test's folder once every process that wrote in it is done.
import { existsSync, rmSync } from 'node:fs';

/**
 * Removes `dir` whole, even while a build's detached process is still removing an output it replaced inside it
 * (src/cli/builder/swap-output.ts): a removal that races another one can stop half-way, so it is repeated until the folder
 * is gone.
 */
export async function removeDir(dir: string): Promise<void> {
  for (let attempt = 0; attempt < 100 && existsSync(dir); attempt++) {
    rmSync(dir, { recursive: true, force: true });
    if (existsSync(dir)) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (existsSync(dir)) throw new Error(`could not remove ${dir}`);
}
