// `npm run serve:dist`: serves the built dist/ as a static host would, its `_headers` applied (Content-Security-
// Policy, the year-long cache of /assets/), to check the real output before deploying. Opening dist/index.html
// from the disk loses the styling: the site's URLs start at its root, or at the path of `url` in
// content/site.json (`/horoscopes/`), where it is served here too. PORT (default 8081, or the next free one) and
// HOST (default 127.0.0.1) as for `npm start`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandLine, helpText } from '../src/cli/command-line.ts';
import { loadConfig } from '../src/data/config.ts';
import { siteAddress } from '../src/model/urls.ts';
import { parseHeadersFile } from '../src/eleventy/security-headers.ts';
import { startStaticServer, type StaticServer, type StaticServerOptions } from './lib/static-server.ts';

const DEFAULTS = {
  port: 8081,
  host: '127.0.0.1',
  /** Ports tried after a busy one, as Eleventy's dev server does for `npm start`. */
  portsToTry: 10,
};

/** Listens on `port`, or the next free one of a few: the server and the port it asked for first. */
async function listenFromPort(rootDir: string, options: StaticServerOptions & { port: number }): Promise<StaticServer> {
  for (let port = options.port; ; port += 1) {
    try {
      return await startStaticServer(rootDir, { ...options, port });
    } catch (error) {
      const busy = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
      if (!busy || port === 0 || port >= options.port + DEFAULTS.portsToTry - 1) throw error;
    }
  }
}

async function main(args: string[]): Promise<void> {
  const flags = commandLine('serve:dist', args);
  if (flags.help) return void console.log(helpText('serve:dist'));
  const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const distDir = path.join(rootDir, 'dist');
  if (!existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(`${distDir} holds no built site; run npm run build first`);
  }
  // The path the site is published under, as the build takes it from content/site.json (src/model/urls.ts).
  const { pathPrefix } = siteAddress(loadConfig(rootDir, {}).site.url);
  const headersFile = path.join(distDir, '_headers');
  const headerRules = existsSync(headersFile) ? parseHeadersFile(readFileSync(headersFile, 'utf8')) : [];
  const port = process.env.PORT ? Number(process.env.PORT) : DEFAULTS.port;
  const server = await listenFromPort(distDir, {
    headerRules,
    pathPrefix,
    host: process.env.HOST || DEFAULTS.host,
    port,
  });
  const taken = port === 0 || new URL(server.url).port === String(port) ? '' : ` (port ${port} was in use)`;
  console.log(
    `Serving dist/ at ${server.url}${pathPrefix}${taken} with the ${headerRules.length} rules of dist/_headers (Ctrl-C to stop)`,
  );
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`serve:dist: ${(error as Error).message}`);
  process.exitCode = 1;
});
