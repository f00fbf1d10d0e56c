// `npm run places -- NAME`: finds a place's place_id for a natal chart's front matter, through the service the build
// uses (ASTRO_API_URL, ASTRO_API_USERNAME, ASTRO_API_PASSWORD, also from .env; unset: the embedded sample service).
import { AstroClient, type Place } from '../api/index.ts';
import { loadConfig, loadDotEnv } from '../data/config.ts';
import { UsageError } from './command-line.ts';
import { describeFailure } from './describe-failure.ts';

export const PLACES_USAGE = `Usage: npm run places -- NAME

Lists the places whose name contains NAME, most populous first, with the place_id a natal chart's front matter
needs (content/charts/, docs/editing.md). Asks the service the build uses.

Options:
  --help              print this and exit

Environment (also read from .env):
  ASTRO_API_URL       the service's base URL; unset: the embedded sample service
  ASTRO_API_USERNAME  account name (with ASTRO_API_URL)
  ASTRO_API_PASSWORD  account password (with ASTRO_API_URL)
  ASTRO_TIMEOUT_MS    per request (default 30000)
`;

export interface PlacesOptions {
  rootDir: string;
  /** Defaults to `process.env` (after reading `.env`). */
  env?: NodeJS.ProcessEnv;
  out?: (line: string) => void;
  err?: (line: string) => void;
}

const HEADINGS = ['Name', 'Region', 'Country', 'Population', 'place_id'] as const;
/** Numbers line up on the right, words on the left. */
const RIGHT_ALIGNED = new Set<number>([3, 4]);

/** One line per place under a heading, in columns two spaces apart. */
export function formatPlaces(places: readonly Place[]): string[] {
  const rows = places.map((p) => [
    p.name,
    p.admin1_code,
    p.country_code,
    p.population.toLocaleString('en'),
    String(p.id),
  ]);
  const widths = HEADINGS.map((heading, i) => Math.max(heading.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (RIGHT_ALIGNED.has(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(HEADINGS), ...rows.map(line)];
}

/** The name asked for: the words after `--`, so that `npm run places -- San Jose` needs no quotes. */
function nameFrom(args: string[]): { help: boolean; name: string } {
  const help = args.includes('--help');
  const unknown = args.find((arg) => arg.startsWith('-') && arg !== '--help');
  if (unknown !== undefined) throw new UsageError(`unknown option "${unknown}" (npm run places -- --help)`);
  const name = args
    .filter((arg) => arg !== '--help')
    .join(' ')
    .trim();
  if (!help && name === '') throw new UsageError('give a place name to look for, e.g. npm run places -- Berlin');
  return { help, name };
}

/** The service's address as messages show it: without credentials. */
function serviceName(apiUrl: string | undefined): string {
  if (!apiUrl) return 'the embedded sample service';
  const url = new URL(apiUrl);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

async function search(options: PlacesOptions, name: string): Promise<{ places: Place[]; from: string }> {
  if (!options.env) loadDotEnv(options.rootDir);
  // Places have no language: the default language's account alone answers, whatever the other languages set.
  const config = loadConfig(options.rootDir, options.env, { defaultAccountOnly: true });
  if (config.offline) throw new UsageError('ASTRO_OFFLINE is set: looking up places needs the service');
  // Imported only when used, as the build does: a real service needs none of the sample service's modules.
  const { apiUrl, username, password } = config.accounts[0]!;
  const sample = apiUrl ? undefined : await (await import('../sample-service/server.ts')).startSampleService({});
  const client = new AstroClient({
    baseUrl: apiUrl ?? sample!.url,
    username: apiUrl ? username : 'sample',
    password: apiUrl ? password : 'sample',
    timeoutMs: config.timeoutMs,
  });
  try {
    return { places: await client.places(name), from: serviceName(apiUrl) };
  } finally {
    await client.close();
    await sample?.close();
  }
}

/** Runs the command; resolves to its exit code. Every failure is one line on `err`. */
export async function runPlaces(args: string[], options: PlacesOptions): Promise<number> {
  const out = options.out ?? ((line) => console.log(line));
  const err = options.err ?? ((line) => console.error(line));
  try {
    const { help, name } = nameFrom(args);
    if (help) {
      out(PLACES_USAGE.trimEnd());
      return 0;
    }
    const { places, from } = await search(options, name);
    if (places.length === 0) out(`No place matches "${name}" in ${from}.`);
    else for (const line of formatPlaces(places)) out(line);
    return 0;
  } catch (error) {
    err(`places: ${describeFailure(error, options.env)}`);
    return 1;
  }
}
