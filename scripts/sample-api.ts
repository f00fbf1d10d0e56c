// `npm run sample-api [-- --port 8787]`: runs the sample Astrology Interpretation Service on its own, so the
// site can be built against it over ASTRO_API_URL or the interface explored with curl.
// Settings: --port N (or PORT), SAMPLE_API_USERNAME, SAMPLE_API_PASSWORD, SAMPLE_API_LATENCY_MS, HOST.
import { startSampleService } from '../src/sample-service/server.ts';

const DEFAULTS = {
  host: '127.0.0.1',
  port: 8787,
  username: 'sample',
  password: 'sample',
  latencyMs: 0, // ms added before every answer
} as const;

class UsageError extends Error {
  readonly code = 'SAMPLE_API_USAGE';
}

function parseWholeNumber(setting: string, value: string, max: number): number {
  if (!/^\d+$/.test(value.trim()) || Number(value) > max) {
    throw new UsageError(`${setting} must be a whole number from 0 to ${max}, got "${value}"`);
  }
  return Number(value);
}

/** --port N or --port=N; anything else is an error rather than silently ignored. */
function portFromArgs(args: string[]): string | undefined {
  let port: string | undefined;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg === '--port') {
      port = args[i + 1];
      if (port === undefined) throw new UsageError('--port needs a value, e.g. --port 8787');
      i += 1;
    } else if (arg.startsWith('--port=')) {
      port = arg.slice('--port='.length);
    } else {
      throw new UsageError(`unknown argument "${arg}" (usage: npm run sample-api -- [--port N])`);
    }
  }
  return port;
}

async function main(): Promise<void> {
  const env = process.env;
  const argPort = portFromArgs(process.argv.slice(2));
  const port = argPort !== undefined
    ? parseWholeNumber('--port', argPort, 65_535)
    : env.PORT ? parseWholeNumber('PORT', env.PORT, 65_535) : DEFAULTS.port;
  const latencyMs = env.SAMPLE_API_LATENCY_MS
    ? parseWholeNumber('SAMPLE_API_LATENCY_MS', env.SAMPLE_API_LATENCY_MS, 600_000)
    : DEFAULTS.latencyMs;
  const username = env.SAMPLE_API_USERNAME || DEFAULTS.username;
  const password = env.SAMPLE_API_PASSWORD || DEFAULTS.password;

  const service = await startSampleService({ host: env.HOST || DEFAULTS.host, port, username, password, latencyMs });
  console.log(
    `Sample service listening at ${service.url} (username "${username}", password "${password}"${latencyMs ? `, latency ${latencyMs} ms` : ''}): ` +
      `ASTRO_API_URL=${service.url} ASTRO_API_USERNAME=${username} ASTRO_API_PASSWORD=${password} npm run build`,
  );

  const stop = (signal: NodeJS.Signals): void => {
    service.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Sample service: could not close cleanly after ${signal}: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  const err = error as NodeJS.ErrnoException;
  const message = err.code === 'EADDRINUSE' ? `port already in use (${err.message}); choose another with --port or PORT` : err.message;
  console.error(`Sample service failed to start: ${message}`);
  process.exitCode = 1;
});
