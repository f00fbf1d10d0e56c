// Every fault knob of the sample service, over real HTTP: exact counts, because nothing in the fault plan is
// random and client retry tests rely on that.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSampleService, type SampleService } from '../../src/sample-service/server.ts';
import {
  FaultConfigError,
  FaultPlan,
  REVISION_PARAGRAPH,
  canonicalJson,
  type FaultOptions,
} from '../../src/sample-service/faults.ts';
import { send, type Answer } from './helpers/http.ts';

/** POST (or options.method) with the service's headers and `body` as JSON. */
function call(
  service: SampleService,
  path: string,
  body: unknown,
  token?: string,
  options: { headersTimeout?: number; method?: 'GET' | 'POST' } = {},
): Promise<Answer> {
  return send(service, options.method ?? 'POST', path, { body, token, headersTimeout: options.headersTimeout });
}

async function login(service: SampleService): Promise<string> {
  const answer = await call(service, '/api/auth', { username: 'sample', password: 'sample' });
  expect(answer.status).toBe(200);
  return (answer.json as { accessToken: string }).accessToken;
}

/** The status of one request, or 'socket error' when the connection was dropped without an answer. */
async function statusOf(
  service: SampleService,
  path: string,
  body: unknown,
  token: string,
): Promise<number | 'socket error'> {
  try {
    return (await call(service, path, body, token)).status;
  } catch (error) {
    expect((error as { code?: string }).code).toMatch(/^(ECONNRESET|UND_ERR_SOCKET|EPIPE)$/);
    return 'socket error';
  }
}

let service: SampleService;
let token: string;

beforeAll(async () => {
  service = await startSampleService();
  token = await login(service);
});

afterEach(() => {
  service.setFaults({});
  service.resetLog();
});

afterAll(async () => {
  await service.close();
});

const weekly = { week: 10, year: 2026 };

