// The chart form Worker's daily cap and its faults, in workerd against the sample service on a loopback port: the
// cap exact under requests sent at once (the form's ledger, a Durable Object), what a fault of the service shows a
// visitor, how long they wait, and the site's own pages past the cap and for a missing page.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { ChildNode } from 'domhandler';
import { beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type LocalWorker } from '../../src/cli/chart-form-worker.ts';
import { startWorkerWithoutCache } from '../helpers/worker-without-cache.ts';
import { startSampleService, type SampleService } from '../../src/sample-service/server.ts';
import type { FaultOptions } from '../../src/sample-service/faults.ts';
import {
  callsTo,
  fileWorker,
  FORM_SITE,
  formClient,
  newVisitor,
  resultOf,
  useFormWorkerHooks,
} from '../helpers/form-worker.ts';
import { builtSite } from '../helpers/shared-sites.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const ACCOUNT = { ASTRO_API_USERNAME: 'ledger-owner', ASTRO_API_PASSWORD: 'ledger-secret-3' };
/** The capped site's calls a day. */
const CAP = 3;

let project = '';
/** A copy of the site's output with a daily cap of CAP. */
let capped = '';
let service: SampleService;
let worker: LocalWorker;

/** The account; a short wait for the service where a test asks for a timeout, the Worker's own 8 s elsewhere. */
function secrets(timeoutMs?: string): Record<string, string> {
  return { ASTRO_API_URL: service.url, ...ACCOUNT, ...(timeoutMs ? { ASTRO_TIMEOUT_MS: timeoutMs } : {}) };
}

type Start = typeof startWorker;

/** The file's Worker of each kind, for the tests that need one of their own. */
const ownWorkers = new Map([startWorker, startWorkerWithoutCache].map((start) => [start, fileWorker(start)]));

/** The file's Worker started by `start`, run afresh over `dist`: a new isolate and a ledger of its own. */
async function withWorker<T>(
  dist: string,
  use: (worker: LocalWorker) => Promise<T>,
  start: Start = startWorker,
): Promise<T> {
  return use(await ownWorkers.get(start)!({ dist, secrets: secrets() }, { fresh: true }));
}

beforeAll(async () => {
  ({ project } = await builtSite('site', FORM_SITE));
  // The same site with a cap of CAP calls a day, as the build writes it into each language's form.json.
  capped = tempDir('astro-capped-');
  cpSync(path.join(project, 'dist'), capped, { recursive: true });
  const form = path.join(capped, 'charts/yours/form.json');
  writeFileSync(form, JSON.stringify({ ...JSON.parse(readFileSync(form, 'utf8')), dailyLimit: CAP }));
  service = await startSampleService({ username: ACCOUNT.ASTRO_API_USERNAME, password: ACCOUNT.ASTRO_API_PASSWORD });
  worker = await startWorker({ dist: path.join(project, 'dist'), secrets: secrets('1500') });
}, 240_000);
useFormWorkerHooks(() => ({ worker, service }));

