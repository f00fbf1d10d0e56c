// The sample service over real HTTP: authentication, header and body strictness, both report forms, places,
// natal, the other listed endpoints, latency, the request log, maxInFlight and a clean close().
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startSampleService, type SampleService } from '../../src/sample-service/server.ts';
import { send as call, specHeaders, type Answer } from './helpers/http.ts';

async function login(service: SampleService, username = 'sample', password = 'sample'): Promise<string> {
  const answer = await call(service, 'POST', '/api/auth', {
    body: { username, password },
    headers: { 'content-type': 'application/json' },
  });
  expect(answer.status).toBe(200);
  return (answer.json as { accessToken: string }).accessToken;
}

function errorOf(answer: Answer): { code: string; message: string } {
  return (answer.json as { error: { code: string; message: string } }).error;
}

let service: SampleService;
let token: string;

beforeAll(async () => {
  service = await startSampleService();
  token = await login(service);
});

afterAll(async () => {
  await service.close();
});

describe('authentication', () => {
  it('gives a fresh opaque token for the right credentials', async () => {
    const first = await login(service);
    const second = await login(service);
    expect(first).toMatch(/^\S{16,}$/);
    expect(second).not.toBe(first);
  });

  it('answers 401 with a JSON error for a wrong password, and 400 naming a missing field', async () => {
    const wrong = await call(service, 'POST', '/api/auth', { body: { username: 'sample', password: 'nope' } });
    expect(wrong.status).toBe(401);
    expect(errorOf(wrong).code).toBe('invalid_credentials');
    expect(wrong.text).not.toContain('nope');

    const missing = await call(service, 'POST', '/api/auth', { body: { username: 'sample' } });
    expect(missing.status).toBe(400);
    expect(errorOf(missing).message).toContain('"password"');
  });

  it('honours custom credentials', async () => {
    const custom = await startSampleService({ username: 'ada', password: 's3cret' });
    try {
      expect(
        (await call(custom, 'POST', '/api/auth', { body: { username: 'sample', password: 'sample' } })).status,
      ).toBe(401);
      expect(await login(custom, 'ada', 's3cret')).toBeTruthy();
    } finally {
      await custom.close();
    }
  });
});

