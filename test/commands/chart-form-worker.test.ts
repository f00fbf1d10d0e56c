// The chart form's Worker in the real local runtime (workerd, through wrangler's API) over a built site of two
// languages, against the embedded sample service on a loopback port with its fault modes: never a mocked fetch.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AstroClient } from '../../src/api/index.ts';
import { runBuild } from '../../src/cli/run-build.ts';
import { startSampleService, type SampleService } from '../../src/sample-service/server.ts';
import { startWorker, type LocalWorker } from '../../scripts/lib/start-worker.ts';
import { CURRENT_PERIODS, copyProject } from '../helpers/project-copy.ts';
import { removeDir } from '../helpers/remove-dir.ts';

const USERNAME = 'edge-owner';
const PASSWORD = 'worker-secret-password-42';
/** Charts the form draws a day: what the cap's test spends, after the others. */
const DAILY_LIMIT = 40;

let project = '';
let service: SampleService;
let worker: LocalWorker;
let visitors = 0;

beforeAll(async () => {
  project = copyProject({ periods: CURRENT_PERIODS });
  const siteFile = path.join(project, 'content/site.json');
  const { language: _language, ...settings } = JSON.parse(readFileSync(siteFile, 'utf8')) as Record<string, unknown>;
  writeFileSync(siteFile, JSON.stringify({ ...settings, languages: ['en', 'es'], chartForm: { dailyLimit: DAILY_LIMIT } }));
  const progressStream = { isTTY: false, write: () => true } as unknown as NodeJS.WriteStream;
  await runBuild({ rootDir: project, env: { ASTRO_BUILD_DATE: '2026-11-22' }, log: () => {}, warn: () => {}, progressStream });
  service = await startSampleService({ username: USERNAME, password: PASSWORD });
  worker = await startWorker({ dist: path.join(project, 'dist'), secrets: { ASTRO_API_URL: service.url, ASTRO_API_USERNAME: USERNAME, ASTRO_API_PASSWORD: PASSWORD, ASTRO_TIMEOUT_MS: '400' } });
}, 240_000);
afterAll(async () => {
  await worker?.close();
  await service?.close();
  removeDir(project);
});
beforeEach(() => {
  service.setFaults({});
  service.resetLog();
});

/** A visitor of its own: the per-visitor limits count each test's requests apart. */
function newVisitor(): string {
  visitors += 1;
  return `203.0.113.${visitors}`;
}

function post(path: string, fields: Record<string, string> | string, { visitor = newVisitor(), headers = {} }: { visitor?: string; headers?: Record<string, string> } = {}): Promise<Response> {
  return fetch(new URL(path, worker.url), {
    method: 'POST',
    body: typeof fields === 'string' ? fields : new URLSearchParams(fields),
    headers: { Origin: worker.url.origin, 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': visitor, ...headers },
  });
}

async function suggestions(path: string, query: string, visitor = newVisitor()): Promise<{ label: string; token: string }[]> {
  const response = await fetch(new URL(`${path}places?q=${encodeURIComponent(query)}`, worker.url), { headers: { 'CF-Connecting-IP': visitor } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { places: { label: string; token: string }[] }).places;
}

const calls = (endpoint: string) => service.log.filter((entry) => entry.path === endpoint).length;
const resultOf = (html: string) => html.slice(html.indexOf('<div id="chart-result">'), html.indexOf('<script src='));

describe('the chart form Worker', () => {
  it('suggests places with tokens, and draws the chart of the one picked, in the layout, with the texts', async () => {
    const [madrid] = await suggestions('/charts/yours/', 'Madrid');
    expect(madrid!.label).toBe('Madrid, ES.29, ES');
    const response = await post('/charts/yours/', { date: '1990-05-17', time: '14:30', q: 'Madrid', place: madrid!.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html).toContain('<html lang="en"');
    expect(resultOf(html)).toContain('<title id="wheel-yours-title">Your natal chart wheel</title>');
    expect(resultOf(html)).toContain('<td>Taurus</td>');
    // The answer's place id is the one the places answer gave.
    const natal = service.log.find((entry) => entry.path === '/api/natal')!;
    expect(natal.body).toEqual({ name: 'Visitor', date: '1990-05-17', time: '14:30', place_id: Number(madrid!.token.split('.')[0]), lang: 'en' });
  });

  it('answers in Spanish with the Spanish texts, the place typed without JavaScript', async () => {
    const html = await (await post('/es/charts/yours/', { date: '1985-02-03', time: '08:05', q: 'Lima' })).text();
    expect(html).toContain('<html lang="es"');
    expect(resultOf(html)).toContain('La rueda de tu carta natal');
    expect(service.log.find((entry) => entry.path === '/api/natal')!.body).toMatchObject({ lang: 'es' });
  });

  it('signs in once for many charts, and answers the same chart twice with one natal call', async () => {
    const [lima] = await suggestions('/charts/yours/', 'Lima');
    for (const date of ['2001-01-01', '2002-02-02', '2001-01-01']) {
      expect((await post('/charts/yours/', { date, time: '10:00', q: 'Lima', place: lima!.token })).status).toBe(200);
    }
    expect(calls('/api/natal')).toBe(2);
    expect(calls('/api/auth')).toBe(0);
  });

  it('renews the token once on a 401', async () => {
    const [oslo] = await suggestions('/charts/yours/', 'Oslo');
    service.setFaults({ tokenTtlRequests: 1 });
    service.resetLog();
    expect((await post('/charts/yours/', { date: '1970-07-07', time: '07:07', q: 'Oslo', place: oslo!.token })).status).toBe(200);
    expect(service.log.map((entry) => `${entry.path} ${entry.status}`)).toEqual(['/api/natal 401', '/api/auth 200', '/api/natal 200']);
  });

  it('answers a 429 with Retry-After past the per-visitor limit, in the visitor\'s language', async () => {
    const visitor = newVisitor();
    const statuses: number[] = [];
    // Bad ones (a date before the form's first) count too, and cost no call.
    for (let i = 0; i < 10; i++) statuses.push((await post('/es/charts/yours/', { date: '1899-01-01', time: '10:00', q: 'Lima' }, { visitor })).status);
    expect(statuses).toEqual(Array(10).fill(400));
    const refused = await post('/es/charts/yours/', { date: '2000-01-01', time: '10:00', q: 'Lima' }, { visitor });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await refused.text()).toContain('Demasiadas cartas en poco tiempo');
    expect(calls('/api/natal') + calls('/api/places')).toBe(0);
    // Another visitor is not held back.
    expect((await post('/es/charts/yours/', { date: '1899-01-01', time: '10:00', q: 'Lima' })).status).toBe(400);
  });
});
