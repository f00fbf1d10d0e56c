// Requests to a running sample service over real HTTP, for the server and fault tests: the service's headers, the body
// as JSON (or raw text), and the answer read whole with its JSON, if any.
import { Agent, request } from 'undici';
import type { SampleService } from '../../../src/sample-service/server.ts';

/**
 * The keep-alive agent every request goes through, one for the test files a worker runs (the quick project shares
 * modules between them): idle connections close after a second, and those to a closed service with it.
 */
const agent = new Agent({ keepAliveTimeout: 1_000 });

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: unknown;
}

export interface SendOptions {
  body?: unknown;
  /** Sent as is instead of JSON.stringify(body). */
  raw?: string;
  token?: string;
  /** Replaces the three headers of specHeaders() entirely when given. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** undici's wait for the response headers, in ms; its default when not given. */
  headersTimeout?: number;
}

/** The headers the service requires on every request (docs/service-api.md#headers), with the bearer token when there is one. */
export function specHeaders(token: string | undefined): Record<string, string> {
  return {
    'content-type': 'application/json',
    'accept-encoding': 'application/json',
    ...(token !== undefined && { authorization: `Bearer ${token}` }),
  };
}

export async function send(
  service: SampleService,
  method: 'GET' | 'POST',
  path: string,
  options: SendOptions = {},
): Promise<Answer> {
  const payload = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const res = await request(`${service.url}${path}`, {
    method,
    dispatcher: agent,
    headers: options.headers ?? specHeaders(options.token),
    body: payload,
    signal: options.signal,
    ...(options.headersTimeout !== undefined && { headersTimeout: options.headersTimeout }),
  });
  const text = await res.body.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, headers: res.headers, text, json };
}
