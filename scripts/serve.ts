// `npm start`: live preview, see src/cli/preview/serve.ts. PORT sets the port (default 8080, or the next free one);
// it listens on this machine only unless `--host [ADDRESS]` or HOST says otherwise (src/cli/preview/preview-address.ts).
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// As in scripts/build.ts: the modules imported after this line are compiled once and kept for the next start.
module.enableCompileCache();
const { describeFailure } = await import('../src/cli/describe-failure.ts');
const { servePreview } = await import('../src/cli/preview/serve.ts');
const { previewHost } = await import('../src/cli/preview/preview-address.ts');
const { commandLine, helpText } = await import('../src/cli/command-line.ts');

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let flags: ReturnType<typeof commandLine> | undefined;
try {
  flags = commandLine('start', process.argv.slice(2));
} catch (error) {
  console.error(`Preview failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
if (flags?.help) console.log(helpText('start'));
else if (flags) {
  const host = previewHost(flags.host, process.env);
  servePreview({ rootDir, host, port: process.env.PORT ? Number(process.env.PORT) : undefined }).catch(
    (error: unknown) => {
      console.error(`Preview failed: ${describeFailure(error)}`);
      process.exitCode = 1;
    },
  );
}
