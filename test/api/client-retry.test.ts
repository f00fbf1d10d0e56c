import { describe, expect, it } from 'vitest';
import { AstroClient, parseRetryAfter, type ClientEvent } from '../../src/api/index.ts';
import { FAST_RETRY, PASSWORD, USERNAME, reportsHandler, sendJson, startFakeService } from './helpers/fake-service.ts';
import { failingFirst, rejection, useClientHarness } from './helpers/client-harness.ts';

const { setUp, closeAfterTest } = useClientHarness();

describe('AstroClient retries', () => {
  it('retries a 503 and succeeds, counting sends and retries', async () => {
    const events: ClientEvent[] = [];
    const { service, client } = await setUp(
      failingFirst(2, (_r, res) => sendJson(res, 503, { error: 'busy' })),
      { onEvent: (e) => events.push(e) },
    );
    await expect(client.reports('yearly', { year: 2026 })).resolves.toHaveLength(12);
    expect(service.to('/api/yearly-reports')).toHaveLength(3);
    // Every send of the exchange carries the same body and token.
    expect(new Set(service.to('/api/yearly-reports').map((r) => r.body + r.headers.authorization)).size).toBe(1);
    expect(client.stats).toEqual({ requests: 4, retries: 2, reauths: 0 });
    expect(events.filter((e) => e.type === 'retry')).toEqual([
      { type: 'retry', endpoint: '/api/yearly-reports', attempt: 1, status: 503, delayMs: 5, inFlight: 1 },
      { type: 'retry', endpoint: '/api/yearly-reports', attempt: 2, status: 503, delayMs: 10, inFlight: 1 },
    ]);
  });

  it('stops after 4 sends and names endpoint, status and attempts', async () => {
    const { service, client } = await setUp((_r, res) => sendJson(res, 503, ''));
    const error = await rejection(client.reports('monthly', { year: 2026, month: 2 }));
    expect(service.to('/api/monthly-reports')).toHaveLength(4);
    expect(error).toMatchObject({
      code: 'ASTRO_HTTP_STATUS',
      endpoint: '/api/monthly-reports',
      status: 503,
      attempts: 4,
    });
    expect(error.message).toBe('/api/monthly-reports answered 503 Service Unavailable after 4 attempts');
  });

  it.each([408, 429, 500, 502, 504])('retries status %i', async (status) => {
    const { service, client } = await setUp(failingFirst(1, (_r, res) => sendJson(res, status, {})));
    await expect(client.reports('yearly', { year: 2026 })).resolves.toHaveLength(12);
    expect(service.to('/api/yearly-reports')).toHaveLength(2);
  });

  it.each([400, 404, 422])('does not retry status %i', async (status) => {
    const { service, client } = await setUp((_r, res) => sendJson(res, status, { error: 'nope' }));
    const error = await rejection(client.reports('weekly', { year: 2026, week: 60 }));
    expect(service.to('/api/weekly-reports')).toHaveLength(1);
    expect(error).toMatchObject({ code: 'ASTRO_HTTP_STATUS', status, endpoint: '/api/weekly-reports' });
    expect(client.stats.retries).toBe(0);
  });

  it('retries a connection reset', async () => {
    const { service, client } = await setUp(failingFirst(2, (_r, _res, raw) => void raw.socket.destroy()));
    await expect(client.report('weekly', { year: 2026, week: 3 }, 5)).resolves.toMatchObject({ sign_id: 5, week: 3 });
    expect(service.to('/api/weekly-reports')).toHaveLength(3);
    expect(client.stats.retries).toBe(2);
  });

  it('gives up on a connection that always resets after 4 sends with ASTRO_NETWORK', async () => {
    const { service, client } = await setUp((_r, _res, raw) => void raw.socket.destroy());
    const error = await rejection(client.reports('yearly', { year: 2026 }));
    expect(service.to('/api/yearly-reports')).toHaveLength(4);
    expect(error.code).toBe('ASTRO_NETWORK');
    expect(error.message).toMatch(
      /^\/api\/yearly-reports: request to http:\/\/127\.0\.0\.1:\d+ failed \(.+\) after 4 attempts$/,
    );
  });

  it.each([429, 503])('waits at least Retry-After seconds after a %i', async (status) => {
    const { service, client } = await setUp(
      failingFirst(1, (_r, res) => sendJson(res, status, { error: 'later' }, { 'retry-after': '1' })),
    );
    await expect(client.reports('yearly', { year: 2026 })).resolves.toHaveLength(12);
    const [first, second] = service.to('/api/yearly-reports');
    expect(second!.arrivedAt - first!.arrivedAt).toBeGreaterThanOrEqual(1000);
  });

  it('waits until a Retry-After HTTP date after a 429', async () => {
    let retryAt = 0;
    const { service, client } = await setUp(
      failingFirst(1, (_r, res) => {
        // HTTP dates have whole seconds: 2.5 s ahead is at least 1.5 s ahead once truncated.
        const date = new Date(Date.now() + 2500);
        retryAt = Math.floor(date.getTime() / 1000) * 1000;
        sendJson(res, 429, {}, { 'retry-after': date.toUTCString() });
      }),
    );
    await expect(client.reports('yearly', { year: 2026 })).resolves.toHaveLength(12);
    const [first, second] = service.to('/api/yearly-reports');
    expect(second!.arrivedAt - first!.arrivedAt).toBeGreaterThanOrEqual(1400);
    expect(Date.now()).toBeGreaterThanOrEqual(retryAt);
  });

  it('does not wait for a Retry-After beyond retry.maxDelayMs: fails and says why', async () => {
    const { service, client } = await setUp((_r, res) => sendJson(res, 429, {}, { 'retry-after': '120' }), {
      retry: { ...FAST_RETRY, maxDelayMs: 1000 },
    });
    const error = await rejection(client.reports('yearly', { year: 2026 }));
    expect(service.to('/api/yearly-reports')).toHaveLength(1);
    expect(error.message).toBe(
      '/api/yearly-reports answered 429 Too Many Requests (Retry-After 120 s exceeds retry.maxDelayMs 1000 ms): {}',
    );
  });

  it('retries the auth request too', async () => {
    let authCalls = 0;
    const authService = await startFakeService(reportsHandler, {
      auth: (_r, res) => (authCalls++ === 0 ? sendJson(res, 502, {}) : sendJson(res, 200, { accessToken: 'tok-x' })),
    });
    const client = new AstroClient({
      baseUrl: authService.url,
      username: USERNAME,
      password: PASSWORD,
      retry: FAST_RETRY,
    });
    closeAfterTest({ service: authService, client });
    await expect(client.reports('yearly', { year: 2026 })).resolves.toHaveLength(12);
    expect(authService.to('/api/auth')).toHaveLength(2);
  });

  it('parses Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('Wed, 21 Oct 2026 07:28:00 GMT');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:28:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:27:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});
