// The chart form's POSTs, checked before anything is sent anywhere: each fault is one message key of the form's
// words (content/i18n/ `chartForm.*`) and a 400, with what the visitor typed kept to fill the form again.

/** A body larger than this is no form of ours: the fields take well under 1 kB. */
export const MAX_BODY_BYTES = 4096;

/** A body not in whole after this long is given up on (408): a form's few hundred bytes take a phone well under it (ms). */
export const BODY_WAIT_MS = 5000;

/** The longest place name the form takes, as its input's maxlength says (templates/chart-form.njk). */
export const MAX_PLACE_CHARS = 100;

/** What the form's fields held, as typed: what a refused form is filled in with again. */
export interface FormValues {
  date: string;
  /** `HH:MM`; noon when the visitor does not know the time. */
  time: string;
  timeKnown: boolean;
  /** The place as typed. */
  query: string;
}

export interface ChartRequest extends FormValues {
  /** The place token of a suggestion (place-token.ts), when one was picked. */
  place?: string;
}

export type InputProblem = 'badRequest' | 'slowBody' | 'badDate' | 'badTime' | 'badPlace' | 'placeTooLong';

export class InputError extends Error {
  readonly problem: InputProblem;
  /** The fields as sent, when the body could be read. */
  readonly values: FormValues | undefined;
  constructor(problem: InputProblem, values?: FormValues) {
    super(problem);
    this.problem = problem;
    this.values = values;
  }
}

/**
 * The body's fields, each sent at most once; an InputError for any other type, a field sent twice, or a body over
 * MAX_BODY_BYTES, which is read no further than that whatever its framing (a chunked body has no length to trust),
 * and `slowBody` for one not in whole within `waitMs`: a body trickled byte by byte is not waited on forever.
 */
export async function readFields(request: Request, waitMs = BODY_WAIT_MS): Promise<Map<string, string>> {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') throw new InputError('badRequest');
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new InputError('slowBody')), waitMs);
  });
  try {
    while (reader) {
      const { done, value } = await Promise.race([reader.read(), late]);
      if (done) break;
      size += value.byteLength;
      if (size > MAX_BODY_BYTES) throw new InputError('badRequest');
      chunks.push(value);
    }
  } catch (error) {
    await reader?.cancel().catch(() => {});
    throw error;
  } finally {
    clearTimeout(timer);
  }
  const fields = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(new TextDecoder().decode(concat(chunks, size)))) {
    if (fields.has(name)) throw new InputError('badRequest');
    fields.set(name, value.trim());
  }
  return fields;
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function isRealDate(value: string): boolean {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** The problem with a typed place (a suggestions query or the form's own), if any. */
export function placeProblem(query: string, min = 1): InputProblem | undefined {
  if (query.length > MAX_PLACE_CHARS) return 'placeTooLong';
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (query.length < min || /[\u0000-\u001f\u007f]/.test(query)) return 'badPlace';
  return undefined;
}

/** The form's fields as typed, unchecked. */
export function formValues(fields: Map<string, string>): FormValues {
  const timeKnown = fields.get('unknown_time') !== '1';
  return {
    date: fields.get('date') ?? '',
    time: timeKnown ? (fields.get('time') ?? '') : '12:00',
    timeKnown,
    query: fields.get('q') ?? '',
  };
}

/** The chart's request from the form's `fields`; an InputError, with the values as typed, for what a form of ours cannot send. */
export function chartRequest(fields: Map<string, string>, dateMin: string, today: string): ChartRequest {
  const values = formValues(fields);
  const { date, time, query } = values;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !isRealDate(date) || date < dateMin || date > today)
    throw new InputError('badDate', values);
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) throw new InputError('badTime', values);
  const place = fields.get('place') ?? '';
  const problem = place ? placeProblem(query, 0) : placeProblem(query);
  if (problem) throw new InputError(problem, values);
  return { ...values, ...(place ? { place } : {}) };
}
