// What the sample service answers, endpoint by endpoint (docs/service-api.md): the routes, the checks every
// authorised request passes (token, then the two JSON headers, then a JSON body), and the tokens it issues.
// ./server.ts carries requests here once its fault knobs have had their say.
import type { IncomingHttpHeaders } from 'node:http';
import { randomBytes } from 'node:crypto';
import { isoWeeksInYear, reportWriter, type SampleReportKind } from './report-writer.ts';
import { searchPlaces, findPlace } from './places.ts';
import { computeNatal } from './natal.ts';
import { SAMPLE_PLANETS, SAMPLE_SIGNS } from './catalog.ts';
import { natalLanguageFor, phraseBank, type SampleLanguage } from './language.ts';
import { revisedText, type FaultOptions, type SampleReportEntry } from './faults.ts';
import {
  SampleHttpError,
  readDate,
  readInteger,
  readLang,
  readString,
  readTime,
  requireObject,
} from './request-body.ts';

/** Year bounds the service does not describe: the range the sample content (planet positions) is written for. */
export const SAMPLE_YEAR_RANGE = { min: 1900, max: 2100 } as const;

/** The integer value of the `weekly` / `monthly` / `yearly` markers, whose meaning is not described. */
export const REPORT_MARKER_VALUE = 1;

/** Random bytes in an access token (32 base64url characters). */
const TOKEN_BYTES = 24;

/** One request as the endpoints see it; `body` is the parsed JSON (undefined when empty or not JSON). */
export interface EndpointRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  body: unknown;
  /** The bearer token sent, if any. */
  token?: string;
}

type Handler = (request: { endpoint: string; body: unknown }) => unknown;
interface Route {
  method: 'GET' | 'POST';
  /** false only for /api/auth: every other endpoint needs the token and the two JSON headers. */
  authorised: boolean;
  handler: Handler;
}

const REPORT_KINDS: Record<string, SampleReportKind> = {
  '/api/weekly-reports': 'weekly',
  '/api/monthly-reports': 'monthly',
  '/api/yearly-reports': 'yearly',
  '/api/ascendant-yearly-reports': 'ascendantYearly',
};

/** Listed endpoints whose shapes are not described (docs/service-api.md#other-endpoints): auth and headers apply, then 501. */
const UNIMPLEMENTED_ENDPOINTS = [
  '/api/efemerides',
  '/api/signtosign',
  '/api/planetinsign',
  '/api/natal-basic',
  '/api/natal-pdf-report',
  '/api/solarreturn',
  '/api/synastry',
  '/api/composite',
  '/api/transits',
  '/api/chinese-horo',
  '/api/chinese-forecasts',
  '/api/progressions',
] as const;

// ---- Tokens ----

interface TokenState {
  uses: number;
  expired: boolean;
}

/** The one account the service accepts, and the tokens it has issued with the requests each has served. */
class TokenDesk {
  readonly #username: string;
  readonly #password: string;
  readonly #tokens = new Map<string, TokenState>();

  constructor(username: string, password: string) {
    this.#username = username;
    this.#password = password;
  }

  /** POST /api/auth: a new token for the right credentials, 401 for any others. */
  signIn(endpoint: string, body: unknown): { accessToken: string } {
    const input = requireObject(endpoint, body, ['username', 'password']);
    const user = readString(endpoint, input, 'username');
    const pass = readString(endpoint, input, 'password');
    if (user !== this.#username || pass !== this.#password) {
      throw new SampleHttpError(401, 'invalid_credentials', `${endpoint}: wrong username or password`);
    }
    const accessToken = randomBytes(TOKEN_BYTES).toString('base64url');
    this.#tokens.set(accessToken, { uses: 0, expired: false });
    return { accessToken };
  }

