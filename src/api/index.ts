/** Public entry of the Astrology Interpretation Service client. See docs/architecture.md for the contract. */
export {
  AstroClient,
  CLIENT_DEFAULTS,
  AUTH_ENDPOINT,
  PLACES_ENDPOINT,
  NATAL_ENDPOINT,
  parseRetryAfter,
} from './client.ts';
export type { ClientOptions, ClientEvent, ClientStats } from './client.ts';
export { AstroError, ASTRO_ERROR_CODES } from './errors.ts';
export { redact, redactWords } from './redact.ts';
export { serviceLanguage } from './service-language.ts';
export { REPORT_KINDS, REPORT_ENDPOINTS } from './report-kinds.ts';
export type { ReportKind, ReportParams } from './report-kinds.ts';
export { reportEntrySchemas, placeSchema, natalChartSchema } from './schemas.ts';
export type { ReportEntry, Place, NatalChart, NatalRequest } from './schemas.ts';
