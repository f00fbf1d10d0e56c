// The sample service's limit on request bodies: docs/service-api.md#the-sample-service promises a 413 above 1 MiB.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSampleService, type SampleService } from '../../src/sample-service/server.ts';
import { send } from './helpers/http.ts';

let service: SampleService;

beforeAll(async () => {
  service = await startSampleService();
});

afterAll(async () => {
  await service.close();
});

it('answers 413 with a JSON error to a body over 1 MiB, and logs it as answered', async () => {
  const oneMiB = 1024 * 1024;
  const answer = await send(service, 'POST', '/api/auth', { raw: `"${'x'.repeat(oneMiB)}"` });
  expect(answer.status).toBe(413);
  expect(answer.json).toEqual({
    error: { code: 'body_too_large', message: 'the request body is larger than 1048576 bytes' },
  });
  expect(service.log.at(-1)).toMatchObject({ path: '/api/auth', status: 413, outcome: 'answered', rawBody: '' });
});

it('reads a body of exactly 1 MiB (here: not JSON credentials, so a 400, not a 413)', async () => {
  const answer = await send(service, 'POST', '/api/auth', { raw: `"${'x'.repeat(1024 * 1024 - 2)}"` });
  expect(answer.status).toBe(400);
});
