// The chart form's Worker in the real local runtime (workerd, through wrangler's API) over a built site of two
// languages, against the embedded sample service on a loopback port with its fault modes: never a mocked fetch.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AstroClient } from '../../src/api/index.ts';
import { ALLOWED_TAGS } from '../../src/data/sanitize.ts';
import { startSampleService, type SampleService } from '../../src/sample-service/server.ts';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import { startFormWorker, startWorker, type LocalWorker } from '../../src/cli/chart-form-worker.ts';
import { copyOfBuiltSite } from '../helpers/shared-sites.ts';
import {
  callsTo,
  FORM_SITE,
  formClient,
  newVisitor,
  resultOf,
  setDailyLimit,
  useFormWorkerHooks,
} from '../helpers/form-worker.ts';
import { XSS_VECTORS } from '../fixtures/xss-vectors.ts';
import { blocking, formatViolations, ruleIds, runAxe } from '../site/browser/axe.ts';

const USERNAME = 'edge-owner';
const PASSWORD = 'worker-secret-password-42';
/** Charts the form draws a day: what the cap's test spends, after the others. */
const DAILY_LIMIT = 48;

let project = '';
let service: SampleService;
let worker: LocalWorker;
let post: ReturnType<typeof formClient>['post'];
let suggestions: ReturnType<typeof formClient>['suggestions'];

beforeAll(async () => {
  // The form's site, its daily limit DAILY_LIMIT in a copy of the file's own.
  project = await copyOfBuiltSite('site', FORM_SITE);
  setDailyLimit(path.join(project, 'dist'), DAILY_LIMIT);
  service = await startSampleService({ username: USERNAME, password: PASSWORD });
  worker = await startWorker({
    dist: path.join(project, 'dist'),
    secrets: {
      ASTRO_API_URL: service.url,
      ASTRO_API_USERNAME: USERNAME,
      ASTRO_API_PASSWORD: PASSWORD,
      ASTRO_TIMEOUT_MS: '1500',
    },
  });
  ({ post, suggestions } = formClient(worker));
}, 240_000);
useFormWorkerHooks(() => ({ worker, service, project }));

/** The elements a result may hold: the chart's, the place list's and the wheel's, and those the sanitizer keeps. */
const ALLOWED_IN_RESULT = new Set([
  ...ALLOWED_TAGS,
  'article',
  'section',
  'figure',
  'figcaption',
  'span',
  'form',
  'fieldset',
  'legend',
  'input',
  'label',
  'button',
  'svg',
  'g',
  'circle',
  'line',
  'text',
  'path',
  'title',
  'desc',
]);

/** The site's policy, written out by hand (src/eleventy/security-headers.ts). */
const SITE_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

const calls = (endpoint: string) => callsTo(service, endpoint);

