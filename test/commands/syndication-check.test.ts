// Syndication on a site with an archive and a revised text, as partners and feed readers meet it: English at the
// root and Brazilian Portuguese in `pt-br/`, under a path, three periods of each kind, built on 2026-11-20 and again
// on 2026-11-22 with one override changed. The API's archives list newest first, the JSON Feed dates a revised text
// by its revision, `npm run check` passes the site (its `pt-BR` pages and API among it) and fails, naming the file,
// on a copy of it with one fault planted per test.
import { appendFileSync, cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSite } from '../../src/cli/check/check-site.ts';
import { loadConfig } from '../../src/data/config.ts';
import { buildProject } from '../helpers/build-project.ts';
import { copyProject } from '../helpers/project-copy.ts';
import { removeDir } from '../helpers/remove-dir.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const ORIGIN = 'https://example.github.io';
const PREFIX = '/horoscopes/';
const THREE = { past: 2, future: 0 };
const REVISED = 'content/overrides/weekly/2026-w47/leo.md';

let project = '';
const dist = () => path.join(project, 'dist');
const json = (file: string) => JSON.parse(readFileSync(path.join(dist(), file), 'utf8')) as Record<string, unknown>;

beforeAll(async () => {
  project = copyProject({ periods: { weekly: THREE, monthly: THREE, yearly: THREE, ascendantYearly: THREE } });
  const siteFile = path.join(project, 'content/site.json');
  const { language: _language, ...settings } = JSON.parse(readFileSync(siteFile, 'utf8')) as Record<string, unknown>;
  writeFileSync(siteFile, JSON.stringify({ ...settings, url: `${ORIGIN}${PREFIX}`, languages: ['en', 'pt-BR'] }));
  for (const [date, edit] of [
    ['2026-11-20', () => {}],
    ['2026-11-22', () => appendFileSync(path.join(project, REVISED), '\nA revised line.\n')],
  ] as const) {
    edit();
    const build = await buildProject(project, { ASTRO_BUILD_DATE: date });
    if (build.error) throw build.error;
  }
}, 300_000);
afterAll(() => removeDir(project));

describe('the API and the JSON Feed of an archive with a revised text', () => {
  it("lists each archive newest first, in every language's API", () => {
    for (const folder of ['', 'pt-br/']) {
      const keys = (kind: string) =>
        (json(`${folder}api/v1/leo/${kind}/index.json`).reports as { period: { key: string } }[]).map(
          ({ period }) => period.key,
        );
      expect(keys('weekly')).toEqual(['2026-w47', '2026-w46', '2026-w45']);
      expect(keys('monthly')).toEqual(['2026-11', '2026-10', '2026-09']);
      expect(keys('yearly')).toEqual(['2026', '2025', '2024']);
    }
  });

  it('dates a revised text by its revision, in the JSON Feed and the API, and an unchanged one by its publication', () => {
    const items = json('leo/feed.json').items as { id: string; date_published: string; date_modified: string }[];
    const revised = items.find(({ id }) => id === `${ORIGIN}${PREFIX}weekly/2026-w47/leo/`)!;
    expect([revised.date_published, revised.date_modified]).toEqual(['2026-11-16T00:00:00Z', '2026-11-22T00:00:00Z']);
    const unchanged = items.find(({ id }) => id === `${ORIGIN}${PREFIX}weekly/2026-w46/leo/`)!;
    expect([unchanged.date_published, unchanged.date_modified]).toEqual([
      '2026-11-09T00:00:00Z',
      '2026-11-09T00:00:00Z',
    ]);
    const report = json('api/v1/leo/weekly/2026-w47.json');
    expect([report.published, report.updated]).toEqual(['2026-11-16', '2026-11-22']);
  });

  it("wraps the intro in content_html, so it never runs into the text's first paragraph", () => {
    const [item] = json('leo/feed.json').items as { id: string; content_html: string }[];
    const report = json('api/v1/leo/weekly/2026-w47.json') as {
      url: string;
      intro: { html: string };
      text: { html: string };
    };
    expect(item!.id).toBe(report.url);
    expect(item!.content_html).toBe(`<div>${report.intro.html}</div>${report.text.html}`);
  });
});

const site = () => loadConfig(project, {}).site;

