// The Nu HTML Checker (vnu.jar from the vnu-jar package, W3C's validator) over built pages, in one Java process.
// Java comes from the system (Debian's default-jre-headless, which .ci/run installs): the package's own
// postinstall, which would download a JDK, is denied in package.json's allowScripts.
// https://validator.github.io/validator/#usage
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const vnuJar = String(createRequire(import.meta.url)('vnu-jar'));

interface NuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** The checker's errors on `files` (absolute paths), one line each: the file relative to `siteDir`, its line, the message. */
export function nuErrors(siteDir: string, files: string[]): Promise<string[]> {
  // The checker passes a file it cannot read without a word: each must be there.
  for (const file of files)
    if (!existsSync(file)) return Promise.reject(new Error(`${path.relative(siteDir, file)}: no such page to check`));
  return new Promise((resolve, reject) => {
    execFile(
      'java',
      ['-jar', vnuJar, '--errors-only', '--format', 'json', ...files],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, _stdout, stderr) => {
        if ((error as NodeJS.ErrnoException | null)?.code === 'ENOENT') {
          reject(
            new Error(
              'java: not found; the Nu HTML Checker needs a Java runtime 11 or later (apt-get install default-jre-headless)',
            ),
          );
          return;
        }
        // The checker exits 1 when it reports an error; its report is JSON on stderr either way.
        let report: { messages: NuMessage[] };
        try {
          report = JSON.parse(stderr) as { messages: NuMessage[] };
        } catch {
          reject(new Error(`the Nu HTML Checker did not report: ${error?.message ?? ''} ${stderr.slice(0, 500)}`));
          return;
        }
        resolve(
          report.messages.map((m) => {
            const file = m.url ? path.relative(siteDir, new URL(m.url).pathname) : '?';
            return `${file}:${m.lastLine ?? '?'}: ${m.type}${m.subType ? ` (${m.subType})` : ''}: ${m.message}`;
          }),
        );
      },
    );
  });
}
