// The preview's models of a site in English and Spanish, round after round: a language keeps its model (the same
// object) while its inputs are unchanged, and every round's models are those a fresh join of fresh models gives.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMessages } from '../../src/data/i18n.ts';
import { weekPeriod } from '../../src/data/periods.ts';
import { readSigns } from '../../src/data/signs.ts';
import type { StaticPage } from '../../src/data/static-pages.ts';
import type { FetchedLanguage } from '../../src/cli/builder/prepare-site.ts';
import { PreviewModels } from '../../src/incremental/preview-models.ts';
import { languageSite } from '../../src/model/languages.ts';
import { linkLanguages } from '../helpers/link-languages.ts';
import { buildSiteModel } from '../../src/model/site-model.ts';
import { messages, planned, reports, signs, site } from '../model/fixture.ts';

const content = path.resolve(import.meta.dirname, '../fixtures/site/content');
const esMessages = loadMessages(content, 'es');
const esSigns = readSigns(path.join(content, 'signs.json'), esMessages);
const several = { ...site, languages: ['en', 'es'] };
const week = weekPeriod(2026, 47);
const about = (folder: string): StaticPage => ({
  slug: 'about',
  url: '/about/',
  title: 'About',
  order: 1,
  html: '<p>Us.</p>',
  file: `content/pages/${folder}about.md`,
});

/** Both languages' inputs as a round reads them: new objects every time. */
function fetched({
  esIntro = 'Intro',
  esAbout = false,
  buildDate = '2026-11-22',
  pageHistory = {},
} = {}): FetchedLanguage[] {
  const common = { buildDate, sampleContent: false, pageHistory };
  const language = (
    tag: string,
    folder: string,
    input: Omit<FetchedLanguage['input'], 'buildDate' | 'sampleContent' | 'shareImagePlan'>,
  ) => ({
    language: tag,
    folder,
    input: planned({ ...common, ...input }),
    imageFiles: [],
    pageDatesFile: '',
    requests: 0,
  });
  return [
    language('en', '', {
      site: languageSite(several, 'en'),
      messages,
      signs,
      reports: [reports(week)],
      staticPages: [about('')],
    }),
    language('es', 'es/', {
      site: languageSite(several, 'es'),
      messages: esMessages,
      signs: esSigns,
      reports: [reports(week, (s) => `<p>${esIntro} ${s}</p>`)],
      staticPages: esAbout ? [about('es/')] : [],
    }),
  ];
}

/** What the round should give: every language's model built afresh, then joined. */
function freshJoin(languages: FetchedLanguage[]) {
  return linkLanguages(languages.map((l) => buildSiteModel(l.input)));
}

describe('PreviewModels', () => {
  it('keeps each model while its inputs are unchanged, and rebuilds only the edited language', () => {
    const models = new PreviewModels();
    const [en, es] = models.models(fetched(), 'renderer');
    const again = models.models(fetched(), 'renderer');
    expect(again[0]!.model).toBe(en!.model);
    expect(again[1]!.model).toBe(es!.model);

    const edit = fetched({ esIntro: 'Una nota' });
    const edited = models.models(edit, 'renderer');
    expect(edited.map((l) => l.model)).toEqual(freshJoin(edit));
    expect(edited[1]!.model.reportPages.find((page) => page.url === '/es/weekly/2026-w47/leo/')!.intro).toContain(
      'Una nota 4',
    );
    // The Spanish pages are the same: the English model links to them as before, and stays as it was.
    expect(edited[0]!.model).toBe(en!.model);
  });

  it("joins the others again when a language's pages change", () => {
    const models = new PreviewModels();
    const [en] = models.models(fetched(), 'renderer');
    expect(en!.model.meta['/about/']!.languageLinks).toEqual([{ language: 'es', label: 'Español', url: '/es/' }]);
    const edit = fetched({ esAbout: true });
    const edited = models.models(edit, 'renderer');
    expect(edited.map((l) => l.model)).toEqual(freshJoin(edit));
    expect(edited[0]!.model.meta['/about/']!.languageLinks).toEqual([
      { language: 'es', label: 'Español', url: '/es/about/' },
    ]);
  });

  it("dates the pages new to the history on the round's day, in the same week as the last round", () => {
    const models = new PreviewModels();
    // A history that knows another page: the pages it does not know are new, published the day they appear.
    const pageHistory = {
      '/elsewhere/': {
        firstSeen: '2026-01-05',
        hash: 'h',
        changed: '2026-01-05',
        introHash: 'i',
        introChanged: '2026-01-05',
      },
    };
    models.models(fetched({ buildDate: '2026-11-20', pageHistory }), 'renderer');
    const [en] = models.models(fetched({ buildDate: '2026-11-21', pageHistory }), 'renderer');
    expect(en!.model.pageHistory['/weekly/2026-w47/leo/']!.firstSeen).toBe('2026-11-21');
  });

  it('builds every model again for another renderer (templates, site.json, the words)', () => {
    const models = new PreviewModels();
    const [en, es] = models.models(fetched(), 'renderer');
    const next = models.models(fetched(), 'another renderer');
    expect(next[0]!.model).not.toBe(en!.model);
    expect(next[1]!.model).not.toBe(es!.model);
  });
});
