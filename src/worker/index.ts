// The Cloudflare Worker of the visitors' chart form (content/site.json `chartForm`; docs/deployment.md): it serves
// the built site from its static assets, `_headers` applied, and answers the form's two POST routes beside each
// language's form page: `places` (suggestions, JSON) and the page itself (the chart, a whole page). It holds the
// service account's secrets; the browser never sees them, nor the service's address.
// https://developers.cloudflare.com/workers/static-assets/
import { AstroError } from '../api/errors.ts';
import { CHART_FORM_PATHS, type ChartFormData } from '../model/chart-form-data.ts';
import type { Env } from './env.ts';
import {
  chartRequest,
  InputError,
  MAX_PLACE_CHARS,
  placeProblem,
  readFields,
  type ChartRequest,
} from './form-input.ts';
import { placeFromToken } from './place-token.ts';
import { chartHtml, messageHtml, placeChoiceHtml, wordsOf } from './render.ts';
import {
  accountFor,
  DailyLimitError,
  natalChart,
  placeTokenKey,
  serviceContextOf,
  suggestPlaces,
  type ServiceContext,
} from './service.ts';
import { page, problemPage, type FormContext } from './respond.ts';
import { visitorKey } from './visitor.ts';

export { FormLedger } from './form-ledger.ts';

/** `/charts/yours/`, `/es/charts/yours/places`: the form page's folder (the language's) and the route. */
const FORM_ROUTE = /^(\/(?:[^/]+\/)*?)charts\/yours\/(places)?$/;

/** How long a visitor is asked to wait: a minute past a rate limit, two past a fault of the service (seconds). */
const RETRY_AFTER = { tooMany: '60', unavailable: '120' };

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    // The visitor's one wait starts as their request arrives: its body, its place and its chart all come within it.
    const received = Date.now();
    const url = new URL(request.url);
    const route = FORM_ROUTE.exec(url.pathname);
    const { method } = request;
    if (!route || (!route[2] && (method === 'GET' || method === 'HEAD'))) return env.ASSETS.fetch(request);
    const data = await formData(env, url, route[1]!);
    if (!data) return env.ASSETS.fetch(request);
    const context: FormContext = {
      env,
      url,
      data,
      t: wordsOf(data),
      shellPath: `${route[1]}charts/yours/`,
      today: new Date(received).toISOString().slice(0, 10),
      received,
    };
    // 405 with what would do (RFC 9110 §15.5.6); HEAD answers as GET, its body left out by the runtime.
    if (method !== 'POST')
      return route[2]
        ? json(405, { error: context.t('chartForm.badRequest') }, { Allow: 'POST' })
        : problemPage(context, 405, 'badRequest', undefined, { Allow: 'GET, HEAD, POST' });
    // The site's own pages post with this origin (and, in browsers that send it, Sec-Fetch-Site: same-origin); any
    // other is another site's page, spending the owner's calls through its visitors (CSRF), or no browser.
    const site = request.headers.get('Sec-Fetch-Site');
    if (request.headers.get('Origin') !== url.origin || (site !== null && site !== 'same-origin')) {
      return route[2]
        ? json(403, { error: context.t('chartForm.badRequest') })
        : problemPage(context, 403, 'badRequest');
    }
    return route[2] ? places(request, context) : chart(request, context);
  },
};

/**
 * Each language folder's form.json (written by the build beside its form page), once per isolate; none: the form
 * is off there. The data is kept, never the read in progress: that belongs to the request that started it.
 */
const formDataCache = new Map<string, ChartFormData>();
async function formData(env: Env, url: URL, folder: string): Promise<ChartFormData | undefined> {
  const known = formDataCache.get(folder);
  if (known) return known;
  const response = await env.ASSETS.fetch(new Request(`${url.origin}${folder}charts/yours/${CHART_FORM_PATHS.data}`));
  // Only the site's own folders are kept: a stranger's made-up path finds no file and adds nothing.
  if (!response.ok) return undefined;
  const data = (await response.json()) as ChartFormData;
  // The first kept: the formatters are kept by the data object (render.ts).
  if (!formDataCache.has(folder)) formDataCache.set(folder, data);
  return formDataCache.get(folder);
}

const JSON_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'private, no-store',
};