describe('header strictness', () => {
  const body = { year: 2026 };

  it('answers 401 without a token, with an unknown token, or with a non-Bearer scheme', async () => {
    const none = await call(service, 'POST', '/api/yearly-reports', { body });
    expect(none.status).toBe(401);
    expect(errorOf(none).code).toBe('missing_token');
    expect(none.headers['www-authenticate']).toBe('Bearer');

    const unknown = await call(service, 'POST', '/api/yearly-reports', { body, token: 'made-up' });
    expect(unknown.status).toBe(401);
    expect(errorOf(unknown).code).toBe('invalid_token');

    const basic = await call(service, 'POST', '/api/yearly-reports', {
      body,
      headers: { ...specHeaders(undefined), authorization: `Basic ${token}` },
    });
    expect(basic.status).toBe(401);
  });

  it('answers 400 naming Content-Type when it is missing or not JSON', async () => {
    for (const headers of [
      { authorization: `Bearer ${token}`, 'accept-encoding': 'application/json' } as Record<string, string>,
      { authorization: `Bearer ${token}`, 'accept-encoding': 'application/json', 'content-type': 'text/plain' },
    ]) {
      const answer = await call(service, 'POST', '/api/yearly-reports', { body, headers });
      expect(answer.status).toBe(400);
      expect(errorOf(answer).code).toBe('missing_header');
      expect(errorOf(answer).message).toContain('Content-Type');
    }
  });

  it('answers 400 naming Accept-Encoding when it is missing or lists only compressions', async () => {
    for (const headers of [
      { authorization: `Bearer ${token}`, 'content-type': 'application/json' } as Record<string, string>,
      { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate' },
    ]) {
      const answer = await call(service, 'POST', '/api/yearly-reports', { body, headers });
      expect(answer.status).toBe(400);
      expect(errorOf(answer).message).toContain('Accept-Encoding');
    }
  });

  it('accepts charset parameters and answers uncompressed JSON', async () => {
    const answer = await call(service, 'POST', '/api/yearly-reports', {
      body,
      headers: { ...specHeaders(token), 'content-type': 'application/json; charset=utf-8' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers['content-encoding']).toBeUndefined();
  });

  it('requires the headers on GET endpoints too (the interface asks for them on every endpoint but auth)', async () => {
    const answer = await call(service, 'GET', '/api/signs', { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(400);
  });
});

describe('body strictness', () => {
  const cases: [string, string, object | string, number, string][] = [
    ['week sent as a string', '/api/weekly-reports', { week: '47', year: 2026 }, 400, '"week"'],
    ['year with a fraction', '/api/yearly-reports', '{"year":2026.5}', 400, '"year"'],
    ['sign_id sent as a string', '/api/yearly-reports', { year: 2026, sign_id: '3' }, 400, '"sign_id"'],
    ['sign_id 12', '/api/monthly-reports', { year: 2026, month: 1, sign_id: 12 }, 400, '"sign_id"'],
    ['sign_id null', '/api/monthly-reports', { year: 2026, month: 1, sign_id: null }, 400, '"sign_id"'],
    ['missing year', '/api/monthly-reports', { month: 1 }, 400, '"year"'],
    ['missing week', '/api/weekly-reports', { year: 2026 }, 400, '"week"'],
    ['month 13', '/api/monthly-reports', { year: 2026, month: 13 }, 400, '"month"'],
    ['week 53 in a 52-week year', '/api/weekly-reports', { year: 2025, week: 53 }, 400, '"week"'],
    ['week 0', '/api/weekly-reports', { year: 2026, week: 0 }, 400, '"week"'],
    ['a misspelt field', '/api/yearly-reports', { year: 2026, signId: 3 }, 400, '"signId"'],
    ['an array body', '/api/yearly-reports', '[2026]', 400, 'JSON object'],
    ['malformed JSON', '/api/yearly-reports', '{"year":', 400, 'not valid JSON'],
    ['an empty body', '/api/yearly-reports', '', 400, 'empty'],
    ['an empty place name', '/api/places', { name: '  ' }, 400, '"name"'],
  ];

  for (const [label, path, body, status, named] of cases) {
    it(`rejects ${label}`, async () => {
      const answer = await call(
        service,
        'POST',
        path,
        typeof body === 'string' ? { raw: body, token } : { body, token },
      );
      expect(answer.status).toBe(status);
      expect(errorOf(answer).message).toContain(named);
      expect(errorOf(answer).message).toContain(path);
    });
  }

  it('accepts week 53 in a 53-week ISO year (2026)', async () => {
    const answer = await call(service, 'POST', '/api/weekly-reports', {
      body: { year: 2026, week: 53, sign_id: 0 },
      token,
    });
    expect(answer.status).toBe(200);
  });
});

describe('reports', () => {
  const kinds = [
    { path: '/api/weekly-reports', body: { week: 47, year: 2026 }, extra: { weekly: 1, week: 47 } },
    { path: '/api/monthly-reports', body: { month: 11, year: 2026 }, extra: { monthly: 1, month: 11 } },
    { path: '/api/yearly-reports', body: { year: 2027 }, extra: { yearly: 1 } },
    { path: '/api/ascendant-yearly-reports', body: { year: 2027 }, extra: { yearly: 1 } },
  ];

  for (const { path, body, extra } of kinds) {
    it(`${path} without sign_id: 12 entries in sign order carrying the request's period`, async () => {
      const answer = await call(service, 'POST', path, { body, token });
      expect(answer.status).toBe(200);
      const { reports } = answer.json as { reports: Record<string, unknown>[] };
      expect(reports).toHaveLength(12);
      reports.forEach((entry, signId) => {
        expect(entry).toMatchObject({ year: body.year, sign_id: signId, ...extra });
        expect(typeof entry.sign_name).toBe('string');
        expect(typeof entry.intro).toBe('string');
        expect(typeof entry.text).toBe('string');
      });
      expect(reports[0]!.sign_name).toBe('Aries');
      expect(reports[11]!.sign_name).toBe('Pisces');
    });

    it(`${path} with sign_id: one bare entry for that sign`, async () => {
      const answer = await call(service, 'POST', path, { body: { ...body, sign_id: 7 }, token });
      expect(answer.status).toBe(200);
      const entry = answer.json as Record<string, unknown>;
      expect(entry).not.toHaveProperty('reports');
      expect(entry).toMatchObject({ year: body.year, sign_id: 7, sign_name: 'Scorpio', ...extra });
      expect(Object.keys(entry).sort()).toEqual(
        ['intro', 'sign_id', 'sign_name', 'text', 'year', ...Object.keys(extra)].sort(),
      );
    });
  }
});

describe('places, natal, signs, planets and the other endpoints', () => {
  it('returns the matching places as place objects (docs/service-api.md), largest population first, and [] for no match', async () => {
    const places = async (name: string) => {
      const answer = await call(service, 'POST', '/api/places', { body: { name }, token });
      expect(answer.status, name).toBe(200);
      return (answer.json as { data: { name: string; population: number }[] }).data;
    };
    // Ids, coordinates, codes and zones as GeoNames publishes them (geonames.org/2643743, /1006984, /6058560).
    const population = expect.any(Number);
    expect(await places('london')).toEqual([
      {
        id: 2643743,
        name: 'London',
        latitude: 51.50853,
        longitude: -0.12574,
        country_code: 'GB',
        admin1_code: 'GB.ENG',
        population,
        timezone: 'Europe/London',
      },
      {
        id: 1006984,
        name: 'East London',
        latitude: -33.01529,
        longitude: 27.91162,
        country_code: 'ZA',
        admin1_code: 'ZA.05',
        population,
        timezone: 'Africa/Johannesburg',
      },
      {
        id: 6058560,
        name: 'London',
        latitude: 42.98339,
        longitude: -81.23304,
        country_code: 'CA',
        admin1_code: 'CA.08',
        population,
        timezone: 'America/Toronto',
      },
    ]);
    // The accent survives the JSON answer, and the query matches without it.
    expect((await places('zurich')).map((p) => p.name)).toEqual(['Zürich']);
    const many = await places('a');
    expect(many).toHaveLength(20);
    for (const place of many) expect(place.name.normalize('NFD').toLowerCase(), place.name).toContain('a');
    for (let i = 1; i < many.length; i += 1)
      expect(many[i - 1]!.population).toBeGreaterThanOrEqual(many[i]!.population);
    const none = await call(service, 'POST', '/api/places', { body: { name: 'Zzyzx-no-such-place' }, token });
    expect(none.json).toEqual({ data: [] });
  });

  it('computes a natal chart for a known place and names bad fields', async () => {
    // London's GeoNames id.
    const request = { name: 'Ada', date: '1990-05-17', time: '14:30', place_id: 2643743, lang: 'en' };
    const ok = await call(service, 'POST', '/api/natal', { body: request, token });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ profile: { name: 'Ada' }, planets: expect.any(Array) });

    const unknown = await call(service, 'POST', '/api/natal', { body: { ...request, place_id: 1 }, token });
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown).code).toBe('place_not_found');

    for (const [field, value] of [
      ['date', '1990-02-30'],
      ['date', '17/05/1990'],
      ['time', '25:00'],
      ['time', '2:30'],
      ['place_id', '2643743'],
    ] as const) {
      const bad = await call(service, 'POST', '/api/natal', { body: { ...request, [field]: value }, token });
      expect(bad.status).toBe(400);
      expect(errorOf(bad).message).toContain(`"${field}"`);
    }
    const missingLang = await call(service, 'POST', '/api/natal', { body: { ...request, lang: undefined }, token });
    expect(errorOf(missingLang).message).toContain('"lang"');
  });

  it('lists 12 signs and the planets by GET; POST there is 405', async () => {
    const signs = await call(service, 'GET', '/api/signs', { token });
    const { data } = signs.json as { data: { id: number; name: string }[] };
    expect(data.map((s) => s.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(data[0]!.name).toBe('Aries');
    const planets = await call(service, 'GET', '/api/planets', { token });
    expect((planets.json as { data: { name: string }[] }).data.map((p) => p.name)).toContain('Sun');
    const post = await call(service, 'POST', '/api/signs', { body: {}, token });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET');
  });

  it('answers 501 for the listed but unimplemented endpoints (after auth) and 404 for unknown paths', async () => {
    const synastry = await call(service, 'POST', '/api/synastry', { body: {}, token });
    expect(synastry.status).toBe(501);
    expect(errorOf(synastry).code).toBe('not_implemented');
    expect((await call(service, 'POST', '/api/progressions', { body: {} })).status).toBe(401);
    const unknown = await call(service, 'POST', '/api/weekly-report', { body: {}, token });
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown).code).toBe('not_found');
  });
});

describe('the language option', () => {
  async function withService<T>(language: string, use: (s: SampleService, t: string) => Promise<T>): Promise<T> {
    const other = await startSampleService({ language });
    try {
      return await use(other, await login(other));
    } finally {
      await other.close();
    }
  }
  const weekly = { week: 48, year: 2026 };
  const natalRequest = { name: 'Ada', date: '1990-05-17', time: '14:30', place_id: 2643743 };

  it('writes reports and sign_name in Spanish for "es" and "es-MX", and in English by default', async () => {
    for (const language of ['es', 'es-MX']) {
      const reports = await withService(language, async (es, t) => {
        expect(es.language).toBe('es');
        return (
          (await call(es, 'POST', '/api/weekly-reports', { body: weekly, token: t })).json as {
            reports: Record<string, string>[];
          }
        ).reports;
      });
      expect(reports.map((r) => r.sign_name)).toEqual([
        'Aries',
        'Tauro',
        'Géminis',
        'Cáncer',
        'Leo',
        'Virgo',
        'Libra',
        'Escorpio',
        'Sagitario',
        'Capricornio',
        'Acuario',
        'Piscis',
      ]);
      expect(reports[0]!.intro).toMatch(
        /^Aries: la semana del 23 al 29 de noviembre de 2026 gira en torno a la luna llena/,
      );
      expect(reports[0]!.text).toContain('Fechas clave');
    }
    expect(service.language).toBe('en');
    const english = (await call(service, 'POST', '/api/weekly-reports', { body: { ...weekly, sign_id: 1 }, token }))
      .json as Record<string, string>;
    expect(english.sign_name).toBe('Taurus');
    expect(english.text).toContain('Key dates');
  });

  it('answers in English for a language it does not write', async () => {
    const [dutch, english] = await withService('nl', async (nl, t) => {
      expect(nl.language).toBe('en');
      return Promise.all([
        call(nl, 'POST', '/api/weekly-reports', { body: weekly, token: t }),
        call(service, 'POST', '/api/weekly-reports', { body: weekly, token }),
      ]);
    });
    expect(dutch.json).toEqual(english.json);
  });

  it("writes natal texts in the request's lang, whatever the reports' language", async () => {
    const chart = async (s: SampleService, t: string, lang: string) =>
      (await call(s, 'POST', '/api/natal', { body: { ...natalRequest, lang }, token: t })).json as {
        intro: string;
        planets: { planetName: string }[];
      };
    const fromEnglish = await chart(service, token, 'es');
    expect(fromEnglish.intro).toMatch(/^Ada nació el 17 de mayo de 1990 a las 14:30 en London: Sol en Tauro/);
    expect(fromEnglish.planets[0]!.planetName).toBe('Sol');
    const fromSpanish = await withService('es', (es, t) => chart(es, t, 'en'));
    expect(fromSpanish.intro).toMatch(/^Ada, born on 1990-05-17 at 14:30 in London: Sun in Taurus/);
  });

  it('writes a two-letter lang in the account\'s own regional variant: "pt" from a Brazilian account is Brazilian', async () => {
    const chart = async (s: SampleService, t: string, lang: string) =>
      (
        (await call(s, 'POST', '/api/natal', { body: { ...natalRequest, lang }, token: t })).json as {
          planets: { planetName: string }[];
        }
      ).planets[3]!.planetName;
    expect(await withService('pt-BR', async (br, t) => [await chart(br, t, 'pt'), await chart(br, t, 'es')])).toEqual([
      'Vênus',
      'Venus',
    ]);
    expect(await chart(service, token, 'pt')).toBe('Vénus');
  });

  it('refuses a malformed language with an error naming the option', async () => {
    for (const language of ['spanish', 'es_MX', '']) {
      await expect(startSampleService({ language })).rejects.toThrow(
        /^Sample service: language must be a language tag such as "en" or "es-MX", got "/,
      );
    }
  });
});

describe('latency, the log and maxInFlight', () => {
  it('adds latencyMs before every answer', async () => {
    const slow = await startSampleService({ latencyMs: 120 });
    try {
      await call(slow, 'POST', '/api/auth', { body: { username: 'sample', password: 'wrong' } });
      const entry = slow.log[0]!;
      expect(entry.status).toBe(401);
      expect(entry.endedAt! - entry.startedAt).toBeGreaterThanOrEqual(115); // timer granularity
    } finally {
      await slow.close();
    }
  });

  it('logs method, path, headers, parsed body, status, token and timing', async () => {
    service.resetLog();
    await call(service, 'POST', '/api/monthly-reports', { body: { month: 2, year: 2026, sign_id: 1 }, token });
    await call(service, 'POST', '/api/monthly-reports', { raw: '{oops', token });
    expect(service.log).toHaveLength(2);
    const [ok, bad] = service.log as [(typeof service.log)[0], (typeof service.log)[0]];
    expect(ok).toMatchObject({
      method: 'POST',
      path: '/api/monthly-reports',
      body: { month: 2, year: 2026, sign_id: 1 },
      status: 200,
      outcome: 'answered',
      token,
      inFlightAtStart: 1,
    });
    expect(ok.headers['accept-encoding']).toBe('application/json');
    expect(ok.endedAt).toBeGreaterThanOrEqual(ok.startedAt);
    expect(bad).toMatchObject({ status: 400, body: undefined, rawBody: '{oops' });
  });

  it('counts concurrent requests in maxInFlight and marks abandoned ones client-closed', async () => {
    const held = await startSampleService({ faults: { rules: [{ path: '/api/signs', delayMs: 30_000 }] } });
    const abort = new AbortController();
    try {
      const heldToken = await login(held);
      held.resetLog();
      const pending = Array.from({ length: 4 }, () =>
        call(held, 'GET', '/api/signs', { token: heldToken, signal: abort.signal }).catch((error: unknown) => error),
      );
      await expect.poll(() => held.log.length).toBe(4);
      expect(held.maxInFlight).toBe(4);
      expect(held.log.map((e) => e.inFlightAtStart).sort()).toEqual([1, 2, 3, 4]);
      abort.abort();
      await Promise.all(pending);
      await expect.poll(() => held.log.every((e) => e.outcome === 'client-closed')).toBe(true);
      held.resetLog();
      expect(held.maxInFlight).toBe(0);
    } finally {
      abort.abort();
      await held.close();
    }
  });
});

describe('close()', () => {
  it('refuses new connections and ends open and held ones', async () => {
    const short = await startSampleService({ faults: { rules: [{ path: '/api/planets', delayMs: 30_000 }] } });
    const shortToken = await login(short); // leaves an idle keep-alive socket in the agent
    const held = call(short, 'GET', '/api/planets', { token: shortToken }).then(
      () => 'answered',
      () => 'socket error',
    );
    await expect.poll(() => short.log.length).toBe(2);
    await short.close();
    expect(await held).toBe('socket error');
    await expect(call(short, 'POST', '/api/auth', { body: {} })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await expect(short.close()).resolves.toBeUndefined(); // idempotent
  });

  it('leaves no open handle: a process using it exits on its own after close()', async () => {
    const serverModule = fileURLToPath(new URL('../../src/sample-service/server.ts', import.meta.url));
    // A held request (30 s delay) and an idle keep-alive connection are the two things that would keep it alive.
    const script = `
      const { startSampleService } = await import(${JSON.stringify(serverModule)});
      const s = await startSampleService({ latencyMs: 5, faults: { rules: [{ path: '/api/signs', delayMs: 30000 }] } });
      await fetch(s.url + '/api/auth', { method: 'POST', body: '{"username":"sample","password":"sample"}' });
      fetch(s.url + '/api/signs').catch(() => {});
      while (s.log.length < 2) await new Promise((r) => setTimeout(r, 10));
      await s.close();
      console.log('closed');
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const guard = setTimeout(() => child.kill('SIGKILL'), 20_000); // the 30 s delay must not be what ends it
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    clearTimeout(guard);
    expect(output).toContain('closed');
    expect(code).toBe(0);
  });
});
