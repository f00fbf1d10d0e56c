// The check of what a site of several languages wrote: reciprocal hreflang clusters, valid tags, one line naming the page.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkAlternates,
  hreflangProblems,
  readAlternates,
  type WrittenPage,
} from '../../../src/cli/builder/check-alternates.ts';
import { formatProblem } from '../../../src/cli/check/site-rule.ts';
import { tempDir } from '../../helpers/temp-dir.ts';

const O = 'https://s.example';

/** A written page: its canonical URL and its hreflang links (`tag url`). */
function page(file: string, canonical: string, alternates: string[]) {
  const links = alternates
    .map((a) => a.split(' '))
    .map(([tag, href]) => `<link rel="alternate" hreflang="${tag}" href="${href}">`);
  return readAlternates(
    file,
    `<html><head><link rel="canonical" href="${canonical}">\n${links.join('\n')}\n</head><body></body></html>`,
  );
}

/** The first problem of the pages' clusters, as the build names it; undefined when every cluster holds. */
const firstProblem = (pages: WrittenPage[]) => hreflangProblems(pages).map(formatProblem)[0]?.replace(/:\d+:/, ':');

const cluster = [`en ${O}/leo/`, `es ${O}/es/leo/`, `x-default ${O}/leo/`];

describe('hreflangProblems', () => {
  it('accepts reciprocal clusters and pages without one', () => {
    expect(
      firstProblem([
        page('leo/index.html', `${O}/leo/`, cluster),
        page('es/leo/index.html', `${O}/es/leo/`, cluster),
        page('a/index.html', `${O}/a/`, []),
      ]),
    ).toBeUndefined();
  });

  it('names the page whose translation does not name it back', () => {
    const lonely = [
      page('leo/index.html', `${O}/leo/`, cluster),
      page('es/leo/index.html', `${O}/es/leo/`, [`es ${O}/es/leo/`]),
    ];
    expect(firstProblem(lonely)).toBe(
      'leo/index.html: its hreflang cluster is not reciprocal: es/leo/index.html names another set of translations',
    );
  });

  it('names the page whose translation names it back within a larger set', () => {
    const de = [`en ${O}/leo/`, `es ${O}/es/leo/`, `de ${O}/de/leo/`];
    const partial = [
      page('leo/index.html', `${O}/leo/`, [`en ${O}/leo/`, `es ${O}/es/leo/`]),
      page('es/leo/index.html', `${O}/es/leo/`, de),
      page('de/leo/index.html', `${O}/de/leo/`, de),
    ];
    expect(firstProblem(partial)).toBe(
      'leo/index.html: its hreflang cluster is not reciprocal: es/leo/index.html names another set of translations',
    );
  });

  it('names the page whose cluster leaves itself out', () => {
    const others = [`en ${O}/lion/`, `es ${O}/es/leo/`];
    const pages = [
      page('leo/index.html', `${O}/leo/`, others),
      page('lion/index.html', `${O}/lion/`, others),
      page('es/leo/index.html', `${O}/es/leo/`, others),
    ];
    expect(firstProblem(pages)).toBe('leo/index.html: its hreflang cluster does not name the page itself');
  });

  it("does not look up a page's link to itself: another file giving the same canonical URL is no translation of it", () => {
    const alone = [`en ${O}/leo/`, `x-default ${O}/leo/`];
    expect(
      firstProblem([page('leo/index.html', `${O}/leo/`, alone), page('leo/old/index.html', `${O}/leo/`, [])]),
    ).toBeUndefined();
  });

  it('does not look up x-default, which may name a page outside the cluster', () => {
    const chooser = [`en ${O}/en/`, `es ${O}/es/`, `x-default ${O}/`];
    const pages = [
      page('en/index.html', `${O}/en/`, chooser),
      page('es/index.html', `${O}/es/`, chooser),
      page('index.html', `${O}/`, []),
    ];
    expect(firstProblem(pages)).toBeUndefined();
  });

  it('names the page that links a translation the build did not write', () => {
    expect(firstProblem([page('leo/index.html', `${O}/leo/`, cluster)])).toBe(
      `leo/index.html: its hreflang es names ${O}/es/leo/, which the build did not write`,
    );
  });

  it('names the pages whose hreflang tags name pages of another <html lang>, swapped the same way on both', () => {
    const swapped = [`en ${O}/es/leo/`, `es ${O}/leo/`];
    const inLanguage = (file: string, canonical: string, lang: string) => ({ ...page(file, canonical, swapped), lang });
    expect(
      hreflangProblems([
        inLanguage('leo/index.html', `${O}/leo/`, 'en'),
        inLanguage('es/leo/index.html', `${O}/es/leo/`, 'es'),
      ]).map(formatProblem),
    ).toEqual([
      `leo/index.html:2: its hreflang en names ${O}/es/leo/, whose <html lang> is "es"`,
      `leo/index.html:3: its hreflang es names ${O}/leo/, whose <html lang> is "en"`,
      `es/leo/index.html:2: its hreflang en names ${O}/es/leo/, whose <html lang> is "es"`,
      `es/leo/index.html:3: its hreflang es names ${O}/leo/, whose <html lang> is "en"`,
    ]);
  });

  it('names the page with a tag that is not BCP 47', () => {
    const bad = [`en ${O}/leo/`, `es_ES ${O}/es/leo/`];
    expect(firstProblem([page('leo/index.html', `${O}/leo/`, bad)])).toBe(
      'leo/index.html: hreflang "es_ES" is not a valid BCP 47 language tag',
    );
  });
});

describe('checkAlternates', () => {
  /** Writes each `file: html` into a new folder: the folder, and the list of what was written. */
  function written(files: Record<string, string>): [string, string[]] {
    const dir = tempDir('alternates-');
    for (const [file, html] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), html);
    }
    return [dir, Object.keys(files)];
  }
  const html = (canonical: string, alternates: string[]) =>
    `<!doctype html><html><head><link rel="canonical" href="${canonical}">${alternates
      .map((a) => a.split(' '))
      .map(([tag, href]) => `<link rel="alternate" hreflang="${tag}" href="${href}">`)
      .join('')}</head><body></body></html>`;

  it('reads every HTML file the build wrote, nested ones included, and names the one at fault', () => {
    const ok = {
      'leo/index.html': html(`${O}/leo/`, cluster),
      'es/leo/index.html': html(`${O}/es/leo/`, cluster),
      '404.html': '<html><head></head></html>',
    };
    expect(() => checkAlternates(...written(ok))).not.toThrow();
    const lonely = { ...ok, 'es/leo/index.html': html(`${O}/es/leo/`, [`es ${O}/es/leo/`]) };
    expect(() => checkAlternates(...written(lonely))).toThrow(
      'the build wrote a broken language cluster: leo/index.html:1: its hreflang cluster is not reciprocal: es/leo/index.html names another set of translations',
    );
  });

  it('fails when no page names its translations, as a site of several languages always has some', () => {
    const none = { 'leo/index.html': html(`${O}/leo/`, []), 'es/leo/index.html': html(`${O}/es/leo/`, []) };
    expect(() => checkAlternates(...written(none))).toThrow(
      'the build wrote a broken language cluster: index.html: no page names its translations (<link rel="alternate" hreflang>)',
    );
  });
});
