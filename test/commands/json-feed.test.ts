// The JSON Feeds: one per sign and language beside each Atom feed, read by a feed parser from npm (feedsmith),
// valid against a schema written from the JSON Feed 1.1 specification (src/cli/check/schemas/), with the Atom feed's
// entries, dates and language, announced by every page that announces the Atom feed, and in no sitemap. The
// smallest site that shows it: the current period of each kind, in English and Spanish, under a path, shared with
// the tests of a site under a path (test/helpers/site-under-path.ts).
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parseFeed } from 'feedsmith';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkSite } from '../../src/cli/check/check-site.ts';
import { decodeAttribute } from '../../src/cli/check/link-check.ts';
import { childrenNamed, childText, parseXml, type XmlElement } from '../../src/cli/check/xml.ts';
import { builtSite } from '../helpers/shared-sites.ts';
import { tempDir } from '../helpers/temp-dir.ts';
import { PUBLISHED, SITE_UNDER_PATH } from '../helpers/site-under-path.ts';
import { readBuiltSite, type BuiltSite } from '../site/helpers/built-site.ts';

const ORIGIN = PUBLISHED.origin;
const PREFIX = PUBLISHED.pathPrefix;
const SIGNS = [
  'aries',
  'taurus',
  'gemini',
  'cancer',
  'leo',
  'virgo',
  'libra',
  'scorpio',
  'sagittarius',
  'capricorn',
  'aquarius',
  'pisces',
];
const FOLDERS = { en: '', es: 'es/' };

let site: BuiltSite;

beforeAll(async () => {
  site = readBuiltSite((await builtSite('site', SITE_UNDER_PATH)).dist);
});

/** JSON Feed 1.1 as the specification words it, compiled by Ajv with its formats (uri, date-time). */
function jsonFeedSchema() {
  const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true });
  (addFormats as unknown as typeof addFormats.default)(ajv);
  return ajv.compile(
    JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, '../../src/cli/check/schemas/json-feed-1.1.schema.json'), 'utf8'),
    ) as object,
  );
}

interface Item {
  id: string;
  url: string;
  title: string;
  summary: string;
  content_html: string;
  date_published: string;
  date_modified: string;
}

const feeds = Object.entries(FOLDERS).flatMap(([language, folder]) =>
  SIGNS.map((sign) => ({ language, folder, sign })),
);

describe('JSON Feed', () => {
  it('is published beside every Atom feed, in each language, and read as JSON Feed by a feed parser', () => {
    expect([...site.files].filter((file) => file.endsWith('/feed.json')).sort()).toEqual(
      feeds.map(({ folder, sign }) => `${folder}${sign}/feed.json`).sort(),
    );
    for (const { folder, sign } of feeds) {
      const parsed = parseFeed(site.read(`${folder}${sign}/feed.json`));
      expect(parsed.format, `${folder}${sign}`).toBe('json');
      if (parsed.format === 'json') expect(parsed.feed.items?.length, `${folder}${sign}`).toBeGreaterThan(0);
    }
  });

  it('is valid against JSON Feed 1.1', () => {
    const validate = jsonFeedSchema();
    for (const { folder, sign } of feeds) {
      const file = `${folder}${sign}/feed.json`;
      expect(validate(JSON.parse(site.read(file))), `${file}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it("carries the Atom feed's entries, in its order, with their titles, dates, HTML and the feed's language", () => {
    for (const { language, folder, sign } of feeds) {
      const atom = parseXml(site.read(`${folder}${sign}/feed.xml`));
      const json = JSON.parse(site.read(`${folder}${sign}/feed.json`)) as {
        title: string;
        language: string;
        feed_url: string;
        home_page_url: string;
        items: Item[];
      };
      expect(json.language).toBe(language);
      expect(atom.attribs['xml:lang']).toBe(language);
      expect(json.title).toBe(childText(atom, 'title'));
      expect(json.feed_url).toBe(`${ORIGIN}${PREFIX}${folder}${sign}/feed.json`);
      expect(json.home_page_url).toBe(`${ORIGIN}${PREFIX}${folder}${sign}/`);
      const entries = childrenNamed(atom, 'entry').map((entry: XmlElement) => ({
        id: childText(entry, 'id'),
        url: childrenNamed(entry, 'link')[0]!.attribs.href,
        title: childText(entry, 'title'),
        summary: childText(entry, 'summary'),
        content_html: childText(entry, 'content'),
        date_published: childText(entry, 'published'),
        date_modified: childText(entry, 'updated'),
      }));
      expect(json.items).toEqual(entries);
    }
  });

  it('is announced beside the Atom feed by the pages that announce it, under the path', () => {
    const pages = ['leo/index.html', 'weekly/2026-w47/leo/index.html', 'monthly/2026-11/leo/index.html'];
    for (const [, folder] of Object.entries(FOLDERS)) {
      for (const page of pages) {
        const html = site.read(`${folder}${page}`);
        const href = /<link rel="alternate" type="application\/feed\+json" title="[^"]+" href="([^"]*)">/.exec(
          html,
        )?.[1];
        expect(href && decodeAttribute(href), `${folder}${page}`).toBe(`${PREFIX}${folder}leo/feed.json`);
      }
    }
    // The home page announces no sign's feed, Atom or JSON.
    expect(site.read('index.html')).not.toContain('application/feed+json');
  });

  it('enters no sitemap', () => {
    const sitemaps = [...site.files].filter((file) => /sitemap[^/]*\.xml$/.test(file));
    expect(sitemaps.length).toBeGreaterThanOrEqual(3);
    for (const file of sitemaps) expect(site.read(file), file).not.toContain('feed.json');
  });

  it('is checked by npm run check, which names a feed that breaks the specification', () => {
    const published = { url: `${ORIGIN}${PREFIX}`, language: 'en', languages: ['en', 'es'] };
    expect(checkSite(site.dir, published).problems).toEqual([]);
    // In a copy: the site is shared, read-only.
    const copy = tempDir('astro-json-feed-');
    cpSync(site.dir, copy, { recursive: true });
    const file = path.join(copy, 'es/leo/feed.json');
    const original = readFileSync(file, 'utf8');
    const feed = JSON.parse(original) as { items: Item[] };
    feed.items[0]!.date_modified = 'yesterday';
    writeFileSync(file, JSON.stringify(feed));
    expect(checkSite(copy, published).problems).toEqual([
      'es/leo/feed.json: is not a valid JSON Feed 1.1: /items/0/date_modified: must match format "date-time"',
    ]);
    writeFileSync(file, original.slice(0, -5));
    expect(checkSite(copy, published).problems).toEqual([
      expect.stringMatching(/^es\/leo\/feed\.json: is not valid JSON \(.+\)$/),
    ]);
  });
});
