// What the client sends: the report kinds and their endpoints (docs/service-api.md#reports), the arguments of a call
// checked before anything is sent (a wrong one is our mistake, named in one line), and the `lang` of a site.
import type { ClientErrors } from './errors.ts';
export type ReportKind = 'weekly' | 'monthly' | 'yearly' | 'ascendantYearly';

export const REPORT_KINDS: readonly ReportKind[] = ['weekly', 'monthly', 'yearly', 'ascendantYearly'];

export const REPORT_ENDPOINTS: Readonly<Record<ReportKind, string>> = {
  weekly: '/api/weekly-reports',
  monthly: '/api/monthly-reports',
  yearly: '/api/yearly-reports',
  ascendantYearly: '/api/ascendant-yearly-reports',
};

/** `week` is required for weekly reports, `month` (1..12) for monthly ones; the others ignore both. */
export interface ReportParams {
  year: number;
  week?: number;
  month?: number;
}

export function isReportKind(value: unknown): value is ReportKind {
  return typeof value === 'string' && (REPORT_KINDS as readonly string[]).includes(value);
}

export function reportEndpoint(kind: ReportKind): string {
  return isReportKind(kind) ? REPORT_ENDPOINTS[kind] : `report kind ${JSON.stringify(kind)}`;
}

/** The JSON body for a report request: only the members the endpoint takes, integers checked. */
export function reportBody(
  errors: ClientErrors,
  kind: ReportKind,
  endpoint: string,
  params: ReportParams,
): Record<string, number> {
  if (!isReportKind(kind)) {
    throw errors.invalidArgument(endpoint, 'kind', `must be one of weekly, monthly, yearly, ascendantYearly`);
  }
  if (params === null || typeof params !== 'object')
    throw errors.invalidArgument(endpoint, 'params', 'must be an object');
  requireInteger(errors, endpoint, 'year', params.year);
  const body: Record<string, number> = {};
  if (kind === 'weekly') {
    requireInteger(errors, endpoint, 'week', params.week, 1);
    body.week = params.week as number;
  } else if (kind === 'monthly') {
    requireInteger(errors, endpoint, 'month', params.month, 1, 12);
    body.month = params.month as number;
  }
  body.year = params.year;
  return body;
}

export function requireInteger(
  errors: ClientErrors,
  endpoint: string,
  field: string,
  value: unknown,
  min?: number,
  max?: number,
): void {
  const range =
    min !== undefined && max !== undefined ? ` from ${min} to ${max}` : min !== undefined ? ` >= ${min}` : '';
  const ok =
    typeof value === 'number' &&
    Number.isSafeInteger(value) &&
    (min === undefined || value >= min) &&
    (max === undefined || value <= max);
  if (!ok) {
    const received = typeof value === 'string' ? JSON.stringify(value) : String(value);
    throw errors.invalidArgument(endpoint, field, `must be an integer${range}, received ${received}`);
  }
}

// The `lang` the service is sent for a site's language (docs/service-api.md, natal request): the tag's primary
// language, lower case, as the build's charts and the Worker's form both send it. https://www.rfc-editor.org/rfc/rfc5646#section-2.2.1

/** `pt-BR` → `pt`, `es-MX` → `es`, `en-GB` → `en`, `EN` → `en`. */
export function serviceLanguage(tag: string): string {
  return tag.split('-')[0]!.toLowerCase();
}