describe('rules', () => {
  it('a burst of 503: exactly the first N matching requests, other paths untouched', async () => {
    service.setFaults({ rules: [{ path: '/api/weekly', status: 503, times: 3 }] });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const answer = await call(service, '/api/weekly-reports', weekly, token);
      statuses.push(answer.status);
      if (i === 0) expect((answer.json as { error: { code: string } }).error.code).toBe('service_unavailable');
      if (i === 1)
        expect((await call(service, '/api/monthly-reports', { month: 1, year: 2026 }, token)).status).toBe(200);
    }
    expect(statuses).toEqual([503, 503, 503, 200, 200]);
    expect(service.log.filter((e) => e.fault === 'rules[0]')).toHaveLength(3);
  });

  it('429 carries Retry-After in seconds or as an HTTP date', async () => {
    const when = new Date('2030-01-02T03:04:05Z');
    service.setFaults({
      rules: [
        { path: '/api/yearly-reports', status: 429, retryAfter: 2, times: 1 },
        { path: '/api/yearly-reports', status: 429, retryAfter: when, times: 1 },
        { path: '/api/yearly-reports', status: 429, retryAfter: 'Wed, 21 Oct 2015 07:28:00 GMT', times: 1 },
      ],
    });
    const seconds = await call(service, '/api/yearly-reports', { year: 2026 }, token);
    expect(seconds.status).toBe(429);
    expect(seconds.headers['retry-after']).toBe('2');
    expect((seconds.json as { error: { code: string } }).error.code).toBe('rate_limited');
    const date = await call(service, '/api/yearly-reports', { year: 2026 }, token);
    expect(date.headers['retry-after']).toBe('Wed, 02 Jan 2030 03:04:05 GMT');
    expect(new Date(date.headers['retry-after'] as string).getTime()).toBe(when.getTime());
    const text = await call(service, '/api/yearly-reports', { year: 2026 }, token);
    expect(text.headers['retry-after']).toBe('Wed, 21 Oct 2015 07:28:00 GMT');
    expect((await call(service, '/api/yearly-reports', { year: 2026 }, token)).status).toBe(200);
  });

  it('reset: the client sees a socket error, no answer, and the next request works', async () => {
    service.setFaults({ rules: [{ path: '/api/yearly-reports', reset: true, times: 1 }] });
    await expect(call(service, '/api/yearly-reports', { year: 2026 }, token)).rejects.toMatchObject({
      code: expect.stringMatching(/^(ECONNRESET|UND_ERR_SOCKET)$/),
    });
    expect(service.log[0]).toMatchObject({ outcome: 'reset', status: 0, fault: 'rules[0]' });
    expect((await call(service, '/api/yearly-reports', { year: 2026 }, token)).status).toBe(200);
  });

  it('delayMs: slower than a client timeout, answered normally for a patient client', async () => {
    service.setFaults({
      rules: [
        { path: '/api/yearly-reports', delayMs: 10_000, times: 1 },
        { path: '/api/yearly-reports', delayMs: 300, times: 1 },
      ],
    });
    // undici checks timeouts on a coarse (about half a second) clock, hence a long delay against a short timeout.
    await expect(
      call(service, '/api/yearly-reports', { year: 2026 }, token, { headersTimeout: 100 }),
    ).rejects.toMatchObject({
      code: 'UND_ERR_HEADERS_TIMEOUT',
    });
    await expect.poll(() => service.log[0]!.outcome).toBe('client-closed');
    const patient = await call(service, '/api/yearly-reports', { year: 2026 }, token);
    expect(patient.status).toBe(200);
    const entry = service.log[1]!;
    expect(entry.endedAt! - entry.startedAt).toBeGreaterThanOrEqual(295); // timer granularity
  });

  it('an endpoint that always fails, while the others work', async () => {
    service.setFaults({ rules: [{ path: '/api/natal', status: 500 }] });
    for (let i = 0; i < 5; i += 1) expect((await call(service, '/api/natal', {}, token)).status).toBe(500);
    expect((await call(service, '/api/places', { name: 'London' }, token)).status).toBe(200);
  });

  it('body: a raw, malformed answer with status 200 by default', async () => {
    service.setFaults({ rules: [{ path: '/api/weekly-reports', body: '{"reports": [', times: 1 }] });
    const answer = await call(service, '/api/weekly-reports', weekly, token);
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('{"reports": [');
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
  });

  it('after, method and RegExp paths select which requests a rule hits', async () => {
    service.setFaults({
      rules: [
        { path: /^\/api\/(signs|planets)$/, method: 'GET', status: 502, after: 1, times: 1 },
        { path: '/api/auth', method: 'GET', status: 418 }, // never matches: auth is POST
      ],
    });
    const get = (path: string) => call(service, path, undefined, token, { method: 'GET' });
    expect((await get('/api/signs')).status).toBe(200);
    expect((await get('/api/planets')).status).toBe(502);
    expect((await get('/api/signs')).status).toBe(200);
    expect(await login(service)).toBeTruthy();
  });

  it('faults apply before authentication, like a gateway in front of the service', async () => {
    service.setFaults({ rules: [{ status: 503, times: 1 }] });
    expect((await call(service, '/api/auth', { username: 'sample', password: 'sample' })).status).toBe(503);
    expect(await login(service)).toBeTruthy();
  });

  it('setFaults at run time replaces the rules and restarts their counters', async () => {
    const faults: FaultOptions = { rules: [{ path: '/api/yearly-reports', status: 503, times: 1 }] };
    service.setFaults(faults);
    expect((await call(service, '/api/yearly-reports', { year: 2026 }, token)).status).toBe(503);
    expect((await call(service, '/api/yearly-reports', { year: 2026 }, token)).status).toBe(200);
    service.setFaults(faults);
    expect((await call(service, '/api/yearly-reports', { year: 2026 }, token)).status).toBe(503);
    service.setFaults({});
    expect((await call(service, '/api/yearly-reports', { year: 2026 }, token)).status).toBe(200);
  });

  it('faults given at start apply from the first request', async () => {
    const faulty = await startSampleService({ faults: { rules: [{ path: '/api/auth', status: 503, times: 2 }] } });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i += 1)
        statuses.push((await call(faulty, '/api/auth', { username: 'sample', password: 'sample' })).status);
      expect(statuses).toEqual([503, 503, 200]);
    } finally {
      await faulty.close();
    }
  });

  it('rejects settings that cannot mean what was intended, naming them', async () => {
    expect(() => service.setFaults({ rules: [{ path: 'api/x', status: 503 }] })).toThrow(/rules\[0\]\.path/);
    expect(() => service.setFaults({ rules: [{ reset: true, status: 503 }] })).toThrow(FaultConfigError);
    expect(() => service.setFaults({ rules: [{ status: 42 }] })).toThrow(/rules\[0\]\.status/);
    expect(() => service.setFaults({ rules: [{ stall: true }] })).toThrow(/rules\[0\]\.stall needs a body/);
    expect(() => service.setFaults({ tokenTtlRequests: 0 })).toThrow(/tokenTtlRequests/);
    expect(() => service.setFaults({ failFirstAttemptOfEveryNth: 1.5 })).toThrow(/failFirstAttemptOfEveryNth/);
    await expect(startSampleService({ faults: { rules: [{ times: -1 }] } })).rejects.toThrow(/rules\[0\]\.times/);
  });
});

