/**
 * The one error type the client throws. `code` is stable (match on it, not on the message); the message is a
 * single readable line that names the endpoint and, where it applies, the HTTP status or the response field.
 * Every AstroError the client makes goes through ClientErrors below, so its message is always redacted: never the
 * password, never a token (redact.ts). Text quoted from the service loses every occurrence of a secret; the message
 * as a whole loses one only where it stands as a word, so a short password cannot garble our own wording.
 */
import { redact, redactWords } from './redact.ts';

export const ASTRO_ERROR_CODES = {
  /** A client option is missing or malformed (baseUrl, username, concurrency, ...). Thrown by the constructor. */
  INVALID_OPTION: 'ASTRO_INVALID_OPTION',
  /** A call argument is wrong (e.g. `week` not an integer); thrown before anything is sent. */
  INVALID_ARGUMENT: 'ASTRO_INVALID_ARGUMENT',
  /** /api/auth answered 401 or 403, or answered without an `accessToken`: the credentials are wrong. Not retried. */
  AUTH_FAILED: 'ASTRO_AUTH_FAILED',
  /** A request was answered 401 again right after a fresh token was issued for it. */
  TOKEN_REJECTED: 'ASTRO_TOKEN_REJECTED',
  /** A non-2xx status that is not retried (400, 404, ...) or still failing after the last retry (503, 429, ...). */
  HTTP_STATUS: 'ASTRO_HTTP_STATUS',
  /**
   * The body is not JSON (`field` absent), or the JSON does not have the shape docs/service-api.md describes
   * (`field` names the path, e.g. 'reports[3].sign_id', or '' for the body as a whole).
   */
  INVALID_RESPONSE: 'ASTRO_INVALID_RESPONSE',
  /**
   * The body grew past `maxResponseBytes` and was abandoned. Not retried: the same request would get the same body.
   */
  RESPONSE_TOO_LARGE: 'ASTRO_RESPONSE_TOO_LARGE',
  /** The connection failed (reset, refused, DNS...) on every attempt. */
  NETWORK: 'ASTRO_NETWORK',
  /** No response headers or body within `timeoutMs` on every attempt. */
  TIMEOUT: 'ASTRO_TIMEOUT',
  /** The client was closed before or while the call ran. */
  CLOSED: 'ASTRO_CLOSED',
  /** The caller's `signal` (ClientOptions.signal) ended the call: its send and body read were cancelled, nothing retried. */
  ABORTED: 'ASTRO_ABORTED',
  /** The caller's `beforeSend` (ClientOptions.beforeSend) refused the send: nothing was sent. */
  SEND_REFUSED: 'ASTRO_SEND_REFUSED',
} as const;

export type AstroErrorCode = (typeof ASTRO_ERROR_CODES)[keyof typeof ASTRO_ERROR_CODES];

export interface AstroErrorDetails {
  /** The endpoint path, e.g. '/api/monthly-reports'; '' for option errors raised before any endpoint applies. */
  endpoint: string;
  /** The HTTP status of the last response, when there was one. */
  status?: number;
  /** Path of the offending field, e.g. 'reports[3].sign_id' (responses) or 'week' (arguments). */
  field?: string;
  /** HTTP sends made for this call (1 + retries), when known. */
  attempts?: number;
  cause?: unknown;
}

export class AstroError extends Error {
  override readonly name = 'AstroError';
  readonly code: AstroErrorCode;
  readonly endpoint: string;
  readonly status?: number;
  readonly field?: string;
  readonly attempts?: number;

  constructor(code: AstroErrorCode, message: string, details: AstroErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.endpoint = details.endpoint;
    if (details.status !== undefined) this.status = details.status;
    if (details.field !== undefined) this.field = details.field;
    if (details.attempts !== undefined) this.attempts = details.attempts;
  }
}

// ---- Making them ----

// Not `import … from 'node:http'`: an ES import of it loads Node's own copy of undici for its WebSocket getters,
// a tenth of a second of every build's start-up (docs/performance.md, "Incremental builds").
// Elsewhere (a Worker without Node's modules) a status is its number alone.
const STATUS_CODES: Record<number, string | undefined> =
  globalThis.process?.getBuiltinModule?.('node:http').STATUS_CODES ?? {};

export function statusLine(status: number): string {
  const reason = STATUS_CODES[status];
  return reason ? `${status} ${reason}` : String(status);
}

export function attemptsSuffix(attempts: number): string {
  return attempts > 1 ? ` after ${attempts} attempts` : '';
}

/** A short one-line excerpt of an error body, to show what the service said. */
export function bodyExcerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line === '') return '';
  return `: ${line.length > 160 ? `${line.slice(0, 157)}...` : line}`;
}

export class ClientErrors {
  /** The secrets to redact, asked for at each error: tokens are added as they are issued. */
  readonly #secrets: () => string[];

  constructor(secrets: () => string[]) {
    this.#secrets = secrets;
  }

  /** For text quoted from the service (a body, a value): every occurrence of a secret goes. */
  redact(text: string): string {
    return redact(text, this.#secrets());
  }

  error(
    code: AstroErrorCode,
    endpoint: string,
    message: string,
    details: { status?: number; field?: string; attempts?: number; cause?: unknown },
  ): AstroError {
    const secrets = this.#secrets();
    const cause = details.cause instanceof Error ? new Error(redactWords(details.cause.message, secrets)) : undefined;
    if (cause) Object.assign(cause, { code: (details.cause as { code?: unknown }).code });
    return new AstroError(code, redactWords(message, secrets), {
      endpoint,
      ...(details.status !== undefined ? { status: details.status } : {}),
      ...(details.field !== undefined ? { field: details.field } : {}),
      ...(details.attempts !== undefined ? { attempts: details.attempts } : {}),
      ...(cause ? { cause } : {}),
    });
  }

  invalidArgument(endpoint: string, field: string, problem: string): AstroError {
    return this.error(ASTRO_ERROR_CODES.INVALID_ARGUMENT, endpoint, `${endpoint}: ${field} ${problem}`, { field });
  }

  invalidResponse(endpoint: string, field: string, problem: string): AstroError {
    return this.error(
      ASTRO_ERROR_CODES.INVALID_RESPONSE,
      endpoint,
      `${endpoint}: invalid response: ${field}: ${problem}`,
      { field },
    );
  }

  closed(endpoint: string): AstroError {
    return this.error(ASTRO_ERROR_CODES.CLOSED, endpoint, `${endpoint}: the client is closed`, {});
  }
}
