// `npm run serve:dist`: serves the built dist/ as a static host would, its `_headers` applied (Content-Security-
// Policy, the year-long cache of /assets/), to check the real output before deploying. Opening dist/index.html
// from the disk loses the styling: the site's URLs start at its root. PORT (default 8081) and HOST (default
// 127.0.0.1) as for `npm start`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseHeadersFile, startStaticServer } from './lib/static-server.ts';

const DEFAULTS = { port: 8081, host: '127.0.0.1' };

const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const headersFile = path.join(distDir, '_headers');
if (!existsSync(path.join(distDir, 'index.html'))) {
  console.error(`serve:dist: ${distDir} holds no built site; run npm run build first`);
  process.exitCode = 1;
} else {
  const headerRules = existsSync(headersFile) ? parseHeadersFile(readFileSync(headersFile, 'utf8')) : [];
  const server = await startStaticServer(distDir, {
    headerRules,
    host: process.env.HOST || DEFAULTS.host,
    port: process.env.PORT ? Number(process.env.PORT) : DEFAULTS.port,
  });
  console.log(`Serving dist/ at ${server.url}/ with the ${headerRules.length} rules of dist/_headers (Ctrl-C to stop)`);
}
