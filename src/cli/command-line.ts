// The options of `npm run build`, `npm start`, `npm run serve:dist`, `npm run check` and `npm run sample-api`, and
// what `--help` prints: the flags and the environment variables each command reads. https://nodejs.org/api/util.html#utilparseargsconfig
import { parseArgs, type ParseArgsConfig } from 'node:util';

const ENVIRONMENT = [
  ['ASTRO_API_URL', "the service's base URL; unset: the embedded sample service"],
  ['ASTRO_API_USERNAME', 'account name (with ASTRO_API_URL)'],
  ['ASTRO_API_PASSWORD', 'account password (with ASTRO_API_URL)'],
  // A site of several languages: each other language's account, named after its tag (src/data/config.ts).
  ['ASTRO_API_URL_<TAG>', "with languages in site.json: another language's service URL (default ASTRO_API_URL);"],
  ['', '<TAG> is its tag upper-cased, - as _: ASTRO_API_URL_ES, ASTRO_API_URL_PT_BR'],
  ['ASTRO_API_USERNAME_<TAG>', "that language's account name, e.g. ASTRO_API_USERNAME_ES"],
  ['ASTRO_API_PASSWORD_<TAG>', "that language's account password, e.g. ASTRO_API_PASSWORD_PT_BR"],
  ['ASTRO_CONCURRENCY', 'requests in flight at most, 1-64 (default 4)'],
  ['ASTRO_BUILD_DATE', 'reference date YYYY-MM-DD (default today, UTC)'],
  ['ASTRO_TIMEOUT_MS', 'per request, for the headers and between body chunks (default 30000)'],
  ['ASTRO_OFFLINE', '1: build from .cache/ alone, send no request'],
] as const;

const COMMANDS = {
  build: {
    usage: 'npm run build [-- --full]',
    about: 'Builds the site into dist/, rendering only the pages that changed since the last build.',
    options: { full: { type: 'boolean', about: 'render every page, taking none from the last build' } },
    environment: ENVIRONMENT,
    dotEnv: true,
  },
  start: {
    usage: 'npm start [-- --host [ADDRESS]]',
    about: 'Serves a live preview of the site in .preview/, re-rendered as templates and content/ change.',
    options: {
      host: {
        type: 'string',
        about: 'listen on ADDRESS, or every interface with --host alone (default 127.0.0.1 only)',
      },
    },
    environment: [
      ...ENVIRONMENT,
      ['PORT', 'the port to listen on (default 8080, or the next free one)'],
      ['HOST', 'as --host'],
    ] as const,
    dotEnv: true,
  },
  'serve:dist': {
    usage: 'npm run serve:dist',
    about:
      "Serves the built dist/ as a static host would, dist/_headers applied, under the path of content/site.json's url.",
    options: {},
    environment: [
      ['PORT', 'the port to listen on (default 8081, or the next free one)'],
      ['HOST', 'the address to listen on (default 127.0.0.1)'],
    ] as const,
    dotEnv: false,
  },
  check: {
    usage: 'npm run check [-- FOLDER]',
    about:
      "Checks the built site in FOLDER (default dist/), at content/site.json's url: links, HTML, XML, hreflang, CSP, JSON-LD.",
    options: {},
    environment: [],
    dotEnv: false,
  },
  'sample-api': {
    usage: 'npm run sample-api [-- --port N] [--language TAG]',
    about:
      'Runs the sample Astrology Interpretation Service alone, to build against over ASTRO_API_URL or explore with curl.',
    options: {
      port: { type: 'string', about: 'listen on port N (default 8787; 0: any free port)' },
      language: { type: 'string', about: "the reports' language, a tag such as es or es-MX (default en)" },
    },
    environment: [
      ['PORT', 'as --port'],
      ['SAMPLE_API_LANGUAGE', 'as --language'],
      ['SAMPLE_API_USERNAME', 'the account name it accepts (default sample)'],
      ['SAMPLE_API_PASSWORD', 'the account password it accepts (default sample)'],
      ['SAMPLE_API_LATENCY_MS', 'milliseconds added before every answer (default 0)'],
      ['HOST', 'the address to listen on (default 127.0.0.1)'],
    ] as const,
    dotEnv: false,
  },
} as const;

type Command = keyof typeof COMMANDS;

export class UsageError extends Error {
  readonly code = 'USAGE';
}

/** The text `--help` prints. */
export function helpText(command: Command): string {
  const { usage, about, options, environment, dotEnv } = COMMANDS[command];
  const pad = (name: string) => name.padEnd(26);
  return [
    `Usage: ${usage}`,
    '',
    about,
    '',
    'Options:',
    ...Object.entries(options).map(([name, option]) => `  ${pad(`--${name}`)}${option.about}`),
    `  ${pad('--help')}print this and exit`,
    '',
    ...(environment.length
      ? [
          dotEnv ? 'Environment (also read from .env):' : 'Environment:',
          ...environment.map(([name, meaning]) => `  ${pad(name)}${meaning}`),
          '',
        ]
      : []),
  ].join('\n');
}

/**
 * The command's flags; an unknown one is a UsageError naming it. `--host` alone is an empty string. `check` alone
 * takes an argument, its folder.
 */
export function commandLine(
  command: Exclude<Command, 'sample-api'>,
  args: string[],
): { help: boolean; full: boolean; host?: string; folder?: string } {
  const options: ParseArgsConfig['options'] = {
    help: { type: 'boolean' },
    ...(command === 'build' ? { full: { type: 'boolean' } } : {}),
  };
  // `--host` may stand alone or take an address: read apart from parseArgs, which wants one or the other.
  const at = command === 'start' ? args.findIndex((arg) => arg === '--host' || arg.startsWith('--host=')) : -1;
  let host: string | undefined;
  const rest = [...args];
  if (at >= 0) {
    const inline = rest[at]!.startsWith('--host=') ? rest[at]!.slice('--host='.length) : undefined;
    const next = rest[at + 1];
    const takesNext = inline === undefined && next !== undefined && !next.startsWith('--');
    host = inline ?? (takesNext ? next : '');
    rest.splice(at, takesNext ? 2 : 1);
  }
  try {
    const { values, positionals } = parseArgs({
      args: rest,
      options,
      strict: true,
      allowPositionals: command === 'check',
    });
    if (positionals.length > 1) throw new Error(`Unexpected argument '${positionals[1]}': one folder at most`);
    const folder = positionals[0];
    return {
      help: Boolean(values.help),
      full: Boolean((values as { full?: boolean }).full),
      ...(host !== undefined ? { host } : {}),
      ...(folder !== undefined ? { folder } : {}),
    };
  } catch (error) {
    throw new UsageError(`${(error as Error).message.split('\n')[0]} (see --help)`);
  }
}
