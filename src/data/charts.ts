// Natal chart pages from `content/charts/<slug>.md`: one place search (unless `place_id` pins it), then one
// natal call. Both answers are cached; a natal answer is final for the same input, so a chart that was built
// once is never requested again.
import { readdir } from 'node:fs/promises';
import { z } from 'zod';
import { serviceLanguage, type AstroClient, type NatalChart, type Place } from '../api/index.ts';
import { ConfigError } from './config.ts';
import { readMarkdownFile } from './markdown-file.ts';
import type { ResponseCache } from './response-cache.ts';
import { natalPage, type ChartPage } from './natal-page.ts';

export type { ChartPage } from './natal-page.ts';

const PLACES_ENDPOINT = '/api/places';
const NATAL_ENDPOINT = '/api/natal';

function isRealDate(value: string): boolean {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

const chartFrontMatter = z.object({
  name: z.string().trim().min(1, 'is required'),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD')
    .refine(isRealDate, 'is not a calendar date'),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM (24-hour local time at the place)'),
  place: z.string().trim().min(1, 'is required'),
  place_id: z.int().positive().optional(),
  lang: z
    .string()
    .regex(/^[a-z]{2}$/, 'must be a two-letter language code')
    .optional(),
});
export type ChartInput = z.infer<typeof chartFrontMatter> & { slug: string; file: string; bodyHtml: string };

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Reads and validates every chart file; a bad file fails naming the file and the field. Root-relative links go
 * under `pathPrefix`, the path of the site's `url`.
 */
export async function readChartFiles(
  chartsDir: string,
  defaultLang: string,
  labelDir = 'content/charts',
  pathPrefix = '/',
): Promise<ChartInput[]> {
  let names: string[];
  try {
    names = (await readdir(chartsDir)).filter((n) => n.endsWith('.md')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return Promise.all(
    names.map(async (name) => {
      const label = `${labelDir}/${name}`;
      const slug = name.slice(0, -3);
      if (!SLUG.test(slug))
        throw new ConfigError(label, 'file name must be a slug of lower-case letters, digits and hyphens');
      const { data, html } = await readMarkdownFile(chartsDir, name, labelDir, pathPrefix);
      const result = chartFrontMatter.safeParse(data);
      if (!result.success) {
        const issue = result.error.issues[0]!;
        const field = issue.path.join('.') || '(front matter)';
        const value = issue.path.length ? (data as Record<string, unknown>)[String(issue.path[0])] : undefined;
        const shown = value === undefined ? 'missing' : JSON.stringify(value);
        throw new ConfigError(`${label}: ${field}`, `${issue.message} (got ${shown})`);
      }
      return {
        ...result.data,
        lang: result.data.lang ?? serviceLanguage(defaultLang),
        slug,
        file: label,
        bodyHtml: html,
      };
    }),
  );
}

async function cached<T>(
  cache: ResponseCache,
  endpoint: string,
  body: Record<string, unknown>,
  fetch: () => Promise<T>,
) {
  const hit = await cache.read<T>(endpoint, body);
  if (hit) return { value: hit.response, fromCache: true };
  const value = await fetch();
  await cache.set(endpoint, body, value);
  return { value, fromCache: false };
}

interface ResolveChartsResult {
  charts: ChartPage[];
  fromCache: number;
}

/** Resolves every chart: place (search, first match, unless pinned), then the natal chart. */
export async function resolveCharts(
  inputs: ChartInput[],
  client: AstroClient | undefined,
  cache: ResponseCache,
): Promise<ResolveChartsResult> {
  let fromCache = 0;
  const need =
    <T>(fetch: (c: AstroClient) => Promise<T>, what: string) =>
    () => {
      if (!client) throw new ConfigError('ASTRO_OFFLINE', `is set but the cache has no copy of ${what}`);
      return fetch(client);
    };
  const charts = await Promise.all(
    inputs.map((input) =>
      resolveOne(input).catch((error: unknown) => {
        if (error instanceof ConfigError) throw error;
        // Name the chart file: the service's message alone does not say which chart it was about. `origin` keeps the
        // service's error for the build's choice of the one line it prints (src/cli/builder/run-build.ts).
        throw Object.assign(new ConfigError(input.file, (error as Error).message), { origin: error });
      }),
    ),
  );
  return { charts, fromCache };

  async function resolveOne(input: ChartInput): Promise<ChartPage> {
    let placeId = input.place_id;
    if (placeId === undefined) {
      const places = await cached(
        cache,
        PLACES_ENDPOINT,
        { name: input.place },
        need((c) => c.places(input.place), `${PLACES_ENDPOINT} "${input.place}" (for ${input.file})`),
      );
      const first = (places.value as Place[])[0];
      if (!first)
        throw new ConfigError(
          `${input.file}: place`,
          `no place matches "${input.place}" at ${PLACES_ENDPOINT}; check the spelling or pin it with place_id`,
        );
      placeId = first.id;
    }
    const body = { name: input.name, date: input.date, time: input.time, place_id: placeId, lang: input.lang! };
    const natal = await cached(
      cache,
      NATAL_ENDPOINT,
      body,
      need((c) => c.natal(body), `${NATAL_ENDPOINT} for ${input.file}`),
    );
    if (natal.fromCache) fromCache++;
    const page = natalPage(natal.value as NatalChart);
    // In this order: the page's hash (and so its dates, page-dates.ts) is taken of its JSON.
    return {
      slug: input.slug,
      url: `/charts/${input.slug}/`,
      name: input.name,
      date: input.date,
      time: input.time,
      place: input.place,
      cityName: page.cityName,
      localBirth: page.localBirth,
      utcBirth: page.utcBirth,
      timezone: page.timezone,
      intro: page.intro,
      bodyHtml: input.bodyHtml,
      planets: page.planets,
      ascendant: page.ascendant,
      houseCusps: page.houseCusps,
    };
  }
}
