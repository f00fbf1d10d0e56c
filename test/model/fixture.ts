// One small site for the model tests: the project's English messages and signs, reports written here.
import path from 'node:path';
import { loadMessages } from '../../src/data/i18n.ts';
import { reportsOf, type PeriodReports, type ReportSource } from '../../src/data/period-reports.ts';
import type { Period } from '../../src/data/periods.ts';
import { reportHtml } from '../../src/data/sanitize.ts';
import { planShareImages } from '../../src/data/share-images.ts';
import { readSigns } from '../../src/data/signs.ts';
import { buildSiteModel } from '../../src/model/site-model.ts';
import type { SiteModelInput } from '../../src/model/types.ts';

const content = path.resolve(import.meta.dirname, '../fixtures/site/content');
export const messages = loadMessages(content, 'en');
export const signs = readSigns(path.join(content, 'signs.json'), messages);
export const site = {
  title: 'Test Stars',
  url: 'https://stars.example.org',
  language: 'en',
  periods: {
    weekly: { past: 1, future: 1 },
    monthly: { past: 0, future: 0 },
    yearly: { past: 0, future: 0 },
    ascendantYearly: { past: 0, future: 0 },
  },
};

/** A period's twelve answers, as fetch-reports.ts hands them over: sanitized, headings from h2. */
export function reports(
  period: Period,
  intro = (s: number) => `<p>Intro ${s} &amp; more</p>`,
  source: ReportSource = 'network',
): PeriodReports {
  const html = signs.map((sign) => ({
    intro: reportHtml(intro(sign.id)),
    text: reportHtml(`<h3>Deep</h3><p>Text ${sign.id} for ${period.key}</p>`),
  }));
  return reportsOf(period, source, html);
}

/** A model's input with its share images planned as a build plans them (src/cli/builder/prepare-site.ts), in the plain colours. */
export function planned(input: Omit<SiteModelInput, 'shareImagePlan'>): SiteModelInput {
  return {
    ...input,
    shareImagePlan: planShareImages(input.site.title, input.signs, input.messages, undefined, input.brand?.logo),
  };
}

/** The model of `periods` built on 2026-11-22, with `extra` inputs. */
export function modelOf(periods: Period[], extra: Partial<SiteModelInput> = {}) {
  return buildSiteModel(
    planned({
      site,
      messages,
      buildDate: '2026-11-22',
      sampleContent: false,
      signs,
      reports: periods.map((p) => reports(p)),
      ...extra,
    }),
  );
}