describe('the chart form Worker', () => {
  it('suggests places with tokens, and draws the chart of the one picked, in the layout, with the texts', async () => {
    const [madrid] = await suggestions('/charts/yours/', 'Madrid');
    // The country by its name in the page's language (CLDR's), never a code.
    expect(madrid!.label).toBe('Madrid, Spain');
    expect((await suggestions('/es/charts/yours/', 'Madrid'))[0]!.label).toBe('Madrid, España');
    const response = await post('/charts/yours/', {
      date: '1990-05-17',
      time: '14:30',
      q: 'Madrid',
      place: madrid!.token,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html).toContain('<html lang="en"');
    expect(resultOf(html)).toContain('<title id="wheel-yours-title">Your natal chart wheel</title>');
    expect(resultOf(html)).toContain('<td>Taurus</td>');
    // The chart leads the page, under its heading: the wheel, then what to read next; the form follows, folded.
    expect(html).toMatch(
      /<h1>Your natal chart<\/h1>\n<div id="chart-result"><article class="chart">\n<figure class="wheel">\n<svg [\s\S]*?<\/figure>\n<section class="chart-leads"/,
    );
    expect(html).toMatch(
      /<\/article><\/div>\n<details id="chart-again"><summary>Draw another chart<\/summary>\n<p>[^<]*<\/p>\n<form class="chart-form"/,
    );
    // The answer's place id is the one the places answer gave.
    const natal = service.log.find((entry) => entry.path === '/api/natal')!;
    expect(natal.body).toEqual({
      name: 'Visitor',
      date: '1990-05-17',
      time: '14:30',
      place_id: Number(madrid!.token.split('.')[0]),
      lang: 'en',
    });
  });

  it('answers in Spanish with the Spanish texts, the place typed without JavaScript', async () => {
    const html = await (await post('/es/charts/yours/', { date: '1985-02-03', time: '08:05', q: 'Lima' })).text();
    expect(html).toContain('<html lang="es"');
    expect(html).toContain('<details id="chart-again"><summary>Dibujar otra carta</summary>');
    // A message leaves the form open, to be put right.
    const refused = await (await post('/es/charts/yours/', { date: '1985-02-31', time: '08:05', q: 'Lima' })).text();
    expect(refused).toMatch(
      /<div id="chart-result"><div class="chart-message" role="alert">[\s\S]*?<\/div><\/div>\n<div id="chart-again">/,
    );
    expect(resultOf(html)).toContain('La rueda de tu carta natal');
    expect(service.log.find((entry) => entry.path === '/api/natal')!.body).toMatchObject({ lang: 'es' });
  });

  it('draws the same wheel as the static page of the same chart, but for its name and ids', async () => {
    // test/fixtures/site/content/charts/frida-kahlo.md: 1907-07-06 08:30, the first place named Mexico City.
    const [place] = await suggestions('/charts/yours/', 'Mexico City');
    const html = await (
      await post('/charts/yours/', { date: '1907-07-06', time: '08:30', q: 'Mexico City', place: place!.token })
    ).text();
    const wheelOf = (page: string) => /<figure class="wheel">\n(<svg [\s\S]*?<\/svg>)/.exec(page)![1]!;
    const own = wheelOf(readFileSync(path.join(project, 'dist/charts/frida-kahlo/index.html'), 'utf8'));
    const visitors = wheelOf(resultOf(html));
    // The wheel's own title and description name the chart; the rest, every planet's title included, is the same.
    const unnamed = (svg: string, slug: string) =>
      svg
        .replaceAll(`wheel-${slug}`, 'wheel')
        .replace(/<title id="wheel-title">[^<]*<\/title><desc id="wheel-desc">[^<]*<\/desc>/, '');
    expect(unnamed(visitors, 'yours')).toBe(unnamed(own, 'frida-kahlo'));
    expect(visitors).not.toBe(own);
    // The planets' texts too, under the same headings at the same levels (the form's h1 above them, as the page's).
    const textsOf = (page: string) => page.match(/<section class="planet-text"[\s\S]*?<\/section>/g);
    const staticTexts = textsOf(readFileSync(path.join(project, 'dist/charts/frida-kahlo/index.html'), 'utf8'));
    // The sample service collects texts for the Sun to Saturn (its collectText).
    expect(staticTexts).toHaveLength(7);
    expect(textsOf(resultOf(html))).toEqual(staticTexts);
  });

  it('names the Sun, Moon and rising signs as the static page of the same chart does, leading to the same pages', async () => {
    const [place] = await suggestions('/charts/yours/', 'Mexico City');
    const html = resultOf(
      await (
        await post('/charts/yours/', { date: '1907-07-06', time: '08:30', q: 'Mexico City', place: place!.token })
      ).text(),
    );
    const leadsOf = (page: string) => /<section class="chart-leads"[\s\S]*?<\/section>/.exec(page)![0];
    const own = leadsOf(readFileSync(path.join(project, 'dist/charts/frida-kahlo/index.html'), 'utf8'));
    expect(leadsOf(html)).toBe(own);
    // Astro-Databank: Sun in Cancer, Moon in Taurus, Leo rising; the reports of the build's day (2026-11-22).
    expect(own).toContain('<li>Sun sign: Cancer\n<ul class="read-on">\n<li><a href="/weekly/2026-w47/cancer/">');
    expect(own).toContain('<li><a href="/monthly/2026-11/cancer/">Cancer monthly horoscope, November 2026</a></li>');
    expect(own).toContain('<li>Moon sign: Taurus</li>');
    expect(own).toContain(
      '<li>Rising sign: Leo\n<ul class="read-on">\n<li><a href="/ascendant/2026/leo/">Leo ascendant yearly horoscope, 2026</a></li>',
    );
  });

  it("says there is no rising sign without a time, in the visitor's language, planets named in it too", async () => {
    const [place] = await suggestions('/es/charts/yours/', 'Mexico City');
    const html = resultOf(
      await (
        await post('/es/charts/yours/', {
          date: '1907-07-06',
          time: '',
          unknown_time: '1',
          q: 'Mexico City',
          place: place!.token,
        })
      ).text(),
    );
    expect(html).toContain('<li>Ascendente: no se conoce sin la hora de nacimiento</li>');
    expect(html).not.toContain('/es/ascendant/');
    expect(html).toContain('<li>Signo solar: Cáncer\n<ul class="read-on">\n<li><a href="/es/weekly/2026-w47/cancer/">');
    expect(html).toContain('<th scope="row">Sol</th>');
    expect(html).not.toMatch(/<th scope="row">(Sun|Moon)<\/th>/);
  });

  it('signs in once for many charts, and answers the same chart twice with one natal call', async () => {
    const [lima] = await suggestions('/charts/yours/', 'Lima');
    for (const date of ['2001-01-01', '2002-02-02', '2001-01-01']) {
      expect((await post('/charts/yours/', { date, time: '10:00', q: 'Lima', place: lima!.token })).status).toBe(200);
    }
    expect(calls('/api/natal')).toBe(2);
    expect(calls('/api/auth')).toBe(0);
  });

  it('draws the same answer with and without its time apart: noon with houses, and noon without', async () => {
    const [lima] = await suggestions('/charts/yours/', 'Lima');
    const note = 'Without a time, the chart is drawn for noon';
    for (const round of [1, 2]) {
      const known = resultOf(
        await (
          await post('/charts/yours/', { date: '1963-03-03', time: '12:00', q: 'Lima', place: lima!.token })
        ).text(),
      );
      const unknown = resultOf(
        await (
          await post('/charts/yours/', {
            date: '1963-03-03',
            time: '',
            unknown_time: '1',
            q: 'Lima',
            place: lima!.token,
          })
        ).text(),
      );
      expect([known.includes(note), unknown.includes(note)], `round ${round}`).toEqual([false, true]);
      // Houses are drawn with the time alone.
      expect(known).toMatch(/<td>\d+<\/td><td>(Yes|No)<\/td>/);
      expect(unknown).not.toMatch(/<td>\d+<\/td><td>(Yes|No)<\/td>/);
    }
    // One answer of the service: both are its chart at noon.
    expect(calls('/api/natal')).toBe(1);
  });

  it('renews the token once on a 401', async () => {
    const [oslo] = await suggestions('/charts/yours/', 'Oslo');
    service.setFaults({ tokenTtlRequests: 1 });
    service.resetLog();
    expect(
      (await post('/charts/yours/', { date: '1970-07-07', time: '07:07', q: 'Oslo', place: oslo!.token })).status,
    ).toBe(200);
    expect(service.log.map((entry) => `${entry.path} ${entry.status}`)).toEqual([
      '/api/natal 401',
      '/api/auth 200',
      '/api/natal 200',
    ]);
  });

  it("answers a 429 with Retry-After past the per-visitor limit, in the visitor's language", async () => {
    const visitor = newVisitor();
    const statuses: number[] = [];
    // Bad ones (a date before the form's first) count too, and cost no call. The limit counts in minutes of the
    // clock: should one end among these requests, the count starts again, so a second minute's ten are allowed too.
    while (statuses.length < 21 && statuses.at(-1) !== 429)
      statuses.push(
        (await post('/es/charts/yours/', { date: '1899-01-01', time: '10:00', q: 'Lima' }, { visitor })).status,
      );
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 400).length).toBeGreaterThanOrEqual(10);
    const refused = await post('/es/charts/yours/', { date: '2000-01-01', time: '10:00', q: 'Lima' }, { visitor });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await refused.text()).toContain('Demasiadas cartas en poco tiempo');
    expect(calls('/api/natal') + calls('/api/places')).toBe(0);
    // Another visitor is not held back.
    expect((await post('/es/charts/yours/', { date: '1899-01-01', time: '10:00', q: 'Lima' })).status).toBe(400);
  });

  it.each([
    ['a body over 4 kB', { date: '1990-05-17', time: '14:30', q: 'x'.repeat(5000) }, {}],
    [
      'a JSON body',
      JSON.stringify({ date: '1990-05-17', time: '14:30', q: 'Lima' }),
      { 'Content-Type': 'application/json' },
    ],
    ['a date before the first the form takes', { date: '1899-12-31', time: '14:30', q: 'Lima' }, {}],
    ['a date after today', { date: '2999-01-01', time: '14:30', q: 'Lima' }, {}],
    ['a day that does not exist', { date: '1990-02-30', time: '14:30', q: 'Lima' }, {}],
    ['an impossible time', { date: '1990-05-17', time: '24:30', q: 'Lima' }, {}],
    ['minutes past 59', { date: '1990-05-17', time: '12:60', q: 'Lima' }, {}],
    [
      'a place id no places answer gave',
      { date: '1990-05-17', time: '14:30', q: 'Lima', place: '3936456.AAAAAAAAAAAAAAAAAAAAAA' },
      {},
    ],
    ['a bare place id', { date: '1990-05-17', time: '14:30', q: 'Lima', place: '3936456' }, {}],
    ['a field sent twice', 'date=1990-05-17&date=1991-05-17&time=14:30&q=Lima', {}],
  ])('refuses %s with a 400 and one line, calling no service', async (_what, fields, headers) => {
    const response = await post('/charts/yours/', fields, { headers });
    expect(response.status).toBe(400);
    const message = /<div class="chart-message" role="alert">\n<h2>[^<]+<\/h2>\n<p>([^<]+)<\/p>/.exec(
      await response.text(),
    );
    expect(message?.[1]).toMatch(/^[^\n]+\.$/);
    expect(service.log).toHaveLength(0);
  });

  it('refuses a wrong method on both routes with a 405, and a POST from another origin', async () => {
    expect(
      (
        await fetch(new URL('/charts/yours/', worker.url), {
          method: 'PUT',
          body: 'x',
          headers: { 'CF-Connecting-IP': newVisitor() },
        })
      ).status,
    ).toBe(405);
    expect(
      (await fetch(new URL('/charts/yours/places?q=Lima', worker.url), { headers: { Origin: worker.url.origin } }))
        .status,
    ).toBe(405);
    const foreign = await post(
      '/charts/yours/',
      { date: '1990-05-17', time: '14:30', q: 'Lima' },
      { headers: { Origin: 'https://evil.example' } },
    );
    expect(foreign.status).toBe(403);
    expect(service.log).toHaveLength(0);
  });

  it.each([
    ['down', { rules: [{ path: '/api/natal', status: 503 }] }],
    ['garbled', { rules: [{ path: '/api/natal', body: '{"planets": [' }] }],
    ['slow', { rules: [{ path: '/api/natal', delayMs: 5000 }] }],
  ])("answers a service %s with the 503 page in the visitor's language, leaking nothing", async (_what, faults) => {
    const [lima] = await suggestions('/es/charts/yours/', 'Lima');
    service.setFaults(faults);
    const response = await post('/es/charts/yours/', {
      date: '1975-03-03',
      time: '03:03',
      q: 'Lima',
      place: lima!.token,
    });
    expect(response.status).toBe(503);
    const body = await response.text();
    expect(body).toContain('El servicio de cartas no responde ahora mismo');
    const tokens = service.log.flatMap((entry) => (entry.token ? [entry.token] : []));
    const everything = `${body}\n${[...response.headers].join('\n')}`;
    for (const secret of [PASSWORD, service.url, `127.0.0.1:${service.port}`, ...tokens])
      expect(everything).not.toContain(secret);
  });

  it("publishes the XSS corpus in service texts and place names sanitized and escaped, under the site's exact policy", async () => {
    const node = new AstroClient({ baseUrl: service.url, username: USERNAME, password: PASSWORD });
    const [rome] = await node.places('Rome');
    const natal = await node.natal({
      name: 'Visitor',
      date: '1960-06-06',
      time: '06:06',
      place_id: rome!.id,
      lang: 'en',
    });
    await node.close();
    const vectors = XSS_VECTORS.map((vector) => vector.html);
    const hostile = {
      ...natal,
      intro: vectors.join('\n'),
      profile: { ...natal.profile, cityName: `${vectors[1]}Rome`, timezoneName: vectors[4] },
      planets: natal.planets.map((planet, i) => ({
        ...planet,
        planetName: `${planet.planetName}${vectors[i]}`,
        text: vectors.filter((_v, j) => j % 10 === i).join('\n'),
        housetext: vectors[i + 10],
      })),
    };
    const places = [rome!, { ...rome!, id: rome!.id + 1, name: vectors[0], admin1_code: vectors[2] }];
    service.setFaults({
      rules: [
        { path: '/api/natal', body: JSON.stringify(hostile) },
        { path: '/api/places', body: JSON.stringify({ data: places }) },
      ],
    });
    // Without JavaScript: the places to pick from, then the chart.
    const choice = await post('/charts/yours/', {
      date: '1960-06-06',
      time: '06:07',
      q: 'Rome<script>alert(1)</script>',
    });
    expect(choice.status).toBe(200);
    const [token] = await suggestions('/charts/yours/', 'Rome<script>alert(1)</script>');
    const response = await post('/charts/yours/', {
      date: '1960-06-06',
      time: '06:07',
      q: 'Rome',
      place: token!.token,
    });
    expect(response.status).toBe(200);
    for (const result of [resultOf(await choice.text()), resultOf(await response.text())]) {
      // Only the chart's own elements and those the sanitizer allows; no handler; no script address.
      const tags = new Set([...result.matchAll(/<([a-zA-Z][\w-]*)/g)].map((match) => match[1]!.toLowerCase()));
      expect([...tags].filter((tag) => !ALLOWED_IN_RESULT.has(tag))).toEqual([]);
      expect(result).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
      expect(result).not.toMatch(/<[^>]*=\s*["']?\s*javascript:/i);
    }
    const shell = await fetch(new URL('/charts/yours/', worker.url));
    expect(response.headers.get('content-security-policy')).toBe(shell.headers.get('content-security-policy'));
    expect(response.headers.get('content-security-policy')).toBe(SITE_POLICY);
  });
});

