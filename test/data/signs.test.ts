import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMessages } from '../../src/data/i18n.ts';
import { readSigns } from '../../src/data/signs.ts';
import { tempDir } from '../helpers/temp-dir.ts';
import { configFailure } from '../helpers/config-failure.ts';

const content = path.resolve(import.meta.dirname, '../fixtures/site/content');
const shipped = JSON.parse(readFileSync(path.join(content, 'signs.json'), 'utf8')) as Record<string, unknown>[];
const en = loadMessages(content, 'en');

function signsFile(entries: unknown): string {
  const file = path.join(tempDir('astro-signs-'), 'signs.json');
  writeFileSync(file, JSON.stringify(entries));
  return file;
}

function failure(entries: unknown): string {
  return configFailure(() => readSigns(signsFile(entries), en, 'content/signs.json')).message;
}

describe('readSigns', () => {
  it("gives each sign its words and dates in the site's language", () => {
    const es = readSigns(path.join(content, 'signs.json'), loadMessages(content, 'es'));
    expect(es[7]).toMatchObject({
      id: 7,
      slug: 'scorpio',
      glyph: '♏',
      name: 'Escorpio',
      element: 'Agua',
      ruler: 'Plutón y Marte',
      dates: '23 de octubre – 21 de noviembre',
    });
    // Capricorn runs into the next year: no year is printed.
    expect(readSigns(path.join(content, 'signs.json'), en)[9]!.dates).toBe('December 22 – January 19');
  });

  it('names the file and field of a bad entry', () => {
    expect(failure(shipped.slice(0, 11))).toBe('content/signs.json: must list the 12 signs');
    expect(failure(shipped.map((s, i) => (i === 2 ? { ...s, from: '5-21' } : s)))).toBe(
      'content/signs.json: 2.from: must be a month and day, MM-DD',
    );
    expect(failure([shipped[1], shipped[0], ...shipped.slice(2)])).toBe(
      'content/signs.json: 0.slug: must be "aries" (entries are in sign_id order, aries first)',
    );
    // The format before the site's words moved to content/i18n/: the stray field is named.
    expect(failure(shipped.map((s) => ({ ...s, name: 'Aries' })))).toBe(
      'content/signs.json: 0.name: is not a known key (a misspelt one?)',
    );
  });
});
