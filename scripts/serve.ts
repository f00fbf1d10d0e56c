// `npm start`: live preview, see src/build/serve.ts. PORT sets the port (default 8080).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeFailure } from '../src/build/describe-failure.ts';
import { servePreview } from '../src/build/serve.ts';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// No top-level await: src/build/run-typescript.js then runs this as one script with a V8 code cache.
servePreview({ rootDir, port: process.env.PORT ? Number(process.env.PORT) : undefined }).catch((error: unknown) => {
  console.error(`Preview failed: ${describeFailure(error)}`);
  process.exitCode = 1;
});
