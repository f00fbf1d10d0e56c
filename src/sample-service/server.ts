// The sample Astrology Interpretation Service: a real node:http server speaking the interface of
// docs/service-api.md, used by the build when no ASTRO_API_URL is set, by `npm run sample-api`, and by every
// integration test. It is strict
// on purpose (headers, JSON types, unknown fields) so that a client built wrongly fails here, not in
// production, and it carries fault knobs (./faults.ts) so retries and token renewal can be tested for real.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { isoWeeksInYear, ReportPeriodError, writeReport, type SampleReportKind } from './report-writer.ts';
import { TimeZoneError } from './time-zone.ts';
import { searchPlaces, findPlace } from './places.ts';
import { computeNatal } from './natal.ts';
import { SAMPLE_PLANETS, SAMPLE_SIGNS, SAMPLE_SIGN_NAMES } from './catalog.ts';
import { FaultPlan, type FaultOptions, type SampleReportEntry } from './faults.ts';
import {
  SampleHttpError,
  readDate,
  readInteger,
  readLang,
  readString,
  readTime,
  requireObject,
} from './request-body.ts';

export type { FaultOptions, FaultRule, SampleReportEntry } from './faults.ts';
export { FaultConfigError } from './faults.ts';

export interface SampleServiceOptions {
  host?: string;
  port?: number;
  username?: string;
  password?: string;
  latencyMs?: number;
  faults?: FaultOptions;
}

const DEFAULTS = {
  host: '127.0.0.1',
  port: 0, // 0: a free port chosen by the OS
  username: 'sample',
  password: 'sample',
  latencyMs: 0, // ms added before every answer (and before a reset)
  maxBodyBytes: 1_048_576, // bytes; larger request bodies get 413
  tokenBytes: 24, // random bytes in an access token (32 base64url characters)
} as const;

/** Year bounds the service does not describe: the range the sample content (planet positions) is written for. */
export const SAMPLE_YEAR_RANGE = { min: 1900, max: 2100 } as const;

/** The integer value of the `weekly` / `monthly` / `yearly` markers, whose meaning is not described. */
export const REPORT_MARKER_VALUE = 1;

export interface RequestLogEntry {
  method: string;
  /** Path without the query string. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The request body parsed as JSON; undefined when empty or not JSON (see rawBody). */
  body: unknown;
  rawBody: string;
  /** Status sent; 0 while pending, after a reset, or when the client went away first. */
  status: number;
  outcome: 'pending' | 'answered' | 'reset' | 'client-closed';
  /** Date.now() values (ms). */
  startedAt: number;
  endedAt?: number;
  /** Requests in flight when this one arrived, this one included. */
  inFlightAtStart: number;
  /** The bearer token sent, if any. */
  token?: string;
  /** 1 for the first time this exact request (method, path, canonical body) was seen under failFirstAttemptOfEveryNth. */
  attempt: number;
  /** Which fault applied, e.g. "rules[0]" or "failFirstAttemptOfEveryNth(3): 429". */
  fault?: string;
}

export interface SampleService {
  /** The service's base URL, e.g. `http://127.0.0.1:8787` (no trailing slash). */
  readonly url: string;
  readonly port: number;
  /** Every request in arrival order; entries are filled in as answers go out. */
  readonly log: RequestLogEntry[];
  /** Highest number of requests in flight at once since start (or since resetLog). */
  readonly maxInFlight: number;
  /** Replaces the fault options and restarts their counters; tokens already issued keep their use counts. */
  setFaults(faults: FaultOptions): void;
  /** Empties the log and restarts maxInFlight from the requests in flight now. */
  resetLog(): void;
  /** Stops listening, destroys every connection and cancels pending delays. */
  close(): Promise<void>;
}

interface TokenState {
  uses: number;
  expired: boolean;
}

type Handler = (request: RouteRequest) => unknown;
interface RouteRequest {
  endpoint: string;
  body: unknown;
}
interface Route {
  method: 'GET' | 'POST';
  /** false only for /api/auth: every other endpoint needs the token and the two JSON headers. */
  authorised: boolean;
  handler: Handler;
}

const REPORT_KINDS: Record<string, SampleReportKind> = {
  '/api/weekly-reports': 'weekly',
  '/api/monthly-reports': 'monthly',
  '/api/yearly-reports': 'yearly',
  '/api/ascendant-yearly-reports': 'ascendantYearly',
};

