/**
 * zod schemas for the service's answers (docs/service-api.md), with their inferred types, and the reading of an
 * answer against them: its status, its JSON and its shape, with one readable line naming the endpoint and the field
 * when it is not what docs/service-api.md describes.
 * JSON types are checked to the letter: integers must be JSON integers (a `week` of "47" is a wrong
 * shape), and the planet `speeds`/`longitude` members are numeric TEXT, so a JSON number there is wrong too.
 * Objects are loose: members not listed are allowed and kept, because the service does not describe them
 * and a newer service may add some.
 */
import { z } from 'zod';
import { attemptsSuffix, bodyExcerpt, statusLine, ASTRO_ERROR_CODES, type ClientErrors } from './errors.ts';
import type { ReportKind } from './requests.ts';
import type { RawResponse } from './transport.ts';

/**
 * A JSON integer. zod reports a string in an int field as "expected number"; the tagged message lets the
 * error formatter below say "expected integer" instead.
 */
export const INTEGER_MESSAGE = 'expected integer';
export const integer = () => z.int({ error: INTEGER_MESSAGE });

/** 0 (Aries) to 11 (Pisces): docs/service-api.md#sign-ids. */
export const signIdSchema = integer().min(0).max(11);

/** A string holding a finite decimal number, e.g. "0.98561" or "-12.5". */
export const numericTextSchema = z
  .string()
  .refine((text) => text.trim() !== '' && Number.isFinite(Number(text)), 'expected numeric text');

// ---- Report entry (docs/service-api.md#reports) ----

/** Members common to every report entry. `intro` and `text` are customisable content; `text` holds HTML. */
const reportEntryBase = {
  year: integer(),
  sign_id: signIdSchema,
  sign_name: z.string(),
  intro: z.string(),
  text: z.string(),
};

/** Any report entry; `week`/`month` are present on weekly/monthly entries (see reportEntrySchemas). */
export const reportEntrySchema = z.looseObject({
  ...reportEntryBase,
  week: integer().optional(),
  month: integer().min(1).max(12).optional(),
});
export type ReportEntry = z.infer<typeof reportEntrySchema>;

/**
 * Per-kind entry schemas. The integer markers `weekly`/`monthly`/`yearly` have no documented meaning, so
 * they are optional, but when present they must be integers as docs/service-api.md#reports says.
 */
export const reportEntrySchemas = {
  weekly: z.looseObject({ ...reportEntryBase, week: integer(), weekly: integer().optional() }),
  monthly: z.looseObject({ ...reportEntryBase, month: integer().min(1).max(12), monthly: integer().optional() }),
  yearly: z.looseObject({ ...reportEntryBase, yearly: integer().optional() }),
  ascendantYearly: z.looseObject({ ...reportEntryBase, yearly: integer().optional() }),
} satisfies Record<ReportKind, z.ZodType<ReportEntry>>;

/** All-signs form (no `sign_id` sent): `{ reports: [...] }`. */
export function reportsResponseSchema(kind: ReportKind) {
  return z.looseObject({ reports: z.array(reportEntrySchemas[kind]) });
}
export const reportsResponseShape = z.looseObject({ reports: z.array(reportEntrySchema) });
export type ReportsResponse = z.infer<typeof reportsResponseShape>;

// ---- Place (docs/service-api.md#places) ----

export const placeSchema = z.looseObject({
  id: integer(),
  name: z.string(),
  longitude: z.number(),
  latitude: z.number(),
  country_code: z.string(),
  admin1_code: z.string(),
  population: integer(),
  timezone: z.string(),
});
export type Place = z.infer<typeof placeSchema>;

export const placesResponseSchema = z.looseObject({ data: z.array(placeSchema) });
export type PlacesResponse = z.infer<typeof placesResponseSchema>;

// ---- Natal chart (docs/service-api.md#natal-charts) ----

const zonedDateSchema = z.looseObject({
  date: z.string(), // 'YYYY-MM-DD HH:MM:SS.ffffff'
  timezone_type: integer(),
  timezone: z.string(),
});

export const natalProfileSchema = z.looseObject({
  name: z.string(),
  birthdate: zonedDateSchema,
  utBirthdate: zonedDateSchema,
  cityName: z.string(),
  lat: z.number(),
  long: z.number(),
  realLat: z.number(),
  realLong: z.number(),
  east: z.boolean(),
  south: z.boolean(),
  dst: integer(),
  timezoneName: z.string(),
});

export const natalPlanetSchema = z.looseObject({
  speeds: numericTextSchema,
  housePosition: integer(),
  planetId: integer(),
  planetName: z.string(),
  retrograde: z.boolean(),
  housetext: z.string().nullable(),
  longitude: numericTextSchema,
  signId: signIdSchema,
  signName: z.string(),
  degrees: integer(),
  minutes: integer(),
  seconds: integer(),
  collectText: z.boolean(),
  text: z.string().nullable(),
});

export const natalChartSchema = z.looseObject({
  profile: natalProfileSchema,
  intro: z.string().nullable(),
  planets: z.array(natalPlanetSchema),
});
export type NatalChart = z.infer<typeof natalChartSchema>;

/** Request body of /api/natal. Which fields are required is not described, so all are sent. */
export interface NatalRequest {
  name: string;
  date: string; // YYYY-MM-DD
  time: string; // HH:MM
  place_id: number;
  lang: string;
}

