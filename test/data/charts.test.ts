// Chart files → place search → natal call, against the sample service over real HTTP.
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AstroClient, type NatalChart } from '../../src/api/index.ts';
import { ConfigError } from '../../src/data/config.ts';
import { readChartFiles, resolveCharts } from '../../src/data/charts.ts';
import { ResponseCache } from '../../src/data/response-cache.ts';
import { startSampleService, type SampleService } from '../../src/sample-service/server.ts';

let service: SampleService;
let work: string;
let chartsDir: string;

beforeAll(async () => {
  service = await startSampleService();
});
afterAll(async () => {
  await service.close();
});
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'astro-charts-'));
  chartsDir = path.join(work, 'charts');
  mkdirSync(chartsDir);
  service.resetLog();
  return () => rmSync(work, { recursive: true, force: true });
});

function chart(file: string, frontMatter: string, body = 'Editor text with **bold**.'): void {
  writeFileSync(path.join(chartsDir, file), `---\n${frontMatter}\n---\n${body}\n`);
}

async function failure(promise: Promise<unknown>): Promise<ConfigError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

const client = () => new AstroClient({ baseUrl: service.url, username: 'sample', password: 'sample' });

describe('chart files', () => {
  it('refuses a chart file that links to a file outside its folder', async () => {
    writeFileSync(
      path.join(work, 'secret.md'),
      '---\nname: A\ndate: 1990-01-01\ntime: "10:00"\nplace: London\n---\nNot for publishing\n',
    );
    symlinkSync(path.join(work, 'secret.md'), path.join(chartsDir, 'ada.md'));
    expect((await failure(readChartFiles(chartsDir, 'en'))).message).toBe(
      'content/charts/ada.md: is (or links to) a file outside content/charts; put the file itself in content/charts',
    );
  });

  it('reads front matter, unquoted dates and times included, and renders the body', async () => {
    chart('ada.md', 'name: Ada Lovelace\ndate: 1815-12-10\ntime: 13:00\nplace: London');
    const [input] = await readChartFiles(chartsDir, 'en');
    expect(input).toMatchObject({
      slug: 'ada',
      name: 'Ada Lovelace',
      date: '1815-12-10',
      time: '13:00',
      place: 'London',
      lang: 'en',
    });
    expect(input!.bodyHtml).toContain('<strong>bold</strong>');
  });

  it.each([
    ['a malformed date', 'name: A\ndate: 1990-13-01\ntime: "10:00"\nplace: London', /bad\.md: date.*"1990-13-01"/],
    ['an impossible date', 'name: A\ndate: 1990-02-30\ntime: "10:00"\nplace: London', /bad\.md: date.*"1990-02-30"/],
    ['a malformed time', 'name: A\ndate: 1990-01-01\ntime: "25:61"\nplace: London', /bad\.md: time.*"25:61"/],
    ['a missing name', 'date: 1990-01-01\ntime: "10:00"\nplace: London', /bad\.md: name.*missing/],
    ['a missing place', 'name: A\ndate: 1990-01-01\ntime: "10:00"', /bad\.md: place.*missing/],
    ['a broken front matter', 'name: [unclosed\ndate: 1990-01-01', /bad\.md.*YAML/],
  ])('fails on %s, naming the file and the value', async (_case, frontMatter, message) => {
    chart('bad.md', frontMatter);
    const error = await failure(readChartFiles(chartsDir, 'en'));
    expect(error.message).toMatch(message);
    expect(error.message).toContain('content/charts/bad.md');
  });

  it('refuses a file name that is not a URL slug', async () => {
    chart('Bad Name.md', 'name: A\ndate: 1990-01-01\ntime: "10:00"\nplace: London');
    expect((await failure(readChartFiles(chartsDir, 'en'))).message).toContain('content/charts/Bad Name.md');
  });
});

