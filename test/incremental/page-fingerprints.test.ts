// Which pages an edit changes: the live preview renders those alone, so a page left out here would be served stale.
import { describe, expect, it } from 'vitest';
import type { Override } from '../../src/data/overrides.ts';
import { planRender } from '../../src/incremental/render-plan.ts';
import { fingerprints, PAGE_LIST_KEYS } from '../../src/incremental/page-fingerprints.ts';
import { monthPeriod, weekPeriod, type Period } from '../../src/data/periods.ts';
import { linkLanguages } from '../helpers/link-languages.ts';
import type { SiteModelInput } from '../../src/model/types.ts';
import { modelOf, reports, site } from '../model/fixture.ts';
import type { StaticPage } from '../../src/data/static-pages.ts';

const about: StaticPage = {
  slug: 'about',
  url: '/about/',
  title: 'About',
  order: 1,
  html: '<p>Hi there</p>',
  file: 'about.md',
};

function model(extra: Partial<SiteModelInput> = {}) {
  return modelOf([weekPeriod(2026, 46), weekPeriod(2026, 47), monthPeriod(2026, 11)], {
    staticPages: [about],
    ...extra,
  });
}

const leoOverride: Override = {
  kind: 'weekly',
  periodKey: '2026-w47',
  sign: 'leo',
  field: 'text',
  mode: 'append',
  html: '<p>Editors</p>',
  file: 'leo.md',
};

/** The URLs whose fingerprint differs between two models. */
function changed(before: SiteModelInput | undefined, after: Partial<SiteModelInput>): string[] {
  const a = fingerprints(model(before));
  const b = fingerprints(model(after));
  expect(b.siteWide).toBe(a.siteWide);
  return [...b.pages.keys()].filter((url) => a.pages.get(url) !== b.pages.get(url)).sort();
}

describe('page fingerprints', () => {
  it('are the same for the same inputs, whether the reports came from the network or the cache', () => {
    const fromNetwork = model({
      reports: [weekPeriod(2026, 46), weekPeriod(2026, 47), monthPeriod(2026, 11)].map((p) =>
        reports(p, undefined, 'cache'),
      ),
    });
    expect(fingerprints(fromNetwork)).toEqual(fingerprints(model()));
  });

  it('change for an overridden report and every file that shows its text: its period hub, sign hub, feeds, API answers and framed card', () => {
    expect(changed(undefined, { overrides: [leoOverride] })).toEqual([
      '/api/v1/leo/weekly/2026-w47.json',
      '/api/v1/leo/weekly/card.json',
      '/api/v1/leo/weekly/current.json',
      '/embed/leo/weekly/',
      '/leo/',
      '/leo/feed.json',
      '/leo/feed.xml',
      '/weekly/2026-w47/',
      '/weekly/2026-w47/leo/',
    ]);
  });

  it('change for a report whose text the service changed, and every file that shows it, as for an override', () => {
    const leoIntro = (id: number) => (id === 4 ? '<p>A new intro for Leo</p>' : `<p>Intro ${id} &amp; more</p>`);
    const periods = [weekPeriod(2026, 46), weekPeriod(2026, 47), monthPeriod(2026, 11)];
    const edited = periods.map((p) => reports(p, p.key === '2026-w47' ? leoIntro : undefined));
    expect(changed(undefined, { reports: edited })).toEqual(changed(undefined, { overrides: [leoOverride] }));
  });

  it("change for a report whose dates alone changed (its page history's), and every file that shows them: the API's archive too", () => {
    const history = structuredClone(model().pageHistory);
    Object.assign(history['/weekly/2026-w47/leo/']!, {
      firstSeen: '2026-11-18',
      changed: '2026-11-20',
      introChanged: '2026-11-20',
    });
    expect(changed(undefined, { pageHistory: history })).toEqual([
      '/api/v1/leo/weekly/2026-w47.json',
      '/api/v1/leo/weekly/card.json',
      '/api/v1/leo/weekly/current.json',
      '/api/v1/leo/weekly/index.json',
      '/embed/leo/weekly/',
      '/leo/',
      '/leo/feed.json',
      '/leo/feed.xml',
      '/weekly/2026-w47/',
      '/weekly/2026-w47/leo/',
    ]);
  });

  it('change for the reports beside a new period, whose links to it are new, and for none before them', () => {
    const before = fingerprints(model()).pages;
    const after = fingerprints(
      model({
        reports: [weekPeriod(2026, 46), weekPeriod(2026, 47), weekPeriod(2026, 48), monthPeriod(2026, 11)].map((p) =>
          reports(p),
        ),
      }),
    ).pages;
    for (const sign of ['aries', 'leo', 'pisces']) {
      expect(after.get(`/weekly/2026-w47/${sign}/`)).not.toBe(before.get(`/weekly/2026-w47/${sign}/`));
      expect(after.get(`/weekly/2026-w46/${sign}/`)).toBe(before.get(`/weekly/2026-w46/${sign}/`));
    }
  });

  it('change for a report page when another language gains or loses it (its hreflang links)', () => {
    const es = { ...site, language: 'es', url: `${site.url}/es` };
    const english = (periods: Period[]) => modelOf(periods, { staticPages: [about] });
    const spanish = (periods: Period[]) => modelOf(periods, { site: es });
    const both = [weekPeriod(2026, 46), weekPeriod(2026, 47)];
    const [withBoth] = linkLanguages([english(both), spanish(both)]);
    const [withOne] = linkLanguages([english(both), spanish([weekPeriod(2026, 46)])]);
    const [a, b] = [fingerprints(withBoth!).pages, fingerprints(withOne!).pages];
    expect(b.get('/weekly/2026-w47/leo/')).not.toBe(a.get('/weekly/2026-w47/leo/'));
    expect(b.get('/weekly/2026-w46/leo/')).toBe(a.get('/weekly/2026-w46/leo/'));
  });

  it('cover every field of a report page: those the fingerprint hashes, and those that follow from its period, sign and the site-wide parts', () => {
    // A new field must be added to one of the two lists, and to the fingerprint (reportInputs) when it is not derived.
    const hashed = [
      'url',
      'period',
      'sign',
      'intro',
      'text',
      'published',
      'updated',
      'introUpdated',
      'previous',
      'next',
      'overridden',
      'sky',
      'calendarLink',
    ];
    const derived = ['kind', 'kindTitle', 'title', 'heading', 'otherSigns', 'signHubUrl', 'source'];
    const fields = new Set(model({ overrides: [leoOverride] }).reportPages.flatMap((page) => Object.keys(page)));
    expect([...fields].sort()).toEqual([...hashed, ...derived].sort());
  });

  it("change for a static page's text alone, and for every page (site-wide) when its title, in the footer, changes", () => {
    expect(changed(undefined, { staticPages: [{ ...about, html: '<p>Hello</p>' }] })).toEqual(['/about/']);
    expect(fingerprints(model({ staticPages: [{ ...about, title: 'Us' }] })).siteWide).not.toBe(
      fingerprints(model()).siteWide,
    );
  });

  it("change site-wide with the site's title", () => {
    expect(fingerprints(model({ site: { ...site, title: 'Other Stars' } })).siteWide).not.toBe(
      fingerprints(model()).siteWide,
    );
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
    const elsewhere = planRender(
      after,
      fingerprints(after, 'another renderer').pages,
      (url, print) => prints.get(url) === print,
    );
    expect(elsewhere.reused).toEqual([]);
  });
});
