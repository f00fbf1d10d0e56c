// `npm start`: live preview, see src/cli/serve.ts. PORT sets the port (default 8080).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeFailure } from '../src/cli/describe-failure.ts';
import { servePreview } from '../src/cli/serve.ts';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
servePreview({ rootDir, port: process.env.PORT ? Number(process.env.PORT) : undefined }).catch((error: unknown) => {
  console.error(`Preview failed: ${describeFailure(error)}`);
  process.exitCode = 1;
});
