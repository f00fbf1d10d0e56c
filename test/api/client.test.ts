import { describe, expect, it } from 'vitest';
import { AstroClient, AstroError, REPORT_ENDPOINTS, type ClientEvent } from '../../src/api/index.ts';
import {
  FAST_RETRY,
  PASSWORD,
  USERNAME,
  bearer,
  delay,
  reportsHandler,
  sendJson,
  startFakeService,
} from './helpers/fake-service.ts';
import { rejection, useClientHarness } from './helpers/client-harness.ts';

const { setUp, closeAfterTest } = useClientHarness();

/**
 * The headers the client chose: everything but the transport's own (host, connection, content-length) and those
 * fetch adds to every request (https://fetch.spec.whatwg.org/#http-network-or-cache-fetch).
 */
function chosenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, unknown> {
  const { host: _host, connection: _connection, 'content-length': _length, ...rest } = headers;
  for (const added of ['accept', 'accept-language', 'sec-fetch-mode', 'user-agent']) delete rest[added];
  return rest;
}

describe('AstroClient requests', () => {
  it('sends exactly the documented headers on every non-auth call, and a credentials-only JSON body to /api/auth', async () => {
    const { service, client } = await setUp((request, res) => {
      if (request.path.endsWith('-reports')) return reportsHandler(request, res, undefined as never);
      sendJson(res, 200, { data: [] });
    });
    await client.reports('weekly', { year: 2026, week: 47 });
    await client.report('monthly', { year: 2026, month: 11 }, 3);
    await client.places('Berlin');

    const [auth, ...calls] = service.requests;
    expect(auth?.path).toBe('/api/auth');
    expect(auth?.method).toBe('POST');
    expect(chosenHeaders(auth!.headers)).toEqual({
      'accept-encoding': 'application/json',
      'content-type': 'application/json',
    });
    expect(JSON.parse(auth!.body)).toEqual({ username: USERNAME, password: PASSWORD });

    expect(calls.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/weekly-reports',
      'POST /api/monthly-reports',
      'POST /api/places',
    ]);
    for (const call of calls) {
      expect(chosenHeaders(call.headers)).toEqual({
        'accept-encoding': 'application/json',
        'content-type': 'application/json',
        authorization: `Bearer ${service.issuedTokens[0]}`,
      });
    }
  });

  it('follows no redirect: the request and its token go to the service alone', async () => {
    const elsewhere = await startFakeService(reportsHandler);
    closeAfterTest({ service: elsewhere });
    const { client } = await setUp((_request, res) => {
      res.writeHead(307, { location: `${elsewhere.url}/api/yearly-reports` });
      res.end();
    });
    const error = await rejection(client.reports('yearly', { year: 2026 }));
    expect(error).toMatchObject({ code: 'ASTRO_HTTP_STATUS', status: 307 });
    expect(elsewhere.requests).toEqual([]);
  });

  it('sends integers as JSON numbers and only the members each report kind takes', async () => {
    const { service, client } = await setUp(reportsHandler);
    await client.reports('weekly', { year: 2026, week: 47, month: 3 });
    await client.reports('monthly', { year: 2026, month: 11 });
    await client.reports('yearly', { year: 2027, week: 2 });
    await client.report('ascendantYearly', { year: 2027 }, 0);
    const bodies = service.requests.filter((r) => r.path !== '/api/auth').map((r) => r.body);
    expect(bodies).toEqual([
      '{"week":47,"year":2026}',
      '{"month":11,"year":2026}',
      '{"year":2027}',
      '{"year":2027,"sign_id":0}',
    ]);
  });

  it('rejects non-integer or out-of-range arguments before sending, naming the field', async () => {
    const { service, client } = await setUp(reportsHandler);
    const cases: [Promise<unknown>, string, RegExp][] = [
      [client.reports('weekly', { year: 2026, week: 47.5 }), 'week', /week must be an integer.*47\.5/],
      [
        client.reports('weekly', { year: 2026, week: '47' as unknown as number }),
        'week',
        /week must be an integer.*"47"/,
      ],
      [client.reports('weekly', { year: 2026 }), 'week', /week must be an integer/],
      [client.reports('monthly', { year: 2026, month: 13 }), 'month', /month must be an integer from 1 to 12/],
      [client.reports('yearly', { year: 2026.1 }), 'year', /year must be an integer/],
      [client.report('yearly', { year: 2026 }, 12), 'sign_id', /sign_id must be an integer from 0 to 11, received 12/],
      [
        client.natal({ name: 'A', date: '1990-01-01', time: '12:00', place_id: 1.5, lang: 'en' }),
        'place_id',
        /place_id must be an integer/,
      ],
    ];
    for (const [promise, field, message] of cases) {
      const error = await promise.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(AstroError);
      expect(error).toMatchObject({ code: 'ASTRO_INVALID_ARGUMENT', field });
      expect((error as Error).message).toMatch(message);
    }
    expect(service.requests).toHaveLength(0);
  });

  it('authenticates exactly once for many concurrent first calls', async () => {
    const { service, client } = await setUp(async (request, res) => {
      await delay(5);
      reportsHandler(request, res, undefined as never);
    });
    await Promise.all(Array.from({ length: 20 }, (_, i) => client.report('yearly', { year: 2026 }, i % 12)));
    expect(service.to('/api/auth')).toHaveLength(1);
    expect(service.to('/api/yearly-reports')).toHaveLength(20);
    expect(client.stats).toEqual({ requests: 21, retries: 0, reauths: 0 });
    await client.authenticate();
    expect(service.to('/api/auth')).toHaveLength(1);
  });

  it('never has more than `concurrency` requests in flight, and more than one when there is work', async () => {
    const { service, client } = await setUp(
      async (request, res) => {
        await delay(30);
        reportsHandler(request, res, undefined as never);
      },
      { concurrency: 3 },
    );
    await Promise.all(
      Array.from({ length: 12 }, (_, signId) => client.report('weekly', { year: 2026, week: 1 }, signId)),
    );
    expect(service.maxInFlight).toBeLessThanOrEqual(3);
    expect(service.maxInFlight).toBeGreaterThan(1);
  });

  it('counts retries and auth inside the same cap, and reports in-flight requests on every event', async () => {
    let arrivals = 0;
    const events: ClientEvent[] = [];
    const { service, client } = await setUp(
      async (request, res, raw) => {
        arrivals += 1;
        await delay(10);
        // Two 503s, then two connection resets, then normal answers.
        if (arrivals <= 2) return sendJson(res, 503, { error: 'busy' });
        if (arrivals <= 4) return void raw.socket.destroy();
        reportsHandler(request, res, undefined as never);
      },
      { concurrency: 2, onEvent: (e) => events.push(e) },
    );
    await Promise.all(Array.from({ length: 8 }, (_, signId) => client.report('yearly', { year: 2026 }, signId)));
    expect(service.maxInFlight).toBeLessThanOrEqual(2);
    expect(client.stats).toEqual({ requests: 1 + 8 + 4, retries: 4, reauths: 0 });
    expect(Math.max(...events.map((e) => e.inFlight))).toBe(2);
    expect(events.at(-1)?.inFlight).toBe(0);
    expect(events.filter((e) => e.type === 'send')).toHaveLength(13);
    // Each failure retried once; the two requests in flight may meet them in either order.
    expect(
      events
        .filter((e) => e.type === 'retry')
        .map((e) => String(e.status ?? e.code))
        .sort(),
    ).toEqual(['503', '503', 'UND_ERR_SOCKET', 'UND_ERR_SOCKET']);
    // Every retried 503 is a response too.
    expect(events.filter((e) => e.type === 'response' && e.status === 503)).toHaveLength(2);
  });

  it('returns the all-signs form as the reports array and the single-sign form as a bare entry', async () => {
    const { client } = await setUp((request, res) => {
      const body = JSON.parse(request.body) as { year: number; month: number; sign_id?: number };
      if (body.sign_id !== undefined) {
        return sendJson(res, 200, {
          year: 2026,
          month: 11,
          monthly: 7,
          sign_id: body.sign_id,
          sign_name: 'Leo',
          intro: 'i',
          text: '<b>t</b>',
          mood: 'fine',
        });
      }
      reportsHandler(request, res, undefined as never);
    });
    const all = await client.reports('monthly', { year: 2026, month: 11 });
    expect(all).toHaveLength(12);
    expect(all.map((e) => e.sign_id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(all[4]).toMatchObject({ year: 2026, month: 11, sign_name: 'Sign 4' });

    const one = await client.report('monthly', { year: 2026, month: 11 }, 4);
    // Unknown members are kept.
    expect(one).toEqual({
      year: 2026,
      month: 11,
      monthly: 7,
      sign_id: 4,
      sign_name: 'Leo',
      intro: 'i',
      text: '<b>t</b>',
      mood: 'fine',
    });
  });

  it('works with a base URL that has a base path and a trailing slash', async () => {
    const { service } = await setUp(reportsHandler);
    const client = new AstroClient({
      baseUrl: `${service.url}/v2/`,
      username: USERNAME,
      password: PASSWORD,
      retry: FAST_RETRY,
    });
    closeAfterTest({ client });
    await client.reports('ascendantYearly', { year: 2026 });
    expect(service.requests.map((r) => r.path)).toEqual(['/v2/api/auth', '/v2/api/ascendant-yearly-reports']);
    expect(REPORT_ENDPOINTS.ascendantYearly).toBe('/api/ascendant-yearly-reports');
  });

  it('returns places, and [] for {data: []} and for a 404', async () => {
    const place = {
      id: 2950159,
      name: 'Berlin',
      longitude: 13.41053,
      latitude: 52.52437,
      country_code: 'DE',
      admin1_code: 'DE.16',
      population: 3426354,
      timezone: 'Europe/Berlin',
    };
    const { service, client } = await setUp((request, res) => {
      const { name } = JSON.parse(request.body) as { name: string };
      if (name === 'Berlin') return sendJson(res, 200, { data: [place] });
      if (name === 'Nowhere') return sendJson(res, 200, { data: [] });
      sendJson(res, 404, { error: 'no place' });
    });
    expect(await client.places('Berlin')).toEqual([place]);
    expect(await client.places('Nowhere')).toEqual([]);
    expect(await client.places('Atlantis')).toEqual([]);
    expect(service.to('/api/places').map((r) => JSON.parse(r.body))).toEqual([
      { name: 'Berlin' },
      { name: 'Nowhere' },
      { name: 'Atlantis' },
    ]);
  });

  it('reports sends, responses and errors through onEvent', async () => {
    const events: ClientEvent[] = [];
    const { client } = await setUp((_request, res) => sendJson(res, 400, { error: 'bad week' }), {
      onEvent: (event) => events.push(event),
    });
    await expect(client.reports('weekly', { year: 2026, week: 99 })).rejects.toThrow(
      '/api/weekly-reports answered 400 Bad Request: {"error":"bad week"}',
    );
    expect(events).toEqual([
      { type: 'send', endpoint: '/api/auth', attempt: 1, inFlight: 1 },
      { type: 'response', endpoint: '/api/auth', status: 200, attempt: 1, inFlight: 0 },
      { type: 'send', endpoint: '/api/weekly-reports', attempt: 1, inFlight: 1 },
      { type: 'response', endpoint: '/api/weekly-reports', status: 400, attempt: 1, inFlight: 0 },
      { type: 'error', endpoint: '/api/weekly-reports', code: 'ASTRO_HTTP_STATUS', status: 400, inFlight: 0 },
    ]);
  });

  it('rejects bad options with a message naming the setting', () => {
    const base = { baseUrl: 'http://127.0.0.1:1', username: 'u', password: 'p' };
    expect(() => new AstroClient({ ...base, baseUrl: 'not a url' })).toThrow(
      /option baseUrl must be an absolute http\(s\) URL/,
    );
    expect(() => new AstroClient({ ...base, baseUrl: 'ftp://x' })).toThrow(/option baseUrl must use http or https/);
    expect(() => new AstroClient({ ...base, concurrency: 0 })).toThrow(/option concurrency must be a positive integer/);
    expect(() => new AstroClient({ ...base, password: '' })).toThrow(/option password/);
    expect(() => new AstroClient({ ...base, retry: { jitter: 2 } })).toThrow(/option retry.jitter/);
  });

  it('fails calls after close() with ASTRO_CLOSED', async () => {
    const { client } = await setUp(reportsHandler);
    await client.close();
    await expect(client.reports('yearly', { year: 2026 })).rejects.toMatchObject({ code: 'ASTRO_CLOSED' });
  });

  it('does not let a failing onEvent listener break calls', async () => {
    const { client } = await setUp(reportsHandler, {
      onEvent: () => {
        throw new Error('display broke');
      },
    });
    await expect(client.reports('yearly', { year: 2026 })).resolves.toHaveLength(12);
  });

  it('uses the token it was issued', async () => {
    const { service, client } = await setUp((request, res) => {
      if (bearer(request) !== service.issuedTokens[0]) return sendJson(res, 401, {});
      reportsHandler(request, res, undefined as never);
    });
    await expect(client.reports('yearly', { year: 2026 })).resolves.toHaveLength(12);
  });
});
