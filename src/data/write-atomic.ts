// Every file the build keeps between runs (cached answers, page dates, share images) is written whole or not at
// all: to a temporary name beside it, then renamed over it, which POSIX makes atomic within a folder. A build that
// is killed half-way leaves the old file or the new one, never half of one.
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  // Unique per process and call, so two builds (or two writes of one build) never share a temporary file.
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    await writeFile(temp, data);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
