// The site model handed to Eleventy: every page's data computed once, indexed by key, sanitized once.
// Templates only loop over these arrays and print fields; they do no look-ups of their own.
import type { ReportKind } from '../api/index.ts';
import type { ChartPage } from './charts.ts';
import type { SiteConfig } from './config.ts';
import type { PeriodReports, ReportSource } from './fetch-reports.ts';
import { describePeriod, type Period } from './periods.ts';
import { sanitizeReportHtml } from './sanitize.ts';
import type { Sign } from './signs.ts';

/** URL segment of each kind: the project's public URLs, keep them stable. */
export const KIND_SEGMENTS: Record<ReportKind, string> = {
  weekly: 'weekly',
  monthly: 'monthly',
  yearly: 'yearly',
  ascendantYearly: 'ascendant',
};

export const KIND_LABELS: Record<ReportKind, { title: string; noun: string }> = {
  weekly: { title: 'Weekly horoscope', noun: 'week' },
  monthly: { title: 'Monthly horoscope', noun: 'month' },
  yearly: { title: 'Yearly horoscope', noun: 'year' },
  ascendantYearly: { title: 'Ascendant yearly horoscope', noun: 'year' },
};

export const KIND_ORDER: ReportKind[] = ['weekly', 'monthly', 'yearly', 'ascendantYearly'];

export interface PeriodInfo extends Period {
  /** "November 16 – 22, 2026" */
  label: string;
  /** `/weekly/2026-w47/` */
  url: string;
  isCurrent: boolean;
}

export interface LinkRef {
  url: string;
  label: string;
}

export interface ReportPage {
  kind: ReportKind;
  kindTitle: string;
  period: PeriodInfo;
  sign: Sign;
  /** The service's `sign_name`, plain text: templates print it escaped. */
  signName: string;
  /** Sanitized HTML. */
  intro: string;
  /** Sanitized HTML. */
  text: string;
  url: string;
  source: ReportSource;
  previous?: LinkRef;
  next?: LinkRef;
  /** The same period for the other eleven signs. */
  otherSigns: { sign: Sign; url: string }[];
  signHubUrl: string;
}

export interface PeriodHub {
  kind: ReportKind;
  kindTitle: string;
  period: PeriodInfo;
  url: string;
  pages: ReportPage[];
}

export interface SignHub {
  sign: Sign;
  url: string;
  /** The report of the period that holds the reference date, per kind. */
  current: Partial<Record<ReportKind, ReportPage>>;
  /** Every published report of the sign per kind, newest first. */
  archive: { kind: ReportKind; kindTitle: string; pages: ReportPage[] }[];
}

export interface SiteModel {
  site: SiteConfig & { buildDate: string; sampleContent: boolean };
  signs: Sign[];
  reportPages: ReportPage[];
  periodHubs: PeriodHub[];
  signHubs: SignHub[];
  /** Per kind, oldest first. */
  periods: Record<ReportKind, PeriodInfo[]>;
  /** Natal chart pages, by slug. */
  charts: ChartPage[];
}

export interface SiteModelInput {
  site: SiteConfig;
  buildDate: string;
  sampleContent: boolean;
  signs: Sign[];
  reports: PeriodReports[];
  charts?: ChartPage[];
}

function periodInfo(period: Period, buildDate: string): PeriodInfo {
  return {
    ...period,
    label: describePeriod(period),
    url: `/${KIND_SEGMENTS[period.kind]}/${period.key}/`,
    isCurrent: period.start <= buildDate && buildDate <= period.end,
  };
}

export function reportUrl(kind: ReportKind, periodKey: string, signSlug: string): string {
  return `/${KIND_SEGMENTS[kind]}/${periodKey}/${signSlug}/`;
}

export function buildSiteModel(input: SiteModelInput): SiteModel {
  const { signs, buildDate } = input;
  const periods = Object.fromEntries(KIND_ORDER.map((k) => [k, [] as PeriodInfo[]])) as Record<ReportKind, PeriodInfo[]>;
  const periodHubs: PeriodHub[] = [];
  /** Per kind and sign, oldest first: previous/next links are neighbours in this list. */
  const bySignAndKind = new Map<string, ReportPage[]>();

  const sorted = [...input.reports].sort((a, b) =>
    KIND_ORDER.indexOf(a.period.kind) - KIND_ORDER.indexOf(b.period.kind) || a.period.start.localeCompare(b.period.start),
  );
  for (const { period, entries, source } of sorted) {
    const info = periodInfo(period, buildDate);
    periods[period.kind].push(info);
    const urls = signs.map((sign) => reportUrl(period.kind, period.key, sign.slug));
    const pages = signs.map((sign, signId): ReportPage => {
      const entry = entries[signId]!;
      return {
        kind: period.kind,
        kindTitle: KIND_LABELS[period.kind].title,
        period: info,
        sign,
        signName: entry.sign_name,
        intro: sanitizeReportHtml(entry.intro),
        text: sanitizeReportHtml(entry.text),
        url: urls[signId]!,
        source,
        otherSigns: signs.filter((s) => s.id !== signId).map((s) => ({ sign: s, url: urls[s.id]! })),
        signHubUrl: `/${sign.slug}/`,
      };
    });
    periodHubs.push({ kind: period.kind, kindTitle: KIND_LABELS[period.kind].title, period: info, url: info.url, pages });
    for (const page of pages) {
      const key = `${page.kind}/${page.sign.slug}`;
      const list = bySignAndKind.get(key) ?? [];
      list.push(page);
      bySignAndKind.set(key, list);
    }
  }

  for (const list of bySignAndKind.values()) {
    list.forEach((page, i) => {
      const before = list[i - 1];
      const after = list[i + 1];
      if (before) page.previous = { url: before.url, label: before.period.label };
      if (after) page.next = { url: after.url, label: after.period.label };
    });
  }

  const signHubs = signs.map((sign): SignHub => {
    const current: SignHub['current'] = {};
    const archive = KIND_ORDER.map((kind) => {
      const pages = bySignAndKind.get(`${kind}/${sign.slug}`) ?? [];
      const now = pages.find((p) => p.period.isCurrent);
      if (now) current[kind] = now;
      return { kind, kindTitle: KIND_LABELS[kind].title, pages: [...pages].reverse() };
    });
    return { sign, url: `/${sign.slug}/`, current, archive };
  });

  return {
    site: { ...input.site, buildDate, sampleContent: input.sampleContent },
    signs,
    reportPages: periodHubs.flatMap((hub) => hub.pages),
    periodHubs,
    signHubs,
    periods,
    charts: [...(input.charts ?? [])].sort((a, b) => a.name.localeCompare(b.name)),
  };
}
