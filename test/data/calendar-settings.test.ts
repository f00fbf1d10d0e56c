// content/site.json `calendar`: on by default in UTC, off with false, an unknown time zone refused in one line.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/data/config.ts';
import { calendarTimeZone } from '../../src/data/calendar-settings.ts';
import { tempDir } from '../helpers/temp-dir.ts';
import { configFailure } from '../helpers/config-failure.ts';

const window = { past: 1, future: 1 };
const site = (extra: object) => ({
  title: 'T',
  url: 'https://example.com',
  language: 'en',
  periods: { weekly: window, monthly: window, yearly: window, ascendantYearly: window },
  ...extra,
});

function load(extra: object) {
  const root = tempDir('astro-calendar-');
  mkdirSync(path.join(root, 'content'));
  writeFileSync(path.join(root, 'content', 'site.json'), JSON.stringify(site(extra)));
  return loadConfig(root, {});
}

describe('calendar setting', () => {
  it('is on in UTC when left out, off with false, in the zone named', () => {
    expect(calendarTimeZone(load({}).site.calendar)).toBe('UTC');
    expect(calendarTimeZone(load({ calendar: false }).site.calendar)).toBeUndefined();
    expect(calendarTimeZone(load({ calendar: { timeZone: 'Europe/Madrid' } }).site.calendar)).toBe('Europe/Madrid');
  });

  it('refuses an unknown time zone in one line naming the field', () => {
    const error = configFailure(() => load({ calendar: { timeZone: 'Mars/Olympus_Mons' } }));
    expect(error.message).toBe(
      'content/site.json: calendar.timeZone: must be an IANA time zone name such as "Europe/Madrid", "America/New_York" or "UTC"',
    );
    expect(error.message).not.toContain('\n');
  });

  it('refuses a misspelt key and a value of the wrong kind', () => {
    expect(configFailure(() => load({ calendar: { timezone: 'UTC' } })).message).toBe(
      'content/site.json: calendar.timezone: is not a setting of calendar (a misspelt one?); known: timeZone',
    );
    expect(configFailure(() => load({ calendar: 'Europe/Madrid' })).message).toMatch(
      /^content\/site\.json: calendar: must be false/,
    );
  });
});
