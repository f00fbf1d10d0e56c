// The default site built again in each other shipped language (test/site/helpers/test-sites.ts): every page's visible text
// holds no English string of content/i18n/en.json, the pages validate and link as the English ones do, and the
// language is declared everywhere a machine reads it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Parser } from 'htmlparser2';
import { HtmlValidate } from 'html-validate';
import { describe, expect, it } from 'vitest';
import { metaContent, readBuiltSite } from './helpers/built-site.ts';
import { brokenLinks } from './helpers/link-check.ts';
import { checkSite } from '../../src/cli/check/check-site.ts';
import { childrenNamed, parseXml } from '../../src/cli/check/xml.ts';
import { languageSites as otherLanguageSites, testSite } from './helpers/test-sites.ts';

const i18nDir = path.resolve(import.meta.dirname, '../fixtures/site/content/i18n');
const languageSites = await otherLanguageSites();
const OG_LOCALES: Record<string, string> = { es: 'es_ES', pt: 'pt_BR', fr: 'fr_FR', de: 'de_DE', it: 'it_IT' };
/** Week 48 of 2026 in each language's words and date style (CLDR's, as a native reader expects). */
const WEEK_48: Record<string, string> = {
  es: 'Semana 48: 23–29 de noviembre de 2026',
  pt: 'Semana 48: 23\u2009–\u200929 de novembro de 2026',
  fr: 'Semaine 48\u202f: 23–29 novembre 2026',
  de: 'Woche 48: 23.–29. November 2026',
  it: 'Settimana 48: 23–29 novembre 2026',
};

/**
 * Elements whose words are not the site's own: the editors' Markdown (their pages, their notes on charts), English in
 * the fixture. The reports' and the charts' texts count: the sample service writes them in the site's language.
 */
const FOREIGN_TEXT = /\b(static-page|editor-text)\b/;
/** The editors' English note the fixture appends to one report's text, as a reader sees it. */
const EDITORS_NOTE = readFileSync(
  path.resolve(import.meta.dirname, '../fixtures/site/content/overrides/weekly/2026-w47/leo.md'),
  'utf8',
)
  .replace(/^---[\s\S]*?---/, '')
  .replace(/\*\*/g, '')
  .trim();

/**
 * What a reader sees or hears of a page: its title, text and aria-labels, without the head, scripts, the chart
 * wheel's SVG, the service's and editors' texts, and the planet names the service gives the chart table.
 */
function visibleText(html: string): string {
  const parts: string[] = [];
  // One entry per open element: whether its text is skipped, and whether it is the head (whose <title> counts).
  const open: { skip: boolean; head: boolean }[] = [];
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const parent = open.at(-1);
        const skip =
          (parent?.skip === true && !(parent.head && name === 'title')) ||
          ['head', 'script', 'style', 'svg'].includes(name) ||
          FOREIGN_TEXT.test(attribs.class ?? '') ||
          (name === 'th' && attribs.scope === 'row');
        open.push({ skip, head: name === 'head' });
        if (!skip && attribs['aria-label']) parts.push(attribs['aria-label']);
      },
      ontext(text) {
        if (open.at(-1)?.skip === false) parts.push(text);
      },
      onclosetag() {
        open.pop();
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return parts.join(' ').replace(/\s+/g, ' ');
}

