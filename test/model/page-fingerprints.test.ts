// Which pages an edit changes: the live preview renders those alone, so a page left out here would be served stale.
import { describe, expect, it } from 'vitest';
import type { Override } from '../../src/data/overrides.ts';
import { planRender } from '../../src/cli/build/render-plan.ts';
import { fingerprints, PAGE_LIST_KEYS } from '../../src/model/page-fingerprints.ts';
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

  it('change for an overridden report and every file that shows its text: its period hub, sign hub, feeds, API answers and framed card', () => {
    expect(changed(undefined, { overrides: [leoOverride] })).toEqual(['/api/v1/leo/weekly/2026-w47.json', '/api/v1/leo/weekly/current.json', '/embed/leo/weekly/', '/leo/', '/leo/feed.json', '/leo/feed.xml', '/weekly/2026-w47/', '/weekly/2026-w47/leo/']);
  });

  it("change for a static page's text alone, and for every page (site-wide) when its title, in the footer, changes", () => {
    expect(changed(undefined, { staticPages: [{ ...about, html: '<p>Hello</p>' }] })).toEqual(['/about/']);
    expect(fingerprints(model({ staticPages: [{ ...about, title: 'Us' }] })).siteWide).not.toBe(fingerprints(model()).siteWide);
  });

  it("change site-wide with the site's title", () => {
    expect(fingerprints(model({ site: { ...site, title: 'Other Stars' } })).siteWide).not.toBe(fingerprints(model()).siteWide);
  });

  it('change site-wide with the analytics tag every page carries, even where the settings read the same', () => {
    const tagged = model({ site: { ...site, analytics: { provider: 'goatcounter', code: 'starlight' } } });
    expect(tagged.analytics).toBeDefined();
    expect(fingerprints({ ...tagged, analytics: undefined }).siteWide).not.toBe(fingerprints(tagged).siteWide);
  });

  it('cover every paginated page, and a render plan takes the unchanged ones as they are', () => {
    const before = fingerprints(model(), 'renderer').pages;
    const after = model({ overrides: [leoOverride] });
    const urls = PAGE_LIST_KEYS.flatMap((key) => after[key].map((item) => item.url));
    expect(new Set(urls).size).toBe(urls.length);
    const prints = fingerprints(after, 'renderer').pages;
    expect([...prints.keys()].sort()).toEqual([...urls].sort());
    const plan = planRender(after, prints, (url, print) => before.get(url) === print);
    expect(plan.pageLists.reportPages.map((p) => p.url)).toEqual(['/weekly/2026-w47/leo/']);
    expect(plan.pageLists.feeds.map((f) => f.url)).toEqual(['/leo/feed.xml']);
    expect([plan.pageLists.charts, plan.pageLists.staticPages, plan.pageLists.sections]).toEqual([[], [], []]);
    expect(plan.reused).toHaveLength(urls.length - plan.rendering);
    // Another renderer: every page is rendered.
    const elsewhere = planRender(after, fingerprints(after, 'another renderer').pages, (url, print) => prints.get(url) === print);
    expect(elsewhere.reused).toEqual([]);
  });
});
