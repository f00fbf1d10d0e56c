// The key under which .cache/ keeps a derived asset (a share image's renderer, the sky's years): a hash of what
// makes it, the bytes of the files it is made from or with (code, fonts) and the versions of the packages that do
// the work, so a change to any of them is computed again rather than served stale.
// https://nodejs.org/api/module.html#modulefindpackagejsonspecifier-base
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { findPackageJSON } from 'node:module';
import path from 'node:path';

export interface KeyParts {
  /** Files whose name and bytes make the asset. */
  files: readonly string[];
  /** Package name → the version that makes it. */
  packages: Readonly<Record<string, string>>;
}

/** Hex SHA-256 of the files (by name, in name order) and the packages' names and versions. */
export function contentKey({ files, packages }: KeyParts): string {
  const hash = createHash('sha256');
  for (const file of [...files].sort())
    hash
      .update(`file ${path.basename(file)}\0`)
      .update(readFileSync(file))
      .update('\0');
  for (const name of Object.keys(packages).sort()) hash.update(`package ${name}@${packages[name]}\0`);
  return hash.digest('hex');
}

/** The installed version of `name`, as resolved from `base` (a module's import.meta.url). */
export function packageVersion(name: string, base: string): string {
  const file = findPackageJSON(name, base);
  if (!file) throw new Error(`${name}: its package.json cannot be found from ${base}`);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}
