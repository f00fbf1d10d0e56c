// The sentence on trackers and scripts an editors' page shows where its Markdown has the paragraph `{{ scripts }}`
// (the shipped privacy page does): made from the settings, so it stays true when analytics or the chart form is
// turned on. A page without that paragraph is left as written. Words from the message file's `privacy` group.
import { ConfigError, type SiteConfig } from '../data/config.ts';
import type { Messages } from '../data/i18n.ts';
import { escapeHtml } from '../data/sanitize.ts';

/** The paragraph markdown-it makes of the line `{{ scripts }}`. */
const MARKER = /<p>\{\{ ?scripts ?\}\}<\/p>/;

/** Each provider's name and its own privacy page. */
const PROVIDERS: Record<NonNullable<SiteConfig['analytics']>['provider'], { name: string; policy: string }> = {
  plausible: { name: 'Plausible Analytics', policy: 'https://plausible.io/privacy' },
  goatcounter: { name: 'GoatCounter', policy: 'https://www.goatcounter.com/help/privacy' },
  umami: { name: 'Umami', policy: 'https://umami.is/privacy' },
  cloudflare: { name: 'Cloudflare Web Analytics', policy: 'https://www.cloudflare.com/privacypolicy/' },
};

/** The notice's paragraphs, as HTML. */
export function scriptsNotice(site: Pick<SiteConfig, 'analytics' | 'chartForm'>, { t }: Pick<Messages, 't'>): string {
  const analytics = site.analytics && PROVIDERS[site.analytics.provider];
  let first = escapeHtml(t('privacy.noTrackers'));
  if (analytics) {
    // Placeholders stand in for the markup until the text is escaped: no message text is ever read as HTML.
    const text = escapeHtml(t('privacy.analytics', { provider: '\u0001provider\u0001', policy: '\u0001policy\u0001' }));
    first = text
      .replace('\u0001provider\u0001', escapeHtml(analytics.name))
      .replace('\u0001policy\u0001', `<a href="${analytics.policy}">${escapeHtml(t('privacy.policyLink'))}</a>`);
  }
  const scripts = [
    t('privacy.search'),
    t('privacy.sign'),
    ...(site.chartForm ? [t('privacy.chartForm'), t('chartForm.privacy')] : []),
  ];
  return [`<p>${first}</p>`, `<p>${scripts.map(escapeHtml).join(' ')}</p>`].join('\n');
}

/** `html` with its `{{ scripts }}` paragraph made from the settings; `file` names the page when its words are missing. */
export function withScriptsNotice(
  html: string,
  file: string,
  site: Pick<SiteConfig, 'analytics' | 'chartForm'>,
  messages: Pick<Messages, 't' | 'file' | 'ui'>,
): string {
  if (!MARKER.test(html)) return html;
  if (!messages.ui.privacy)
    throw new ConfigError(
      file,
      `prints {{ scripts }}, whose words ${messages.file} lacks: add its "privacy" messages (docs/editing.md)`,
    );
  const notice = scriptsNotice(site, messages);
  return html.replace(new RegExp(MARKER.source, 'g'), () => notice);
}
