// The arguments of a call, checked before anything is sent: a wrong one is our mistake, named in one line.
import type { ClientErrors } from './client-errors.ts';
import { REPORT_ENDPOINTS, isReportKind, type ReportKind, type ReportParams } from './report-kinds.ts';

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