// Each language's own account, under the build's variable names: the Spanish form signs in with the `_ES` ones.
describe('the chart form Worker with an account per language', () => {
  it('signs in with ASTRO_API_*_ES for the Spanish form and with ASTRO_API_* for the English one', async () => {
    const spanish = await startSampleService({ username: 'duena-es', password: 'secreto-es-7', language: 'es' });
    const own = await startWorker({
      dist: path.join(project, 'dist'),
      secrets: {
        ASTRO_API_URL: service.url,
        ASTRO_API_USERNAME: USERNAME,
        ASTRO_API_PASSWORD: PASSWORD,
        ASTRO_API_URL_ES: spanish.url,
        ASTRO_API_USERNAME_ES: 'duena-es',
        ASTRO_API_PASSWORD_ES: 'secreto-es-7',
      },
    });
    try {
      const ask = (form: string) =>
        fetch(new URL(form, own.url), {
          method: 'POST',
          body: new URLSearchParams({ date: '1982-04-04', time: '04:04', q: 'Lima' }),
          headers: {
            Origin: own.url.origin,
            'Content-Type': 'application/x-www-form-urlencoded',
            'CF-Connecting-IP': newVisitor(),
          },
        });
      expect((await ask('/es/charts/yours/')).status).toBe(200);
      expect((await ask('/charts/yours/')).status).toBe(200);
      const signIns = (log: SampleService['log']) =>
        log.filter((entry) => entry.path === '/api/auth').map((entry) => (entry.body as { username: string }).username);
      const natalLanguages = (log: SampleService['log']) =>
        log.filter((entry) => entry.path === '/api/natal').map((entry) => (entry.body as { lang: string }).lang);
      expect(signIns(spanish.log)).toEqual(['duena-es']);
      expect(natalLanguages(spanish.log)).toEqual(['es']);
      expect(signIns(service.log)).toEqual([USERNAME]);
      expect(natalLanguages(service.log)).toEqual(['en']);
    } finally {
      await own.close();
      await spanish.close();
    }
  });
});

