// The client on the runtime's own fetch (src/api/client.ts), as a Worker uses it, against the embedded sample
// service on a loopback port: the same answers as the build's AstroClient on undici, the same retries, renewal,
// limits and redaction.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../src/api/client.ts';
import { SIGN_IN_BACKOFF, type ClientOptions, type ClientSession } from '../../src/api/options.ts';
import { AstroClient } from '../../src/api/index.ts';
import type { FaultRule } from '../../src/sample-service/faults.ts';
import { startSampleService, type SampleService } from '../../src/sample-service/server.ts';

const USERNAME = 'edge-user';
const PASSWORD = 'correct-horse-battery';
const FAST_RETRY = { maxRetries: 2, minDelayMs: 1, maxDelayMs: 50, jitter: 0 };

let service: SampleService;
beforeAll(async () => {
  service = await startSampleService({ username: USERNAME, password: PASSWORD });
});
afterAll(() => service.close());
beforeEach(() => {
  service.setFaults({});
  service.resetLog();
});

function client(options: Partial<ClientOptions> = {}): ServiceClient {
  return new ServiceClient({
    baseUrl: service.url,
    username: USERNAME,
    password: PASSWORD,
    retry: FAST_RETRY,
    ...options,
  });
}

const callsTo = (endpoint: string) => service.log.filter((r) => r.path === endpoint).length;

const NATAL = { name: 'Visitor', date: '1990-05-17', time: '14:30', place_id: 0, lang: 'en' };

async function rejection(promise: Promise<unknown>): Promise<Error & { code?: string; status?: number }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error('expected a rejection');
}

describe('ServiceClient', () => {
  it('answers places and natal charts exactly as the undici client does, signing in once', async () => {
    const edge = client();
    const node = new AstroClient({ baseUrl: service.url, username: USERNAME, password: PASSWORD });
    try {
      const [place] = await edge.places('Madrid');
      expect(place).toEqual((await node.places('Madrid'))[0]);
      const request = { ...NATAL, place_id: place!.id };
      expect(await edge.natal(request)).toEqual(await node.natal(request));
      await edge.natal({ ...request, lang: 'es' });
      expect(service.log.filter((r) => r.path === '/api/auth')).toHaveLength(2);
      expect(edge.stats).toEqual({ requests: 4, retries: 0, reauths: 0 });
    } finally {
      await node.close();
    }
  });

  it('renews the token once on a 401 and replays the call', async () => {
    service.setFaults({ tokenTtlRequests: 1 });
    const edge = client();
    await edge.places('Lima');
    await edge.places('Oslo');
    expect(edge.stats.reauths).toBe(1);
    expect(service.log.map((r) => `${r.path} ${r.status}`)).toEqual([
      '/api/auth 200',
      '/api/places 200',
      '/api/places 401',
      '/api/auth 200',
      '/api/places 200',
    ]);
  });

  it('retries a 503 and a reset, waits for a short Retry-After, and stops at the attempt budget', async () => {
    service.setFaults({
      rules: [
        { path: '/api/places', times: 1, status: 503, retryAfter: 0 },
        { path: '/api/places', times: 1, reset: true },
      ],
    });
    const edge = client();
    await expect(edge.places('Lima')).resolves.not.toHaveLength(0);
    expect(edge.stats.retries).toBe(2);
    service.setFaults({ rules: [{ path: '/api/places', status: 503 }] });
    expect(await rejection(edge.places('Lima'))).toMatchObject({ code: 'ASTRO_HTTP_STATUS', status: 503, attempts: 3 });
  });

  it('gives a Retry-After longer than maxDelayMs back at once', async () => {
    service.setFaults({ rules: [{ path: '/api/places', status: 429, retryAfter: 120 }] });
    const error = await rejection(client().places('Lima'));
    expect(error.message).toContain('Retry-After 120 s exceeds retry.maxDelayMs');
    expect(service.log.filter((r) => r.path === '/api/places')).toHaveLength(1);
  });

  it('times out a stalled answer and refuses an answer over maxResponseBytes', async () => {
    service.setFaults({ rules: [{ path: '/api/places', body: '{"data": []}', stall: true }] });
    expect(
      await rejection(client({ timeoutMs: 100, retry: { ...FAST_RETRY, maxRetries: 0 } }).places('Lima')),
    ).toMatchObject({ code: 'ASTRO_TIMEOUT' });
    service.setFaults({ rules: [{ path: '/api/places', body: `{"data": [], "pad": "${'x'.repeat(5000)}"}` }] });
    expect(await rejection(client({ maxResponseBytes: 4096 }).places('Lima'))).toMatchObject({
      code: 'ASTRO_RESPONSE_TOO_LARGE',
    });
  });

  it('checks answers against the schemas and never quotes the password or the token', async () => {
    service.setFaults({ rules: [{ path: '/api/natal', body: `{"planets": "${PASSWORD}"}` }] });
    const edge = client();
    const error = await rejection(edge.natal(NATAL));
    expect(error).toMatchObject({ code: 'ASTRO_INVALID_RESPONSE' });
    const token = String(service.log.find((r) => r.token)?.token);
    expect(`${error.message} ${String(error.cause)}`).not.toContain(PASSWORD);
    expect(`${error.message} ${String(error.cause)}`).not.toContain(token);
  });

  it('fails a wrong password once, naming the sign-in', async () => {
    const error = await rejection(client({ password: 'wrong' }).places('Lima'));
    expect(error).toMatchObject({ code: 'ASTRO_AUTH_FAILED', status: 401 });
  });
});

