/** The four report kinds and the endpoint each one is served from (docs/service-api.md#reports). */

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
