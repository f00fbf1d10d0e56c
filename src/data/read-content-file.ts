// Reading a file someone put in one of the site's folders (content/, templates/assets/): only a regular file whose
// real path is inside that folder, and never more than a bound. A link to /dev/zero or a named pipe would make the
// build read without end (or wait forever), and a link to a file elsewhere on the machine would publish it.
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from './config.ts';

export interface ContentFileOptions {
  /** Names the file in errors: `content/pages/about.md`, `content/site.json: logo (content/logo.svg)`. */
  label: string;
  /** Names the folder in errors: `content/`, `templates/assets`. */
  folderLabel: string;
  maxBytes: number;
  /** Advice added to the message when the file is too large. */
  tooLargeHint?: string;
}

const CHUNK_BYTES = 64 * 1024;

/**
 * The bytes of `name` (relative to `folder`), read from its real path after checking that it is inside `folder`
 * (links are followed, then compared with the folder's real path and a separator) and a regular file; reading
 * stops after `maxBytes + 1` bytes. Every refusal is a one-line ConfigError naming `label`.
 */
export function readContentFile(folder: string, name: string, options: ContentFileOptions): Buffer {
  const { label, folderLabel } = options;
  const real = realPath(path.resolve(folder, name), label);
  if (!real.startsWith(realPath(folder, folderLabel) + path.sep)) {
    throw new ConfigError(
      label,
      `is (or links to) a file outside ${folderLabel}; put the file itself in ${folderLabel}`,
    );
  }
  // Non-blocking, so opening a named pipe returns at once instead of waiting for a writer; the checks then use
  // the opened file itself, which a rename or a new link cannot swap afterwards.
  let fd: number;
  try {
    fd = fs.openSync(real, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK | fs.constants.O_NOFOLLOW);
  } catch (error) {
    throw new ConfigError(
      label,
      `cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  try {
    if (!fs.fstatSync(fd).isFile()) {
      throw new ConfigError(
        label,
        'is not a regular file (a folder, a device or a named pipe); put the file itself there',
      );
    }
    return readBounded(fd, options);
  } finally {
    fs.closeSync(fd);
  }
}

function readBounded(fd: number, { label, maxBytes, tooLargeHint }: ContentFileOptions): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  while (total <= maxBytes) {
    const chunk = Buffer.alloc(Math.min(CHUNK_BYTES, maxBytes + 1 - total));
    const read = fs.readSync(fd, chunk, 0, chunk.length, null);
    if (read === 0) return Buffer.concat(chunks, total);
    chunks.push(chunk.subarray(0, read));
    total += read;
  }
  throw new ConfigError(label, `is larger than ${maxBytes} bytes${tooLargeHint ? ` ${tooLargeHint}` : ''}`);
}

function realPath(file: string, label: string): string {
  try {
    return fs.realpathSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigError(
      label,
      code === 'ENOENT' ? 'no such file' : `cannot be read (${code ?? (error as Error).message})`,
    );
  }
}