  /** 401 unless `token` is live; counts the use, and expires the token after `ttlRequests` uses when set. */
  authorise(endpoint: string, token: string | undefined, ttlRequests: number | undefined): void {
    const challenge = { 'WWW-Authenticate': 'Bearer' };
    if (token === undefined) {
      throw new SampleHttpError(
        401,
        'missing_token',
        `${endpoint}: the Authorization header must be "Bearer <ACCESS_TOKEN>" (get one from /api/auth)`,
        challenge,
      );
    }
    const state = this.#tokens.get(token);
    if (!state)
      throw new SampleHttpError(
        401,
        'invalid_token',
        `${endpoint}: the access token is not known; authenticate again with /api/auth`,
        challenge,
      );
    if (!state.expired && ttlRequests !== undefined && state.uses >= ttlRequests) state.expired = true;
    if (state.expired) {
      throw new SampleHttpError(
        401,
        'token_expired',
        `${endpoint}: the access token has expired; authenticate again with /api/auth`,
        {
          'WWW-Authenticate': 'Bearer error="invalid_token", error_description="token expired"',
        },
      );
    }
    state.uses += 1;
  }
}

/** A Bearer token from the Authorization header, or undefined. */
export function bearerToken(headers: IncomingHttpHeaders): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '');
  return match?.[1];
}

// ---- Endpoint handlers ----

function reportHandler(kind: SampleReportKind, language: SampleLanguage, faults: () => FaultOptions): Handler {
  const signNames = phraseBank(language).signNames;
  const fields = ['year', 'sign_id', ...(kind === 'weekly' ? ['week'] : kind === 'monthly' ? ['month'] : [])];
  return ({ endpoint, body }) => {
    const input = requireObject(endpoint, body, fields);
    const year = readInteger(endpoint, input, 'year', SAMPLE_YEAR_RANGE.min, SAMPLE_YEAR_RANGE.max);
    const week = kind === 'weekly' ? readInteger(endpoint, input, 'week', 1, isoWeeksInYear(year)) : undefined;
    const month = kind === 'monthly' ? readInteger(endpoint, input, 'month', 1, 12) : undefined;
    const signId = readInteger(endpoint, input, 'sign_id', 0, 11, true);
    const period = { year, ...(week !== undefined && { week }), ...(month !== undefined && { month }) };
    const { transformReport, revise } = faults();
    const write = reportWriter(kind, period, language);
    const entryFor = (id: number): unknown => {
      const { intro, text: written } = write(id);
      const text = revisedText(revise, kind, period, id, written);
      const entry: SampleReportEntry = {
        year,
        sign_id: id,
        sign_name: signNames[id]!,
        ...(kind === 'weekly' && { weekly: REPORT_MARKER_VALUE, week }),
        ...(kind === 'monthly' && { monthly: REPORT_MARKER_VALUE, month }),
        ...((kind === 'yearly' || kind === 'ascendantYearly') && { yearly: REPORT_MARKER_VALUE }),
        intro,
        text,
      };
      return transformReport ? transformReport(entry) : entry;
    };
    if (signId !== undefined) return entryFor(signId);
    return { reports: signNames.map((_, id) => entryFor(id)) };
  };
}

const placesHandler: Handler = ({ endpoint, body }) => {
  const input = requireObject(endpoint, body, ['name']);
  return { data: searchPlaces(readString(endpoint, input, 'name')) };
};

/** Natal answers follow the request's `lang`, in the account's regional variant of it (see natalLanguageFor). */
const natalHandler =
  (language: SampleLanguage): Handler =>
  ({ endpoint, body }) => {
    const input = requireObject(endpoint, body, ['name', 'date', 'time', 'place_id', 'lang']);
    const name = readString(endpoint, input, 'name');
    const date = readDate(endpoint, input, 'date');
    const time = readTime(endpoint, input, 'time');
    const placeId = readInteger(endpoint, input, 'place_id', 1, Number.MAX_SAFE_INTEGER);
    const lang = natalLanguageFor(readLang(endpoint, input, 'lang'), language);
    const place = findPlace(placeId);
    if (!place)
      throw new SampleHttpError(
        404,
        'place_not_found',
        `${endpoint}: no place with place_id ${placeId} (find ids with /api/places)`,
      );
    return computeNatal({ name, date, time, lang, place });
  };

const notImplemented: Handler = ({ endpoint }) => {
  throw new SampleHttpError(
    501,
    'not_implemented',
    `${endpoint} is listed by the service but not implemented by the sample service`,
  );
};

