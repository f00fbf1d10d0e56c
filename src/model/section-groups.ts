// A kind's archive as a grid: weeks by month (the month of the week's Thursday, which ISO 8601 dates a week by),
// months by year, and the years with a link to each sign's report.
import type { ReportKind } from '../api/index.ts';
import type { Messages } from '../data/i18n.ts';
import { describeMonthDayRange, describePeriod, monthPeriod, parseIsoDate } from '../data/periods.ts';
import type { PeriodHub, PeriodInfo, SectionEntry, SectionGroup } from './types.ts';

export type { SectionEntry, SectionGroup, SectionPage } from './types.ts';

const MS_PER_DAY = 86_400_000;

/** The archive's groups, newest first, from its periods oldest first. */
export function sectionGroups(
  kind: ReportKind,
  periods: readonly PeriodInfo[],
  hubs: readonly PeriodHub[],
  { t, locale }: Messages,
): SectionGroup[] {
  const byUrl = new Map(hubs.map((hub) => [hub.url, hub]));
  const entries = [...periods].reverse().map((period): SectionEntry => {
    if (period.week) return { period, label: t('section.weekLabel', { week: period.week, period: period.label }) };
    if (period.month)
      return {
        period,
        label: period.label,
        dates: describeMonthDayRange(period.start.slice(5), period.end.slice(5), locale),
      };
    const pages = byUrl.get(period.url)?.pages ?? [];
    return {
      period,
      label: period.label,
      signs: pages.map((page) => ({ url: page.url, glyph: page.sign.glyph, name: page.sign.name, title: page.title })),
    };
  });
  if (kind === 'yearly' || kind === 'ascendantYearly') return entries.length ? [{ label: '', entries }] : [];
  const groupOf = (period: PeriodInfo): string => {
    if (!period.week) return String(period.year);
    const thursday = new Date(parseIsoDate(period.start).getTime() + 3 * MS_PER_DAY);
    return describePeriod(monthPeriod(thursday.getUTCFullYear(), thursday.getUTCMonth() + 1), locale);
  };
  return [...Map.groupBy(entries, (entry) => groupOf(entry.period))].map(([label, grouped]) => ({
    label,
    entries: grouped,
  }));
}