describe('resolving charts', () => {
  it('makes one places look-up and one natal call per chart, then serves both from the cache', async () => {
    chart('einstein.md', 'name: Albert Einstein\ndate: 1879-03-14\ntime: "11:30"\nplace: Munich');
    const cache = new ResponseCache(path.join(work, 'cache'), 'test');
    const c = client();
    const { charts } = await resolveCharts(await readChartFiles(chartsDir, 'en'), c, cache);
    await c.close();
    expect(service.log.filter((e) => e.path === '/api/places').map((e) => e.body)).toEqual([{ name: 'Munich' }]);
    const natal = service.log.filter((e) => e.path === '/api/natal');
    expect(natal).toHaveLength(1);
    expect(natal[0]!.body).toMatchObject({ name: 'Albert Einstein', date: '1879-03-14', time: '11:30', lang: 'en' });
    expect(Number.isInteger((natal[0]!.body as { place_id: unknown }).place_id)).toBe(true);

    const page = charts[0]!;
    expect(page).toMatchObject({ slug: 'einstein', url: '/charts/einstein/', name: 'Albert Einstein' });
    expect(page.cityName).toMatch(/Munich|München/);
    expect(page.planets).toHaveLength(10);
    // The Sun on 1879-03-14 stood at about 23° Pisces.
    const sun = page.planets.find((p) => p.name === 'Sun')!;
    expect(sun.signId).toBe(11);
    expect(sun.longitude).toBeGreaterThan(353);
    expect(sun.longitude).toBeLessThan(354);

    service.resetLog();
    const again = await resolveCharts(await readChartFiles(chartsDir, 'en'), undefined, cache);
    expect(service.log).toHaveLength(0);
    expect(again.fromCache).toBe(1);
    expect(again.charts[0]!.planets).toEqual(page.planets);
  });

  it("publishes the natal answer's plain texts without the characters XML forbids, as its report texts", async () => {
    chart('ada.md', 'name: Ada\ndate: 1815-12-10\ntime: "13:00"\nplace: London\nplace_id: 2643743');
    const cache = new ResponseCache(path.join(work, 'cache'), 'test');
    const c = client();
    await resolveCharts(await readChartFiles(chartsDir, 'en'), c, cache);
    await c.close();
    // The answer as a service could send it: the build reads it from the cache like any other answer.
    const body = { name: 'Ada', date: '1815-12-10', time: '13:00', place_id: 2643743, lang: 'en' };
    const natal = (await cache.read<NatalChart>('/api/natal', body))!.response;
    const marked = (text: string) => `\u0001${text}\uFFFE\u001F`;
    natal.profile = { ...natal.profile, cityName: marked('London'), timezoneName: marked('Europe/London') };
    natal.profile.birthdate = { ...natal.profile.birthdate, date: `\u0001${natal.profile.birthdate.date}` };
    natal.profile.utBirthdate = { ...natal.profile.utBirthdate, date: `\uFFFF${natal.profile.utBirthdate.date}` };
    natal.planets = natal.planets.map((p) => ({
      ...p,
      planetName: marked(p.planetName),
      signName: marked(p.signName),
      text: marked('Text'),
    }));
    await cache.set('/api/natal', body, natal);

    const [page] = (await resolveCharts(await readChartFiles(chartsDir, 'en'), undefined, cache)).charts;
    // eslint-disable-next-line no-control-regex -- the characters XML 1.0 forbids
    const forbidden = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
    for (const planet of page!.planets)
      expect(`${planet.name} ${planet.signName} ${planet.text}`).not.toMatch(forbidden);
    expect(page).toMatchObject({
      cityName: 'London',
      timezone: 'Europe/London',
      localBirth: '1815-12-10 13:00',
      utcBirth: '1815-12-10 13:01',
    });
    expect(page!.planets[0]).toMatchObject({ name: 'Sun', signName: 'Sagittarius', text: 'Text' });
  });

  it('skips the search when place_id pins the place', async () => {
    chart('pinned.md', 'name: P\ndate: 1990-01-01\ntime: "10:00"\nplace: London\nplace_id: 2643743');
    const c = client();
    await resolveCharts(await readChartFiles(chartsDir, 'en'), c, new ResponseCache(path.join(work, 'cache'), 'test'));
    await c.close();
    expect(service.log.filter((e) => e.path === '/api/places')).toHaveLength(0);
    expect(service.log.filter((e) => e.path === '/api/natal')).toHaveLength(1);
  });

  it('fails naming the file and the place when no place matches', async () => {
    chart('nowhere.md', 'name: N\ndate: 1990-01-01\ntime: "10:00"\nplace: Atlantis Under The Sea');
    const c = client();
    const error = await failure(
      resolveCharts(await readChartFiles(chartsDir, 'en'), c, new ResponseCache(path.join(work, 'cache'), 'test')),
    );
    await c.close();
    expect(error.message).toContain('content/charts/nowhere.md');
    expect(error.message).toContain('Atlantis Under The Sea');
  });

  it('names the file when the service refuses the chart', async () => {
    chart('unknown-place.md', 'name: U\ndate: 1990-01-01\ntime: "10:00"\nplace: London\nplace_id: 999999999');
    const c = client();
    const error = await failure(
      resolveCharts(await readChartFiles(chartsDir, 'en'), c, new ResponseCache(path.join(work, 'cache'), 'test')),
    );
    await c.close();
    expect(error.message).toContain('content/charts/unknown-place.md');
    expect(error.message).toContain('/api/natal');
  });
});
