// The page dates kept between builds: the pure update step with dates worked out by hand, and the file's load
// (missing, damaged) and atomic save.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  contentHash,
  loadPageHistory,
  savePageHistory,
  updatePageDates,
  type PageHistory,
} from '../../src/data/page-dates.ts';

const LAST_WEEK = { url: '/weekly/2026-w46/leo/', hash: 'a', introHash: 'ia', periodStart: '2026-11-09' };
const THIS_WEEK = { url: '/weekly/2026-w47/leo/', hash: 'b', introHash: 'ib', periodStart: '2026-11-16' };
const NEXT_WEEK = { url: '/weekly/2026-w48/leo/', hash: 'c', introHash: 'ic', periodStart: '2026-11-23' };
const NEXT_YEAR = { url: '/yearly/2027/leo/', hash: 'd', introHash: 'id', periodStart: '2027-01-01' };

describe('updatePageDates', () => {
  it('in a cold build dates a period that has started from its first day, and a future one from the build', () => {
    const { dates, history } = updatePageDates({}, [LAST_WEEK, THIS_WEEK, NEXT_WEEK, NEXT_YEAR], '2026-11-22');
    expect(Object.fromEntries(dates)).toEqual({
      '/weekly/2026-w46/leo/': { published: '2026-11-09', updated: '2026-11-09', introUpdated: '2026-11-09' },
      '/weekly/2026-w47/leo/': { published: '2026-11-16', updated: '2026-11-16', introUpdated: '2026-11-16' },
      '/weekly/2026-w48/leo/': { published: '2026-11-22', updated: '2026-11-22', introUpdated: '2026-11-22' },
      '/yearly/2027/leo/': { published: '2026-11-22', updated: '2026-11-22', introUpdated: '2026-11-22' },
    });
    expect(history['/yearly/2027/leo/']).toEqual({
      firstSeen: '2026-11-22',
      hash: 'd',
      changed: '2026-11-22',
      introHash: 'id',
      introChanged: '2026-11-22',
    });
  });

  it('keeps both dates of a page whose text did not change', () => {
    const known: PageHistory = {
      [NEXT_WEEK.url]: {
        firstSeen: '2026-11-22',
        hash: 'c',
        changed: '2026-11-22',
        introHash: 'ic',
        introChanged: '2026-11-22',
      },
    };
    const { dates, history } = updatePageDates(known, [NEXT_WEEK], '2026-11-25');
    expect(dates.get(NEXT_WEEK.url)).toEqual({
      published: '2026-11-22',
      updated: '2026-11-22',
      introUpdated: '2026-11-22',
    });
    expect(history).toEqual(known);
  });

  it('moves only the updated date of a page whose text changed, and its intro date too when the intro did', () => {
    const known: PageHistory = {
      // The text changed since, the intro did not.
      [THIS_WEEK.url]: {
        firstSeen: '2026-11-16',
        hash: 'old',
        changed: '2026-11-18',
        introHash: 'ib',
        introChanged: '2026-11-16',
      },
      [LAST_WEEK.url]: {
        firstSeen: '2026-11-09',
        hash: 'a',
        changed: '2026-11-09',
        introHash: 'ia',
        introChanged: '2026-11-09',
      },
    };
    const { dates, history } = updatePageDates(known, [LAST_WEEK, THIS_WEEK], '2026-11-20');
    expect(dates.get(THIS_WEEK.url)).toEqual({
      published: '2026-11-16',
      updated: '2026-11-20',
      introUpdated: '2026-11-16',
    });
    expect(dates.get(LAST_WEEK.url)).toEqual({
      published: '2026-11-09',
      updated: '2026-11-09',
      introUpdated: '2026-11-09',
    });
    expect(history[THIS_WEEK.url]).toEqual({
      firstSeen: '2026-11-16',
      hash: 'b',
      changed: '2026-11-20',
      introHash: 'ib',
      introChanged: '2026-11-16',
    });
    // The next day the intro changes as well.
    const revisedIntro = { ...THIS_WEEK, hash: 'b2', introHash: 'ib2' };
    expect(updatePageDates(history, [revisedIntro], '2026-11-21').dates.get(THIS_WEEK.url)).toEqual({
      published: '2026-11-16',
      updated: '2026-11-21',
      introUpdated: '2026-11-21',
    });
  });

  it('dates a page that is new to a warm build from that build, even when its period has started', () => {
    const known: PageHistory = {
      [THIS_WEEK.url]: {
        firstSeen: '2026-11-16',
        hash: 'b',
        changed: '2026-11-16',
        introHash: 'ib',
        introChanged: '2026-11-16',
      },
    };
    const { dates, history } = updatePageDates(known, [LAST_WEEK, THIS_WEEK], '2026-11-22');
    expect(dates.get(LAST_WEEK.url)).toEqual({
      published: '2026-11-22',
      updated: '2026-11-22',
      introUpdated: '2026-11-22',
    });
    // Pages that left the window keep their record, and the input is not changed.
    expect(updatePageDates(known, [], '2026-11-22').history).toEqual(known);
    expect(Object.keys(history).sort()).toEqual([LAST_WEEK.url, THIS_WEEK.url]);
    expect(Object.keys(known)).toEqual([THIS_WEEK.url]);
  });

  it('never dates a page after the build, even from a history written by a later-dated build', () => {
    const known: PageHistory = {
      [NEXT_WEEK.url]: {
        firstSeen: '2026-11-24',
        hash: 'c',
        changed: '2026-11-26',
        introHash: 'ic',
        introChanged: '2026-11-24',
      },
    };
    expect(updatePageDates(known, [NEXT_WEEK], '2026-11-22').dates.get(NEXT_WEEK.url)).toEqual({
      published: '2026-11-22',
      updated: '2026-11-22',
      introUpdated: '2026-11-22',
    });
  });
});

