// PLACEHOLDER, replaced by the sky-grounded writer (issue 5). Signature is the contract the server relies on.
export type SampleReportKind = 'weekly' | 'monthly' | 'yearly' | 'ascendantYearly';
export interface SamplePeriod {
  year: number;
  /** ISO week (weekly only) */
  week?: number;
  /** 1..12 (monthly only) */
  month?: number;
}
export const SIGN_NAMES = [
  'Aries', 'Taurus', 'Gemini', 'Cancer', 'Leo', 'Virgo',
  'Libra', 'Scorpio', 'Sagittarius', 'Capricorn', 'Aquarius', 'Pisces',
] as const;

/** Deterministic report content for one sign and period: `intro` is plain text, `text` is HTML. */
export function writeReport(kind: SampleReportKind, period: SamplePeriod, signId: number): { intro: string; text: string } {
  const name = SIGN_NAMES[signId];
  return {
    intro: `${name}: a ${kind} outlook for ${period.year}.`,
    text: `<p>Sample ${kind} text for <strong>${name}</strong>.</p>`,
  };
}