describe('tokenTtlRequests', () => {
  it('a token answers 401 token_expired after serving exactly N requests; a new token works again', async () => {
    service.setFaults({ tokenTtlRequests: 3 });
    const fresh = await login(service);
    const statuses = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push((await call(service, '/api/yearly-reports', { year: 2026 }, fresh)).status);
    expect(statuses).toEqual([200, 200, 200, 401, 401]);
    const expired = await call(service, '/api/yearly-reports', { year: 2026 }, fresh);
    expect((expired.json as { error: { code: string } }).error.code).toBe('token_expired');
    expect(expired.headers['www-authenticate']).toContain('invalid_token');

    const renewed = await login(service);
    expect((await call(service, '/api/signs', undefined, renewed, { method: 'GET' })).status).toBe(200);
  });
});

describe('failFirstAttemptOfEveryNth', () => {
  it('every 3rd distinct report request fails on its first attempt only, rotating 503, 429, reset', async () => {
    service.setFaults({ failFirstAttemptOfEveryNth: 3, failFirstAttemptRetryAfter: '0' });
    const bodies = Array.from({ length: 9 }, (_, i) => ({ month: i + 1, year: 2026 }));
    const first = [];
    for (const body of bodies) {
      first.push(await statusOf(service, '/api/monthly-reports', body, token));
      // Not a report endpoint: neither counted nor failed.
      expect((await call(service, '/api/places', { name: 'London' }, token)).status).toBe(200);
    }
    expect(first).toEqual([200, 200, 503, 200, 200, 429, 200, 200, 'socket error']);
    const the429 = service.log.find((e) => e.status === 429)!;
    expect(the429.fault).toBe('failFirstAttemptOfEveryNth(3): 429');

    // Retries succeed, whatever the member order of the body; the retries count as no new distinct request.
    for (const body of bodies) {
      const reordered = { year: body.year, month: body.month };
      expect(await statusOf(service, '/api/monthly-reports', reordered, token)).toBe(200);
    }
    const retries = service.log.filter((e) => e.path === '/api/monthly-reports' && e.attempt === 2);
    expect(retries).toHaveLength(9);
  });

  it('sends Retry-After: 1 by default with its 429', async () => {
    service.setFaults({ failFirstAttemptOfEveryNth: 1 });
    expect((await call(service, '/api/yearly-reports', { year: 2030 }, token)).status).toBe(503);
    const limited = await call(service, '/api/yearly-reports', { year: 2031 }, token);
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('1');
  });
});