describe('contentHash', () => {
  it('tells intro and text apart, and is stable', () => {
    expect(contentHash('<p>a</p>', '<p>b</p>')).toBe(contentHash('<p>a</p>', '<p>b</p>'));
    expect(contentHash('<p>a</p>', '<p>b</p>')).not.toBe(contentHash('<p>a</p><p>b</p>', ''));
    expect(contentHash('x')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('the history file', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'page-dates-'));
    file = path.join(dir, 'service', 'page-dates.json');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is empty when missing, and reads back what was saved, leaving no temporary file', async () => {
    expect(await loadPageHistory(file)).toEqual({ history: {} });
    const history: PageHistory = {
      '/weekly/2026-w47/leo/': {
        firstSeen: '2026-11-16',
        hash: 'b',
        changed: '2026-11-16',
        introHash: 'ib',
        introChanged: '2026-11-16',
      },
      '/monthly/2026-11/leo/': {
        firstSeen: '2026-11-01',
        hash: 'e',
        changed: '2026-11-20',
        introHash: 'ie',
        introChanged: '2026-11-01',
      },
    };
    await savePageHistory(file, history);
    expect(await loadPageHistory(file)).toEqual({ history });
    expect(readdirSync(path.dirname(file))).toEqual(['page-dates.json']);
    // URL order, so the file diffs well.
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')) as object)).toEqual([
      '/monthly/2026-11/leo/',
      '/weekly/2026-w47/leo/',
    ]);
  });

  const record = (change: Record<string, string> = {}) =>
    JSON.stringify({
      firstSeen: '2026-11-16',
      hash: 'b',
      changed: '2026-11-16',
      introHash: 'ib',
      introChanged: '2026-11-16',
      ...change,
    });

  it.each([
    ['not JSON', '{"/weekly/2026-w47/leo/": {', /^.*page-dates\.json: .*JSON/],
    [
      'a bad date',
      '{"/weekly/2026-w47/leo/": {"firstSeen": "16 Nov", "hash": "b", "changed": "2026-11-16"}}',
      /page-dates\.json: \/weekly\/2026-w47\/leo\/\.firstSeen: must be a date YYYY-MM-DD$/,
    ],
    [
      'a missing field',
      '{"/weekly/2026-w47/leo/": {"firstSeen": "2026-11-16", "changed": "2026-11-16"}}',
      /page-dates\.json: \/weekly\/2026-w47\/leo\/\.hash: /,
    ],
    ['an array', '[]', /page-dates\.json: must be a JSON object of page dates by page URL$/],
    [
      'a key that is no URL',
      '{"leo": {"firstSeen": "2026-11-16", "hash": "b", "changed": "2026-11-16"}}',
      /page-dates\.json: leo: is not a page URL/,
    ],
    // Whole records but for one thing: the hand check before zod (page-dates.ts `isHistory`) must refuse each.
    [
      'an extra field',
      `{"/weekly/2026-w47/leo/": ${record({ extra: 'x' })}}`,
      /page-dates\.json: \/weekly\/2026-w47\/leo\/: .*extra/,
    ],
    [
      'an empty hash',
      `{"/weekly/2026-w47/leo/": ${record({ hash: '' })}}`,
      /page-dates\.json: \/weekly\/2026-w47\/leo\/\.hash: /,
    ],
    [
      'a bad intro date',
      `{"/weekly/2026-w47/leo/": ${record({ introChanged: 'soon' })}}`,
      /\/weekly\/2026-w47\/leo\/\.introChanged: must be a date YYYY-MM-DD$/,
    ],
    ['a whole record under a key that is no URL', `{"leo": ${record()}}`, /page-dates\.json: leo: is not a page URL/],
  ])('when damaged (%s) is empty, with a one-line problem naming the file', async (_what, text, problem) => {
    await savePageHistory(file, {});
    writeFileSync(file, text);
    const loaded = await loadPageHistory(file);
    expect(loaded.history).toEqual({});
    expect(loaded.problem).toMatch(problem);
    expect(loaded.problem!.startsWith(file)).toBe(true);
    expect(loaded.problem).not.toContain('\n');
  });
});
