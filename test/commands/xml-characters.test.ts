// Characters XML 1.0 forbids must never reach a feed, written raw or as numeric references in the service's text
// or an editor's: a strict XML parser rejects the whole feed. Built in the test's process, in English and Spanish,
// from a service whose every report carries each of them, with an editor's override carrying them too, and from an
// owner's title, words and glyphs that are unusual but allowed (markup characters, quotes, emoji, a tab): every feed
// parses and carries them as written. An owner's message XML cannot carry stops the next build in one line before
// any request, dist/ as it was (src/data/owner-text.ts).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { SIGN_SLUGS } from '../../src/data/signs.ts';
import { snapshot } from '../helpers/files.ts';
import { buildProject } from '../helpers/build-project.ts';
import { CURRENT_PERIODS, runScript, useProjectAndService } from '../helpers/project-copy.ts';
import { childText, parseXml } from '../../src/cli/check/xml.ts';

const credentials = { username: 'owner', password: 'xml-secret' };
const context = useProjectAndService(credentials, { periods: CURRENT_PERIODS });
const REFERENCES = 'a&#1;b&#x0B;c&#x1F;d&#xFFFE;e&#xFFFF;f';
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

/** The owner's unusual inputs, each as a feed must carry it. */
const TITLE = 'Stars & <Signs> "Daily"\t\'n\' 🌟';
const SPANISH_FEED_TITLE = 'Horóscopos de {sign} & “más” 🌙\t· {site}';
const GLYPH = '♈\uFE0F';

/** Edits the project's copy of a JSON file of content/. */
function editJson(file: string, edit: (json: Record<string, Record<string, unknown>>) => void): void {
  const full = path.join(context.project, 'content', file);
  const json = JSON.parse(readFileSync(full, 'utf8'));
  edit(json);
  writeFileSync(full, JSON.stringify(json));
}

// The Spanish pages come from the same service, through an account of their own (the same one here).
const env = () => ({
  ASTRO_API_URL: context.service.url,
  ASTRO_API_USERNAME: credentials.username,
  ASTRO_API_PASSWORD: credentials.password,
  ASTRO_API_USERNAME_ES: credentials.username,
  ASTRO_API_PASSWORD_ES: credentials.password,
  ASTRO_BUILD_DATE: '2026-11-22',
});

describe('characters XML forbids', () => {
  it('are left out of every feed, the sitemap and every page head, from reports and editors alike', async () => {
    const { language: _language, ...site } = JSON.parse(
      readFileSync(path.join(context.project, 'content/site.json'), 'utf8'),
    );
    writeFileSync(
      path.join(context.project, 'content/site.json'),
      JSON.stringify({ ...site, title: TITLE, languages: ['en', 'es'] }),
    );
    editJson('i18n/es.json', (messages) => (messages.feed!.title = SPANISH_FEED_TITLE));
    editJson('signs.json', (signs) => (signs[0]!.glyph = GLYPH));
    context.service.setFaults({
      transformReport: (entry) => ({
        ...entry,
        intro: `<p>${REFERENCES} \u0001raw</p>${entry.intro}`,
        text: `${entry.text}<p>${REFERENCES}</p>`,
      }),
    });
    const override = path.join(context.project, 'content/overrides/weekly/2026-w47/aries.md');
    mkdirSync(path.dirname(override), { recursive: true });
    writeFileSync(override, `---\nfield: intro\nmode: prepend\n---\nEditors: ${REFERENCES}\n`);
    // No search index: no assertion here reads it.
    const run = await buildProject(context.project, env(), { searchIndex: false });
    expect(run.error).toBeUndefined();
    const dist = path.join(context.project, 'dist');
    // Every feed of both languages, as libxml2 parses it and as the tests' own strict parser does.
    const feeds = readdirSync(dist, { recursive: true, encoding: 'utf8' })
      .filter((file) => path.basename(file) === 'feed.xml')
      .sort();
    expect(feeds).toHaveLength(SIGN_SLUGS.length * 2);
    const libxml2 = await validateXML({
      xml: feeds.map((file) => ({
        fileName: file.replaceAll('/', '_'),
        contents: readFileSync(path.join(dist, file), 'utf8'),
      })),
      normalization: 'c14n',
    });
    expect(libxml2.errors.map((error) => error.rawMessage)).toEqual([]);
    for (const file of feeds) {
      const text = readFileSync(path.join(dist, file), 'utf8');
      const feed = parseXml(text);
      // The owner's words as written; the text around the service's refused characters stays.
      expect(
        childText(
          feed.children.find((child) => child.name === 'author')!,
          'name',
        ),
        file,
      ).toBe(TITLE);
      expect(text, file).toContain('abcdef');
    }
    expect(childText(parseXml(readFileSync(path.join(dist, 'es/leo/feed.xml'), 'utf8')), 'title')).toBe(
      `Horóscopos de Leo & “más” 🌙\t· ${TITLE}`,
    );
    // Each language's home describes the site in its own words (content/i18n/<language>.json site.description).
    expect(readFileSync(path.join(dist, 'es/index.html'), 'utf8')).toContain(
      '<meta name="description" content="Horóscopos semanales, mensuales y anuales para los doce signos del zodiaco.">',
    );
    expect(readFileSync(path.join(dist, 'aries/index.html'), 'utf8')).toContain(GLYPH);
    expect(() => parseXml(readFileSync(path.join(dist, 'sitemap.xml'), 'utf8'))).not.toThrow();
    const aries = readFileSync(path.join(dist, 'weekly/2026-w47/aries/index.html'), 'utf8');
    // Markdown turns an editor's reference to a character that is not allowed into U+FFFD, as CommonMark says
    // (https://spec.commonmark.org/0.31.2/#decimal-numeric-character); the service's are left out.
    expect(aries).toContain(
      '<meta name="description" content="Editors: a\uFFFDb\uFFFDc\uFFFDd\uFFFDe\uFFFDf abcdef raw ',
    );
    const pages = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
    for (const page of pages) expect(FORBIDDEN.test(readFileSync(path.join(dist, page), 'utf8')), page).toBe(false);
  });

  it("in an owner's message stop the next build in one line before any request, dist/ as it was", async () => {
    const dist = path.join(context.project, 'dist');
    const before = snapshot(dist);
    expect(Object.keys(before).length).toBeGreaterThan(100);
    editJson('i18n/es.json', (messages) => (messages.feed!.title = `${SPANISH_FEED_TITLE}\u0006`));
    const requests = context.service.log.length;
    const run = await runScript(context.project, 'build.ts', env()).done;
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'Build failed: content/i18n/es.json: feed.title: contains the control character U+0006; remove it\ndist/ was left unchanged.\n',
    );
    expect(context.service.log.length).toBe(requests);
    expect(snapshot(dist)).toEqual(before);
  });
});