/** Listed endpoints whose shapes are not described (docs/service-api.md#other-endpoints): auth and headers apply, then 501. */
const UNIMPLEMENTED_ENDPOINTS = [
  '/api/efemerides', '/api/signtosign', '/api/planetinsign', '/api/natal-basic', '/api/natal-pdf-report',
  '/api/solarreturn', '/api/synastry', '/api/composite', '/api/transits', '/api/chinese-horo',
  '/api/chinese-forecasts', '/api/progressions',
] as const;

function reportHandler(kind: SampleReportKind, transform: () => FaultOptions['transformReport']): Handler {
  const fields = ['year', 'sign_id', ...(kind === 'weekly' ? ['week'] : kind === 'monthly' ? ['month'] : [])];
  return ({ endpoint, body }) => {
    const input = requireObject(endpoint, body, fields);
    const year = readInteger(endpoint, input, 'year', SAMPLE_YEAR_RANGE.min, SAMPLE_YEAR_RANGE.max);
    const week = kind === 'weekly' ? readInteger(endpoint, input, 'week', 1, isoWeeksInYear(year)) : undefined;
    const month = kind === 'monthly' ? readInteger(endpoint, input, 'month', 1, 12) : undefined;
    const signId = readInteger(endpoint, input, 'sign_id', 0, 11, true);
    const period = { year, ...(week !== undefined && { week }), ...(month !== undefined && { month }) };
    const transformReport = transform();
    const entryFor = (id: number): unknown => {
      const { intro, text } = writeReport(kind, period, id);
      const entry: SampleReportEntry = {
        year,
        sign_id: id,
        sign_name: SAMPLE_SIGN_NAMES[id]!,
        ...(kind === 'weekly' && { weekly: REPORT_MARKER_VALUE, week }),
        ...(kind === 'monthly' && { monthly: REPORT_MARKER_VALUE, month }),
        ...((kind === 'yearly' || kind === 'ascendantYearly') && { yearly: REPORT_MARKER_VALUE }),
        intro,
        text,
      };
      return transformReport ? transformReport(entry) : entry;
    };
    if (signId !== undefined) return entryFor(signId);
    return { reports: SAMPLE_SIGN_NAMES.map((_, id) => entryFor(id)) };
  };
}

function placesHandler({ endpoint, body }: RouteRequest): unknown {
  const input = requireObject(endpoint, body, ['name']);
  return { data: searchPlaces(readString(endpoint, input, 'name')) };
}

function natalHandler({ endpoint, body }: RouteRequest): unknown {
  const input = requireObject(endpoint, body, ['name', 'date', 'time', 'place_id', 'lang']);
  const name = readString(endpoint, input, 'name');
  const date = readDate(endpoint, input, 'date');
  const time = readTime(endpoint, input, 'time');
  const placeId = readInteger(endpoint, input, 'place_id', 1, Number.MAX_SAFE_INTEGER);
  const lang = readLang(endpoint, input, 'lang');
  const place = findPlace(placeId);
  if (!place) throw new SampleHttpError(404, 'place_not_found', `${endpoint}: no place with place_id ${placeId} (find ids with /api/places)`);
  return computeNatal({ name, date, time, lang, place });
}

function notImplemented({ endpoint }: RouteRequest): never {
  throw new SampleHttpError(501, 'not_implemented', `${endpoint} is listed by the service but not implemented by the sample service`);
}

/** A Bearer token from the Authorization header, or undefined. */
function bearerToken(headers: IncomingHttpHeaders): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '');
  return match?.[1];
}

/** True when a comma-separated header lists `application/json` (parameters such as charset allowed). */
function listsJson(value: string | undefined): boolean {
  return (value ?? '').split(',').some((part) => part.split(';')[0]!.trim().toLowerCase() === 'application/json');
}

function readRequestBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true; // keep reading (and dropping) so the 413 can still be delivered
      else chunks.push(chunk);
    });
    req.on('end', () => {
      if (tooLarge) reject(new SampleHttpError(413, 'body_too_large', `the request body is larger than ${limit} bytes`));
      else resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', reject);
  });
}

function errorBody(code: string, message: string): string {
  return JSON.stringify({ error: { code, message } });
}

const STATUS_CODES_FOR_FAULTS: Record<number, string> = { 429: 'rate_limited', 503: 'service_unavailable' };

