// src/api/errors.ts with a short password: the client's own wording stays readable, while a body or a URL
// that holds the password still loses it. Against a real node:http service on port 0.
import { describe, expect, it } from 'vitest';
import { AstroClient } from '../../src/api/index.ts';
import { FAST_RETRY, USERNAME, sendJson } from './helpers/fake-service.ts';
import { rejection, useClientHarness } from './helpers/client-harness.ts';

const { setUp, closeAfterTest } = useClientHarness();

describe.each(['p', 'pass'])('error messages with the password %j', (password) => {
  const signIn = { password, retry: { ...FAST_RETRY, maxRetries: 1 } };
  const issueToken = (_request: unknown, res: Parameters<typeof sendJson>[0]) =>
    sendJson(res, 200, { accessToken: 'tok-0123456789' });

  it('keep their own words whole: the scheme of a URL, "attempts", "password"', async () => {
    const { client } = await setUp((_request, res) => sendJson(res, 503, { error: 'busy' }), signIn, issueToken);
    const busy = await rejection(client.reports('yearly', { year: 2026 }));
    expect(busy.message).toBe(
      '/api/yearly-reports answered 503 Service Unavailable after 2 attempts: {"error":"busy"}',
    );

    const refused = await setUp(
      () => undefined,
      signIn,
      (_request, res) => sendJson(res, 401, { error: 'no' }),
    );
    const failed = await rejection(refused.client.authenticate());
    expect(failed.message).toBe(
      `authentication failed for ${refused.service.url}: /api/auth answered 401 Unauthorized (check the username and password)`,
    );
    expect(failed.message).toMatch(/^authentication failed for http:\/\/127\.0\.0\.1:\d+: /);
  });

  // A body is quoted from the service, which may glue a secret to anything: there every occurrence goes.
  it('still redact the password in a body the service echoes and in a URL that holds it', async () => {
    const { client, service } = await setUp(
      (_request, res) => sendJson(res, 400, { user: USERNAME, key: password }),
      signIn,
      (request, res) =>
        request.path === `/${password}/api/auth` ? sendJson(res, 401, { error: 'no' }) : issueToken(request, res),
    );
    const echoed = await rejection(client.places('Ulm'));
    expect(echoed.message).toBe('/api/places answered 400 Bad Request: {"user":"site-builder","key":"[redacted]"}');

    // A base URL whose path holds the password, named by a refused sign-in.
    const inUrl = new AstroClient({ baseUrl: `${service.url}/${password}/`, username: USERNAME, ...signIn });
    closeAfterTest({ client: inUrl });
    const refused = await rejection(inUrl.authenticate());
    expect(service.to(`/${password}/api/auth`)).toHaveLength(1);
    expect(refused.message).toBe(
      `authentication failed for ${service.url}/[redacted]: /api/auth answered 401 Unauthorized (check the username and password)`,
    );
  });
});
