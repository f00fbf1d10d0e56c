// The chart form's POST, checked before anything is sent anywhere: each fault is one message key of the form's
// words (content/i18n/ `chartForm.*`) and a 400.

/** A body larger than this is no form of ours: the fields take well under 1 kB. */
export const MAX_BODY_BYTES = 4096;

export interface ChartRequest {
  date: string;
  /** `HH:MM`; noon when the visitor does not know the time. */
  time: string;
  timeKnown: boolean;
  /** The place token of a suggestion (place-token.ts), when one was picked. */
  place?: string;
  /** The place as typed, when none was picked. */
  query: string;
}

export type InputProblem = 'badRequest' | 'badDate' | 'badTime' | 'badPlace';

export class InputError extends Error {
  readonly problem: InputProblem;
  constructor(problem: InputProblem) {
    super(problem);
    this.problem = problem;
  }
}

function isRealDate(value: string): boolean {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** The form's fields from `request`'s body; an InputError for anything a form of ours cannot have sent. */
export async function readChartRequest(request: Request, dateMin: string, today: string): Promise<ChartRequest> {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') throw new InputError('badRequest');
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw new InputError('badRequest');
  const body = await request.arrayBuffer();
  if (body.byteLength > MAX_BODY_BYTES) throw new InputError('badRequest');
  const fields = new URLSearchParams(new TextDecoder().decode(body));
  const field = (name: string) => {
    const values = fields.getAll(name);
    if (values.length > 1) throw new InputError('badRequest');
    return values[0]?.trim() ?? '';
  };
  const date = field('date');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !isRealDate(date) || date < dateMin || date > today) throw new InputError('badDate');
  const timeKnown = field('unknown_time') !== '1';
  const time = timeKnown ? field('time') : '12:00';
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) throw new InputError('badTime');
  const place = field('place');
  const query = field('q');
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if ((!place && !query) || query.length > 100 || /[\u0000-\u001f\u007f]/.test(query)) throw new InputError('badPlace');
  return { date, time, timeKnown, query, ...(place ? { place } : {}) };
}
