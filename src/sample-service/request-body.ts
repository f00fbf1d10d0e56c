// Strict checks of request bodies for the sample service. The point of strictness is that a client built
// wrongly (a week sent as "47", a misspelt `signId`, a body that is not an object) fails against the sample
// service the same way it would fail in production, with a message naming the endpoint and the field.

/** An answer other than 2xx, as `{ error: { code, message } }`. */
export class SampleHttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly headers: Record<string, string>;
  constructor(status: number, code: string, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'SampleHttpError';
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}

type JsonObject = Record<string, unknown>;

function describeJsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  return `a ${typeof value}`;
}

/** The parsed body must be a JSON object holding only `allowed` members. */
export function requireObject(endpoint: string, body: unknown, allowed: readonly string[]): JsonObject {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new SampleHttpError(
      400,
      'invalid_body',
      `${endpoint}: the request body must be a JSON object, got ${describeJsonType(body)}`,
    );
  }
  for (const key of Object.keys(body)) {
    if (!allowed.includes(key)) {
      throw new SampleHttpError(
        400,
        'unknown_field',
        `${endpoint}: unknown field "${key}" (allowed: ${allowed.join(', ')})`,
      );
    }
  }
  return body as JsonObject;
}

function missing(endpoint: string, field: string): SampleHttpError {
  return new SampleHttpError(400, 'missing_field', `${endpoint}: field "${field}" is required`);
}

function invalid(endpoint: string, field: string, problem: string): SampleHttpError {
  return new SampleHttpError(400, 'invalid_field', `${endpoint}: field "${field}" ${problem}`);
}

/** An integer sent as a JSON number (not a string, not 47.0-as-"47"), within [min, max]. */
export function readInteger(endpoint: string, body: JsonObject, field: string, min: number, max: number): number;
export function readInteger(
  endpoint: string,
  body: JsonObject,
  field: string,
  min: number,
  max: number,
  optional: true,
): number | undefined;
export function readInteger(
  endpoint: string,
  body: JsonObject,
  field: string,
  min: number,
  max: number,
  optional = false,
): number | undefined {
  const value = body[field];
  if (value === undefined) {
    if (optional) return undefined;
    throw missing(endpoint, field);
  }
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw invalid(
      endpoint,
      field,
      `must be an integer JSON number, got ${describeJsonType(value)}${typeof value === 'number' ? ` ${value}` : ''}`,
    );
  }
  if (value < min || value > max) throw invalid(endpoint, field, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

/** A non-empty JSON string (surrounding whitespace does not count as content). */
export function readString(endpoint: string, body: JsonObject, field: string): string {
  const value = body[field];
  if (value === undefined) throw missing(endpoint, field);
  if (typeof value !== 'string')
    throw invalid(endpoint, field, `must be a JSON string, got ${describeJsonType(value)}`);
  if (value.trim() === '') throw invalid(endpoint, field, 'must not be empty');
  return value;
}

/** `YYYY-MM-DD` naming a real calendar day. */
export function readDate(endpoint: string, body: JsonObject, field: string): string {
  const value = readString(endpoint, body, field);
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) throw invalid(endpoint, field, `must be a date as YYYY-MM-DD, got "${value}"`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw invalid(endpoint, field, `is not a calendar date: "${value}"`);
  }
  return value;
}

/** `HH:MM`, 24-hour clock. */
export function readTime(endpoint: string, body: JsonObject, field: string): string {
  const value = readString(endpoint, body, field);
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(value))
    throw invalid(endpoint, field, `must be a time as HH:MM (00:00 to 23:59), got "${value}"`);
  return value;
}

/** A two-letter lowercase language code (ISO 639-1 shape); the service does not list the allowed values. */
export function readLang(endpoint: string, body: JsonObject, field: string): string {
  const value = readString(endpoint, body, field);
  if (!/^[a-z]{2}$/.test(value))
    throw invalid(endpoint, field, `must be a two-letter language code such as "en", got "${value}"`);
  return value;
}
