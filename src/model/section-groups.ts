// A kind's archive as a grid: weeks by month (the month of the week's Thursday, which ISO 8601 dates a week by),
// months by year, and the years with a link to each sign's report.
import type { ReportKind } from '../api/index.ts';
import type { Messages } from '../data/i18n.ts';
import { describeMonthDayRange, describePeriod, monthPeriod, parseIsoDate } from '../data/periods.ts';
import type { PeriodHub, PeriodInfo } from './types.ts';

export interface SectionEntry {
  period: PeriodInfo;
  /** The link's text: "Week 47: November 16 – 22, 2026", "November 2026", "2026". */
  label: string;
  /** A month's first and last day, "November 1 – November 30"; none where the label says them. */
  dates?: string;
  /** A year's report of each sign, with its title as the link's accessible name. */
  signs?: { url: string; glyph: string; name: string; title: string }[];
}

export interface SectionGroup {
  /** "November 2026" for weeks, "2026" for months; empty for years, which are one group. */
  label: string;
  entries: SectionEntry[];
}

const MS_PER_DAY = 86_400_000;

/** The archive's groups, newest first, from its periods oldest first. */
export function sectionGroups(kind: ReportKind, periods: readonly PeriodInfo[], hubs: readonly PeriodHub[], { t, locale }: Messages): SectionGroup[] {
  const byUrl = new Map(hubs.map((hub) => [hub.url, hub]));
  const entries = [...periods].reverse().map((period): SectionEntry => {
    if (period.week) return { period, label: t('section.weekLabel', { week: period.week, period: period.label }) };
    if (period.month) return { period, label: period.label, dates: describeMonthDayRange(period.start.slice(5), period.end.slice(5), locale) };
    const pages = byUrl.get(period.url)?.pages ?? [];
    return { period, label: period.label, signs: pages.map((page) => ({ url: page.url, glyph: page.sign.glyph, name: page.sign.name, title: page.title })) };
  });
  if (kind === 'yearly' || kind === 'ascendantYearly') return entries.length ? [{ label: '', entries }] : [];
  const groupOf = (period: PeriodInfo): string => {
    if (!period.week) return String(period.year);
    const thursday = new Date(parseIsoDate(period.start).getTime() + 3 * MS_PER_DAY);
    return describePeriod(monthPeriod(thursday.getUTCFullYear(), thursday.getUTCMonth() + 1), locale);
  };
  return [...Map.groupBy(entries, (entry) => groupOf(entry.period))].map(([label, grouped]) => ({ label, entries: grouped }));
}

/** A kind's archive, `/weekly/`: every published period of that kind, linking to the period hubs. */
export interface SectionPage {
  kind: ReportKind;
  /** Newest first, in groups: weeks by month, months by year, years with their signs (section-groups.ts). */
  groups: SectionGroup[];
  /** "Weekly horoscopes" */
  title: string;
  /** "156 weeks" */
  count: string;
  /** `/weekly/` */
  url: string;
}