/** A copy of the built site with `fault` made in it, and what `npm run check` finds there. */
function checked(fault: (dir: string) => void): string[] {
  const dir = path.join(tempDir('fault-'), 'dist');
  cpSync(dist(), dir, { recursive: true });
  fault(dir);
  const { problems } = checkSite(dir, site());
  rmSync(path.dirname(dir), { recursive: true, force: true });
  return problems;
}
const editJson = (dir: string, file: string, change: (value: Record<string, unknown>) => void) => {
  const value = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>;
  change(value);
  writeFileSync(path.join(dir, file), JSON.stringify(value));
};

describe('npm run check on syndication', () => {
  it('passes the site, its pt-BR pages and API among it', () => {
    expect(checked(() => {})).toEqual([]);
  });

  it("checks a pt-BR site's API against the schema", () => {
    const problems = checked((dir) =>
      editJson(dir, 'pt-br/api/v1/leo/weekly/current.json', (report) => (report.kind = 'daily')),
    );
    expect(problems).toEqual([
      expect.stringMatching(/^pt-br\/api\/v1\/leo\/weekly\/current\.json: does not follow the API's schema/),
    ]);
  });

  it('fails on a JSON Feed with two items of one id', () => {
    const problems = checked((dir) =>
      editJson(dir, 'leo/feed.json', (feed) => {
        const items = feed.items as { id: string }[];
        items[1]!.id = items[0]!.id;
      }),
    );
    expect(problems).toEqual([expect.stringMatching(/^leo\/feed\.json: has two items of the id https:\/\/\S+$/)]);
  });

  it('fails on a JSON Feed whose feed_url names another feed', () => {
    const problems = checked((dir) =>
      editJson(dir, 'leo/feed.json', (feed) => (feed.feed_url = `${ORIGIN}${PREFIX}virgo/feed.json`)),
    );
    expect(problems).toEqual([
      `leo/feed.json: its feed_url ${ORIGIN}${PREFIX}virgo/feed.json is not its own address, ${ORIGIN}${PREFIX}leo/feed.json`,
    ]);
  });

  it("validates the API against the project's schema, not the one in the output", () => {
    const problems = checked((dir) => {
      writeFileSync(path.join(dir, 'api/v1/schema.json'), '{}');
      editJson(dir, 'api/v1/leo/weekly/current.json', (report) => (report.kind = 'daily'));
    });
    expect(problems).toEqual([
      expect.stringMatching(/^api\/v1\/leo\/weekly\/current\.json: does not follow the API's schema: \/kind: /),
      'api/v1/schema.json: is not the schema the API follows (src/model/api-schema.json)',
    ]);
  });

  it('fails on an archive entry that points at a missing file', () => {
    const problems = checked((dir) => rmSync(path.join(dir, 'api/v1/leo/weekly/2026-w45.json')));
    expect(problems).toEqual([
      `api/v1/leo/weekly/index.json: links to ${ORIGIN}${PREFIX}api/v1/leo/weekly/2026-w45.json, which is no file of the site`,
    ]);
  });

  it('fails on an index entry that points at a missing file: a deleted current.json', () => {
    const problems = checked((dir) => rmSync(path.join(dir, 'pt-br/api/v1/leo/monthly/current.json')));
    expect(problems).toEqual([
      `pt-br/api/v1/index.json: links to ${ORIGIN}${PREFIX}pt-br/api/v1/leo/monthly/current.json, which is no file of the site`,
    ]);
  });

  it("fails on a card's document that carries more than the card shows, or is missing", () => {
    const carried = checked((dir) =>
      editJson(dir, 'pt-br/api/v1/leo/weekly/card.json', (card) => (card.text = { text: 'The whole report' })),
    );
    expect(carried).toEqual([
      "pt-br/api/v1/leo/weekly/card.json: does not follow the API's schema: /: must NOT have additional properties (text)",
    ]);
    const missing = checked((dir) => rmSync(path.join(dir, 'api/v1/leo/ascendant/card.json')));
    expect(missing).toEqual([
      `api/v1/index.json: links to ${ORIGIN}${PREFIX}api/v1/leo/ascendant/card.json, which is no file of the site`,
    ]);
  });

  it('fails on a deleted card script', () => {
    const problems = checked((dir) => rmSync(path.join(dir, 'embed/card.js')));
    expect(problems).toEqual(['embed/card.js: is missing: the card partners embed loads it (docs/syndication.md)']);
  });

  it('fails on a deleted framed page', () => {
    const problems = checked((dir) => rmSync(path.join(dir, 'pt-br/embed/leo/yearly/index.html')));
    expect(problems).toEqual([
      'pt-br/embed/leo/yearly/index.html: is missing: partners frame it for the current report pt-br/api/v1/leo/yearly/current.json',
    ]);
  });
});
