import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { SIGN_SLUGS } from '../../src/data/signs.ts';

const siteDir = inject('siteDir');
const read = (p: string) => readFileSync(path.join(siteDir, p), 'utf8');

describe('the built site (sample service, 2026-11-22)', () => {
  it('has 12 sign pages for every published period, at the public URLs', () => {
    const periods = [
      ...['2026-w43', '2026-w44', '2026-w45', '2026-w46', '2026-w47', '2026-w48'].map((k) => `weekly/${k}`),
      ...['2026-09', '2026-10', '2026-11', '2026-12'].map((k) => `monthly/${k}`),
      ...['2025', '2026', '2027'].map((k) => `yearly/${k}`),
      ...['2025', '2026', '2027'].map((k) => `ascendant/${k}`),
    ];
    for (const period of periods) {
      expect(existsSync(path.join(siteDir, period, 'index.html')), `${period}/ hub`).toBe(true);
      for (const sign of SIGN_SLUGS) expect(existsSync(path.join(siteDir, period, sign, 'index.html')), `${period}/${sign}/`).toBe(true);
    }
    expect(existsSync(path.join(siteDir, 'weekly/2026-w42'))).toBe(false);
    expect(existsSync(path.join(siteDir, 'weekly/2026-w49'))).toBe(false);
  });

  it('has a hub per sign and a home page', () => {
    for (const sign of SIGN_SLUGS) expect(read(`${sign}/index.html`)).toContain(`/weekly/2026-w47/${sign}/`);
    expect(read('index.html')).toContain('/aries/');
  });

  it('shows the sign, the period in words, the intro and the text, and says it is sample content', () => {
    const html = read('weekly/2026-w47/leo/index.html');
    expect(html).toContain('Leo');
    expect(html).toContain('November 16 – 22, 2026');
    expect(html).toMatch(/class="intro"/);
    expect(html).toMatch(/sample content/i);
  });
});
