// The sample Astrology Interpretation Service: a real node:http server speaking the interface of
// docs/service-api.md, used by the build when no ASTRO_API_URL is set, by `npm run sample-api`, and by every
// integration test. It is strict on purpose (headers, JSON types, unknown fields) so that a client built wrongly
// fails here, not in production, and it carries fault knobs (./faults.ts) so retries and token renewal can be
// tested for real. This file serves HTTP (request log, latency, faults, writing answers); what each endpoint
// answers is in ./endpoints.ts.
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { ReportPeriodError } from './report-writer.ts';
import { TimeZoneError } from './time-zone.ts';
import { FaultPlan, type FaultAction, type FaultOptions } from './faults.ts';
import { SampleHttpError } from './request-body.ts';
import { bearerToken, serviceEndpoints, type EndpointRequest } from './endpoints.ts';
import { checkLanguageTag, sampleLanguageFor, type SampleLanguage } from './language.ts';

export type { FaultOptions, FaultRule, SampleReportEntry } from './faults.ts';
export { FaultConfigError } from './faults.ts';
export { SAMPLE_YEAR_RANGE, REPORT_MARKER_VALUE } from './endpoints.ts';
export { SAMPLE_LANGUAGES, sampleLanguageFor, type SampleLanguage } from './language.ts';

export interface SampleServiceOptions {
  host?: string;
  port?: number;
  username?: string;
  password?: string;
  latencyMs?: number;
  faults?: FaultOptions;
  /** The language tag of its reports, such as "es" or "es-MX" (default "en"); one it does not write gets English. */
  language?: string;
}

const DEFAULTS = {
  host: '127.0.0.1',
  port: 0, // 0: a free port chosen by the OS
  username: 'sample',
  password: 'sample',
  latencyMs: 0, // ms added before every answer (and before a reset)
  maxBodyBytes: 1_048_576, // bytes; larger request bodies get 413
} as const;

interface RequestLogEntry {
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
  /** The language its reports are written in (see `language` in the options). */
  readonly language: SampleLanguage;
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

// ---- The request log ----

/** Every request in arrival order, and how many are in flight. */
class RequestLog {
  readonly entries: RequestLogEntry[] = [];
  inFlight = 0;
  maxInFlight = 0;

  /** Logs a request as it arrives. */
  open(req: IncomingMessage): RequestLogEntry {
    const method = req.method ?? 'GET';
    const path = new URL(req.url ?? '/', 'http://sample.invalid').pathname;
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    const entry: RequestLogEntry = {
      method,
      path,
      headers: req.headers,
      body: undefined,
      rawBody: '',
      status: 0,
      outcome: 'pending',
      startedAt: Date.now(),
      inFlightAtStart: this.inFlight,
      token: bearerToken(req.headers),
      attempt: 1,
    };
    this.entries.push(entry);
    return entry;
  }

  /** Ends a request's time in flight, once, whatever ended it (answer, reset, or the client leaving). */
  settle(entry: RequestLogEntry): void {
    if (entry.endedAt !== undefined) return;
    entry.endedAt = Date.now();
    this.inFlight -= 1;
  }

  reset(): void {
    this.entries.length = 0;
    this.maxInFlight = this.inFlight;
  }
}

// ---- Reading requests and writing answers ----

function readRequestBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit)
        tooLarge = true; // keep reading (and dropping) so the 413 can still be delivered
      else chunks.push(chunk);
    });
    req.on('end', () => {
      if (tooLarge)
        reject(new SampleHttpError(413, 'body_too_large', `the request body is larger than ${limit} bytes`));
      else resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', reject);
  });
}

/** The body as JSON, or undefined when it is empty or not JSON (the endpoints say which it was). */
function parseJsonBody(rawBody: string): unknown {
  try {
    return rawBody.trim() === '' ? undefined : JSON.parse(rawBody);
  } catch {
    return undefined;
  }
}

interface Answer {
  status: number;
  payload: string;
  headers?: Record<string, string>;
}

function errorBody(code: string, message: string): string {
  return JSON.stringify({ error: { code, message } });
}

/** The answer to an error thrown while answering `entry`. */
function errorAnswer(error: unknown, entry: RequestLogEntry): Answer {
  if (error instanceof SampleHttpError) {
    return { status: error.status, payload: errorBody(error.code, error.message), headers: error.headers };
  }
  if (error instanceof TimeZoneError || error instanceof ReportPeriodError) {
    // Input that passed the shape checks but names no real moment or period (2026-02-30, week 53 of 2025).
    return { status: 400, payload: errorBody('invalid_field', `${entry.path}: ${error.message}`) };
  }
  return {
    status: 500,
    payload: errorBody('internal_error', `${entry.method} ${entry.path}: ${(error as Error).message}`),
  };
}

const STATUS_CODES_FOR_FAULTS: Record<number, string> = { 429: 'rate_limited', 503: 'service_unavailable' };

/** The answer an injected `respond` fault asks for. */
function faultAnswer(action: Extract<FaultAction, { kind: 'respond' }>): Answer {
  const headers: Record<string, string> = action.retryAfter !== undefined ? { 'Retry-After': action.retryAfter } : {};
  const payload =
    action.body ??
    errorBody(
      STATUS_CODES_FOR_FAULTS[action.status] ?? 'injected_fault',
      `injected fault ${action.label}: ${action.status}`,
    );
  return { status: action.status, payload, headers };
}