// ---- Signing in (docs/service-api.md#signing-in) ----

export const authResponseSchema = z.looseObject({ accessToken: z.string().min(1) });
export type AuthResponse = z.infer<typeof authResponseSchema>;

// ---- Describing a wrong shape ----
// A zod failure as one readable line that names the field path the way a reader would write it (`reports[2].week`)
// and says what was expected and what arrived, e.g. `reports[2].week: expected integer, received string`.

interface ShapeProblem {
  /** Path of the first offending member, e.g. 'reports[3].sign_id'; '' for the top level. */
  field: string;
  /** `field: what was wrong`, plus a count of further problems. */
  description: string;
}

function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else text += text === '' ? String(key) : `.${String(key)}`;
  }
  return text;
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function kindOf(value: unknown, expectedInteger: boolean): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (expectedInteger && typeof value === 'number') return `non-integer number ${value}`;
  return typeof value;
}

/** Cleans text before it is shortened, so that no cut-off half of a secret survives redaction. */
type Clean = (text: string) => string;

function briefly(value: unknown, clean: Clean): string {
  const text = clean(JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

function describeIssue(issue: z.core.$ZodIssue, data: unknown, clean: Clean): string {
  const value = valueAt(data, issue.path);
  switch (issue.code) {
    case 'invalid_type': {
      const isInteger = issue.expected === 'int' || issue.message === INTEGER_MESSAGE;
      const expected = isInteger ? 'integer' : issue.expected;
      if (value === undefined) return `missing (expected ${expected})`;
      return `expected ${expected}, received ${kindOf(value, isInteger)}`;
    }
    case 'too_big':
      return `expected at most ${String(issue.maximum)}, received ${briefly(value, clean)}`;
    case 'too_small':
      return issue.origin === 'string' && issue.minimum === 1
        ? 'expected a non-empty string'
        : `expected at least ${String(issue.minimum)}, received ${briefly(value, clean)}`;
    case 'invalid_union':
      return `unexpected shape, received ${kindOf(value, false)}`;
    default:
      return `${issue.message}, received ${briefly(value, clean)}`;
  }
}

function describeShapeProblem(error: z.ZodError, data: unknown, clean: Clean = (text) => text): ShapeProblem {
  const [first, ...rest] = error.issues;
  if (!first) return { field: '', description: 'unexpected shape' };
  const field = formatPath(first.path);
  const more = rest.length > 0 ? ` (and ${rest.length} more problem${rest.length > 1 ? 's' : ''})` : '';
  return {
    field,
    description: `${field === '' ? 'response' : field}: ${describeIssue(first, data, clean)}${more}`,
  };
}

// ---- Reading an answer ----

/** `response` if its status is 2xx; otherwise an HTTP_STATUS error with the status and the start of its body. */
export function requireOk(
  errors: ClientErrors,
  endpoint: string,
  response: RawResponse,
  maxDelayMs: number,
): RawResponse {
  if (response.status >= 200 && response.status < 300) return response;
  const waited =
    response.retryAfterMs !== undefined
      ? ` (Retry-After ${Math.ceil(response.retryAfterMs / 1000)} s exceeds retry.maxDelayMs ${maxDelayMs} ms)`
      : '';
  throw errors.error(
    ASTRO_ERROR_CODES.HTTP_STATUS,
    endpoint,
    `${endpoint} answered ${statusLine(response.status)}${attemptsSuffix(response.attempts)}${waited}${bodyExcerpt(errors.redact(response.text))}`,
    { status: response.status, attempts: response.attempts },
  );
}

export function parseJson(errors: ClientErrors, endpoint: string, response: RawResponse): unknown {
  try {
    return JSON.parse(response.text);
  } catch (error) {
    // V8 quotes the start of the text in its message; a cut-off secret there would escape redaction.
    const reason =
      response.text.trim() === ''
        ? 'empty body'
        : (error as Error).message.replace(/, ".*"(\.\.\.)? is not valid JSON$/s, '');
    throw errors.error(
      ASTRO_ERROR_CODES.INVALID_RESPONSE,
      endpoint,
      `${endpoint}: response is not valid JSON (${reason})`,
      {
        status: response.status,
      },
    );
  }
}

export function validate<T extends z.ZodType>(
  errors: ClientErrors,
  endpoint: string,
  schema: T,
  data: unknown,
): z.infer<T> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const problem = describeShapeProblem(result.error, data, (text) => errors.redact(text));
  throw errors.error(
    ASTRO_ERROR_CODES.INVALID_RESPONSE,
    endpoint,
    `${endpoint}: invalid response: ${problem.description}`,
    {
      field: problem.field,
    },
  );
}

/** Each entry echoes the request's year and week/month, and sign_id when one was sent (docs/service-api.md#reports). */
export function checkEntry(
  errors: ClientErrors,
  endpoint: string,
  prefix: string,
  entry: ReportEntry,
  sent: Record<string, number>,
): void {
  for (const key of ['year', 'week', 'month', 'sign_id'] as const) {
    const expected = sent[key];
    if (expected === undefined || entry[key] === expected) continue;
    const field = prefix === '' ? key : `${prefix}.${key}`;
    throw errors.invalidResponse(
      endpoint,
      field,
      `expected ${expected} (as requested), received ${JSON.stringify(entry[key])}`,
    );
  }
}
