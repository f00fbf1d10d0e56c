// The service as the Worker uses it. workerd ties each fetch, body read and timer to the request that started it
// and cancels them when that request ends, so nothing of one request's I/O is left to another: each call is made
// by a client of its own, cancelled when its visitor's wait is over (its body, its sign-in), and what requests
// share is plain data: each account's session (its token, its sign-in under way), the answers kept (the
// isolate's, the ledger's), the calls in flight, each awaited within the waiter's own wait.
// Every send of a chart or of places, a retry's too, first takes a unit of the day's cap from the form's ledger.
// https://developers.cloudflare.com/workers/runtime-apis/context/
import { ServiceClient } from '../api/client.ts';
import { ASTRO_ERROR_CODES, AstroError } from '../api/errors.ts';
import { AUTH_ENDPOINT, type ClientSession } from '../api/options.ts';
import { serviceLanguage } from '../api/requests.ts';
import type { NatalChart } from '../api/schemas.ts';
import { accountVariables } from '../data/account-variables.ts';
import { natalPage, type NatalPage } from '../data/natal-page.ts';
import { placeLabels } from '../model/place-labels.ts';
import type { Env } from './env.ts';
import type { FormLedger } from './form-ledger.ts';
import { digest, placeToken } from './place-token.ts';
import { RecentAnswers } from './recent-answers.ts';

/** How long answers are kept: the same sky for the same input, so long; suggestions change with the service's data. */
const KEEP_SECONDS = { natal: 30 * 86_400, places: 86_400 };

/** A Worker has seconds, not a build's minutes: one quick retry (a unit of the cap of its own), all within the visitor's wait (ASTRO_TIMEOUT_MS). */
const CLIENT_LIMITS = { waitMs: 8000, retry: { maxRetries: 1, minDelayMs: 200, maxDelayMs: 1000 } };

/** Answers an isolate keeps in memory in front of the ledger: a repeated chart then asks nothing of it. */
const recent = new RecentAnswers(256);

/** The placeholder the service gets for the visitor's name: no name is asked, none is sent. */
export const VISITOR_NAME = 'Visitor';

export interface Account {
  url: string;
  username: string;
  password: string;
  /** ASTRO_TIMEOUT_MS, as for the build: the visitor's whole wait for the service; else CLIENT_LIMITS'. */
  timeoutMs?: number;
}

/**
 * `language`'s account from the Worker's secrets: its own (`ASTRO_API_USERNAME_ES`, ...) when set, else the
 * default language's (`ASTRO_API_*`); the natal answer's language is asked with `lang` either way.
 */
export function accountFor(env: Env, language: string): Account | undefined {
  const read = (name: string) => (typeof env[name] === 'string' ? (env[name] as string).trim() : '');
  const own = accountVariables(language, false);
  const plain = accountVariables(language, true);
  const variables = read(own.username) ? own : plain;
  const url = read(variables.url) || read(plain.url);
  const username = read(variables.username);
  const password = typeof env[variables.password] === 'string' ? (env[variables.password] as string) : '';
  const timeoutMs = /^\d+$/.test(read('ASTRO_TIMEOUT_MS')) ? Number(read('ASTRO_TIMEOUT_MS')) : undefined;
  return url && username && password ? { url, username, password, ...(timeoutMs ? { timeoutMs } : {}) } : undefined;
}

/**
 * Each account's session, shared by the isolate's requests: its token, the one sign-in under way, and the back-off
 * after a failed one (src/api/options.ts SIGN_IN_BACKOFF), during which the form answers 503 without asking.
 */
const sessions = new Map<string, ClientSession>();

function sessionOf(account: Account): ClientSession {
  const key = `${account.url}\0${account.username}\0${account.password}`;
  let session = sessions.get(key);
  if (!session) sessions.set(key, (session = {}));
  return session;
}

const waitOf = (account: Account) => account.timeoutMs ?? CLIENT_LIMITS.waitMs;

/** A client for one call, cancelled by `signal`, which takes a unit of today's cap before each send but a sign-in's. */
function clientFor(context: ServiceContext, signal: AbortSignal): ServiceClient {
  const { account } = context;
  return new ServiceClient({
    baseUrl: account.url,
    username: account.username,
    password: account.password,
    timeoutMs: waitOf(account),
    retry: CLIENT_LIMITS.retry,
    session: sessionOf(account),
    signal,
    beforeSend: (endpoint) => (endpoint === AUTH_ENDPOINT ? Promise.resolve(true) : reserveCall(context)),
  });
}

/** The site's one ledger (form-ledger.ts). */
function ledgerOf(env: Env): DurableObjectStub<FormLedger> {
  return env.FORM_LEDGER.get(env.FORM_LEDGER.idFromName('site'));
}

/** Thrown past the daily cap: the form says so, the rest of the site is untouched. */
export class DailyLimitError extends Error {}

/** What the Worker asks the service with: its account and the ledger, which counts the calls of its own day. */
export interface ServiceContext {
  env: Env;
  account: Account;
  /** The site's language tag (`pt-BR`); the service is sent serviceLanguage's code for it. */
  language: string;
  dailyLimit: number;
  /** When the visitor's one wait ends (ms since the epoch): every call of the request, and the waits for others', end by then. */
  deadline: number;
}