// The Cache API works on a custom domain, per data centre, and does nothing on workers.dev: the promises hold on both.
describe.each([
  ['with the Cache API at work', startWorker],
  ['where the Cache API does nothing, as on workers.dev', startWorkerWithoutCache],
])('the daily cap and the answers kept, %s', (_where, start) => {
  it('answers the same chart twice with one natal call', async () => {
    await withWorker(
      path.join(project, 'dist'),
      async (own) => {
        const { post, suggestions } = formClient(own);
        const [oslo] = await suggestions('/charts/yours/', 'Oslo');
        for (let i = 0; i < 2; i++)
          expect(
            (await post('/charts/yours/', { date: '1961-06-06', time: '06:06', q: 'Oslo', place: oslo!.token })).status,
          ).toBe(200);
        expect(callsTo(service, '/api/natal')).toBe(1);
      },
      start,
    );
  });

  it('lets no more calls through than the cap when charts are sent at once, and serves the site past it', async () => {
    await withWorker(
      capped,
      async (capped) => {
        const { post, suggestions } = formClient(capped);
        const [lima] = await suggestions('/charts/yours/', 'Lima');
        const charts = Array.from({ length: 10 }, (_, i) =>
          post('/charts/yours/', {
            date: `1960-01-${String(i + 1).padStart(2, '0')}`,
            time: '10:00',
            q: 'Lima',
            place: lima!.token,
          }),
        );
        const answers = await Promise.all(charts);
        // One call for the places, CAP - 1 for charts: the rest are refused, saying so, and reach no service.
        expect(answers.map((answer) => answer.status).sort()).toEqual([
          200, 200, 503, 503, 503, 503, 503, 503, 503, 503,
        ]);
        expect(callsTo(service, '/api/places') + callsTo(service, '/api/natal')).toBe(CAP);
        const refused = answers.find((answer) => answer.status === 503)!;
        expect(await refused.text()).toContain('The form has drawn all the charts it can today');
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
        // Suggestions for new letters are refused too, with their own Retry-After; kept ones are still given.
        const more = await post('/charts/yours/places', { q: 'Oslo' });
        expect([more.status, Number(more.headers.get('retry-after')) > 0]).toEqual([503, true]);
        expect((await suggestions('/charts/yours/', 'Lima'))[0]!.token).toBe(lima!.token);
        expect((await fetch(new URL('/', capped.url))).status).toBe(200);
        expect((await fetch(new URL('/es/charts/yours/', capped.url))).status).toBe(200);
        expect(callsTo(service, '/api/places') + callsTo(service, '/api/natal')).toBe(CAP);
      },
      start,
    );
  });
});

/** The place choices, the chart or the message of a result, as a browser's parser reads it. */
function parsedResult(html: string): ChildNode[] {
  return parseDocument(resultOf(html)).children;
}

describe('what the Worker writes', () => {
  it('shows hostile place names, labels and typed places as text, in elements and attributes alike', async () => {
    const { post } = formClient(worker);
    // Markup, and text that only reads as markup once its `&` is decoded: shown as typed, never decoded.
    const hostile = '"><svg/onload=alert(1)><img src=x onerror=alert(2)> &lt;b&gt;&amp;&#60;i&#x3e;';
    const places = [1, 2].map((id) => ({
      id: 3_936_000 + id,
      name: `${hostile}${id}`,
      admin1_code: `"${hostile}`,
      country_code: 'PE',
      latitude: -12,
      longitude: -77,
      population: 1000,
      timezone: 'America/Lima',
    }));
    service.setFaults({ rules: [{ path: '/api/places', body: JSON.stringify({ data: places }) }] });
    const typed = `Lima ${hostile}`;
    const choice = parsedResult(
      await (await post('/charts/yours/', { date: '1990-05-17', time: '14:30', q: typed })).text(),
    );
    const labels = DomUtils.findAll((el) => el.name === 'label', choice).map((el) => DomUtils.textContent(el));
    expect(labels).toEqual(places.map((place) => `${place.name}, Peru`));
    const hidden = DomUtils.findOne((el) => el.name === 'input' && el.attribs.name === 'q', choice)!;
    expect(hidden.attribs.value).toBe(typed);
    expect(DomUtils.textContent(DomUtils.findOne((el) => el.name === 'legend', choice)!)).toContain(typed);
    // Nothing of the hostile text became an element or an attribute.
    const elements = DomUtils.findAll(() => true, choice);
    expect(elements.filter((el) => ['svg', 'img', 'script'].includes(el.name))).toEqual([]);
    expect(elements.flatMap((el) => Object.keys(el.attribs)).filter((name) => name.startsWith('on'))).toEqual([]);

    // Other letters (the answer for these is kept), found nowhere.
    const unknown = `Nowhere ${hostile}`;
    service.setFaults({ rules: [{ path: '/api/places', body: JSON.stringify({ data: [] }) }] });
    const none = await (await post('/charts/yours/', { date: '1990-05-17', time: '14:30', q: unknown })).text();
    const message = DomUtils.findOne((el) => el.attribs.class === 'chart-message', parsedResult(none))!;
    expect(DomUtils.textContent(message)).toContain(`“${unknown}”`);
    expect(
      DomUtils.findAll((el) => el.name !== 'h2' && el.name !== 'p', message.children).map((el) => el.name),
    ).toEqual([]);
    const field = DomUtils.getElementById('chart-place', parseDocument(none).children)!;
    expect(field.attribs.value).toBe(unknown);
  });
});

