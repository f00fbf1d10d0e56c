// The options of `npm run build`, `npm start`, `npm run serve:dist` and `npm run check`, and what `--help` prints:
// the flags and the environment variables each command reads. https://nodejs.org/api/util.html#utilparseargsconfig
import { parseArgs, type ParseArgsConfig } from 'node:util';

const ENVIRONMENT = [
  ['ASTRO_API_URL', "the service's base URL; unset: the embedded sample service"],
  ['ASTRO_API_USERNAME', 'account name (with ASTRO_API_URL)'],
  ['ASTRO_API_PASSWORD', 'account password (with ASTRO_API_URL)'],
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
  },
  start: {
    usage: 'npm start [-- --host [ADDRESS]]',
    about: 'Serves a live preview of the site in .preview/, re-rendered as templates and content/ change.',
    options: { host: { type: 'string', about: 'listen on ADDRESS, or every interface with --host alone (default 127.0.0.1 only)' } },
    environment: [...ENVIRONMENT, ['PORT', 'the port to listen on (default 8080, or the next free one)'], ['HOST', 'as --host']] as const,
  },
  'serve:dist': {
    usage: 'npm run serve:dist',
    about: "Serves the built dist/ as a static host would, dist/_headers applied, under the path of content/site.json's url.",
    options: {},
    environment: [['PORT', 'the port to listen on (default 8081, or the next free one)'], ['HOST', 'the address to listen on (default 127.0.0.1)']] as const,
  },
  check: {
    usage: 'npm run check [-- FOLDER]',
    about: "Checks the built site in FOLDER (default dist/), at content/site.json's url: links, HTML, XML, hreflang, CSP, JSON-LD.",
    options: {},
    environment: [],
  },
} as const;

type Command = keyof typeof COMMANDS;

export class UsageError extends Error {
  readonly code = 'USAGE';
}

/** The text `--help` prints. */
export function helpText(command: Command): string {
  const { usage, about, options, environment } = COMMANDS[command];
  const pad = (name: string) => name.padEnd(20);
  return [
    `Usage: ${usage}`,
    '',
    about,
    '',
    'Options:',
    ...Object.entries(options).map(([name, option]) => `  ${pad(`--${name}`)}${option.about}`),
    `  ${pad('--help')}print this and exit`,
    '',
    ...(environment.length ? ['Environment (also read from .env):', ...environment.map(([name, meaning]) => `  ${pad(name)}${meaning}`), ''] : []),
  ].join('\n');
}

/**
 * The command's flags; an unknown one is a UsageError naming it. `--host` alone is an empty string. `check` alone
 * takes an argument, its folder.
 */
export function commandLine(command: Command, args: string[]): { help: boolean; full: boolean; host?: string; folder?: string } {
  const options: ParseArgsConfig['options'] = { help: { type: 'boolean' }, ...(command === 'build' ? { full: { type: 'boolean' } } : {}) };
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
    const { values, positionals } = parseArgs({ args: rest, options, strict: true, allowPositionals: command === 'check' });
    if (positionals.length > 1) throw new Error(`Unexpected argument '${positionals[1]}': one folder at most`);
    const folder = positionals[0];
    return { help: Boolean(values.help), full: Boolean((values as { full?: boolean }).full), ...(host !== undefined ? { host } : {}), ...(folder !== undefined ? { folder } : {}) };
  } catch (error) {
    throw new UsageError(`${(error as Error).message.split('\n')[0]} (see --help)`);
  }
}
