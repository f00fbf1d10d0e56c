// Every AstroError the client makes goes through here, so its message is always redacted: never the password,
// never a token (redact.ts). Callers redact what they quote from the service (`redact`) in full; the message as a
// whole loses a secret only where it stands as a word, so a short password cannot garble our own wording.
import { ASTRO_ERROR_CODES, AstroError, type AstroErrorCode } from './errors.ts';
import { redact, redactWords } from './redact.ts';

/** A transport failure as undici reports it. */
export interface TransportError extends Error {
  code?: string;
  statusCode?: number;
  headers?: Record<string, string | string[] | undefined>;
}

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
    if (cause) Object.assign(cause, { code: (details.cause as TransportError).code });
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