/** The literal words of every English message (placeholders and ICU syntax taken out), four letters or more. */
function englishFragments(): string[] {
  const en = JSON.parse(readFileSync(path.join(i18nDir, 'en.json'), 'utf8')) as object;
  const texts: string[] = [];
  const walk = (node: object) =>
    Object.values(node).forEach((v) => (typeof v === 'string' ? texts.push(v) : walk(v as object)));
  walk(en);
  const fragments = texts.flatMap((text) =>
    text
      .replace(/\{\w+(, \w+,)?\s*|\b(one|other|=\d+) \{|[{}#]/g, '\0')
      .split('\0')
      .map((f) => f.replace(/^[\s\p{P}\u00AD]+|[\s\p{P}]+$/gu, ''))
      .filter((f) => (f.match(/\p{L}/gu) ?? []).length >= 4),
  );
  return [...new Set(fragments)];
}

/** English fragments the other language does not also use (Aries, Libra, Atom, Position, Sitemap…). */
function untranslatable(language: string): RegExp[] {
  const own = readFileSync(path.join(i18nDir, `${language}.json`), 'utf8').toLowerCase();
  return englishFragments()
    .filter((f) => !own.includes(f.toLowerCase()))
    .map((f) => new RegExp(`(?<!\\p{L})${f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\p{L})`, 'iu'));
}

const validator = new HtmlValidate({ extends: ['html-validate:standard'] });

describe('the check for English words', () => {
  it('is live: the English home page is full of them, and a Spanish page in which one slipped through is caught', async () => {
    const english = readBuiltSite((await testSite()).dist).read('index.html');
    expect(untranslatable('es').filter((re) => re.test(visibleText(english))).length).toBeGreaterThan(5);
    const spanish = readBuiltSite(languageSites.es!)
      .read('index.html')
      .replace('Saltar al contenido', 'Skip to content');
    expect(
      untranslatable('es')
        .filter((re) => re.test(visibleText(spanish)))
        .map(String),
    ).toEqual(['/(?<!\\p{L})Skip to content(?!\\p{L})/iu']);
  });

  it("skips the texts that are not the site's own words, and keeps aria-labels and the title", () => {
    const html =
      '<html><head><title>Mi título</title><meta name="x" content="Home"></head><body><nav aria-label="Signos">' +
      '<div class="editor-text"><p>Weekly horoscope</p></div><svg><title>Sun</title></svg><p>Hola</p></nav></body></html>';
    expect(visibleText(html).trim()).toBe('Mi título Signos Hola');
  });
});

describe.each(Object.keys(OG_LOCALES))('the site in %s', (language) => {
  const site = readBuiltSite(languageSites[language]!);
  const patterns = untranslatable(language);

  it('shows no English string of the message file on any page', () => {
    expect(patterns.length).toBeGreaterThan(60);
    const found: string[] = [];
    for (const [file, html] of site.html) {
      const text = visibleText(html).replace(EDITORS_NOTE, '');
      for (const re of patterns) if (re.test(text)) found.push(`${file}: ${re.source.slice(10, -9)}`);
    }
    expect(found.slice(0, 20)).toEqual([]);
  });

  it("explains the month grid's bold days, icons and today in its own words", () => {
    const { calendar } = JSON.parse(readFileSync(path.join(i18nDir, `${language}.json`), 'utf8')) as {
      calendar: Record<string, string>;
    };
    const legend = /<ul class="moon-grid-legend">([\s\S]*?)<\/ul>/.exec(site.read('calendar/2026-11/index.html'))?.[1];
    for (const key of ['legendEvents', 'legendMoon', 'legendToday']) expect(legend).toContain(calendar[key]);
  });

  it('names the week and writes its dates as the language does', () => {
    const weeks = site.read('weekly/index.html');
    expect(weeks).toContain(`<a href="/weekly/2026-w48/">${WEEK_48[language]}</a>`);
  });

  it('declares its language in html lang, og:locale, the feeds and JSON-LD', () => {
    for (const [file, html] of site.html) {
      expect(html, file).toContain(`<html lang="${language}">`);
      expect(metaContent(html, 'og:locale'), file).toBe(OG_LOCALES[language]);
    }
    expect(site.read('weekly/2026-w47/leo/index.html')).toContain(`"inLanguage":"${language}"`);
    const feed = parseXml(site.read('leo/feed.xml'));
    expect(feed.attribs['xml:lang']).toBe(language);
    expect(childrenNamed(feed, 'entry').length).toBeGreaterThan(0);
  });

  it('validates with html-validate and every internal link resolves', async () => {
    // Five periods (test/site/helpers/test-sites.ts): 60 reports, 5 period hubs, 12 sign hubs, 4 archives, 3 charts and
    // their index, 2 editors' pages, the home, search and 404 pages, the calendar's hub, years 2026–2027 and 24 months.
    expect(site.html.size).toBe(60 + 5 + 12 + 4 + 4 + 2 + 3 + 27);
    const problems: string[] = [];
    for (const [file, text] of site.html) {
      const report = await validator.validateString(text, file);
      for (const m of report.results.flatMap((r) => r.messages))
        problems.push(`${file}:${m.line}:${m.column} ${m.ruleId}: ${m.message}`);
    }
    expect(problems.slice(0, 20)).toEqual([]);
    expect(
      brokenLinks(site, { origin: 'https://horoscopes.example.com', pathPrefix: '/' }).broken.slice(0, 20),
    ).toEqual([]);
  });

  it('npm run check finds no problem in it', () => {
    // As the site's content/site.json says (test/site/helpers/test-sites.ts): no JSON API and no card.
    expect(
      checkSite(site.dir, { url: 'https://horoscopes.example.com', language, api: false, card: false }).problems,
    ).toEqual([]);
  });
});