// ---- Routing ----

/** Every endpoint of the service by path; reports are written in `language`. */
function buildRoutes(tokens: TokenDesk, faults: () => FaultOptions, language: SampleLanguage): Map<string, Route> {
  const routes = new Map<string, Route>();
  routes.set('/api/auth', {
    method: 'POST',
    authorised: false,
    handler: ({ endpoint, body }) => tokens.signIn(endpoint, body),
  });
  for (const [path, kind] of Object.entries(REPORT_KINDS)) {
    routes.set(path, { method: 'POST', authorised: true, handler: reportHandler(kind, language, faults) });
  }
  routes.set('/api/places', { method: 'POST', authorised: true, handler: placesHandler });
  routes.set('/api/natal', { method: 'POST', authorised: true, handler: natalHandler(language) });
  routes.set('/api/signs', { method: 'GET', authorised: true, handler: () => ({ data: SAMPLE_SIGNS }) });
  routes.set('/api/planets', { method: 'GET', authorised: true, handler: () => ({ data: SAMPLE_PLANETS }) });
  for (const path of UNIMPLEMENTED_ENDPOINTS)
    routes.set(path, { method: 'POST', authorised: true, handler: notImplemented });
  return routes;
}

/** True when a comma-separated header lists `application/json` (parameters such as charset allowed). */
function listsJson(value: string | undefined): boolean {
  return (value ?? '').split(',').some((part) => part.split(';')[0]!.trim().toLowerCase() === 'application/json');
}

function checkJsonHeaders(endpoint: string, headers: IncomingHttpHeaders): void {
  if (!listsJson(headers['content-type'])) {
    throw new SampleHttpError(
      400,
      'missing_header',
      `${endpoint}: header "Content-Type: application/json" is required${headers['content-type'] ? ` (got "${headers['content-type']}")` : ''}`,
    );
  }
  if (!listsJson(headers['accept-encoding'])) {
    throw new SampleHttpError(
      400,
      'missing_header',
      `${endpoint}: header "Accept-Encoding: application/json" is required${headers['accept-encoding'] ? ` (got "${headers['accept-encoding']}")` : ''}`,
    );
  }
}

/**
 * The body of a 200 answer to `request`, or a SampleHttpError: unknown path 404, wrong method 405, then for
 * authorised endpoints the token (401) and headers (400), then a POST's JSON body (400), then the handler.
 */
function answer(
  routes: Map<string, Route>,
  tokens: TokenDesk,
  faults: FaultOptions,
  request: EndpointRequest,
): unknown {
  const { method, path } = request;
  const route = routes.get(path);
  if (!route) throw new SampleHttpError(404, 'not_found', `${method} ${path}: no such endpoint`);
  const endpoint = `${route.method} ${path}`;
  if (method !== route.method) {
    throw new SampleHttpError(405, 'method_not_allowed', `${method} ${path}: use ${route.method}`, {
      Allow: route.method,
    });
  }
  if (route.authorised) {
    tokens.authorise(endpoint, request.token, faults.tokenTtlRequests);
    checkJsonHeaders(endpoint, request.headers);
  }
  if (route.method === 'POST' && request.body === undefined) {
    const problem = request.rawBody.trim() === '' ? 'the request body is empty' : 'the request body is not valid JSON';
    throw new SampleHttpError(400, 'invalid_json', `${endpoint}: ${problem}; send a JSON object`);
  }
  return route.handler({ endpoint, body: request.body });
}

/**
 * The service proper for one account, whose reports are in `language`: a function from a request to the body of
 * its 200 answer (or a thrown SampleHttpError). `faults` is read per request, so a new fault plan applies at once.
 */
export function serviceEndpoints(
  username: string,
  password: string,
  faults: () => FaultOptions,
  language: SampleLanguage = 'en',
): (request: EndpointRequest) => unknown {
  const tokens = new TokenDesk(username, password);
  const routes = buildRoutes(tokens, faults, language);
  return (request) => answer(routes, tokens, faults(), request);
}
