/**
 * The one error type the client throws. `code` is stable (match on it, not on the message); the message is a
 * single readable line that names the endpoint and, where it applies, the HTTP status or the response field.
 * Messages are redacted (see redact.ts) before they get here: they never contain the password or a token.
 */

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
  /** The caller's `signal` (FetchClient) ended the call: its send and body read were cancelled, nothing retried. */
  ABORTED: 'ASTRO_ABORTED',
  /** The caller's `beforeSend` (FetchClient) refused the send: nothing was sent. */
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