describe('a fault of the service', () => {
  const faults: [string, FaultOptions][] = [
    ['down', { rules: [{ path: '/api/natal', status: 503 }] }],
    ['slow', { rules: [{ path: '/api/natal', delayMs: 5000 }] }],
    ['refusing every token', { rules: [{ path: '/api/natal', status: 401 }] }],
    ['garbled', { rules: [{ path: '/api/natal', body: '{"planets": [' }] }],
  ];

  it("answers each with the same 503, body and headers, so that no fault's text can reach the visitor", async () => {
    const { post, suggestions } = formClient(worker);
    const [lima] = await suggestions('/es/charts/yours/', 'Lima');
    const pages: string[] = [];
    for (const [what, fault] of faults) {
      service.setFaults(fault);
      const response = await post('/es/charts/yours/', {
        date: '1975-03-03',
        time: '03:03',
        q: 'Lima',
        place: lima!.token,
      });
      expect(response.status, what).toBe(503);
      const headers = [...response.headers].filter(([name]) => name !== 'date');
      pages.push(`${JSON.stringify(headers)}\n${await response.text()}`);
    }
    expect(pages[0]).toContain('El servicio de cartas no responde ahora mismo');
    expect(new Set(pages).size).toBe(1);
  });

  it('keeps the visitor waiting ASTRO_TIMEOUT_MS at most, its retry included', async () => {
    const { post, suggestions } = formClient(worker);
    const [lima] = await suggestions('/charts/yours/', 'Lima');
    service.setFaults({ rules: [{ path: '/api/natal', delayMs: 5000 }] });
    service.resetLog();
    const response = await post('/charts/yours/', { date: '1976-04-04', time: '04:04', q: 'Lima', place: lima!.token });
    expect(response.status).toBe(503);
    // The answer came at the first attempt's timeout (1.5 s), before the client's retry (200 ms after it) was sent.
    expect(callsTo(service, '/api/natal')).toBe(1);
  });

  it('signs in again after a refused sign-in, once the back-off is over, asking nothing during it', async () => {
    await withWorker(path.join(project, 'dist'), async (fresh) => {
      const { post } = formClient(fresh);
      const chart = () => post('/charts/yours/', { date: '1977-07-07', time: '07:07', q: 'Lima' });
      service.setFaults({ rules: [{ path: '/api/auth', status: 401 }] });
      expect((await chart()).status).toBe(503);
      expect(callsTo(service, '/api/auth')).toBe(1);
      expect((await chart()).status).toBe(503);
      expect(callsTo(service, '/api/auth')).toBe(1);
      service.setFaults({});
      // src/api/options.ts SIGN_IN_BACKOFF, 5 s after a first failure.
      await new Promise((resolve) => setTimeout(resolve, 5200));
      expect((await chart()).status).toBe(200);
      expect(callsTo(service, '/api/auth')).toBe(2);
    });
  });
});

describe("the site's own pages", () => {
  it("answers a missing page with the site's 404 page in its language", async () => {
    for (const [address, language] of [
      ['/no-such-page/', 'en'],
      ['/es/no-such-page/', 'es'],
      ['/xyz/charts/yours/places', 'en'],
    ]) {
      const response = await fetch(new URL(address!, worker.url), { headers: { 'CF-Connecting-IP': newVisitor() } });
      expect(response.status, address).toBe(404);
      expect(await response.text(), address).toContain(`<html lang="${language}"`);
    }
  });

  it("writes its answers under the page's own headers, none of the file's cache headers", async () => {
    const { post } = formClient(worker);
    const shell = await fetch(new URL('/charts/yours/', worker.url));
    const answer = await post('/charts/yours/', { date: '1899-01-01', time: '10:00', q: 'Lima' });
    expect(answer.headers.get('content-security-policy')).toBe(shell.headers.get('content-security-policy'));
    for (const name of ['etag', 'last-modified', 'cf-cache-status', 'age'])
      expect(answer.headers.get(name), name).toBeNull();
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});
