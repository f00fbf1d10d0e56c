// The templates' one way to words, the `t` filter (src/eleventy/filters.ts): a template rendered by Eleventy with the
// project's .eleventy.js, from a model in English and one in Spanish (the test fixture's message files), prints
// each message of its own language with its placeholders filled, as text; the expected words are the files' own.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMessages } from '../../src/data/i18n.ts';
import { readSigns } from '../../src/data/signs.ts';
import { newEleventy } from '../../src/eleventy/new-eleventy.ts';
import { provideSite } from '../../src/eleventy/site-source.ts';
import type { PageLists } from '../../src/incremental/page-fingerprints.ts';
import { tempDir } from '../helpers/temp-dir.ts';
import { modelOf, site } from '../model/fixture.ts';

const PROJECT = path.resolve(import.meta.dirname, '../..');
const CONTENT = path.join(PROJECT, 'test/fixtures/site/content');

/** `body` rendered as one page with the project's configuration, from the model in `language`. */
async function render(body: string, language: 'en' | 'es'): Promise<string> {
  const messages = loadMessages(CONTENT, language);
  const model = Object.freeze(
    modelOf([], {
      site: { ...site, language },
      messages,
      signs: readSigns(path.join(CONTENT, 'signs.json'), messages),
    }),
  );
  const dir = tempDir('words-filter-');
  mkdirSync(path.join(dir, 'templates'));
  writeFileSync(path.join(dir, 'templates', 'page.njk'), `---\npermalink: /page.html\n---\n${body}`);
  const round = { model, pageLists: {} as PageLists, imageFiles: [] };
  await newEleventy(path.join(dir, 'templates'), path.join(dir, 'dist'), {
    quietMode: true,
    configPath: path.join(PROJECT, '.eleventy.js'),
    config: (eleventyConfig: object) => provideSite(eleventyConfig, { round: async () => round }),
  }).write();
  return readFileSync(path.join(dir, 'dist', 'page.html'), 'utf8');
}

describe('the t filter', () => {
  it("prints a message of the page's language with its values, escaped as any text a template prints", async () => {
    const body = "<h2>{{ 'report.otherSigns' | t({ period: 'Q<1> & \"2\"' }) }}</h2><a>{{ 'site.skipLink' | t }}</a>";
    expect(await render(body, 'en')).toBe(
      '<h2>Q&lt;1&gt; &amp; &quot;2&quot; for the other signs</h2><a>Skip to content</a>',
    );
    expect(await render(body, 'es')).toBe(
      '<h2>Q&lt;1&gt; &amp; &quot;2&quot; para los demás signos</h2><a>Saltar al contenido</a>',
    );
  });

  it('formats plurals by their count, as the language writes them', async () => {
    const body = "{{ 'kinds.weekly.count' | t({ count: 1 }) }}|{{ 'kinds.weekly.count' | t({ count: 3 }) }}";
    expect(await render(body, 'en')).toBe('1 week|3 weeks');
    expect(await render(body, 'es')).toBe('1 semana|3 semanas');
  });
});
