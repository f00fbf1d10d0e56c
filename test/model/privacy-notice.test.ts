// The privacy page's sentence on trackers and scripts (src/model/privacy-notice.ts), made from the settings: with
// each analytics provider, with none, with the chart form on, and an editors' page without `{{ scripts }}` left as
// written. Words from the test fixture's message files; the providers' privacy pages as each provider publishes it.
// The words are compared as a browser reads them (the text of each paragraph), not as the escape spells them.
import path from 'node:path';
import { DomUtils, parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { loadMessages } from '../../src/data/i18n.ts';
import { withScriptsNotice } from '../../src/model/privacy-notice.ts';

const CONTENT = path.resolve(import.meta.dirname, '../fixtures/site/content');
const en = loadMessages(CONTENT, 'en');
const PAGE = '<p>{{ scripts }}</p>\n<p>Our web host may keep ordinary server logs.</p>';
const notice = (site: Parameters<typeof withScriptsNotice>[2], messages = en) =>
  withScriptsNotice(PAGE, 'content/pages/privacy.md', site, messages);
const SEARCH =
  "The search, on the search page alone, runs from this site's own files: it reads the search index from this site and sends your query to no one else.";
const SIGN =
  'The home page\'s script, when you open a sign from its grid, keeps that sign\'s name (such as "leo") in your browser\'s local storage, on your device alone, so that the home page leads with it next time: it is not a cookie and is sent to no one. "Change sign" removes it.';

/** The page as a browser reads it: each paragraph's text, and the names of the elements inside them. */
function read(html: string) {
  const paragraphs = DomUtils.findAll((el) => el.name === 'p', parseDocument(html).children);
  return {
    texts: paragraphs.map((p) => DomUtils.textContent(p)),
    inside: DomUtils.findAll(
      () => true,
      paragraphs.flatMap((p) => p.children),
    ).map((el) => el.name),
  };
}

describe("the privacy page's sentence on trackers and scripts", () => {
  it('says there are no trackers, and the search alone, without analytics', () => {
    expect(read(notice({}))).toEqual({
      texts: [
        'This site sets no cookies and contains no trackers or advertising.',
        `${SEARCH} ${SIGN}`,
        'Our web host may keep ordinary server logs.',
      ],
      inside: [],
    });
  });

  it.each([
    [
      { provider: 'plausible', src: 'https://plausible.io/js/pa-XXXXXXXX.js' },
      'Plausible Analytics',
      'https://plausible.io/privacy',
    ],
    [{ provider: 'goatcounter', code: 'starlight' }, 'GoatCounter', 'https://www.goatcounter.com/help/privacy'],
    [
      { provider: 'umami', websiteId: '94db1cb1-74f4-4a40-ad6c-962362670409', src: 'https://cloud.umami.is/script.js' },
      'Umami',
      'https://umami.is/privacy',
    ],
    [
      { provider: 'cloudflare', token: '0123456789abcdef0123456789abcdef' },
      'Cloudflare Web Analytics',
      'https://www.cloudflare.com/privacypolicy/',
    ],
  ] as const)(
    'names %j with a link to its own privacy page, and no longer says "no trackers"',
    (analytics, name, policy) => {
      const html = notice({ analytics });
      expect(html).toContain(
        `<p>This site sets no cookies and shows no advertising. It counts visits with ${name}, whose script runs on every page without cookies (<a href="${policy}">its privacy policy</a>).</p>`,
      );
      expect(html).not.toMatch(/no trackers/);
      expect(read(html).texts[1]).toContain(SEARCH);
    },
  );

  it("says what the chart form sends and keeps when it is on, in the page's language", () => {
    expect(read(notice({ chartForm: { dailyLimit: 500 } })).texts[1]).toContain(
      `${SEARCH} ${SIGN} The natal chart form, on its own page, runs from this site's own files too: it suggests places as you type by asking this site alone. Your date, time and place of birth are sent to our astrology service to draw the chart, and to no one else.`,
    );
    const es = notice(
      { chartForm: { dailyLimit: 500 }, analytics: { provider: 'goatcounter', code: 'starlight' } },
      loadMessages(CONTENT, 'es'),
    );
    expect(es).toContain(
      'Cuenta las visitas con GoatCounter, cuyo script se ejecuta en todas las páginas sin cookies (<a href="https://www.goatcounter.com/help/privacy">su política de privacidad</a>).',
    );
    expect(es).toContain('Tu fecha, hora y lugar de nacimiento se envían a nuestro servicio de astrología');
  });

  it('prints words with markup characters as the text they are, in the sentence and around the link alike', () => {
    const hostile = '<img src=x onerror=alert(1)> & "<b>"';
    const t = (key: string, values?: Record<string, string | number>) =>
      key === 'privacy.analytics' ? `${hostile} ${values!.provider} (${values!.policy})` : `${key} ${hostile}`;
    const html = notice(
      {
        analytics: {
          provider: 'umami',
          websiteId: '94db1cb1-74f4-4a40-ad6c-962362670409',
          src: 'https://cloud.umami.is/script.js',
        },
        chartForm: { dailyLimit: 500 },
      },
      { ...en, t },
    );
    const { texts, inside } = read(html);
    expect(texts.slice(0, 2)).toEqual([
      `${hostile} Umami (privacy.policyLink ${hostile})`,
      ['privacy.search', 'privacy.sign', 'privacy.chartForm', 'chartForm.privacy']
        .map((key) => `${key} ${hostile}`)
        .join(' '),
    ]);
    // The provider's link is the one element: nothing of the words became markup.
    expect(inside).toEqual(['a']);
  });

  it("leaves an owner's page without {{ scripts }} as written, and names the page when its words are missing", () => {
    const own = '<p>We use no trackers.</p>';
    expect(
      withScriptsNotice(
        own,
        'content/pages/privacy.md',
        { analytics: { provider: 'goatcounter', code: 'starlight' } },
        en,
      ),
    ).toBe(own);
    const { privacy: _privacy, ...ui } = en.ui;
    expect(() => withScriptsNotice(PAGE, 'content/pages/es/privacy.md', {}, { ...en, ui: ui as typeof en.ui })).toThrow(
      'content/pages/es/privacy.md: prints {{ scripts }}, whose words content/i18n/en.json lacks: add its "privacy" messages (docs/editing.md)',
    );
  });
});
