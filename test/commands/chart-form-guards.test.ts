// Each of the chart form Worker's guards, in workerd against the sample service on a loopback port: what it must
// refuse, and that a refusal costs no call to the service. Each test goes red with its guard taken out.
import path from 'node:path';
import { DomUtils, parseDocument } from 'htmlparser2';
import { beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type LocalWorker } from '../../src/cli/chart-form-worker.ts';
import { startSampleService, type SampleService } from '../../src/sample-service/server.ts';
import { callsTo, FORM_SITE, formClient, newVisitor, resultOf, useFormWorkerHooks } from '../helpers/form-worker.ts';
import { builtSite } from '../helpers/shared-sites.ts';

const ACCOUNT = { ASTRO_API_USERNAME: 'guarded-owner', ASTRO_API_PASSWORD: 'guarded-secret-9' };

let project = '';
let service: SampleService;
let worker: LocalWorker;
let post: ReturnType<typeof formClient>['post'];
let suggestions: ReturnType<typeof formClient>['suggestions'];

function secrets(): Record<string, string> {
  return { ASTRO_API_URL: service.url, ...ACCOUNT };
}

beforeAll(async () => {
  ({ project } = await builtSite('site', FORM_SITE));
  service = await startSampleService({ username: ACCOUNT.ASTRO_API_USERNAME, password: ACCOUNT.ASTRO_API_PASSWORD });
  worker = await startWorker({ dist: path.join(project, 'dist'), secrets: secrets() });
  ({ post, suggestions } = formClient(worker));
}, 240_000);
useFormWorkerHooks(() => ({ worker, service }));

const today = () => new Date().toISOString().slice(0, 10);
const messageOf = async (response: Response) =>
  DomUtils.textContent(
    DomUtils.findOne((el) => el.attribs.class === 'chart-message', parseDocument(await response.text()).children)!,
  ).trim();

describe('the answers kept in the ledger', () => {
  it('keeps a chart by its time and its language: each asked once, each drawn for its own input', async () => {
    const [lima] = await suggestions('/charts/yours/', 'Lima');
    const [limaEs] = await suggestions('/es/charts/yours/', 'Lima');
    const table = async (form: string, time: string, token: string) => {
      const response = await post(form, { date: '1999-09-09', time, q: 'Lima', place: token });
      expect(response.status).toBe(200);
      return /<tbody>[\s\S]*<\/tbody>/.exec(resultOf(await response.text()))![0];
    };
    service.resetLog();
    const morning = await table('/charts/yours/', '06:00', lima!.token);
    const evening = await table('/charts/yours/', '18:00', lima!.token);
    const spanish = await table('/es/charts/yours/', '06:00', limaEs!.token);
    // The Moon moves some 6° in twelve hours (its position is in the table); the Spanish table names the signs in Spanish.
    expect(evening).not.toBe(morning);
    expect(spanish).toContain('<td>');
    expect(spanish).not.toBe(morning);
    const asked = service.log
      .filter((entry) => entry.path === '/api/natal')
      .map((entry) => entry.body as { time: string; lang: string });
    expect(asked.map(({ time, lang }) => `${time} ${lang}`)).toEqual(['06:00 en', '18:00 en', '06:00 es']);
    // Asked again, each is the one kept: no call.
    expect(await table('/charts/yours/', '18:00', lima!.token)).toBe(evening);
    expect(await table('/es/charts/yours/', '06:00', limaEs!.token)).toBe(spanish);
    expect(callsTo(service, '/api/natal')).toBe(3);
  });
});

describe('the place tokens', () => {
  it('refuses a token of another Worker (another key), one altered, and one of another language: 400, no call', async () => {
    const [lima] = await suggestions('/charts/yours/', 'Lima');
    const other = await startWorker({ dist: path.join(project, 'dist'), secrets: secrets() });
    let foreign = '';
    try {
      foreign = (await formClient(other).suggestions('/charts/yours/', 'Lima'))[0]!.token;
    } finally {
      await other.close();
    }
    const [limaEs] = await suggestions('/es/charts/yours/', 'Lima');
    const last = lima!.token.at(-1) === 'A' ? 'B' : 'A';
    service.resetLog();
    for (const token of [foreign, `${lima!.token.slice(0, -1)}${last}`, limaEs!.token]) {
      expect(token.split('.')[0]).toBe(lima!.token.split('.')[0]);
      const response = await post('/charts/yours/', { date: '1990-05-17', time: '14:30', q: 'Lima', place: token });
      expect(response.status, token).toBe(400);
      expect(await messageOf(response)).toContain('Pick the place from the list of suggestions.');
    }
    expect(service.log).toHaveLength(0);
    // The token as given is taken.
    expect(
      (await post('/charts/yours/', { date: '1990-05-17', time: '14:30', q: 'Lima', place: lima!.token })).status,
    ).toBe(200);
  });
});

