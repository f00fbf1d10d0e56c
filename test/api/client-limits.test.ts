// The client's size limit per answer (CLIENT_DEFAULTS.maxResponseBytes), and the two kinds of bad answer the data
// layer tells apart (not JSON: no `field`; wrong shape: `field` set), against real node:http servers on port 0.
import { pipeline } from 'node:stream/promises';
import { describe, expect, it, onTestFinished } from 'vitest';
import { AstroClient, CLIENT_DEFAULTS } from '../../src/api/index.ts';
import { PASSWORD, USERNAME, delay, reportEntry, reportsHandler, sendJson } from './helpers/fake-service.ts';
import { rejection, useClientHarness } from './helpers/client-harness.ts';

const { setUp } = useClientHarness();
const LIMIT = 256 * 1024; // bytes: small enough to stream past quickly

describe('AstroClient size limit', () => {
  it('defaults to 5 MiB', () => {
    expect(CLIENT_DEFAULTS.maxResponseBytes).toBe(5 * 1024 * 1024);
  });

  it('abandons a streamed body once it passes the limit, without retrying, naming endpoint and limit', async () => {
    let written = 0;
    let closedEarly = false;
    // Waiting for 'drain' once per chunk must not leave a listener behind each time (Node warns at 11).
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    onTestFinished(() => void process.off('warning', onWarning));
    const { service, client } = await setUp(
      async (_request, res) => {
        res.writeHead(200, { 'content-type': 'application/json' }); // chunked: no Content-Length to check up front
        res.on('close', () => (closedEarly = !res.writableFinished));
        const chunk = `${' '.repeat(64 * 1024)}`;
        // Up to 8 MB with backpressure, unless the client hangs up first: then pipeline stops the generator.
        async function* body() {
          yield '{"reports": [';
          for (; written < 8 * 1024 * 1024; written += chunk.length) yield chunk;
          yield ']}';
        }
        await pipeline(body, res).catch(() => {});
      },
      { maxResponseBytes: LIMIT },
    );
    const error = await rejection(client.reports('yearly', { year: 2026 }));
    expect(error.code).toBe('ASTRO_RESPONSE_TOO_LARGE');
    expect(error.message).toBe(
      '/api/yearly-reports: response body exceeds the 0.25 MiB limit (maxResponseBytes 262144)',
    );
    expect(service.to('/api/yearly-reports')).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closedEarly).toBe(true);
    expect(written).toBeLessThan(8 * 1024 * 1024);
    expect(warnings.map(String)).toEqual([]);
  });

  it('abandons a body whose Content-Length is over the limit', async () => {
    const { client } = await setUp((_request, res) => sendJson(res, 200, `{"reports": [${' '.repeat(LIMIT)}]}`), {
      maxResponseBytes: LIMIT,
    });
    expect((await rejection(client.reports('yearly', { year: 2026 }))).code).toBe('ASTRO_RESPONSE_TOO_LARGE');
  });

  it('accepts a body of exactly the limit', async () => {
    // The twelve entries of an ordinary answer, padded with white space (still valid JSON) to exactly LIMIT bytes.
    const answer = JSON.stringify({
      reports: Array.from({ length: 12 }, (_, signId) => reportEntry({ year: 2026 }, signId)),
    });
    const padded = answer + ' '.repeat(LIMIT - Buffer.byteLength(answer));
    expect(Buffer.byteLength(padded)).toBe(LIMIT);
    const { client } = await setUp((_request, res) => sendJson(res, 200, padded), { maxResponseBytes: LIMIT });
    await expect(client.reports('yearly', { year: 2026 })).resolves.toHaveLength(12);
  });

  it('rejects a limit that is not a positive whole number of bytes, naming the option', () => {
    expect(
      () =>
        new AstroClient({ baseUrl: 'http://127.0.0.1:9', username: USERNAME, password: PASSWORD, maxResponseBytes: 0 }),
    ).toThrow('AstroClient option maxResponseBytes must be a positive integer (bytes), received 0');
  });
});

describe('AstroClient connections', () => {
  it('keeps its connections alive and opens no more of them than its concurrency', async () => {
    const { service, client } = await setUp(
      async (request, res, raw) => {
        await delay(5);
        reportsHandler(request, res, raw);
      },
      { concurrency: 2 },
    );
    await Promise.all(Array.from({ length: 24 }, (_, i) => client.report('yearly', { year: 2026 }, i % 12)));
    // The sign-in and 24 reports, over the same two connections.
    expect(service.requests).toHaveLength(25);
    expect(service.connections).toEqual({ opened: 2, maxOpen: 2 });
  });
});

describe('AstroClient bad answers', () => {
  it('marks a body that is not JSON by leaving `field` out', async () => {
    const { client } = await setUp((_request, res) => sendJson(res, 200, '{"reports": [{"year": 20'));
    const error = await rejection(client.reports('yearly', { year: 2026 }));
    expect(error.code).toBe('ASTRO_INVALID_RESPONSE');
    expect(error.field).toBeUndefined();
  });

  it('names the field of JSON with the wrong shape', async () => {
    const { client } = await setUp((_request, res) => sendJson(res, 200, { data: [] }));
    const error = await rejection(client.reports('yearly', { year: 2026 }));
    expect(error.code).toBe('ASTRO_INVALID_RESPONSE');
    expect(error.field).toBe('reports');
  });
});
