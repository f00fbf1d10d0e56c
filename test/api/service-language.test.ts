// The `lang` the service is sent for a site's language, by the build's charts and the Worker alike: the tag's
// primary language subtag (RFC 5646 §2.2.1), which docs/service-api.md says is a two-letter code.
import { describe, expect, it } from 'vitest';
import { serviceLanguage } from '../../src/api/requests.ts';
import { readChartFiles } from '../../src/data/charts.ts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

describe('serviceLanguage', () => {
  it.each([
    ['pt-BR', 'pt'],
    ['es-MX', 'es'],
    ['en-GB', 'en'],
    ['en', 'en'],
    ['ES', 'es'],
  ])('sends %s as %s', (tag, lang) => {
    expect(serviceLanguage(tag)).toBe(lang);
  });

  it('is what a chart page of a regional site is drawn in when its file names no language', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'astro-service-language-'));
    try {
      writeFileSync(
        path.join(dir, 'ada.md'),
        '---\nname: Ada\ndate: 1815-12-10\ntime: "13:00"\nplace: London\n---\nText\n',
      );
      expect((await readChartFiles(dir, 'pt-BR')).map((chart) => chart.lang)).toEqual(['pt']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