describe('requests from elsewhere', () => {
  it.each([
    ['no Origin', { Origin: '' }],
    ['Origin: null', { Origin: 'null' }],
    ["another site's Origin", { Origin: 'https://evil.example' }],
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'Sec-Fetch-Site': 'same-site' }],
  ])('refuses a chart or suggestions POST with %s: 403, no call', async (_what, headers) => {
    const send = (form: string, fields: Record<string, string>) =>
      fetch(new URL(form, worker.url), {
        method: 'POST',
        body: new URLSearchParams(fields),
        headers: Object.fromEntries(
          Object.entries({
            Origin: worker.url.origin,
            'Content-Type': 'application/x-www-form-urlencoded',
            'CF-Connecting-IP': newVisitor(),
            ...headers,
          }).filter(([, value]) => value !== ''),
        ),
      });
    expect((await send('/charts/yours/', { date: '1990-05-17', time: '14:30', q: 'Lima' })).status).toBe(403);
    const refused = await send('/charts/yours/places', { q: 'Lima' });
    expect(refused.status).toBe(403);
    expect(service.log).toHaveLength(0);
  });

  it('answers suggestions to a POST alone, so that a typed place is in no address: a GET (an <img> on another site) calls nothing', async () => {
    const response = await fetch(new URL('/charts/yours/places?q=Lima', worker.url), {
      headers: { 'CF-Connecting-IP': newVisitor() },
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(service.log).toHaveLength(0);
    const answer = await post('/charts/yours/places', { q: 'Lima' });
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('the other methods', () => {
  const send = (method: string, address: string) =>
    fetch(new URL(address, worker.url), {
      method,
      headers: { Origin: worker.url.origin, 'CF-Connecting-IP': newVisitor() },
    });

  it.each(['PUT', 'DELETE', 'PATCH', 'OPTIONS'])(
    "answers %s on the form's routes with 405 and what they take, calling nothing",
    async (method) => {
      const page = await send(method, '/es/charts/yours/');
      expect([page.status, page.headers.get('allow')]).toEqual([405, 'GET, HEAD, POST']);
      expect(await page.text()).toContain('<html lang="es"');
      const places = await send(method, '/charts/yours/places');
      expect([places.status, places.headers.get('allow')]).toEqual([405, 'POST']);
      expect(service.log).toHaveLength(0);
    },
  );

  it('answers HEAD as GET, without the body and calling nothing', async () => {
    for (const address of ['/charts/yours/', '/charts/yours/places', '/es/charts/yours/places']) {
      const [got, head] = [await send('GET', address), await send('HEAD', address)];
      expect([head.status, head.headers.get('allow'), head.headers.get('content-type')], address).toEqual([
        got.status,
        got.headers.get('allow'),
        got.headers.get('content-type'),
      ]);
      expect(await head.text(), address).toBe('');
    }
    expect(service.log).toHaveLength(0);
  });
});

describe('what the form sends', () => {
  it('refuses a body over 4 kB whose fields are otherwise valid: 400, no call', async () => {
    // A place no other test asks for: its suggestions are not kept yet.
    const fields = { date: '1990-05-17', time: '14:30', q: 'Quito', padding: 'x'.repeat(4096) };
    expect((await post('/charts/yours/', fields)).status).toBe(400);
    expect(service.log).toHaveLength(0);
    // Just under the limit, the same fields are taken: the places matching what was typed are asked.
    expect((await post('/charts/yours/', { ...fields, padding: 'x'.repeat(3900) })).status).toBe(200);
    expect(callsTo(service, '/api/places')).toBe(1);
  });

  it('reads a chunked body no further than 4 kB: 100 MB is refused without being read', async () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // 1 MB a chunk, 100 in all; the Worker's refusal ends the upload long before.
        if (sent >= 100) return controller.close();
        sent += 1;
        controller.enqueue(new TextEncoder().encode(`q=${'x'.repeat(1024 * 1024 - 2)}`));
      },
    });
    const answer = await fetch(new URL('/charts/yours/', worker.url), {
      method: 'POST',
      body,
      duplex: 'half',
      headers: {
        Origin: worker.url.origin,
        'Content-Type': 'application/x-www-form-urlencoded',
        'CF-Connecting-IP': newVisitor(),
      },
    } as RequestInit).then(
      (response) => response.status,
      () => 'connection closed',
    );
    // The 400 may reach the client, or the connection close under the upload first, or wrangler's local proxy answer
    // 500 for the upload the Worker stopped reading: whichever, the body was not read whole.
    expect([400, 500, 'connection closed']).toContain(answer);
    expect(sent).toBeLessThan(100);
    expect(service.log).toHaveLength(0);
  });

  it.each([
    ['1 character', 'L', 400, 'Pick the place'],
    ['101 characters', 'L'.repeat(101), 400, 'The place can be 100 characters at most'],
    ['a control character', 'Li\u0007ma', 400, 'Pick the place'],
    ['2 characters', 'Li', 200, ''],
    ['100 characters', 'L'.repeat(100), 200, ''],
  ])('suggests for a query of %s', async (_what, q, status, message) => {
    const response = await post('/charts/yours/places', { q });
    expect(response.status).toBe(status);
    if (message) expect(((await response.json()) as { error: string }).error).toContain(message);
    expect(callsTo(service, '/api/places')).toBe(status === 200 ? 1 : 0);
  });

  it('tells a typed place of 101 characters so, and a control character to pick from the list: 400, no call', async () => {
    const long = await post('/charts/yours/', { date: '1990-05-17', time: '14:30', q: 'L'.repeat(101) });
    expect(long.status).toBe(400);
    expect(await messageOf(long)).toContain('The place can be 100 characters at most');
    expect((await post('/charts/yours/', { date: '1990-05-17', time: '14:30', q: 'Li\u0000ma' })).status).toBe(400);
    expect(service.log).toHaveLength(0);
  });

  it('takes the first date the form allows and today', async () => {
    const [lima] = await suggestions('/charts/yours/', 'Lima');
    for (const date of ['1900-01-01', today()]) {
      expect((await post('/charts/yours/', { date, time: '00:00', q: 'Lima', place: lima!.token })).status, date).toBe(
        200,
      );
    }
    expect(
      (await post('/charts/yours/', { date: '1899-12-31', time: '00:00', q: 'Lima', place: lima!.token })).status,
    ).toBe(400);
  });

  it('gives back a refused form filled in with what the visitor typed', async () => {
    const typed = { date: '1899-12-31', time: '14:30', q: 'Lima "Centro"' };
    const page = parseDocument(await (await post('/es/charts/yours/', typed)).text());
    const value = (id: string) => DomUtils.getAttributeValue(DomUtils.getElementById(id, page.children)!, 'value');
    expect([value('chart-date'), value('chart-time'), value('chart-place')]).toEqual([typed.date, typed.time, typed.q]);
  });
});

