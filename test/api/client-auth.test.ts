import { describe, expect, it } from 'vitest';
import type { AstroError, ClientEvent } from '../../src/api/index.ts';
import {
  FAST_RETRY,
  PASSWORD,
  USERNAME,
  bearer,
  delay,
  reportsHandler,
  sendJson,
  type Handler,
} from './helpers/fake-service.ts';
import { rejection, useClientHarness } from './helpers/client-harness.ts';
import { natalChart } from './helpers/fixtures.ts';

const { setUp } = useClientHarness();

/** A service where only tokens in `valid` are accepted; the test expires them by deleting. */
function tokenChecking(valid: Set<string>, pause = 0): Handler {
  return async (request, res, raw) => {
    if (pause) await delay(pause);
    const token = bearer(request);
    if (!token || !valid.has(token)) return sendJson(res, 401, { error: 'token expired' });
    reportsHandler(request, res, raw);
  };
}

describe('AstroClient token renewal', () => {
  it('renews once for many concurrent requests rejected with the same expired token, then replays them all', async () => {
    const valid = new Set<string>();
    const events: ClientEvent[] = [];
    const authArrivals: number[] = [];
    const { service, client } = await setUp(
      tokenChecking(valid, 20),
      { concurrency: 4, onEvent: (e) => events.push(e) },
      async (_request, res) => {
        authArrivals.push(performance.now());
        await delay(20); // keep the renewal open while the other 401s come in
        const token = `token-${authArrivals.length}-zz`;
        // The first token expires immediately: every request made with it meets a 401.
        if (authArrivals.length > 1) valid.add(token);
        sendJson(res, 200, { accessToken: token });
      },
    );

    const results = await Promise.all(
      Array.from({ length: 12 }, (_, signId) => client.report('weekly', { year: 2026, week: 10 }, signId)),
    );
    expect(results.map((r) => r.sign_id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(authArrivals).toHaveLength(2);
    expect(client.stats.reauths).toBe(1);
    expect(events.filter((e) => e.type === 'reauth')).toHaveLength(1);
    const reports = service.to('/api/weekly-reports');
    expect(reports.filter((r) => bearer(r) === 'token-2-zz')).toHaveLength(12);
    // Every 401 came from the first token; no replay met a 401.
    expect(reports.filter((r) => bearer(r) === 'token-1-zz').length).toBeGreaterThan(1);
  });

  it('renews again when a later token expires too', async () => {
    const valid = new Set<string>();
    let issued = 0;
    const { service, client } = await setUp(tokenChecking(valid), {}, (_request, res) => {
      const token = `token-${++issued}-yy`;
      valid.add(token);
      sendJson(res, 200, { accessToken: token });
    });

    await client.reports('yearly', { year: 2026 });
    valid.clear(); // token 1 expires
    await client.reports('yearly', { year: 2027 });
    valid.clear(); // token 2 expires
    await client.reports('yearly', { year: 2028 });

    expect(service.to('/api/auth')).toHaveLength(3);
    expect(client.stats.reauths).toBe(2);
    expect(service.to('/api/yearly-reports').map((r) => `${bearer(r)} ${r.body}`)).toEqual([
      'token-1-yy {"year":2026}',
      'token-1-yy {"year":2027}',
      'token-2-yy {"year":2027}',
      'token-2-yy {"year":2028}',
      'token-3-yy {"year":2028}',
    ]);
  });

  it('keeps renewing when tokens expire through use while many requests share them', async () => {
    // Each token serves two requests, then answers 401: a replay can meet a token that others used up.
    const uses = new Map<string, number>();
    let issued = 0;
    const { service, client } = await setUp(
      async (request, res, raw) => {
        await delay(5);
        const token = bearer(request) ?? '';
        const used = uses.get(token);
        if (used === undefined || used >= 2) return sendJson(res, 401, { error: 'token_expired' });
        uses.set(token, used + 1);
        reportsHandler(request, res, raw);
      },
      { concurrency: 4 },
      (_request, res) => {
        const token = `token-${++issued}-ww`;
        uses.set(token, 0);
        sendJson(res, 200, { accessToken: token });
      },
    );
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) => client.report('yearly', { year: 2000 + i }, i % 12)),
    );
    expect(results.map((r) => r.year)).toEqual(Array.from({ length: 24 }, (_, i) => 2000 + i));
    // 24 answers at two per token: at least 12 tokens, so at least 11 renewals; every renewal was needed.
    expect(client.stats.reauths).toBeGreaterThanOrEqual(11);
    expect(service.to('/api/auth')).toHaveLength(client.stats.reauths + 1);
  });

  it('stops with ASTRO_TOKEN_REJECTED when a freshly issued token is rejected again', async () => {
    const { service, client } = await setUp((_request, res) => sendJson(res, 401, { error: 'no' }));
    const error = await rejection(client.reports('monthly', { year: 2026, month: 5 }));
    expect(error).toMatchObject({ code: 'ASTRO_TOKEN_REJECTED', endpoint: '/api/monthly-reports', status: 401 });
    expect(error.message).toMatch(
      /^\/api\/monthly-reports answered 401 Unauthorized again right after the access token was renewed/,
    );
    // auth, call, renewal, replay: then stop.
    expect(service.requests.map((r) => r.path)).toEqual([
      '/api/auth',
      '/api/monthly-reports',
      '/api/auth',
      '/api/monthly-reports',
    ]);
  });

  it('fails fast with ASTRO_AUTH_FAILED when /api/auth answers 401, without retrying, for every call', async () => {
    const { service, client } = await setUp(reportsHandler, {}, (_request, res) =>
      sendJson(res, 401, { error: 'bad credentials' }),
    );
    const results = await Promise.allSettled([
      client.reports('yearly', { year: 2026 }),
      client.reports('weekly', { year: 2026, week: 1 }),
    ]);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      const error = (result as PromiseRejectedResult).reason as AstroError;
      expect(error).toMatchObject({ code: 'ASTRO_AUTH_FAILED', endpoint: '/api/auth', status: 401 });
      expect(error.message).toBe(
        `authentication failed for ${service.url}: /api/auth answered 401 Unauthorized (check the username and password)`,
      );
    }
    await expect(client.places('Berlin')).rejects.toMatchObject({ code: 'ASTRO_AUTH_FAILED' });
    expect(service.requests.map((r) => r.path)).toEqual(['/api/auth']);
    expect(client.stats.retries).toBe(0);
  });

  it('fails with ASTRO_AUTH_FAILED on 403 and on a 200 without accessToken', async () => {
    const forbidden = await setUp(reportsHandler, {}, (_request, res) => sendJson(res, 403, {}));
    await expect(forbidden.client.authenticate()).rejects.toMatchObject({ code: 'ASTRO_AUTH_FAILED', status: 403 });
    const empty = await setUp(reportsHandler, {}, (_request, res) => sendJson(res, 200, { accessToken: '' }));
    const error = await rejection(empty.client.reports('yearly', { year: 2026 }));
    expect(error).toMatchObject({ code: 'ASTRO_AUTH_FAILED', field: 'accessToken' });
  });

  it('never puts the password or a token in an error message', async () => {
    const token = 'tok-SECRET-123456';
    const { client } = await setUp(
      (request, res) => {
        // A careless service echoing the request back, token and all, in errors and in bad shapes.
        if (request.path === '/api/places')
          return sendJson(res, 500, { error: `bad request from ${request.headers.authorization}` });
        if (request.path === '/api/natal') {
          const { name } = JSON.parse(request.body) as { name: string };
          if (name === 'malformed') return sendJson(res, 200, `oops ${token}`);
          // A wrong shape whose value holds a secret past the point where excerpts are cut.
          const chart = natalChart() as { planets: Record<string, unknown>[] };
          chart.planets[0]!.speeds = `speed ${'x'.repeat(20)} ${PASSWORD}${token}`;
          return sendJson(res, 200, chart);
        }
        if (request.path === '/api/weekly-reports') {
          return sendJson(res, 200, {
            reports: [{ year: 2026, week: 1, sign_id: 0, sign_name: token, intro: 1, text: PASSWORD }],
          });
        }
        sendJson(res, 400, { error: `user ${USERNAME} with password ${PASSWORD} may not ${request.body}` });
      },
      { retry: { ...FAST_RETRY, maxRetries: 0 } },
      (_request, res) => sendJson(res, 200, { accessToken: token }),
    );
    const errors = await Promise.all([
      rejection(client.places('Berlin')),
      rejection(client.natal({ name: 'malformed', date: '1990-01-01', time: '10:00', place_id: 1, lang: 'en' })),
      rejection(client.natal({ name: 'shape', date: '1990-01-01', time: '10:00', place_id: 1, lang: 'en' })),
      rejection(client.reports('weekly', { year: 2026, week: 1 })),
      // The fallback below echoes the password in a 400's body.
      rejection(client.report('monthly', { year: 2026, month: 1 }, 0)),
    ]);
    const authFail = await setUp(reportsHandler, {}, (request, res) =>
      sendJson(res, 401, { error: `wrong: ${request.body}` }),
    );
    errors.push(await rejection(authFail.client.authenticate()));

    expect(errors.map((e) => e.code)).toEqual([
      'ASTRO_HTTP_STATUS',
      'ASTRO_INVALID_RESPONSE',
      'ASTRO_INVALID_RESPONSE',
      'ASTRO_INVALID_RESPONSE',
      'ASTRO_HTTP_STATUS',
      'ASTRO_AUTH_FAILED',
    ]);
    // Not even a cut-off piece of a secret: no 6-character run of either may appear.
    const pieces = [PASSWORD, token].flatMap((secret) =>
      Array.from({ length: secret.length - 5 }, (_, i) => secret.slice(i, i + 6)),
    );
    for (const error of errors) {
      for (const text of [
        error.message,
        error.stack ?? '',
        String((error.cause as Error | undefined)?.message ?? ''),
      ]) {
        for (const piece of pieces) expect(text).not.toContain(piece);
      }
    }
    expect(errors[0]!.message).toBe(
      '/api/places answered 500 Internal Server Error: {"error":"bad request from Bearer [redacted]"}',
    );
    expect(errors[1]!.message).toBe("/api/natal: response is not valid JSON (Unexpected token 'o')");
    expect(errors[2]!.message).toBe(
      `/api/natal: invalid response: planets[0].speeds: expected numeric text, received "speed ${'x'.repeat(20)} [redacted...`,
    );
    expect(errors[4]!.message).toContain('[redacted]');
  });
});
