// The JSON API's documents (src/model/api.ts) as the model makes them: archives newest first, an index that links a
// sign's current report only where there is one, and plain texts whose paragraphs and list items stay apart with
// their white space folded.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { monthPeriod, weekPeriod } from '../../src/data/periods.ts';
import { API_SCHEMA_FILE, htmlToText } from '../../src/model/api.ts';
import { modelOf, site } from './fixture.ts';

/** A document of the API, as loosely read as JSON is. */
interface Doc {
  reports: { period: { key: string } }[] & Record<string, Record<string, unknown>>;
  signs: { slug: string; reports: Record<string, Record<string, unknown>> }[];
}
const documentOf = (model: ReturnType<typeof modelOf>, url: string) =>
  model.api.find((file) => file.url === url)!.document as Doc;

describe('the JSON API documents', () => {
  // Three weeks around 2026-11-22, and a month that has ended: no monthly report is current.
  const model = modelOf([weekPeriod(2026, 46), weekPeriod(2026, 47), weekPeriod(2026, 48), monthPeriod(2026, 10)]);

  it('lists an archive newest first, as the docs say', () => {
    const archive = documentOf(model, '/api/v1/leo/weekly/index.json');
    expect(archive.reports.map((report) => report.period.key)).toEqual(['2026-w48', '2026-w47', '2026-w46']);
  });

  it('links current.json and card.json only for a kind that has a current report, and writes neither for the others', () => {
    const leo = documentOf(model, '/api/v1/index.json').signs.find((sign) => sign.slug === 'leo')!;
    expect(leo.reports.weekly!.current).toBe('https://stars.example.org/api/v1/leo/weekly/current.json');
    expect(leo.reports.weekly!.card).toBe('https://stars.example.org/api/v1/leo/weekly/card.json');
    expect(leo.reports.monthly).toEqual({
      title: expect.any(String),
      current: null,
      card: null,
      archive: 'https://stars.example.org/api/v1/leo/monthly/index.json',
    });
    const urls = model.api.map((file) => file.url);
    expect(urls).toContain('/api/v1/leo/weekly/card.json');
    expect(urls).toContain('/api/v1/leo/monthly/2026-10.json');
    expect(urls).not.toContain('/api/v1/leo/monthly/current.json');
    expect(urls).not.toContain('/api/v1/leo/monthly/card.json');
  });

  it("gives each sign its line of the day: on 2026-11-22 the Moon in Taurus, Leo's 10th house, until the 24th at 11:10 UTC", () => {
    const signs = documentOf(model, '/api/v1/index.json').signs as unknown as {
      slug: string;
      today: { moonSign: string; house: number; until: string; text: string };
    }[];
    const leo = signs.find((sign) => sign.slug === 'leo')!;
    expect(leo.today).toEqual({
      moonSign: 'taurus',
      house: 10,
      until: expect.stringMatching(/^2026-11-24T11:1\d:00Z$/),
      text: expect.stringContaining('your 10th house of career and reputation'),
    });
    expect(signs.map((sign) => sign.today.house)).toEqual([2, 1, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    const ajv = new Ajv2020({ strict: false });
    (addFormats as unknown as typeof addFormats.default)(ajv);
    const validate = ajv.compile(JSON.parse(readFileSync(API_SCHEMA_FILE, 'utf8')) as object);
    expect(validate(documentOf(model, '/api/v1/index.json')), JSON.stringify(validate.errors)).toBe(true);
  });

  it("writes no card's document, and lists none, with the card off; current.json stays as it is", () => {
    const off = modelOf([weekPeriod(2026, 47)], { site: { ...site, card: false } });
    const on = modelOf([weekPeriod(2026, 47)]);
    expect(off.api.filter((file) => file.url.endsWith('/card.json'))).toEqual([]);
    expect(
      documentOf(off, '/api/v1/index.json').signs.find((sign) => sign.slug === 'leo')!.reports.weekly,
    ).not.toHaveProperty('card');
    expect(documentOf(off, '/api/v1/leo/weekly/current.json')).toEqual(
      documentOf(on, '/api/v1/leo/weekly/current.json'),
    );
  });
});

describe('the plain text of a report', () => {
  it('keeps list items apart, a paragraph each', () => {
    expect(htmlToText('<p>Lucky days:</p><ul><li>Monday</li><li>Friday</li></ul>')).toBe(
      'Lucky days:\n\nMonday\n\nFriday',
    );
  });

  it('folds runs of white space and newlines into one space', () => {
    expect(htmlToText('<p>  The   Sun\n\n enters\tSagittarius.  </p>\n\n<p>Play.</p>')).toBe(
      'The Sun enters Sagittarius.\n\nPlay.',
    );
  });

  it('decodes entities and keeps table cells apart by a space', () => {
    expect(htmlToText('<table><tr><td>Sun</td><td>Leo</td></tr></table><p>A &amp; B</p>')).toBe('Sun Leo\n\nA & B');
  });
});

describe("the API's schema", () => {
  it('is valid against its own meta-schema (JSON Schema 2020-12), as Ajv reads it without the strict rules', () => {
    const ajv = new Ajv2020({ strict: false });
    (addFormats as unknown as typeof addFormats.default)(ajv);
    const schema = JSON.parse(readFileSync(API_SCHEMA_FILE, 'utf8')) as object;
    expect(ajv.validateSchema(schema), JSON.stringify(ajv.errors)).toBe(true);
    // And as published, with its address as `$id`.
    const model = modelOf([weekPeriod(2026, 47)]);
    expect(ajv.validateSchema(documentOf(model, '/api/v1/schema.json')), JSON.stringify(ajv.errors)).toBe(true);
  });
});