/** The context of one visitor's request, its wait (ASTRO_TIMEOUT_MS, else CLIENT_LIMITS') starting at `since`. */
export function serviceContextOf(
  env: Env,
  account: Account,
  language: string,
  dailyLimit: number,
  since = Date.now(),
): ServiceContext {
  return { env, account, language, dailyLimit, deadline: since + waitOf(account) };
}

/** One unit of today's cap for the send about to leave: false past the cap, and the send does not leave. */
async function reserveCall(context: ServiceContext): Promise<boolean> {
  const calls = await ledgerOf(context.env).reserve(context.dailyLimit);
  // None past the limit (undefined from the object, which may arrive as null through RPC).
  if (typeof calls !== 'number') return false;
  // The owner's count of the day, in Workers Logs and `wrangler tail` (docs/deployment.md): no birth data in it.
  console.log(`chart form: call ${calls} of ${context.dailyLimit} to the service today`);
  return true;
}

/**
 * Calls in flight by answer key: an identical request meanwhile waits for the same answer, its own wait at most. An
 * entry older than the wait belongs to a request cancelled with no word (its visitor gone) and is passed over.
 */
const inFlight = new Map<string, { answer: Promise<unknown>; until: number }>();

/** The answer kept under `key`, the one being asked for it, or `call`'s, kept for `seconds`. */
function keptOrAsked<T>(
  context: ServiceContext,
  key: string,
  seconds: number,
  call: (client: ServiceClient) => Promise<T>,
): Promise<T> {
  const known = recent.get(key);
  if (known !== undefined) return Promise.resolve(known as T);
  // What is left of the visitor's one wait: a place looked up first has spent some of it.
  const waitMs = Math.max(0, context.deadline - Date.now());
  const shared = inFlight.get(key);
  if (shared && shared.until > Date.now()) return withinWait(shared.answer as Promise<T>, waitMs);
  const entry = { answer: lookUpOrAsk(context, key, seconds, call, waitMs), until: context.deadline };
  inFlight.set(key, entry);
  const forget = () => {
    if (inFlight.get(key) === entry) inFlight.delete(key);
  };
  entry.answer.then(forget, forget);
  return entry.answer;
}

/** The ledger's answer, or `call`'s within `waitMs`: past it, the call is cancelled, whatever it was doing. */
async function lookUpOrAsk<T>(
  context: ServiceContext,
  key: string,
  seconds: number,
  call: (client: ServiceClient) => Promise<T>,
  waitMs: number,
): Promise<T> {
  const signal = AbortSignal.timeout(waitMs);
  const ledger = ledgerOf(context.env);
  const kept = await ledger.answer(key);
  if (kept) return recent.remember(key, JSON.parse(kept.value) as T, kept.expires);
  let value: T;
  try {
    value = await call(clientFor(context, signal));
  } catch (error) {
    if (error instanceof AstroError && error.code === ASTRO_ERROR_CODES.SEND_REFUSED) throw new DailyLimitError();
    throw error;
  }
  const expires = Date.now() + seconds * 1000;
  await ledger.keep(key, JSON.stringify(value), expires);
  return recent.remember(key, value, expires);
}

/** `promise`, or a TIMEOUT error after `ms`: how long a visitor waits for a call another request made. */
function withinWait<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new AstroError(ASTRO_ERROR_CODES.TIMEOUT, `no answer within ${ms} ms`, { endpoint: '' })),
      ms,
    );
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** The key place tokens are signed with: the ledger's own, made at random once (never the service's password). */
let tokenKey: string | undefined;
export async function placeTokenKey(env: Env): Promise<string> {
  // The key is kept, not the call for it: a call belongs to the request that made it.
  tokenKey ??= await ledgerOf(env).tokenKey();
  return tokenKey;
}

export interface Suggestion {
  label: string;
  token: string;
}

/** The places matching `query`, most populous first, each with the token the form sends back. */
export async function suggestPlaces(context: ServiceContext, query: string): Promise<Suggestion[]> {
  const key = await digest('places', context.language, query.toLowerCase());
  const secret = await placeTokenKey(context.env);
  return keptOrAsked(context, key, KEEP_SECONDS.places, async (client) => {
    const places = (await client.places(query)).slice(0, 10);
    const labels = placeLabels(places, context.language);
    return Promise.all(
      places.map(async (place, i) => ({
        label: labels[i]!,
        token: await placeToken(secret, context.language, place.id),
      })),
    );
  });
}

export interface NatalQuery {
  date: string;
  time: string;
  placeId: number;
}

/** The natal chart as the site shows it (sanitized), kept from the first time the same chart was drawn. */
export async function natalChart(context: ServiceContext, query: NatalQuery): Promise<NatalPage> {
  const key = await digest('natal', query.date, query.time, String(query.placeId), context.language);
  return keptOrAsked(context, key, KEEP_SECONDS.natal, async (client) => {
    const natal: NatalChart = await client.natal({
      name: VISITOR_NAME,
      date: query.date,
      time: query.time,
      place_id: query.placeId,
      lang: serviceLanguage(context.language),
    });
    return natalPage(natal);
  });
}
