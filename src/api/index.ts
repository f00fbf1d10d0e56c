/** Public entry of the Astrology Interpretation Service client. See docs/architecture.md for the contract. */
export {
  AstroClient,
  CLIENT_DEFAULTS,
  AUTH_ENDPOINT,
  PLACES_ENDPOINT,
  NATAL_ENDPOINT,
  SIGNS_ENDPOINT,
  PLANETS_ENDPOINT,
  parseRetryAfter,
} from './client.ts';
export type { ClientOptions, RetryOptions, ClientEvent, ClientStats } from './client.ts';
export { AstroError, ASTRO_ERROR_CODES, isAstroError } from './errors.ts';
export type { AstroErrorCode, AstroErrorDetails } from './errors.ts';
export { redact, REDACTED } from './redact.ts';
export { REPORT_KINDS, REPORT_ENDPOINTS, isReportKind } from './report-kinds.ts';
export type { ReportKind, ReportParams } from './report-kinds.ts';
export {
  signIdSchema,
  numericTextSchema,
  reportEntrySchema,
  reportEntrySchemas,
  reportsResponseSchema,
  reportsResponseShape,
  placeSchema,
  placesResponseSchema,
  natalProfileSchema,
  natalPlanetSchema,
  natalChartSchema,
  authResponseSchema,
  recordListSchema,
} from './schemas.ts';
export type {
  ReportEntry,
  ReportsResponse,
  Place,
  PlacesResponse,
  NatalChart,
  NatalPlanet,
  NatalRequest,
  AuthResponse,
} from './schemas.ts';
export { describeShapeProblem, formatPath } from './validate.ts';
export type { ShapeProblem } from './validate.ts';