/** Sends one JSON answer and logs it, unless the connection is gone or already answered. */
function writeAnswer(
  requests: RequestLog,
  res: ServerResponse,
  entry: RequestLogEntry,
  { status, payload, headers }: Answer,
): void {
  if (res.destroyed || res.writableEnded) return;
  entry.status = status;
  entry.outcome = 'answered';
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(payload),
    ...headers,
  });
  res.end(payload);
  requests.settle(entry);
}

/** Headers and half the body of an answer, then nothing: the client's body timeout has to end it. */
function stallAnswer(res: ServerResponse, entry: RequestLogEntry, { status, payload }: Answer): void {
  entry.status = status;
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(payload),
  });
  res.write(payload.slice(0, Math.floor(payload.length / 2)));
}

// ---- Handling one request ----

interface ServiceState {
  /** Replaced by setFaults(). */
  faults: FaultPlan;
  readonly latencyMs: number;
  readonly requests: RequestLog;
  readonly endpoints: (request: EndpointRequest) => unknown;
  /** Aborted by close(): pending latency/fault delays stop at once instead of holding the process open. */
  readonly closing: AbortController;
}

/** Waits `ms`; false when the wait was cut short (closing, or the client gave up, e.g. on its timeout). */
async function waitUnlessAborted(ms: number, signal: AbortSignal): Promise<boolean> {
  try {
    await sleep(ms, undefined, { signal });
    return true;
  } catch {
    return false;
  }
}

/** One request: read its body, let the faults decide, wait the latency, then answer (or reset). */
async function handle(
  state: ServiceState,
  req: IncomingMessage,
  res: ServerResponse,
  entry: RequestLogEntry,
  clientGone: AbortSignal,
): Promise<void> {
  const send = (answer: Answer): void => writeAnswer(state.requests, res, entry, answer);
  try {
    entry.rawBody = await readRequestBody(req, DEFAULTS.maxBodyBytes);
  } catch (error) {
    if (error instanceof SampleHttpError) send(errorAnswer(error, entry));
    return;
  }
  entry.body = parseJsonBody(entry.rawBody);

  const { action, attempt } = state.faults.decide(entry.method, entry.path, entry.rawBody, entry.body);
  entry.attempt = attempt;
  if (action.kind !== 'none') entry.fault = action.label;
  const waitMs = state.latencyMs + action.delayMs;
  if (waitMs > 0 && !(await waitUnlessAborted(waitMs, AbortSignal.any([state.closing.signal, clientGone])))) return;
  if (res.destroyed) return;

  if (action.kind === 'reset') {
    entry.outcome = 'reset';
    state.requests.settle(entry);
    req.socket.resetAndDestroy();
    return;
  }
  if (action.kind === 'respond') {
    if (action.stall) stallAnswer(res, entry, faultAnswer(action));
    else send(faultAnswer(action));
    return;
  }
  try {
    const body = state.endpoints(entry);
    send({ status: 200, payload: JSON.stringify(body) });
  } catch (error) {
    send(errorAnswer(error, entry));
  }
}

/** The server's request listener: log the request, follow its connection, handle it. */
function onRequest(state: ServiceState, req: IncomingMessage, res: ServerResponse): void {
  const entry = state.requests.open(req);
  // Ends a pending delay early when the client goes away, so a timed-out request holds no timer.
  const clientGone = new AbortController();
  res.on('close', () => {
    if (entry.outcome === 'pending') entry.outcome = 'client-closed';
    state.requests.settle(entry);
    clientGone.abort();
  });
  handle(state, req, res, entry, clientGone.signal).catch((error: unknown) => {
    // Unreachable by design (handle catches its own errors); never let a bug crash the test process.
    console.error('sample service: unexpected error', error);
    res.destroy();
  });
}

// ---- Starting and stopping ----

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Starts the sample service and resolves once it listens. */
export async function startSampleService(options: SampleServiceOptions = {}): Promise<SampleService> {
  const host = options.host ?? DEFAULTS.host;
  const latencyMs = options.latencyMs ?? DEFAULTS.latencyMs;
  if (!Number.isInteger(latencyMs) || latencyMs < 0) {
    throw new RangeError(`Sample service: latencyMs must be an integer >= 0, got ${String(latencyMs)}`);
  }
  const language = sampleLanguageFor(checkLanguageTag('Sample service: language', options.language ?? 'en'));
  const state: ServiceState = {
    faults: new FaultPlan(options.faults),
    latencyMs,
    requests: new RequestLog(),
    endpoints: serviceEndpoints(
      options.username ?? DEFAULTS.username,
      options.password ?? DEFAULTS.password,
      () => state.faults.options,
      language,
    ),
    closing: new AbortController(),
  };
  const server = createServer((req, res) => onRequest(state, req, res));
  await listen(server, options.port ?? DEFAULTS.port, host);
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;

  let closed: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    language,
    log: state.requests.entries,
    get maxInFlight() {
      return state.requests.maxInFlight;
    },
    setFaults(next: FaultOptions) {
      state.faults = new FaultPlan(next);
    },
    resetLog() {
      state.requests.reset();
    },
    close() {
      closed ??= new Promise<void>((resolve, reject) => {
        state.closing.abort();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      return closed;
    },
  };
}
