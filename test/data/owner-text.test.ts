// src/data/owner-text.ts, and each reader of the owner's files that applies it: a character HTML, XML or an image
// cannot carry stops the build in one line naming the file and the key (or the line of a Markdown body), and so
// does a site.json key the build does not read.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readChartFiles } from '../../src/data/charts.ts';
import { ConfigError, loadConfig } from '../../src/data/config.ts';
import { loadMessages } from '../../src/data/i18n.ts';
import { readOverrides } from '../../src/data/overrides.ts';
import { textProblem } from '../../src/data/owner-text.ts';
import { readSigns } from '../../src/data/signs.ts';
import { readStaticPages } from '../../src/data/static-pages.ts';
import { FIXTURE_CONTENT } from '../helpers/project-copy.ts';
import { tempDir } from '../helpers/temp-dir.ts';

describe('textProblem', () => {
  it.each([
    ['a\u0000b', 'contains the control character U+0000; remove it'],
    ['a\u0006b', 'contains the control character U+0006; remove it'],
    ['a\u000Cb', 'contains the control character U+000C; remove it'],
    ['a\u007Fb', 'contains the control character U+007F; remove it'],
    ['a\u0085b', 'contains the control character U+0085; remove it'],
    ['a\uFDD0b', 'contains the noncharacter U+FDD0; remove it'],
    ['a\uFFFEb', 'contains the noncharacter U+FFFE; remove it'],
    ['a\uFFFFb', 'contains the noncharacter U+FFFF; remove it'],
    ['a\u{1FFFE}b', 'contains the noncharacter U+1FFFE; remove it'],
    ['a\uD800b', 'contains the lone surrogate U+D800 (half of a character); remove it'],
    ['a\uDC00b', 'contains the lone surrogate U+DC00 (half of a character); remove it'],
  ])('refuses %j', (text, message) => {
    expect(textProblem(text)).toBe(message);
  });

  // What text may hold: line breaks and tabs, markup characters (escaped where published), any real character.
  it.each(['Stars & <signs> "quoted" \'too\'', 'tab\there', 'lines\nand\r\nmore', '🌟 ♈ é \u2028 \uFFFD'])(
    'accepts %j',
    (text) => {
      expect(textProblem(text)).toBeUndefined();
    },
  );
});

