// What the published HTML of the service's texts depends on: sanitize.ts, and the versions of sanitize-html and of
// the HTML parser it uses. Apart from sanitize.ts, which also runs where there are no files to read (a Worker).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { findPackageJSON } from 'node:module';
import { fileURLToPath } from 'node:url';

/** The response cache keeps each report's sanitized HTML under it (fetch-reports.ts): any change sanitizes again. */
export const SANITIZER_VERSION = sanitizerVersion();

function sanitizerVersion(): string {
  const version = (packageJson: string) =>
    (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version;
  const library = findPackageJSON('sanitize-html', import.meta.url)!;
  const parser = findPackageJSON('htmlparser2', library)!;
  const source = readFileSync(fileURLToPath(new URL('./sanitize.ts', import.meta.url)));
  return createHash('sha256')
    .update(source)
    .update(`${version(library)} ${version(parser)}`)
    .digest('hex')
    .slice(0, 16);
}