describe('transformReport', () => {
  it('rewrites every entry of both forms, e.g. hostile markup, a dropped field, sign_id 12', async () => {
    service.setFaults({
      transformReport: (entry) => {
        const { intro: _intro, ...rest } = entry;
        return {
          ...rest,
          sign_id: entry.sign_id === 0 ? 12 : entry.sign_id,
          text: `${entry.text}<script>alert(1)</script>`,
        };
      },
    });
    const all = await call(service, '/api/weekly-reports', weekly, token);
    const { reports } = all.json as { reports: Record<string, unknown>[] };
    expect(reports).toHaveLength(12);
    expect(reports[0]!.sign_id).toBe(12);
    expect(reports.every((e) => String(e.text).endsWith('<script>alert(1)</script>') && !('intro' in e))).toBe(true);
    const one = await call(service, '/api/yearly-reports', { year: 2026, sign_id: 4 }, token);
    expect(one.json).toMatchObject({ sign_id: 4, text: expect.stringContaining('<script>') });
  });
});

describe('revise', () => {
  const textOf = (answer: Answer, signId: number) =>
    String(
      (answer.json as { reports: { sign_id: number; text: string }[] }).reports.find((e) => e.sign_id === signId)!.text,
    );

  it('appends one paragraph to the text of one sign in one period, in both forms, and nowhere else', async () => {
    const november = { month: 11, year: 2026 };
    const before = await call(service, '/api/monthly-reports', november, token);
    const otherMonth = await call(service, '/api/monthly-reports', { month: 12, year: 2026 }, token);
    service.setFaults({ revise: { kind: 'monthly', year: 2026, month: 11, signId: 4 } });
    const after = await call(service, '/api/monthly-reports', november, token);
    expect(textOf(after, 4)).toBe(`${textOf(before, 4)}${REVISION_PARAGRAPH}`);
    for (const id of [0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11])
      expect(textOf(after, id), `sign ${id}`).toBe(textOf(before, id));
    const one = await call(service, '/api/monthly-reports', { ...november, sign_id: 4 }, token);
    expect((one.json as { text: string }).text).toBe(textOf(after, 4));
    expect((await call(service, '/api/monthly-reports', { month: 12, year: 2026 }, token)).json).toEqual(
      otherMonth.json,
    );
    // The yearly and ascendant-yearly endpoints take the same body: the kind tells them apart.
    const yearly = await call(service, '/api/yearly-reports', { year: 2026 }, token);
    service.setFaults({ revise: { kind: 'ascendantYearly', year: 2026, signId: 4 } });
    expect((await call(service, '/api/yearly-reports', { year: 2026 }, token)).json).toEqual(yearly.json);
  });

  it.each([
    [
      { kind: 'daily', year: 2026, signId: 0 },
      /revise\.kind must be one of weekly, monthly, yearly, ascendantYearly, got daily/,
    ],
    [{ kind: 'weekly', year: 2026, signId: 0 }, /revise\.week is required for a weekly report/],
    [{ kind: 'yearly', year: 2026, month: 3, signId: 0 }, /revise\.month does not apply to a yearly report/],
    [{ kind: 'yearly', year: 2026, signId: 12 }, /revise\.signId must be an integer 0\.\.11, got 12/],
    [{ kind: 'monthly', year: 2026, month: 1.5, signId: 1 }, /revise\.month must be an integer >= 1, got 1\.5/],
  ])('rejects a revision naming no report: %j', (revise, message) => {
    expect(() => new FaultPlan({ revise: revise as FaultOptions['revise'] })).toThrow(message);
  });
});

describe('FaultPlan', () => {
  it('canonicalJson ignores member order at every level', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { f: 2, e: 3 }], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [1, { e: 3, f: 2 }] }, b: 1 }),
    );
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: '1' }));
  });

  it('is deterministic: the same request sequence meets the same faults', () => {
    const options: FaultOptions = {
      failFirstAttemptOfEveryNth: 2,
      rules: [{ path: '/api/places', status: 503, times: 2 }],
    };
    const run = () => {
      const plan = new FaultPlan(options);
      return Array.from({ length: 8 }, (_, i) => {
        const path = i % 2 ? '/api/places' : '/api/yearly-reports';
        const body = { year: 2000 + (i % 3) };
        return plan.decide('POST', path, JSON.stringify(body), body).action;
      });
    };
    expect(run()).toEqual(run());
  });
});
