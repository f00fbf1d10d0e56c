// The Cloudflare Worker of the visitors' chart form (content/site.json `chartForm`; docs/deployment.md): it serves
// the built site from its static assets, `_headers` applied, and answers the form's two routes beside each
// language's form page: GET `places?q=` (suggestions, JSON) and POST (the chart, a whole page). It holds the
// service account's secrets; the browser never sees them, nor the service's address.
// https://developers.cloudflare.com/workers/static-assets/
import { AstroError } from '../api/errors.ts';
import { CHART_FORM_PATHS, type ChartFormData } from '../model/chart-form-data.ts';
import type { Env } from './env.ts';
import { InputError, readChartRequest, type ChartRequest } from './form-input.ts';
import { placeFromToken } from './place-token.ts';
import { chartHtml, messageHtml, placeChoiceHtml, wordsOf } from './render.ts';
import { accountFor, DailyLimitError, natalChart, suggestPlaces, type Account } from './service.ts';
import { page, problemPage, type FormContext } from './respond.ts';

/** `/charts/yours/`, `/es/charts/yours/places`: the form page's folder (the language's) and the route. */
const FORM_ROUTE = /^(\/(?:[^/]+\/)*?)charts\/yours\/(places)?$/;

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    const route = FORM_ROUTE.exec(url.pathname);
    if (!route || (request.method === 'GET' && !route[2]) || request.method === 'HEAD') return env.ASSETS.fetch(request);
    const data = await formData(env, url, route[1]!);
    if (!data) return env.ASSETS.fetch(request);
    const context: FormContext = { env, url, data, t: wordsOf(data), shellPath: `${route[1]}charts/yours/`, today: new Date().toISOString().slice(0, 10) };
    const account = accountFor(env, data.language);
    if (route[2]) return places(request, context, account);
    // A 400 like every other request no form of ours sends; Allow says what would do.
    if (request.method !== 'POST') return problemPage(context, 400, 'badRequest', { Allow: 'GET, POST' });
    return chart(request, context, account);
  },
};

/** The language's form.json (written by the build beside the form page), once per isolate; none: the form is off. */
const formDataCache = new Map<string, Promise<ChartFormData | undefined>>();
function formData(env: Env, url: URL, folder: string): Promise<ChartFormData | undefined> {
  const key = `${url.origin}${folder}`;
  let data = formDataCache.get(key);
  if (!data) {
    data = env.ASSETS.fetch(new Request(`${url.origin}${folder}charts/yours/${CHART_FORM_PATHS.data}`)).then(async (response) => (response.ok ? ((await response.json()) as ChartFormData) : undefined));
    formDataCache.set(key, data);
  }
  return data;
}

/** The visitor the per-visitor limits count: the client's address, as Cloudflare gives it. */
function visitor(request: Request): string {
  return request.headers.get('CF-Connecting-IP') ?? 'unknown';
}

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8', 'X-Content-Type-Options': 'nosniff' };

function json(status: number, body: object, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

async function places(request: Request, context: FormContext, account: Account | undefined): Promise<Response> {
  if (request.method !== 'GET') return json(400, { error: context.t('chartForm.badRequest') }, { Allow: 'GET' });
  if (!(await context.env.PLACES_LIMITER.limit({ key: visitor(request) })).success) {
    return json(429, { error: context.t('chartForm.tooMany') }, { 'Retry-After': '60' });
  }
  const query = context.url.searchParams.get('q')?.trim() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (query.length < 2 || query.length > 100 || /[\u0000-\u001f\u007f]/.test(query)) return json(400, { error: context.t('chartForm.badPlace') });
  if (!account) return json(503, { error: context.t('chartForm.unavailable') });
  try {
    const found = await suggestPlaces(context.url.origin, account, context.data.language, query, context.data.dailyLimit, context.today);
    // Cached by the browser too: the same letters give the same places all day.
    return json(200, { places: found }, { 'Cache-Control': 'public, max-age=86400' });
  } catch (error) {
    if (error instanceof DailyLimitError) return json(503, { error: context.t('chartForm.dailyLimit') });
    logFault(error);
    return json(503, { error: context.t('chartForm.unavailable') });
  }
}

async function chart(request: Request, context: FormContext, account: Account | undefined): Promise<Response> {
  // A form of this site's pages posts with this origin; anything else is another site's page (CSRF) or no browser.
  if (request.headers.get('Origin') !== context.url.origin) return problemPage(context, 403, 'badRequest');
  // Every POST counts, a bad one too: the limit is what keeps a visitor from hammering the Worker.
  if (!(await context.env.CHART_LIMITER.limit({ key: visitor(request) })).success) return problemPage(context, 429, 'tooMany', { 'Retry-After': '60' });
  let input: ChartRequest;
  try {
    input = await readChartRequest(request, context.data.dateMin, context.today);
  } catch (error) {
    if (error instanceof InputError) return problemPage(context, 400, error.problem);
    throw error;
  }
  if (!account) return problemPage(context, 503, 'unavailable');
  let placeId = input.place === undefined ? undefined : await placeFromToken(account.password, input.place);
  if (input.place !== undefined && placeId === undefined) return problemPage(context, 400, 'badPlace');
  const { t, data } = context;
  try {
    if (placeId === undefined) {
      // No suggestion picked (no JavaScript): the places matching what was typed, or the chart of the only one.
      const found = await suggestPlaces(context.url.origin, account, data.language, input.query, data.dailyLimit, context.today);
      if (found.length === 0) return page(context, 200, messageHtml(t, t('chartForm.noPlace', { query: input.query })), input);
      if (found.length > 1) return page(context, 200, placeChoiceHtml(t, input, found), input);
      placeId = await placeFromToken(account.password, found[0]!.token);
    }
    const natal = await natalChart(context.url.origin, account, { date: input.date, time: input.time, placeId: placeId!, language: data.language }, data.dailyLimit, context.today);
    return page(context, 200, chartHtml(t, data, natal, input.timeKnown), input);
  } catch (error) {
    if (error instanceof DailyLimitError) return problemPage(context, 503, 'dailyLimit', { 'Retry-After': String(secondsToMidnight()) });
    logFault(error);
    return problemPage(context, 503, 'unavailable', { 'Retry-After': '120' });
  }
}

function secondsToMidnight(now = new Date()): number {
  return Math.max(1, Math.ceil((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000));
}

/** The fault's kind for the Worker's log: its code alone, never its message (it may name the service's address). */
function logFault(error: unknown): void {
  console.error(`chart form: the service failed (${error instanceof AstroError ? error.code : 'unexpected error'})`);
  if (!(error instanceof AstroError)) throw error;
}
