// The embeddable card (docs/syndication.md): the `<horoscope-card>` element's script, which reads the JSON API, and
// for hosts that cannot run scripts a page per sign and kind that partners frame. Both show a sign's current report
// and link back to its page, which is the attribution.
import type { SiteConfig } from '../data/config.ts';
import type { Messages } from '../data/i18n.ts';
import { PLAIN_COLOURS } from '../data/share-images.ts';
import { plainText } from './seo.ts';
import type { ThemeColours } from '../data/theme.ts';
import type { CardScript, EmbedPage, SignHub } from './types.ts';
import { API_ROOT, EMBED_SCRIPT, embedPageUrl, KIND_ORDER, SITE_PATHS, type SiteUrls } from './urls.ts';

/** The card's script and the framed pages of one language's site; none when site.json switches the card off. */
export function embedParts(
  signHubs: readonly SignHub[],
  site: Pick<SiteConfig, 'title' | 'language' | 'api' | 'card'>,
  urls: SiteUrls,
  t: Messages['t'],
  colours: ThemeColours = PLAIN_COLOURS,
): { card: CardScript[]; embeds: EmbedPage[] } {
  if (site.card === false || site.api === false) return { card: [], embeds: [] };
  const homeAbsoluteUrl = urls.absolute(urls.page(SITE_PATHS.home));
  const embeds = signHubs.flatMap((hub) =>
    KIND_ORDER.flatMap((kind): EmbedPage[] => {
      const report = hub.current[kind];
      if (!report) return [];
      const documentTitle = t('site.documentTitle', { page: report.title, site: site.title });
      // The report page's own description (src/model/seo.ts): what a link preview of the frame's address shows.
      const description = plainText(report.intro) || report.title;
      return [
        {
          url: urls.page(embedPageUrl(hub.sign, kind)),
          report,
          documentTitle,
          description,
          homeAbsoluteUrl,
          reportAbsoluteUrl: urls.absolute(report.url),
        },
      ];
    }),
  );
  const root = urls.absolute(urls.page('/'));
  const apis = { [site.language]: relativeTo(root, urls.absolute(urls.page(API_ROOT))) };
  return {
    card: [
      { url: urls.page(EMBED_SCRIPT), config: { apis, root, title: site.title, language: site.language, colours } },
    ],
    embeds,
  };
}

/** The root's card on a site of several languages: it reads every language's API; the other languages write none. */
export function joinedCard(card: readonly CardScript[], apis: Record<string, string>, root: boolean): CardScript[] {
  return root
    ? card.map((script) => ({
        ...script,
        config: {
          ...script.config,
          apis: Object.fromEntries(
            Object.entries(apis).map(([language, api]) => [language, relativeTo(script.config.root, api)]),
          ),
        },
      }))
    : [];
}

/**
 * `https://x.org/h/es/api/v1/` under `https://x.org/h/` → `es/api/v1/`, found from wherever the card's script is
 * served; a language published at an address of its own keeps it whole (the card resolves both against its root).
 */
function relativeTo(root: string, url: string): string {
  return url.startsWith(root) ? url.slice(root.length) : url;
}