/** A project folder holding a copy of the tests' site as its content/. */
function project(): string {
  const root = tempDir('owner-text-');
  cpSync(FIXTURE_CONTENT, path.join(root, 'content'), { recursive: true });
  return root;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each row edits one field of a parsed JSON file in a line
type Json = Record<string, any>;

function editJson(root: string, file: string, edit: (json: Json) => void): void {
  const full = path.join(root, 'content', file);
  const json = JSON.parse(readFileSync(full, 'utf8'));
  edit(json);
  writeFileSync(full, JSON.stringify(json));
}

const content = (root: string) => path.join(root, 'content');
const readSite = (root: string) => loadConfig(root, {});
const readMessages = (language: string) => (root: string) => loadMessages(content(root), language);
const readSignFacts = (root: string) =>
  readSigns(path.join(content(root), 'signs.json'), loadMessages(FIXTURE_CONTENT, 'en'), 'content/signs.json');
const readPages = (root: string) => readStaticPages(path.join(content(root), 'pages'));
const readCharts = (root: string) => readChartFiles(path.join(content(root), 'charts'), 'en');
const readOverrideFiles = (root: string) => readOverrides(path.join(content(root), 'overrides'));
const site = (edit: (json: Json) => void) => (root: string) => editJson(root, 'site.json', edit);
const write = (file: string, text: string) => (root: string) => writeFileSync(path.join(content(root), file), text);

type Row = [string, (root: string) => void, (root: string) => unknown, string];

const KNOWN =
  'title, url, language, languages, periods, twitter, logo, favicon, analytics, chartForm, api, card, calendar';

const ROWS: Row[] = [
  [
    'a url with U+0001',
    site((s) => (s.url = 'https://horoscopes.example.com/x\u0001y/')),
    readSite,
    'content/site.json: url: contains the control character U+0001; remove it',
  ],
  [
    'a url with U+0000',
    site((s) => (s.url = 'https://horoscopes.example.com/x\u0000y/')),
    readSite,
    'content/site.json: url: contains the control character U+0000; remove it',
  ],
  [
    'a url with U+FFFE',
    site((s) => (s.url = 'https://horoscopes.example.com/x\uFFFEy/')),
    readSite,
    'content/site.json: url: contains the noncharacter U+FFFE; remove it',
  ],
  [
    'a url with a space',
    site((s) => (s.url = 'https://horoscopes.example.com/x y/')),
    readSite,
    'content/site.json: url: must be the site\'s http or https address, such as "https://horoscopes.example.com"',
  ],
  [
    'a url with a tab',
    site((s) => (s.url = 'https://horoscopes.example.com/\tx/')),
    readSite,
    'content/site.json: url: must be the site\'s http or https address, such as "https://horoscopes.example.com"',
  ],
  [
    'a url with credentials',
    site((s) => (s.url = 'https://owner:secret@horoscopes.example.com/')),
    readSite,
    'content/site.json: url: must not carry a user name or password; give the address readers visit',
  ],
  [
    'a url with a query',
    site((s) => (s.url = 'https://horoscopes.example.com/?lang=en')),
    readSite,
    'content/site.json: url: must not have a query ("?…") or a fragment ("#…"): every link of the site starts with it',
  ],
  [
    'a url with a fragment',
    site((s) => (s.url = 'https://horoscopes.example.com/#top')),
    readSite,
    'content/site.json: url: must not have a query ("?…") or a fragment ("#…"): every link of the site starts with it',
  ],
  [
    'a url with an empty folder in its path',
    site((s) => (s.url = 'https://horoscopes.example.com//x/')),
    readSite,
    'content/site.json: url: must not have an empty folder ("//") in its path: write the path with single slashes',
  ],
  [
    'a title with U+000C',
    site((s) => (s.title = 'Star\u000Clight')),
    readSite,
    'content/site.json: title: contains the control character U+000C; remove it',
  ],
  [
    'a misspelt key',
    site((s) => (s.analytcs = { provider: 'plausible' })),
    readSite,
    `content/site.json: analytcs: is not a setting; known: ${KNOWN}`,
  ],
  [
    'an unknown key',
    site((s) => (s['<script>'] = 1)),
    readSite,
    `content/site.json: <script>: is not a setting; known: ${KNOWN}`,
  ],
  [
    'a key with U+0001',
    site((s) => (s['ti\u0001tle'] = 'x')),
    readSite,
    'content/site.json: ti\\u0001tle: the key contains the control character U+0001; remove it',
  ],
  [
    'a description',
    site((s) => (s.description = 'Weekly stars')),
    readSite,
    'content/site.json: description: is not a setting: each language\'s description is "site.description" in content/i18n/<language>.json; set it there instead',
  ],
  [
    'a Spanish feed title with U+0006',
    (root) => editJson(root, 'i18n/es.json', (m) => (m.feed.title = 'Horóscopo de {sign}\u0006')),
    readMessages('es'),
    'content/i18n/es.json: feed.title: contains the control character U+0006; remove it',
  ],
  [
    'a title with its period with U+FFFF',
    (root) => editJson(root, 'i18n/en.json', (m) => (m.site.titleWithPeriod = '{title} \uFFFF {period}')),
    readMessages('en'),
    'content/i18n/en.json: site.titleWithPeriod: contains the noncharacter U+FFFF; remove it',
  ],
  [
    'a heading with a lone surrogate',
    (root) => editJson(root, 'i18n/en.json', (m) => (m.kinds.weekly.heading = '{sign} \uD83D weekly')),
    readMessages('en'),
    'content/i18n/en.json: kinds.weekly.heading: contains the lone surrogate U+D83D (half of a character); remove it',
  ],
  [
    'a glyph with U+0006',
    (root) => editJson(root, 'signs.json', (s) => (s[0].glyph = '♈\u0006')),
    readSignFacts,
    'content/signs.json: 0.glyph: contains the control character U+0006; remove it',
  ],
  [
    'a glyph with U+FFFF',
    (root) => editJson(root, 'signs.json', (s) => (s[4].glyph = '\uFFFF')),
    readSignFacts,
    'content/signs.json: 4.glyph: contains the noncharacter U+FFFF; remove it',
  ],
  [
    'a page title with U+0006',
    write('pages/about.md', '---\ntitle: "About\\x06us"\n---\nWho we are.\n'),
    readPages,
    'content/pages/about.md: title: contains the control character U+0006; remove it',
  ],
  [
    'a page body with U+0001',
    write('pages/about.md', '---\ntitle: About\n---\nWho\n\nwe \u0001are.\n'),
    readPages,
    'content/pages/about.md: line 6: contains the control character U+0001; remove it',
  ],
  [
    'a chart name with U+FFFE',
    write(
      'charts/frida-kahlo.md',
      '---\nname: Frida\uFFFE Kahlo\ndate: 1907-07-06\ntime: "08:30"\nplace: Coyoacán\n---\n',
    ),
    readCharts,
    'content/charts/frida-kahlo.md: name: contains the noncharacter U+FFFE; remove it',
  ],
  [
    'an override body with U+001F',
    write('overrides/weekly/2026-w47/leo.md', 'A \u001Fnote.\n'),
    readOverrideFiles,
    'content/overrides/weekly/2026-w47/leo.md: line 1: contains the control character U+001F; remove it',
  ],
];

describe("each reader of the owner's files", () => {
  it.each(ROWS)('refuses %s in one line naming the file and the key', async (_name, edit, read, message) => {
    const root = project();
    edit(root);
    const error = await Promise.resolve()
      .then(() => read(root))
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toBe(message);
  });

  it('reads the unusual but publishable as written', async () => {
    const root = project();
    site((s) => (s.title = 'Stars & <Signs> "Daily"\t🌟'))(root);
    editJson(root, 'i18n/en.json', (m) => (m.feed.subtitle = 'Line one\nline two'));
    write('pages/about.md', '---\ntitle: "Us\\tand <you> & \\"them\\""\n---\nTabs\tand lines\r\nstay.\n')(root);
    expect(readSite(root).site.title).toBe('Stars & <Signs> "Daily"\t🌟');
    expect(readMessages('en')(root).ui.feed.subtitle).toBe('Line one\nline two');
    expect((await readPages(root)).find((page) => page.slug === 'about')!.title).toBe('Us\tand <you> & "them"');
  });
});
