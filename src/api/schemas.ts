/**
 * zod schemas for the service's answers (docs/service-api.md), with their inferred types.
 * JSON types are checked to the letter: integers must be JSON integers (a `week` of "47" is a wrong
 * shape), and the planet `speeds`/`longitude` members are numeric TEXT, so a JSON number there is wrong too.
 * Objects are loose: members not listed are allowed and kept, because the service does not describe them
 * and a newer service may add some.
 */
import { z } from 'zod';
import type { ReportKind } from './report-kinds.ts';

/**
 * A JSON integer. zod reports a string in an int field as "expected number"; the tagged message lets the
 * error formatter (validate.ts) say "expected integer" instead.
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

// ---- signs / planets (fields not described: docs/service-api.md#other-endpoints) ----

/** A bare array or `{ data: [...] }`; the records are returned as they are. */
export const recordListSchema = z.union([z.array(z.unknown()), z.looseObject({ data: z.array(z.unknown()) })]);
