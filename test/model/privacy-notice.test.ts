// The privacy page's sentence on trackers and scripts (src/model/privacy-notice.ts), made from the settings: with
// each analytics provider, with none, with the chart form on, and an editors' page without `{{ scripts }}` left as
// written. Words from the test fixture's message files; the providers' privacy pages as each provider publishes it.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMessages } from '../../src/data/i18n.ts';
import { withScriptsNotice } from '../../src/model/privacy-notice.ts';

const CONTENT = path.resolve(import.meta.dirname, '../fixtures/site/content');
const en = loadMessages(CONTENT, 'en');
const PAGE = '<p>{{ scripts }}</p>\n<p>Our web host may keep ordinary server logs.</p>';
const notice = (site: Parameters<typeof withScriptsNotice>[2], messages = en) => withScriptsNotice(PAGE, 'content/pages/privacy.md', site, messages);
const SEARCH = "The search, on the search page alone, runs from this site&#39;s own files: it reads the search index from this site and sends your query to no one else.";
const SIGN = 'The home page&#39;s script, when you open a sign from its grid, keeps that sign&#39;s name (such as &#34;leo&#34;) in your browser&#39;s local storage, on your device alone, so that the home page leads with it next time: it is not a cookie and is sent to no one. &#34;Change sign&#34; removes it.';

describe("the privacy page's sentence on trackers and scripts", () => {
  it('says there are no trackers, and the search alone, without analytics', () => {
    expect(notice({})).toBe(`<p>This site sets no cookies and contains no trackers or advertising.</p>\n<p>${SEARCH} ${SIGN}</p>\n<p>Our web host may keep ordinary server logs.</p>`);
  });

  it.each([
    [{ provider: 'plausible', src: 'https://plausible.io/js/pa-XXXXXXXX.js' }, 'Plausible Analytics', 'https://plausible.io/privacy'],
    [{ provider: 'goatcounter', code: 'starlight' }, 'GoatCounter', 'https://www.goatcounter.com/help/privacy'],
    [{ provider: 'umami', websiteId: '94db1cb1-74f4-4a40-ad6c-962362670409', src: 'https://cloud.umami.is/script.js' }, 'Umami', 'https://umami.is/privacy'],
    [{ provider: 'cloudflare', token: '0123456789abcdef0123456789abcdef' }, 'Cloudflare Web Analytics', 'https://www.cloudflare.com/privacypolicy/'],
  ] as const)('names %j with a link to its own privacy page, and no longer says "no trackers"', (analytics, name, policy) => {
    const html = notice({ analytics });
    expect(html).toContain(`<p>This site sets no cookies and shows no advertising. It counts visits with ${name}, whose script runs on every page without cookies (<a href="${policy}">its privacy policy</a>).</p>`);
    expect(html).not.toMatch(/no trackers/);
    expect(html).toContain(SEARCH);
  });

  it('says what the chart form sends and keeps when it is on, in the page\'s language', () => {
    expect(notice({ chartForm: { dailyLimit: 500 } })).toContain(`${SEARCH} ${SIGN} The natal chart form, on its own page, runs from this site&#39;s own files too: it suggests places as you type by asking this site alone. Your date, time and place of birth are sent to our astrology service to draw the chart, and to no one else.`);
    const es = notice({ chartForm: { dailyLimit: 500 }, analytics: { provider: 'goatcounter', code: 'starlight' } }, loadMessages(CONTENT, 'es'));
    expect(es).toContain('Cuenta las visitas con GoatCounter, cuyo script se ejecuta en todas las páginas sin cookies (<a href="https://www.goatcounter.com/help/privacy">su política de privacidad</a>).');
    expect(es).toContain('Tu fecha, hora y lugar de nacimiento se envían a nuestro servicio de astrología');
  });

  it("leaves an owner's page without {{ scripts }} as written, and names the page when its words are missing", () => {
    const own = '<p>We use no trackers.</p>';
    expect(withScriptsNotice(own, 'content/pages/privacy.md', { analytics: { provider: 'goatcounter', code: 'starlight' } }, en)).toBe(own);
    const { privacy: _privacy, ...ui } = en.ui;
    expect(() => withScriptsNotice(PAGE, 'content/pages/es/privacy.md', {}, { ...en, ui: ui as typeof en.ui })).toThrow(
      'content/pages/es/privacy.md: prints {{ scripts }}, whose words content/i18n/en.json lacks: add its "privacy" messages (docs/editing.md)',
    );
  });
});
