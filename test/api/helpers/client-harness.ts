/**
 * The harness the client tests share: a fake service and an AstroClient with fast retries per test, both closed
 * after each test so no server or connection outlives it (an open handle would keep vitest's worker alive).
 */
import { afterEach, expect } from 'vitest';
import { AstroClient, AstroError, type ClientOptions } from '../../../src/api/index.ts';
import {
  FAST_RETRY,
  PASSWORD,
  USERNAME,
  reportsHandler,
  startFakeService,
  type FakeService,
  type Handler,
} from './fake-service.ts';

export interface ClientHarness {
  /** Starts a fake service answering with `handler` (and `auth` for /api/auth, if given) and a client of it. */
  setUp(
    handler: Handler,
    options?: Partial<ClientOptions>,
    auth?: Handler,
  ): Promise<{ service: FakeService; client: AstroClient }>;
  /** Closes a client and/or service a test built itself after the test, in the order given (client first). */
  closeAfterTest(opened: { service?: FakeService; client?: AstroClient }): void;
}

/** Call once at the top of a test file: registers the afterEach that closes everything the tests opened. */
export function useClientHarness(): ClientHarness {
  const open: { service?: FakeService; client?: AstroClient }[] = [];

  afterEach(async () => {
    for (const { service, client } of open.splice(0)) {
      await client?.close();
      await service?.close();
    }
  });

  return {
    async setUp(handler, options = {}, auth) {
      const service = await startFakeService(handler, auth ? { auth } : {});
      const client = new AstroClient({
        baseUrl: service.url,
        username: USERNAME,
        password: PASSWORD,
        retry: FAST_RETRY,
        ...options,
      });
      open.push({ service, client });
      return { service, client };
    },
    closeAfterTest(opened) {
      open.push(opened);
    },
  };
}

/** Fails the first `count` report requests with `fail`, then answers normally. */
export function failingFirst(count: number, fail: Handler): Handler {
  let remaining = count;
  return (request, res, raw) => (remaining-- > 0 ? fail(request, res, raw) : reportsHandler(request, res, raw));
}

/** The AstroError `promise` rejects with; fails the test if it resolves or rejects with anything else. */
export async function rejection(promise: Promise<unknown>): Promise<AstroError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AstroError);
  return error as AstroError;
}
