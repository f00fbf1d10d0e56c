// The static JSON API partners read (docs/syndication.md): per language, an index of the signs and kinds, each
// sign's current report of each kind at a stable address, every dated report at its own, and an archive per sign
// and kind; with the card on, what the card shows of each current report, a fraction of the report's bytes. Every
// document is made here; src/eleventy/api-files-plugin.ts writes it as JSON. Addresses are absolute, for pages on
// other origins; texts come as the sanitized HTML the pages show and as plain text. And the page at the API's folder.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Parser } from 'htmlparser2';
import type { Sign } from '../data/signs.ts';
import type { Messages } from '../data/i18n.ts';
import type { ApiFile, ApiPage, ReportPage, SignHub } from './types.ts';
import {
  API_INDEX,
  API_ROOT,
  API_SCHEMA,
  apiArchiveUrl,
  apiCardUrl,
  apiCurrentUrl,
  apiReportUrl,
  KIND_ORDER,
  KIND_SEGMENTS,
  SITE_PATHS,
  type SiteUrls,
} from './urls.ts';

/** The schema every document is valid against, published at `/api/v1/schema.json` with its own address as `$id`. */
export const API_SCHEMA_FILE = path.join(import.meta.dirname, 'api-schema.json');
let schema: Record<string, unknown> | undefined;

/** Elements that end a paragraph of the plain text; a table cell ends a word. */
const BLOCKS = new Set([
  'p',
  'div',
  'br',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
  'table',
  'tr',
  'dl',
  'dt',
  'dd',
  'pre',
  'hr',
  'figure',
  'figcaption',
]);

/** Sanitized HTML as plain text: its paragraphs (blocks, list items, headings) apart by a blank line, spaces folded. */
export function htmlToText(html: string): string {
  const paragraphs: string[] = [];
  let line = '';
  const flush = () => {
    const text = line.replace(/\s+/g, ' ').trim();
    if (text) paragraphs.push(text);
    line = '';
  };
  const parser = new Parser(
    {
      onopentag: (name) => (BLOCKS.has(name) ? flush() : undefined),
      onclosetag: (name) => (BLOCKS.has(name) ? flush() : name === 'td' || name === 'th' ? (line += ' ') : undefined),
      ontext: (text) => (line += text),
    },
    { decodeEntities: true },
  );
  parser.end(html);
  flush();
  return paragraphs.join('\n\n');
}

interface ApiSite {
  title: string;
  language: string;
  /** site.json's `card`: off, no card document is written (src/model/embed.ts writes no card either). */
  card?: boolean | undefined;
}

const signOf = (sign: Sign) => ({ slug: sign.slug, name: sign.name, glyph: sign.glyph, dates: sign.dates });
const periodOf = ({ period }: ReportPage) => ({
  key: period.key,
  label: period.label,
  start: period.start,
  end: period.end,
});

/** One report as the API gives it. */
function reportDocument(page: ReportPage, site: ApiSite, urls: SiteUrls) {
  return {
    type: 'report',
    language: site.language,
    site: { title: site.title, url: urls.absolute(urls.page(SITE_PATHS.home)) },
    sign: signOf(page.sign),
    kind: KIND_SEGMENTS[page.kind],
    kindTitle: page.kindTitle,
    period: periodOf(page),
    title: page.title,
    heading: page.heading,
    url: urls.absolute(page.url),
    published: page.published,
    updated: page.updated,
    intro: { html: page.intro, text: htmlToText(page.intro) },
    text: { html: page.text, text: htmlToText(page.text) },
  };
}

/**
 * What the card (templates/embed-card.njk) shows of a report, picked from its document in the same shape: its sign's
 * glyph, heading, period's label, intro as plain text, and the links to its page and the site. The card reads this alone.
 */
function cardDocument({
  language,
  site,
  sign,
  period,
  title,
  heading,
  url,
  intro,
}: ReturnType<typeof reportDocument>): object {
  return {
    type: 'card',
    language,
    site,
    sign: { glyph: sign.glyph },
    period: { label: period.label },
    title,
    heading,
    url,
    intro: { text: intro.text },
  };
}