/** Starts the sample service and resolves once it listens. */
export async function startSampleService(options: SampleServiceOptions = {}): Promise<SampleService> {
  const host = options.host ?? DEFAULTS.host;
  const username = options.username ?? DEFAULTS.username;
  const password = options.password ?? DEFAULTS.password;
  const latencyMs = options.latencyMs ?? DEFAULTS.latencyMs;
  if (!Number.isInteger(latencyMs) || latencyMs < 0) {
    throw new RangeError(`Sample service: latencyMs must be an integer >= 0, got ${String(latencyMs)}`);
  }

  let faults = new FaultPlan(options.faults);
  const tokens = new Map<string, TokenState>();
  const log: RequestLogEntry[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  // Aborted by close(): pending latency/fault delays stop at once instead of holding the process open.
  const closing = new AbortController();

  const routes = new Map<string, Route>();
  routes.set('/api/auth', { method: 'POST', authorised: false, handler: authHandler });
  for (const [path, kind] of Object.entries(REPORT_KINDS)) {
    routes.set(path, { method: 'POST', authorised: true, handler: reportHandler(kind, () => faults.options.transformReport) });
  }
  routes.set('/api/places', { method: 'POST', authorised: true, handler: placesHandler });
  routes.set('/api/natal', { method: 'POST', authorised: true, handler: natalHandler });
  routes.set('/api/signs', { method: 'GET', authorised: true, handler: () => ({ data: SAMPLE_SIGNS }) });
  routes.set('/api/planets', { method: 'GET', authorised: true, handler: () => ({ data: SAMPLE_PLANETS }) });
  for (const path of UNIMPLEMENTED_ENDPOINTS) routes.set(path, { method: 'POST', authorised: true, handler: notImplemented });

  function authHandler({ endpoint, body }: RouteRequest): unknown {
    const input = requireObject(endpoint, body, ['username', 'password']);
    const user = readString(endpoint, input, 'username');
    const pass = readString(endpoint, input, 'password');
    if (user !== username || pass !== password) {
      throw new SampleHttpError(401, 'invalid_credentials', `${endpoint}: wrong username or password`);
    }
    const accessToken = randomBytes(DEFAULTS.tokenBytes).toString('base64url');
    tokens.set(accessToken, { uses: 0, expired: false });
    return { accessToken };
  }

  /** 401 unless the request carries a live token; counts the use against tokenTtlRequests. */
  function authorise(endpoint: string, token: string | undefined): void {
    const challenge = { 'WWW-Authenticate': 'Bearer' };
    if (token === undefined) {
      throw new SampleHttpError(401, 'missing_token', `${endpoint}: the Authorization header must be "Bearer <ACCESS_TOKEN>" (get one from /api/auth)`, challenge);
    }
    const state = tokens.get(token);
    if (!state) throw new SampleHttpError(401, 'invalid_token', `${endpoint}: the access token is not known; authenticate again with /api/auth`, challenge);
    const ttl = faults.options.tokenTtlRequests;
    if (!state.expired && ttl !== undefined && state.uses >= ttl) state.expired = true;
    if (state.expired) {
      throw new SampleHttpError(401, 'token_expired', `${endpoint}: the access token has expired; authenticate again with /api/auth`, {
        'WWW-Authenticate': 'Bearer error="invalid_token", error_description="token expired"',
      });
    }
    state.uses += 1;
  }

  function checkJsonHeaders(endpoint: string, headers: IncomingHttpHeaders): void {
    if (!listsJson(headers['content-type'])) {
      throw new SampleHttpError(400, 'missing_header', `${endpoint}: header "Content-Type: application/json" is required${headers['content-type'] ? ` (got "${headers['content-type']}")` : ''}`);
    }
    if (!listsJson(headers['accept-encoding'])) {
      throw new SampleHttpError(400, 'missing_header', `${endpoint}: header "Accept-Encoding: application/json" is required${headers['accept-encoding'] ? ` (got "${headers['accept-encoding']}")` : ''}`);
    }
  }

  /** Routing, auth, headers, body: the service proper, once faults have had their say. */
  function answer(method: string, path: string, headers: IncomingHttpHeaders, rawBody: string, body: unknown, token: string | undefined): { status: number; body: unknown; headers?: Record<string, string> } {
    const route = routes.get(path);
    if (!route) throw new SampleHttpError(404, 'not_found', `${method} ${path}: no such endpoint`);
    const endpoint = `${route.method} ${path}`;
    if (method !== route.method) {
      throw new SampleHttpError(405, 'method_not_allowed', `${method} ${path}: use ${route.method}`, { Allow: route.method });
    }
    if (route.authorised) {
      authorise(endpoint, token);
      checkJsonHeaders(endpoint, headers);
    }
    if (route.method === 'POST' && body === undefined) {
      const problem = rawBody.trim() === '' ? 'the request body is empty' : 'the request body is not valid JSON';
      throw new SampleHttpError(400, 'invalid_json', `${endpoint}: ${problem}; send a JSON object`);
    }
    return { status: 200, body: route.handler({ endpoint, body }) };
  }

  async function handle(req: IncomingMessage, res: ServerResponse, entry: RequestLogEntry, clientGone: AbortController): Promise<void> {
    const send = (status: number, payload: string, extraHeaders: Record<string, string> = {}): void => {
      if (res.destroyed || res.writableEnded) return;
      entry.status = status;
      entry.outcome = 'answered';
      res.writeHead(status, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(payload),
        ...extraHeaders,
      });
      res.end(payload);
      settle(entry);
    };

    let rawBody = '';
    try {
      rawBody = await readRequestBody(req, DEFAULTS.maxBodyBytes);
    } catch (error) {
      if (error instanceof SampleHttpError) send(error.status, errorBody(error.code, error.message));
      return;
    }
    entry.rawBody = rawBody;
    let body: unknown;
    try {
      body = rawBody.trim() === '' ? undefined : JSON.parse(rawBody);
    } catch {
      body = undefined;
    }
    entry.body = body;

    const { action, attempt } = faults.decide(entry.method, entry.path, rawBody, body);
    entry.attempt = attempt;
    if (action.kind !== 'none') entry.fault = action.label;
    const waitMs = latencyMs + action.delayMs;
    if (waitMs > 0) {
      try {
        await sleep(waitMs, undefined, { signal: AbortSignal.any([closing.signal, clientGone.signal]) });
      } catch {
        return; // closing, or the client gave up (e.g. its timeout): nobody is left to answer
      }
    }
    if (res.destroyed) return;

    if (action.kind === 'reset') {
      entry.outcome = 'reset';
      settle(entry);
      req.socket.resetAndDestroy();
      return;
    }
    if (action.kind === 'respond') {
      const headers: Record<string, string> = action.retryAfter !== undefined ? { 'Retry-After': action.retryAfter } : {};
      const payload = action.body ?? errorBody(STATUS_CODES_FOR_FAULTS[action.status] ?? 'injected_fault', `injected fault ${action.label}: ${action.status}`);
      send(action.status, payload, headers);
      return;
    }

    try {
      const result = answer(entry.method, entry.path, req.headers, rawBody, body, entry.token);
      send(result.status, JSON.stringify(result.body));
    } catch (error) {
      if (error instanceof SampleHttpError) {
        send(error.status, errorBody(error.code, error.message), error.headers);
      } else if (error instanceof TimeZoneError || error instanceof ReportPeriodError) {
        // Input that passed the shape checks but names no real moment or period (2026-02-30, week 53 of 2025).
        send(400, errorBody('invalid_field', `${entry.path}: ${error.message}`));
      } else {
        send(500, errorBody('internal_error', `${entry.method} ${entry.path}: ${(error as Error).message}`));
      }
    }
  }

  function settle(entry: RequestLogEntry): void {
    if (entry.endedAt !== undefined) return;
    entry.endedAt = Date.now();
    inFlight -= 1;
  }

  const server = createServer((req, res) => {
    const method = req.method ?? 'GET';
    const path = new URL(req.url ?? '/', 'http://sample.invalid').pathname;
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const entry: RequestLogEntry = {
      method,
      path,
      headers: req.headers,
      body: undefined,
      rawBody: '',
      status: 0,
      outcome: 'pending',
      startedAt: Date.now(),
      inFlightAtStart: inFlight,
      token: bearerToken(req.headers),
      attempt: 1,
    };
    log.push(entry);
    // Ends a pending delay early when the client goes away, so a timed-out request holds no timer.
    const clientGone = new AbortController();
    res.on('close', () => {
      if (entry.outcome === 'pending') entry.outcome = 'client-closed';
      settle(entry);
      clientGone.abort();
    });
    handle(req, res, entry, clientGone).catch((error: unknown) => {
      // Unreachable by design (handle catches its own errors); never let a bug crash the test process.
      console.error('sample service: unexpected error', error);
      res.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULTS.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;

  let closed: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    log,
    get maxInFlight() {
      return maxInFlight;
    },
    setFaults(next: FaultOptions) {
      faults = new FaultPlan(next);
    },
    resetLog() {
      log.length = 0;
      maxInFlight = inFlight;
    },
    close() {
      closed ??= new Promise<void>((resolve, reject) => {
        closing.abort();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      return closed;
    },
  };
}
