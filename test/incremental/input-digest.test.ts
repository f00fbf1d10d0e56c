// A build whose inputs have the published build's digest keeps the published output: the digest must change with
// everything the model reads, and stay the same only where the model does.
import { describe, expect, it } from 'vitest';
import type { Override } from '../../src/data/overrides.ts';
import { htmlDigest, unreadReports } from '../../src/data/period-reports.ts';
import { weekPeriod } from '../../src/data/periods.ts';
import { contentDigest, inputDigest } from '../../src/incremental/input-digest.ts';
import { buildSiteModel } from '../../src/model/site-model.ts';
import type { SiteModel, SiteModelInput } from '../../src/model/types.ts';
import { messages, planned, reports, signs, site } from '../model/fixture.ts';

/** Weeks 46 to 48 of 2026: 9–15, 16–22 and 23–29 November. */
const weeks = [weekPeriod(2026, 46), weekPeriod(2026, 47), weekPeriod(2026, 48)];

function input(extra: Partial<SiteModelInput> = {}): SiteModelInput {
  return planned({
    site,
    messages,
    buildDate: '2026-11-20',
    sampleContent: false,
    signs,
    reports: weeks.map((p) => reports(p)),
    ...extra,
  });
}

const digestOf = (value: SiteModelInput, renderer = 'renderer') =>
  inputDigest(contentDigest(value, renderer), value.pageHistory);

/** The model as published: its build date is printed nowhere (src/incremental/page-fingerprints.ts). */
function published(model: SiteModel): unknown {
  return { ...model, site: { ...model.site, buildDate: undefined } };
}

const override: Override = {
  kind: 'weekly',
  periodKey: '2026-w47',
  sign: 'leo',
  field: 'intro',
  mode: 'replace',
  html: '<p>Editors</p>',
  file: 'leo.md',
};

describe('the input digest', () => {
  it("changes on a later day of the same periods, whose sky the home page shows, and only the day's sky and the calendar's today differ then", () => {
    const first = input();
    const model = buildSiteModel(first);
    // Friday to Saturday of week 47: the next build starts from the history the first one saved.
    const next = input({ buildDate: '2026-11-21', pageHistory: model.pageHistory });
    expect(digestOf(next)).not.toBe(digestOf({ ...first, pageHistory: model.pageHistory }));
    expect(digestOf(input({ pageHistory: model.pageHistory }))).toBe(
      digestOf({ ...first, pageHistory: model.pageHistory }),
    );
    const withoutSky = (m: SiteModel) =>
      JSON.parse(
        JSON.stringify({ ...(published(m) as SiteModel), home: { ...m.home, today: undefined } }, (key, value) =>
          key === 'isToday' ? undefined : value,
        ),
      );
    const nextModel = buildSiteModel(next);
    expect(withoutSky(nextModel)).toEqual(withoutSky(model));
    const todayOnGrid = (m: SiteModel) =>
      m.calendarPages.flatMap((p) => p.month?.grid.weeks.flat() ?? []).flatMap((d) => (d?.isToday ? [d.datetime] : []));
    expect(todayOnGrid(nextModel)).toEqual(['2026-11-21', '2026-11-21']);
    expect(todayOnGrid(model)).toEqual(['2026-11-20', '2026-11-20']);
    expect(nextModel.home.today.title).toBe('The sky on November 21');
    expect(model.home.today.title).toBe('The sky on November 20');
  });

  it('is the same whether the reports came from the network or the cache, and whatever order the history is in', () => {
    const history = buildSiteModel(input()).pageHistory;
    const reversed = Object.fromEntries(Object.entries(history).reverse());
    expect(digestOf(input({ pageHistory: reversed }))).toBe(digestOf(input({ pageHistory: history })));
    expect(digestOf(input({ reports: weeks.map((p) => reports(p, undefined, 'cache')) }))).toBe(digestOf(input()));
  });

  it("is the same when a period's answer was not read and its recorded digest stands for its HTML, which is then never read", () => {
    const unread = weeks.map((p) =>
      unreadReports(p, 'cache', htmlDigest(reports(p).html()), () => expect.unreachable('read')),
    );
    const value = input();
    expect(inputDigest(contentDigest({ ...value, reports: unread }, 'renderer'), undefined)).toBe(digestOf(value));
    const revised = htmlDigest(reports(weeks[0]!, (s) => `<p>Revised ${s}</p>`).html());
    expect(
      inputDigest(
        contentDigest({ ...value, reports: [{ ...unread[0]!, digest: revised }, ...unread.slice(1)] }, 'renderer'),
        undefined,
      ),
    ).not.toBe(digestOf(value));
  });

  it.each<[string, Partial<SiteModelInput>]>([
    [
      "a report's text",
      { reports: weeks.map((p, i) => reports(p, i === 0 ? (s) => `<p>Revised ${s}</p>` : undefined)) },
    ],
    ['an override', { overrides: [override] }],
    [
      'a static page',
      {
        staticPages: [{ slug: 'about', url: '/about/', title: 'About', order: 1, html: '<p>Hi</p>', file: 'about.md' }],
      },
    ],
    ["the site's title", { site: { ...site, title: 'Other Stars' } }],
    // 22 → 23 November: week 48 becomes the current week, with the same reports.
    ['which period is current', { buildDate: '2026-11-23' }],
    [
      'the page history',
      {
        pageHistory: {
          '/weekly/2026-w47/leo/': {
            firstSeen: '2026-11-01',
            hash: 'a',
            changed: '2026-11-01',
            introHash: 'a',
            introChanged: '2026-11-01',
          },
        },
      },
    ],
  ])('changes with %s', (_name, change) => {
    expect(digestOf(input(change))).not.toBe(digestOf(input()));
  });

  it('changes with the dates of the page history, the same pages in it', () => {
    const history = buildSiteModel(input()).pageHistory;
    const [url, record] = Object.entries(history)[0]!;
    const redated = { ...history, [url]: { ...record, changed: '2026-11-19' } };
    expect(record.changed).not.toBe('2026-11-19');
    expect(digestOf(input({ pageHistory: redated }))).not.toBe(digestOf(input({ pageHistory: history })));
  });

  it('changes with the renderer, and with the year of the copyright within the same current week', () => {
    expect(digestOf(input(), 'another renderer')).not.toBe(digestOf(input()));
    // Week 53 of 2026 runs from 28 December 2026 to 3 January 2027.
    const week53 = input({ reports: [reports(weekPeriod(2026, 53))], buildDate: '2026-12-31' });
    expect(digestOf({ ...week53, buildDate: '2027-01-01' })).not.toBe(digestOf(week53));
  });
});