describe('ServiceClient for one caller', () => {
  const LIMA = JSON.stringify({
    data: [
      {
        id: 1,
        name: 'Lima',
        admin1_code: '15',
        country_code: 'PE',
        latitude: -12,
        longitude: -77,
        population: 1,
        timezone: 'America/Lima',
      },
    ],
  });

  it('stops at its signal, a body half read included: ASTRO_ABORTED at once, nothing retried', async () => {
    service.setFaults({ rules: [{ path: '/api/places', body: LIMA, stall: true }] });
    const start = performance.now();
    const error = await rejection(client({ timeoutMs: 30_000, signal: AbortSignal.timeout(300) }).places('Lima'));
    expect(error.code).toBe('ASTRO_ABORTED');
    // Well before the send's own 30 s timeout, and no second send.
    expect(performance.now() - start).toBeLessThan(3000);
    expect(service.log.filter((r) => r.path === '/api/places')).toHaveLength(1);
  });

  it("asks beforeSend before each send, a retry's too, and sends nothing once it says no", async () => {
    service.setFaults({ rules: [{ path: '/api/places', status: 500 }] });
    const asked: string[] = [];
    const error = await rejection(
      client({ beforeSend: async (endpoint) => (asked.push(endpoint), asked.length < 3) }).places('Lima'),
    );
    // The sign-in, the first send, then the retry refused.
    expect(asked).toEqual(['/api/auth', '/api/places', '/api/places']);
    expect(error.code).toBe('ASTRO_SEND_REFUSED');
    expect(service.log.map((r) => r.path)).toEqual(['/api/auth', '/api/places']);
  });

  it('signs in once for the clients that share a session', async () => {
    const session = {};
    await client({ session }).places('Lima');
    await client({ session }).places('Oslo');
    expect(service.log.map((r) => r.path)).toEqual(['/api/auth', '/api/places', '/api/places']);
  });

  it('renews an expired token once for ten clients of a session that meet its 401 at once, each call sent twice at most', async () => {
    const session: ClientSession = {};
    // Ten uses, then the token is refused: the next ten calls all meet a 401 with it.
    service.setFaults({ tokenTtlRequests: 10 });
    const [lima] = (await Promise.all(Array.from({ length: 10 }, () => client({ session }).places('Lima'))))[0]!;
    expect(callsTo('/api/auth')).toBe(1);
    service.resetLog();
    const natal = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        client({ session }).natal({ ...NATAL, date: `1990-05-${10 + i}`, place_id: lima!.id }),
      ),
    );
    expect(natal).toHaveLength(10);
    expect(callsTo('/api/auth')).toBe(1);
    const sends = new Map<string, number>();
    for (const entry of service.log.filter((r) => r.path === '/api/natal'))
      sends.set(entry.rawBody, (sends.get(entry.rawBody) ?? 0) + 1);
    expect([...sends.values()]).toEqual(Array(10).fill(2));
  });

  it.each<[string, FaultRule, string]>([
    ['refused', { status: 401 }, 'ASTRO_AUTH_FAILED'],
    ['a 500', { status: 500 }, 'ASTRO_HTTP_STATUS'],
    ['a 429', { status: 429, retryAfter: 0 }, 'ASTRO_HTTP_STATUS'],
    ['garbage', { body: '{"accessToken": ' }, 'ASTRO_INVALID_RESPONSE'],
  ])(
    'shares a sign-in answered with %s among fifty clients of a session at once, then asks for none during the back-off',
    async (_what, fault, code) => {
      const session: ClientSession = {};
      service.setFaults({ rules: [{ path: '/api/auth', ...fault }] });
      const failures = await Promise.all(
        Array.from({ length: 50 }, (_, i) => rejection(client({ session }).places(`fifty ${i}`))),
      );
      expect(new Set(failures.map((error) => error.code))).toEqual(new Set([code]));
      // One sign-in, and the retries FAST_RETRY allows a transient answer.
      const signIns = callsTo('/api/auth');
      expect(signIns).toBe(fault.status === 401 || fault.body ? 1 : 1 + FAST_RETRY.maxRetries);
      service.setFaults({});
      expect((await rejection(client({ session }).places('later'))).code).toBe(code);
      expect([callsTo('/api/auth'), callsTo('/api/places')]).toEqual([signIns, 0]);
      expect(session.failed).toMatchObject({ failures: 1 });
      expect(session.failed!.until - Date.now()).toBeGreaterThan(SIGN_IN_BACKOFF.firstMs - 1000);
    },
  );
});