/**
 * A report's file, its document made when first read (and shared with the sign's current file): a build writes
 * only the files whose page changed, and the documents' plain texts cost more than the rest of the API.
 */
function reportFile(url: string, page: ReportPage, document: () => object): ApiFile {
  return {
    url,
    report: page,
    get document() {
      return document();
    },
  };
}

/** The page at the API's folder, in the site's words: what the API is, and links to its index and schema. */
export function apiPage(site: ApiSite, urls: SiteUrls, t: Messages['t']): ApiPage {
  const title = t('api.title');
  return {
    url: urls.page(API_ROOT),
    documentTitle: t('site.documentTitle', { page: title, site: site.title }),
    title,
    description: t('api.description', { site: site.title }),
    links: [
      { url: urls.page(API_INDEX), label: t('api.index') },
      { url: urls.page(API_SCHEMA), label: t('api.schema') },
    ],
  };
}

/** Every file of the API of one language's site: its index, the schema, and per sign and kind the reports (and card). */
export function apiFiles(signHubs: readonly SignHub[], site: ApiSite, urls: SiteUrls): ApiFile[] {
  const absolute = (sitePath: string) => urls.absolute(urls.page(sitePath));
  const card = site.card !== false;
  const files: ApiFile[] = [];
  const index = {
    type: 'index',
    language: site.language,
    site: { title: site.title, url: absolute(SITE_PATHS.home) },
    schema: absolute(API_SCHEMA),
    kinds: KIND_ORDER.map((kind) => KIND_SEGMENTS[kind]),
    signs: signHubs.map((hub) => ({
      ...signOf(hub.sign),
      url: urls.absolute(hub.url),
      ...(hub.today
        ? {
            today: {
              moonSign: hub.today.moonSign.slug,
              house: hub.today.house,
              until: hub.today.until,
              text: hub.today.text,
            },
          }
        : {}),
      reports: Object.fromEntries(
        hub.archive.map(({ kind, kindTitle }) => {
          const current = hub.current[kind];
          const addresses = {
            current: current ? absolute(apiCurrentUrl(hub.sign, kind)) : null,
            ...(card ? { card: current ? absolute(apiCardUrl(hub.sign, kind)) : null } : {}),
          };
          return [
            KIND_SEGMENTS[kind],
            { title: kindTitle, ...addresses, archive: absolute(apiArchiveUrl(hub.sign, kind)) },
          ];
        }),
      ),
    })),
  };
  files.push({ url: urls.page(API_INDEX), document: index });
  schema ??= JSON.parse(readFileSync(API_SCHEMA_FILE, 'utf8')) as Record<string, unknown>;
  files.push({ url: urls.page(API_SCHEMA), document: { ...schema, $id: absolute(API_SCHEMA) } });
  for (const hub of signHubs) {
    for (const { kind, kindTitle, pages } of hub.archive) {
      const reports = pages.map((page) => {
        let document: ReturnType<typeof reportDocument> | undefined;
        return {
          page,
          url: urls.page(apiReportUrl(hub.sign, kind, page.period.key)),
          document: () => (document ??= reportDocument(page, site, urls)),
        };
      });
      for (const { page, url, document } of reports) files.push(reportFile(url, page, document));
      const current = reports.find(({ page }) => page === hub.current[kind]);
      if (current) files.push(reportFile(urls.page(apiCurrentUrl(hub.sign, kind)), current.page, current.document));
      if (current && card)
        files.push(
          reportFile(urls.page(apiCardUrl(hub.sign, kind)), current.page, () => cardDocument(current.document())),
        );
      const archive = {
        type: 'archive',
        language: site.language,
        sign: signOf(hub.sign),
        kind: KIND_SEGMENTS[kind],
        kindTitle,
        // Newest first, as the sign's page lists them.
        reports: reports.map(({ page, url }) => ({
          period: periodOf(page),
          title: page.title,
          url: urls.absolute(url),
          page: urls.absolute(page.url),
          published: page.published,
          updated: page.updated,
        })),
      };
      files.push({ url: urls.page(apiArchiveUrl(hub.sign, kind)), document: archive });
    }
  }
  return files;
}
