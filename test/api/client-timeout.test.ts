import { describe, expect, it } from 'vitest';
import type { ClientEvent } from '../../src/api/index.ts';
import { FAST_RETRY, delay, reportEntry, reportsHandler } from './helpers/fake-service.ts';
import { failingFirst, rejection, useClientHarness } from './helpers/client-harness.ts';

// The slow servers below wait 2.5 s, far past the 100 ms timeout, so that the timeout, not the server, decides.

const { setUp } = useClientHarness();

describe('AstroClient timeouts', () => {
  it('retries a response slower than timeoutMs', async () => {
    const { service, client } = await setUp(
      failingFirst(1, async (request, res, raw) => {
        await delay(2500);
        if (!raw.socket.destroyed) reportsHandler(request, res, raw);
      }),
      { timeoutMs: 100 },
    );
    await expect(client.reports('yearly', { year: 2026 })).resolves.toHaveLength(12);
    expect(service.to('/api/yearly-reports')).toHaveLength(2);
    expect(client.stats.retries).toBe(1);
  });

  it('retries a body that stalls longer than timeoutMs after the headers', async () => {
    const events: ClientEvent[] = [];
    const { service, client } = await setUp(
      failingFirst(1, async (_request, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
        res.write('{"reports": [');
        await delay(2500);
        res.destroy();
      }),
      { timeoutMs: 100, onEvent: (e) => events.push(e) },
    );
    await expect(client.reports('yearly', { year: 2026 })).resolves.toHaveLength(12);
    expect(service.to('/api/yearly-reports')).toHaveLength(2);
    expect(events.filter((e) => e.type === 'retry')).toEqual([
      {
        type: 'retry',
        endpoint: '/api/yearly-reports',
        attempt: 1,
        code: 'BODY_TIMEOUT',
        delayMs: 5,
        inFlight: 1,
      },
    ]);
  });

  it('waits timeoutMs between body chunks, not for the whole body', async () => {
    // Eight chunks 250 ms apart: 2 s in all, twice timeoutMs, yet never a second without one.
    const { service, client } = await setUp(
      async (_request, res) => {
        const text = JSON.stringify({
          reports: Array.from({ length: 12 }, (_, signId) => reportEntry({ year: 2026 }, signId)),
        });
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
        const size = Math.ceil(text.length / 8);
        for (let at = 0; at < text.length; at += size) {
          res.write(text.slice(at, at + size));
          await delay(250);
        }
        res.end();
      },
      { timeoutMs: 1000 },
    );
    await expect(client.reports('yearly', { year: 2026 })).resolves.toHaveLength(12);
    expect(service.to('/api/yearly-reports')).toHaveLength(1);
  });

  it('fails with ASTRO_TIMEOUT when every send is too slow', async () => {
    const { service, client } = await setUp(
      async (request, res, raw) => {
        await delay(2500);
        if (!raw.socket.destroyed) reportsHandler(request, res, raw);
      },
      { timeoutMs: 100, retry: { ...FAST_RETRY, maxRetries: 1 } },
    );
    const error = await rejection(client.reports('yearly', { year: 2026 }));
    expect(error.code).toBe('ASTRO_TIMEOUT');
    expect(error.message).toBe('/api/yearly-reports: no response within 100 ms (HEADERS_TIMEOUT) after 2 attempts');
    expect(service.to('/api/yearly-reports')).toHaveLength(2);
  });
});
