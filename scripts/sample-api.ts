// `npm run sample-api [-- --port 8787] [--language es]`: runs the sample Astrology Interpretation Service on its
// own, so the site can be built against it over ASTRO_API_URL or the interface explored with curl.
// Settings: --port N (or PORT), --language TAG (or SAMPLE_API_LANGUAGE; the reports' language, default en),
// SAMPLE_API_USERNAME, SAMPLE_API_PASSWORD, SAMPLE_API_LATENCY_MS, HOST; --help prints them.
import { helpText } from '../src/cli/command-line.ts';
import { startSampleService } from '../src/sample-service/server.ts';
import { checkLanguageTag } from '../src/sample-service/language.ts';

const DEFAULTS = {
  host: '127.0.0.1',
  port: 8787,
  username: 'sample',
  password: 'sample',
  latencyMs: 0, // ms added before every answer
  language: 'en',
} as const;

const USAGE = 'usage: npm run sample-api -- [--port N] [--language TAG], or --help';
const FLAGS = ['port', 'language'] as const;
type Flag = (typeof FLAGS)[number];

class UsageError extends Error {
  readonly code = 'SAMPLE_API_USAGE';
}

function parseWholeNumber(setting: string, value: string, max: number): number {
  if (!/^\d+$/.test(value.trim()) || Number(value) > max) {
    throw new UsageError(`${setting} must be a whole number from 0 to ${max}, got "${value}"`);
  }
  return Number(value);
}

/** --port N, --language TAG, or --flag=value, and --help; anything else is an error rather than silently ignored. */
function flagsFromArgs(args: string[]): Partial<Record<Flag, string>> & { help?: true } {
  if (args.includes('--help')) return { help: true };
  const flags: Partial<Record<Flag, string>> = {};
  for (let i = 0; i < args.length; i += 1) {
    const [name, inline] = args[i]!.split(/=(.*)/s, 2) as [string, string | undefined];
    const flag = FLAGS.find((f) => name === `--${f}`);
    if (!flag) throw new UsageError(`unknown argument "${args[i]}" (${USAGE})`);
    let value = inline;
    if (value === undefined) {
      i += 1;
      value = args[i];
    }
    if (value === undefined) throw new UsageError(`--${flag} needs a value (${USAGE})`);
    flags[flag] = value;
  }
  return flags;
}

async function main(): Promise<void> {
  const env = process.env;
  const flags = flagsFromArgs(process.argv.slice(2));
  if (flags.help) {
    console.log(helpText('sample-api'));
    return;
  }
  const port =
    flags.port !== undefined
      ? parseWholeNumber('--port', flags.port, 65_535)
      : env.PORT
        ? parseWholeNumber('PORT', env.PORT, 65_535)
        : DEFAULTS.port;
  const latencyMs = env.SAMPLE_API_LATENCY_MS
    ? parseWholeNumber('SAMPLE_API_LATENCY_MS', env.SAMPLE_API_LATENCY_MS, 600_000)
    : DEFAULTS.latencyMs;
  const username = env.SAMPLE_API_USERNAME || DEFAULTS.username;
  const password = env.SAMPLE_API_PASSWORD || DEFAULTS.password;
  const language =
    flags.language !== undefined
      ? checkLanguageTag('--language', flags.language)
      : checkLanguageTag('SAMPLE_API_LANGUAGE', env.SAMPLE_API_LANGUAGE || DEFAULTS.language);

  const service = await startSampleService({
    host: env.HOST || DEFAULTS.host,
    port,
    username,
    password,
    latencyMs,
    language,
  });
  console.log(
    `Sample service listening at ${service.url} (username "${username}", password "${password}", reports in ${service.language}${latencyMs ? `, latency ${latencyMs} ms` : ''}): ` +
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
  const message =
    err.code === 'EADDRINUSE'
      ? `port already in use (${err.message}); choose another with --port or PORT`
      : err.message;
  console.error(`Sample service failed to start: ${message}`);
  process.exitCode = 1;
});
