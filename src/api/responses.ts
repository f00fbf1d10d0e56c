// Reading an answer: its status, its JSON and its shape (zod schemas at the boundary, schemas.ts), with one
// readable line naming the endpoint and the field when it is not what docs/service-api.md describes.
import type { z } from 'zod';
import { attemptsSuffix, bodyExcerpt, statusLine, type ClientErrors } from './client-errors.ts';
import { ASTRO_ERROR_CODES } from './errors.ts';
import type { ReportEntry } from './schemas.ts';
import { describeShapeProblem } from './validate.ts';

/** One exchange's final answer, whatever its status. */
export interface RawResponse {
  status: number;
  text: string;
  /** Sends made for this exchange (1 + retries). */
  attempts: number;
  /** Set when a Retry-After longer than retry.maxDelayMs stopped the retries. */
  retryAfterMs?: number;
}

/** `response` if its status is 2xx; otherwise an HTTP_STATUS error with the status and the start of its body. */
export function requireOk(
  errors: ClientErrors,
  endpoint: string,
  response: RawResponse,
  maxDelayMs: number,
): RawResponse {
  if (response.status >= 200 && response.status < 300) return response;
  const waited =
    response.retryAfterMs !== undefined
      ? ` (Retry-After ${Math.ceil(response.retryAfterMs / 1000)} s exceeds retry.maxDelayMs ${maxDelayMs} ms)`
      : '';
  throw errors.error(
    ASTRO_ERROR_CODES.HTTP_STATUS,
    endpoint,
    `${endpoint} answered ${statusLine(response.status)}${attemptsSuffix(response.attempts)}${waited}${bodyExcerpt(errors.redact(response.text))}`,
    { status: response.status, attempts: response.attempts },
  );
}

export function parseJson(errors: ClientErrors, endpoint: string, response: RawResponse): unknown {
  try {
    return JSON.parse(response.text);
  } catch (error) {
    // V8 quotes the start of the text in its message; a cut-off secret there would escape redaction.
    const reason =
      response.text.trim() === ''
        ? 'empty body'
        : (error as Error).message.replace(/, ".*"(\.\.\.)? is not valid JSON$/s, '');
    throw errors.error(
      ASTRO_ERROR_CODES.INVALID_RESPONSE,
      endpoint,
      `${endpoint}: response is not valid JSON (${reason})`,
      {
        status: response.status,
      },
    );
  }
}

export function validate<T extends z.ZodType>(
  errors: ClientErrors,
  endpoint: string,
  schema: T,
  data: unknown,
): z.infer<T> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const problem = describeShapeProblem(result.error, data, (text) => errors.redact(text));
  throw errors.error(
    ASTRO_ERROR_CODES.INVALID_RESPONSE,
    endpoint,
    `${endpoint}: invalid response: ${problem.description}`,
    {
      field: problem.field,
    },
  );
}

/** Each entry echoes the request's year and week/month, and sign_id when one was sent (docs/service-api.md#reports). */
export function checkEntry(
  errors: ClientErrors,
  endpoint: string,
  prefix: string,
  entry: ReportEntry,
  sent: Record<string, number>,
): void {
  for (const key of ['year', 'week', 'month', 'sign_id'] as const) {
    const expected = sent[key];
    if (expected === undefined || entry[key] === expected) continue;
    const field = prefix === '' ? key : `${prefix}.${key}`;
    throw errors.invalidResponse(
      endpoint,
      field,
      `expected ${expected} (as requested), received ${JSON.stringify(entry[key])}`,
    );
  }
}