function json(status: number, body: object, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

/** The service as this request asks it, within the one wait that started as it arrived. */
function serviceContext(context: FormContext): ServiceContext | undefined {
  const account = accountFor(context.env, context.data.language);
  return (
    account && serviceContextOf(context.env, account, context.data.language, context.data.dailyLimit, context.received)
  );
}

/** Suggestions for what the visitor has typed so far, asked with a POST so that it is in no address and no log. */
async function places(request: Request, context: FormContext): Promise<Response> {
  const { t } = context;
  if (!(await context.env.PLACES_LIMITER.limit({ key: visitorKey(request.headers.get('CF-Connecting-IP')) })).success) {
    await unread(request);
    return json(429, { error: t('chartForm.tooMany') }, { 'Retry-After': RETRY_AFTER.tooMany });
  }
  let query: string;
  try {
    query = (await readFields(request)).get('q') ?? '';
  } catch (error) {
    return json(error instanceof InputError && error.problem === 'slowBody' ? 408 : 400, {
      error: t('chartForm.badRequest'),
    });
  }
  const problem = placeProblem(query, 2);
  if (problem) return json(400, { error: t(`chartForm.${problem}`, { chars: MAX_PLACE_CHARS }) });
  const service = serviceContext(context);
  if (!service) return json(503, { error: t('chartForm.unavailable') }, { 'Retry-After': RETRY_AFTER.unavailable });
  try {
    return json(200, { places: await suggestPlaces(service, query) });
  } catch (error) {
    if (error instanceof DailyLimitError)
      return json(503, { error: t('chartForm.dailyLimit') }, { 'Retry-After': String(secondsToMidnight()) });
    logFault(error);
    return json(503, { error: t('chartForm.unavailable') }, { 'Retry-After': RETRY_AFTER.unavailable });
  }
}

async function chart(request: Request, context: FormContext): Promise<Response> {
  // Every POST counts, a bad or a slow one too, before its body is read: the limit is what keeps a visitor from
  // hammering the Worker, with many bodies trickled at once as with many forms.
  if (!(await context.env.CHART_LIMITER.limit({ key: visitorKey(request.headers.get('CF-Connecting-IP')) })).success) {
    await unread(request);
    return problemPage(context, 429, 'tooMany', undefined, { 'Retry-After': RETRY_AFTER.tooMany });
  }
  let input: ChartRequest;
  try {
    input = chartRequest(await readFields(request), context.data.dateMin, context.today);
  } catch (error) {
    // 408: the body did not come whole in time (RFC 9110 §15.5.9); the form's own page says to send it again.
    if (error instanceof InputError)
      return problemPage(context, error.problem === 'slowBody' ? 408 : 400, error.problem, error.values);
    throw error;
  }
  const service = serviceContext(context);
  if (!service) return problemPage(context, 503, 'unavailable', input, { 'Retry-After': RETRY_AFTER.unavailable });
  try {
    return await drawChart(context, service, input);
  } catch (error) {
    if (error instanceof DailyLimitError)
      return problemPage(context, 503, 'dailyLimit', input, { 'Retry-After': String(secondsToMidnight()) });
    logFault(error);
    return problemPage(context, 503, 'unavailable', input, { 'Retry-After': RETRY_AFTER.unavailable });
  }
}

/** The chart of the place picked, or, with none picked (no JavaScript), the places matching what was typed. */
async function drawChart(context: FormContext, service: ServiceContext, input: ChartRequest): Promise<Response> {
  const { t, data } = context;
  const secret = await placeTokenKey(context.env);
  let placeId = input.place === undefined ? undefined : await placeFromToken(secret, data.language, input.place);
  if (input.place !== undefined && placeId === undefined) return problemPage(context, 400, 'badPlace', input);
  if (placeId === undefined) {
    const found = await suggestPlaces(service, input.query);
    if (found.length === 0)
      return page(context, 200, messageHtml(t, t('chartForm.noPlace', { query: input.query })), input);
    if (found.length > 1) return page(context, 200, placeChoiceHtml(t, input, found), input);
    placeId = await placeFromToken(secret, data.language, found[0]!.token);
  }
  const natal = await natalChart(service, { date: input.date, time: input.time, placeId: placeId! });
  return page(context, 200, chartHtml(t, data, natal, input.timeKnown), input);
}

/** A refused request's body is not read: cancelled, so that the answer need not wait for it to arrive. */
async function unread(request: Request): Promise<void> {
  await request.body?.cancel().catch(() => {});
}

function secondsToMidnight(now = new Date()): number {
  return Math.max(
    1,
    Math.ceil((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000),
  );
}

/** The fault's kind for the Worker's log: its code, endpoint and status, never its message (it may name the service's address). */
function logFault(error: unknown): void {
  const what =
    error instanceof AstroError
      ? [error.code, error.endpoint && `from ${error.endpoint}`, error.status].filter(Boolean).join(' ')
      : 'unexpected error';
  console.error(`chart form: the service failed (${what})`);
  if (!(error instanceof AstroError)) throw error;
}