describe('the per-visitor limits', () => {
  it('answers the 61st suggestion request of a visitor within a minute with 429 and Retry-After, calling nothing for it', async () => {
    const visitor = newVisitor();
    // Refused ones count too (one character: 400, no call).
    for (let i = 0; i < 60; i++) expect((await post('/charts/yours/places', { q: 'L' }, { visitor })).status).toBe(400);
    const refused = await post('/charts/yours/places', { q: 'Lima' }, { visitor });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(service.log).toHaveLength(0);
  });

  it('counts an IPv6 visitor by their /64, and a v4-mapped address as its IPv4 one', async () => {
    const chart = (visitor: string) =>
      post('/charts/yours/', { date: '1899-01-01', time: '10:00', q: 'Lima' }, { visitor });
    for (let i = 1; i <= 10; i++)
      expect((await chart(`2001:db8:7:${i === 1 ? '0' : ''}7::${i.toString(16)}`)).status).toBe(400);
    expect((await chart('2001:db8:7:7:ffff:1:2:3')).status).toBe(429);
    expect((await chart('2001:db8:7:8::1')).status).toBe(400);
    const v4 = newVisitor();
    for (let i = 0; i < 10; i++) expect((await chart(v4)).status).toBe(400);
    expect((await chart(`::ffff:${v4}`)).status).toBe(429);
    // The same visitor written in hex, and a second mapped visitor, who is not the first (nor a /64 of zeros).
    const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number];
    expect((await chart(`[::ffff:${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}]:443`)).status).toBe(
      429,
    );
    expect((await chart(`::ffff:${newVisitor()}`)).status).toBe(400);
  });
});
