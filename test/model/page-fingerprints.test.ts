// Which pages an edit changes: the live preview renders those alone, so a page left out here would be served stale.
import { describe, expect, it } from 'vitest';
import type { Override } from '../../src/data/overrides.ts';
import { changedPageLists, fingerprints, pageLists, PAGE_LIST_KEYS } from '../../src/model/page-fingerprints.ts';
import { monthPeriod, weekPeriod } from '../../src/data/periods.ts';
import type { SiteModelInput } from '../../src/model/types.ts';
import { modelOf, reports, site } from './fixture.ts';
import type { StaticPage } from '../../src/data/static-pages.ts';

const about: StaticPage = { slug: 'about', url: '/about/', title: 'About', order: 1, html: '<p>Hi there</p>', file: 'about.md' };

function model(extra: Partial<SiteModelInput> = {}) {
  return modelOf([weekPeriod(2026, 46), weekPeriod(2026, 47), monthPeriod(2026, 11)], { staticPages: [about], ...extra });
}

const leoOverride: Override = { kind: 'weekly', periodKey: '2026-w47', sign: 'leo', field: 'text', mode: 'append', html: '<p>Editors</p>', file: 'leo.md' };

/** The URLs whose fingerprint differs between two models. */
function changed(before: SiteModelInput | undefined, after: Partial<SiteModelInput>): string[] {
  const a = fingerprints(model(before));
  const b = fingerprints(model(after));
  expect(b.siteWide).toBe(a.siteWide);
  return [...b.pages.keys()].filter((url) => a.pages.get(url) !== b.pages.get(url)).sort();
}

describe('page fingerprints', () => {
  it('are the same for the same inputs, whether the reports came from the network or the cache', () => {
    const fromNetwork = model({ reports: [weekPeriod(2026, 46), weekPeriod(2026, 47), monthPeriod(2026, 11)].map((p) => reports(p, undefined, 'cache')) });
    expect(fingerprints(fromNetwork)).toEqual(fingerprints(model()));
  });

  it('change for an overridden report and every page that shows its text: its period hub, sign hub and feed', () => {
    expect(changed(undefined, { overrides: [leoOverride] })).toEqual(['/leo/', '/leo/feed.xml', '/weekly/2026-w47/', '/weekly/2026-w47/leo/']);
  });

  it("change for a static page's text alone, and for every page (site-wide) when its title, in the footer, changes", () => {
    expect(changed(undefined, { staticPages: [{ ...about, html: '<p>Hello</p>' }] })).toEqual(['/about/']);
    expect(fingerprints(model({ staticPages: [{ ...about, title: 'Us' }] })).siteWide).not.toBe(fingerprints(model()).siteWide);
  });

  it("change site-wide with the site's title", () => {
    expect(fingerprints(model({ site: { ...site, title: 'Other Stars' } })).siteWide).not.toBe(fingerprints(model()).siteWide);
  });

  it('cover every paginated page, and cut the lists down to the changed ones', () => {
    const before = model();
    const after = model({ overrides: [leoOverride] });
    const all = pageLists(after);
    const urls = PAGE_LIST_KEYS.flatMap((key) => all[key].map((item) => item.url));
    expect(new Set(urls).size).toBe(urls.length);
    expect([...fingerprints(after).pages.keys()].sort()).toEqual([...urls].sort());
    const lists = changedPageLists(after, fingerprints(after), fingerprints(before));
    expect(lists.reportPages.map((p) => p.url)).toEqual(['/weekly/2026-w47/leo/']);
    expect(lists.feeds.map((f) => f.url)).toEqual(['/leo/feed.xml']);
    expect([lists.charts, lists.staticPages, lists.sections]).toEqual([[], [], []]);
  });
});