// `npm run worker` and `npm start` with no account: the Worker asks an embedded sample service of its own.
describe('the chart form Worker run locally without an account', () => {
  it('draws charts from an embedded sample service it starts', async () => {
    const local = await startFormWorker({ dist: path.join(project, 'dist'), env: {} });
    try {
      expect(local.sample).toBe(true);
      const response = await fetch(new URL('/charts/yours/', local.url), {
        method: 'POST',
        body: new URLSearchParams({ date: '1982-04-04', time: '04:04', q: 'Lima' }),
        headers: { Origin: local.url.origin, 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      expect(response.status).toBe(200);
      expect(resultOf(await response.text())).toContain('<title id="wheel-yours-title">Your natal chart wheel</title>');
    } finally {
      await local.close();
    }
    // The test's own service was not asked.
    expect(service.log).toHaveLength(0);
  });
});

// The form as visitors use it, in Debian's Chromium: two languages, JavaScript on and off.
describe('the chart form in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  async function open(
    path: string,
    javaScriptEnabled: boolean,
    viewport = { width: 1280, height: 720 },
  ): Promise<{ page: Page; problems: string[] }> {
    const context = await browser.newContext({
      javaScriptEnabled,
      viewport,
      extraHTTPHeaders: { 'CF-Connecting-IP': newVisitor() },
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(new URL(path, worker.url).href);
    return { page, problems };
  }

  async function expectAccessible(page: Page): Promise<void> {
    const serious = blocking(await runAxe(page));
    expect(ruleIds(serious), formatViolations(serious)).toEqual([]);
  }

  async function expectChart(page: Page, wheelTitle: string, javaScript: boolean): Promise<void> {
    await expect.poll(() => page.locator('#chart-result svg.chart-wheel title').first().textContent()).toBe(wheelTitle);
    expect(await page.locator('#chart-result table.planets tbody tr').count()).toBe(10);
    expect(await page.locator('#chart-result section.planet-text').count()).toBeGreaterThan(0);
    // axe runs in the page: only where JavaScript is on.
    if (javaScript) await expectAccessible(page);
  }

  it('draws a chart without JavaScript: the place typed, then picked among those that match', async () => {
    // A phone's screen (375 × 667 CSS px).
    const { page, problems } = await open('/es/charts/yours/', false, { width: 375, height: 667 });
    await page.fill('#chart-date', '1988-08-08');
    await page.fill('#chart-time', '08:08');
    await page.fill('#chart-place', 'San');
    await Promise.all([page.waitForURL(/\/es\/charts\/yours\/$/), page.click('form.chart-form button[type=submit]')]);
    expect(await page.locator('.chart-pick legend').textContent()).toContain('Varios lugares coinciden con «San»');
    await Promise.all([page.waitForLoadState(), page.click('.chart-pick button[type=submit]')]);
    await expectChart(page, 'La rueda de tu carta natal', false);
    // The page opens on the chart: its wheel begins on the first screen, and the form waits folded below it.
    const wheel = (await page.locator('#chart-result figure.wheel').boundingBox())!;
    expect(await page.evaluate('window.scrollY')).toBe(0);
    expect(wheel.y).toBeLessThan(667);
    expect(await page.locator('#chart-date').isVisible()).toBe(false);
    await page.click('#chart-again summary');
    expect(await page.locator('#chart-date').isVisible()).toBe(true);
    // The fields keep what was sent.
    expect(await page.inputValue('#chart-date')).toBe('1988-08-08');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('suggests places as the visitor types with JavaScript, and draws the chart of the one picked', async () => {
    const { page, problems } = await open('/charts/yours/', true);
    await expectAccessible(page);
    await page.fill('#chart-date', '1990-05-17');
    await page.fill('#chart-time', '14:30');
    await page.locator('#chart-place').pressSequentially('Lim');
    await page.locator('#chart-place-row').waitFor({ state: 'visible' });
    const labels = await page.locator('#chart-place-choice option').allTextContents();
    expect(labels).toContain('Lima, Peru');
    await page.selectOption('#chart-place-choice', { label: 'Lima, Peru' });
    await Promise.all([page.waitForLoadState(), page.click('form.chart-form button[type=submit]')]);
    await expectChart(page, 'Your natal chart wheel', true);
    expect(await page.locator('#chart-result dd').nth(2).textContent()).toBe('Lima');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

// Last: it spends the day's calls.
describe('the daily cap', () => {
  it('stops calling the service past the daily cap, saying so, and the rest of the site is served', async () => {
    const visitor = () => newVisitor();
    const [lima] = await suggestions('/charts/yours/', 'Lima');
    let refused: Response | undefined;
    for (let day = 1; day <= DAILY_LIMIT + 1 && !refused; day++) {
      const response = await post(
        '/charts/yours/',
        {
          date: `1950-01-${String((day % 28) + 1).padStart(2, '0')}`,
          time: `${String(Math.floor(day / 28)).padStart(2, '0')}:00`,
          q: 'Lima',
          place: lima!.token,
        },
        { visitor: visitor() },
      );
      if (response.status !== 200) refused = response;
    }
    expect(refused?.status).toBe(503);
    expect(await refused!.text()).toContain('The form has drawn all the charts it can today');
    const callsBefore = service.log.length;
    expect(
      (await post('/charts/yours/', { date: '1950-12-12', time: '12:12', q: 'Lima', place: lima!.token })).status,
    ).toBe(503);
    expect(service.log.length).toBe(callsBefore);
    expect((await fetch(new URL('/', worker.url))).status).toBe(200);
  });
});
