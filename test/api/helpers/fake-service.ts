/**
 * A tiny configurable node:http server on 127.0.0.1, port 0, for the client tests. It records every request
 * (headers, body, arrival time), counts the requests in flight, and hands each one to the test's handler.
 * /api/auth is answered by a default handler that issues 'token-1', 'token-2', ... unless the test overrides it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const USERNAME = 'site-builder';
export const PASSWORD = 'pa55-w0rd-s3cret';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** performance.now() at arrival, in ms. */
  arrivedAt: number;
}

export type Handler = (request: ReceivedRequest, res: ServerResponse, raw: IncomingMessage) => void | Promise<void>;

export interface FakeService {
  url: string;
  /** Every request, in arrival order (auth included). */
  requests: ReceivedRequest[];
  /** Requests to one path. */
  to(path: string): ReceivedRequest[];
  /** Highest number of requests in flight at once (arrived, response not yet finished). */
  readonly maxInFlight: number;
  /** TCP connections the clients opened, and the most open at once. */
  readonly connections: { opened: number; maxOpen: number };
  /** Tokens issued by the default auth handler, in order. */
  issuedTokens: string[];
  close(): Promise<void>;
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The token the request carries, or undefined. */
export function bearer(request: ReceivedRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
}

export async function startFakeService(handler: Handler, options: { auth?: Handler } = {}): Promise<FakeService> {
  const requests: ReceivedRequest[] = [];
  const issuedTokens: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const connections = { opened: 0, maxOpen: 0 };
  let openConnections = 0;

  const defaultAuth: Handler = (request, res) => {
    const { username, password } = JSON.parse(request.body) as { username?: string; password?: string };
    if (username !== USERNAME || password !== PASSWORD) return sendJson(res, 401, { error: 'bad credentials' });
    const token = `token-${issuedTokens.length + 1}-abcdef`;
    issuedTokens.push(token);
    sendJson(res, 200, { accessToken: token, expiresIn: 3600 });
  };

  const server = createServer((raw, res) => {
    const arrivedAt = performance.now();
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    let counted = true;
    const done = () => {
      if (counted) inFlight -= 1;
      counted = false;
    };
    res.on('finish', done);
    res.on('close', done);
    const chunks: Buffer[] = [];
    raw.on('data', (chunk: Buffer) => chunks.push(chunk));
    raw.on('end', () => {
      const request: ReceivedRequest = {
        method: raw.method ?? '',
        path: raw.url ?? '',
        headers: raw.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        arrivedAt,
      };
      requests.push(request);
      const route = request.path.endsWith('/api/auth') ? (options.auth ?? defaultAuth) : handler;
      Promise.resolve(route(request, res, raw)).catch((error: unknown) => {
        if (!res.headersSent) sendJson(res, 500, { error: String(error) });
      });
    });
  });
  server.on('connection', (socket) => {
    connections.opened += 1;
    openConnections += 1;
    connections.maxOpen = Math.max(connections.maxOpen, openConnections);
    socket.on('close', () => (openConnections -= 1));
  });
  // Keep-alive sockets would hold close() open; the client under test reuses them while it runs.
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    to: (path) => requests.filter((r) => r.path.endsWith(path)),
    get maxInFlight() {
      return maxInFlight;
    },
    connections,
    issuedTokens,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A valid report entry for the given request body. */
export function reportEntry(
  body: { year: number; week?: number; month?: number },
  signId: number,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    year: body.year,
    ...(body.week !== undefined ? { week: body.week, weekly: 1 } : {}),
    ...(body.month !== undefined ? { month: body.month, monthly: 1 } : {}),
    sign_id: signId,
    sign_name: `Sign ${signId}`,
    intro: `Intro for sign ${signId}`,
    text: `<p>Text for sign ${signId}</p>`,
    ...extra,
  };
}

/** Answers report endpoints: `{reports: [12 entries]}` without sign_id, a bare entry with it. */
export const reportsHandler: Handler = (request, res) => {
  const body = JSON.parse(request.body || '{}') as { year: number; week?: number; month?: number; sign_id?: number };
  if (body.sign_id !== undefined) return sendJson(res, 200, reportEntry(body, body.sign_id));
  sendJson(res, 200, { reports: Array.from({ length: 12 }, (_, signId) => reportEntry(body, signId)) });
};

/** Retry settings that keep tests fast: a few ms of backoff, no jitter. */
export const FAST_RETRY = { minDelayMs: 5, maxDelayMs: 30_000, factor: 2, jitter: 0 } as const;
