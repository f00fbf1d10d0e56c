// The service as the Worker uses it: one client per language's account for the isolate's life (so one sign-in
// serves every chart it answers, and the client renews the token once on a 401), place suggestions and natal
// answers kept in the form's ledger under digests, and the daily cap counted there before each call.
import { FetchClient } from '../api/fetch-client.ts';
import { ASTRO_ERROR_CODES, AstroError } from '../api/errors.ts';
import type { NatalChart } from '../api/schemas.ts';
import { accountVariables } from '../data/account-variables.ts';
import { natalPage, type NatalPage } from '../data/natal-page.ts';
import { placeLabels } from '../model/place-labels.ts';
import type { Env, Fetcher } from './env.ts';
import { digest, placeToken } from './place-token.ts';
import { RecentAnswers } from './recent-answers.ts';

/** How long answers are kept: the same sky for the same input, so long; suggestions change with the service's data. */
const KEEP_SECONDS = { natal: 30 * 86_400, places: 86_400 };

/** A Worker has seconds, not a build's minutes: one quick retry, all within the visitor's wait (ASTRO_TIMEOUT_MS). */
const CLIENT_LIMITS = { waitMs: 8000, retry: { maxRetries: 1, minDelayMs: 200, maxDelayMs: 1000 } };

/** Answers an isolate keeps in memory in front of the ledger: a repeated chart then asks nothing of it. */
const recent = new RecentAnswers(256);

/** After a refused sign-in the form answers 503 without asking, for this long, then signs in again (ms). */
export const SIGN_IN_BACKOFF_MS = 5000;

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

interface KeptClient {
  client: FetchClient;
  /** When its sign-in was refused, and how: the client keeps that answer, so it is replaced after the back-off. */
  refused?: { at: number; error: AstroError };
}

const clients = new Map<string, KeptClient>();

/** The account's client, a new one once a refused sign-in is older than the back-off; during it, that refusal. */
function clientFor(account: Account): KeptClient {
  const key = `${account.url}\0${account.username}\0${account.password}\0${account.timeoutMs}`;
  let kept = clients.get(key);
  if (kept?.refused) {
    if (Date.now() - kept.refused.at < SIGN_IN_BACKOFF_MS) throw kept.refused.error;
    kept = undefined;
  }
  if (!kept) {
    const timeoutMs = account.timeoutMs ?? CLIENT_LIMITS.waitMs;
    kept = { client: new FetchClient({ baseUrl: account.url, username: account.username, password: account.password, concurrency: 4, timeoutMs, retry: CLIENT_LIMITS.retry }) };
    clients.set(key, kept);
  }
  return kept;
}

/** The site's one ledger (form-ledger.ts). */
function ledgerOf(env: Env): Fetcher {
  return env.FORM_LEDGER.get(env.FORM_LEDGER.idFromName('site'));
}

const LEDGER = 'https://form-ledger.invalid';

/** Thrown past the daily cap: the form says so, the rest of the site is untouched. */
export class DailyLimitError extends Error {}

/** What the Worker asks the service with: its account, the ledger, and the day whose calls count. */
export interface ServiceContext {
  env: Env;
  account: Account;
  language: string;
  dailyLimit: number;
  /** `YYYY-MM-DD`, UTC. */
  today: string;
}

/**
 * The answer kept under `key`, or `call`'s, counted against today's cap first and kept for `seconds`. The visitor
 * waits `timeoutMs` at most, retry included: past it, a TIMEOUT error, whatever the client is still doing.
 */
async function keptOrAsked<T>(context: ServiceContext, key: string, seconds: number, call: (client: FetchClient) => Promise<T>): Promise<T> {
  const known = recent.get(key);
  if (known !== undefined) return known as T;
  const ledger = ledgerOf(context.env);
  const kept = await ledger.fetch(`${LEDGER}/answer?key=${key}`);
  if (kept.ok) return recent.remember(key, (await kept.json()) as T, Number(kept.headers.get('X-Expires-At')));
  const client = clientFor(context.account);
  const reserved = await ledger.fetch(`${LEDGER}/reserve`, { method: 'POST', body: JSON.stringify({ day: context.today, limit: context.dailyLimit }) });
  if (reserved.status === 429) throw new DailyLimitError();
  if (!reserved.ok) throw new Error(`the form's ledger answered ${reserved.status}`);
  // The owner's count of the day, in Workers Logs and `wrangler tail` (docs/deployment.md): no birth data in it.
  console.log(`chart form: call ${((await reserved.json()) as { calls: number }).calls} of ${context.dailyLimit} to the service today`);
  let value: T;
  try {
    value = await withinWait(call(client.client), context.account.timeoutMs ?? CLIENT_LIMITS.waitMs);
  } catch (error) {
    if (error instanceof AstroError && error.code === ASTRO_ERROR_CODES.AUTH_FAILED) client.refused = { at: Date.now(), error };
    throw error;
  }
  const expiresAt = Date.now() + seconds * 1000;
  await ledger.fetch(`${LEDGER}/answer`, { method: 'PUT', body: JSON.stringify({ key, value: JSON.stringify(value), expiresAt }) });
  return recent.remember(key, value, expiresAt);
}

function withinWait<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new AstroError(ASTRO_ERROR_CODES.TIMEOUT, `no answer within ${ms} ms`, { endpoint: '' })), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** The key place tokens are signed with: the ledger's own, made at random once (never the service's password). */
let tokenKey: Promise<string> | undefined;
export function placeTokenKey(env: Env): Promise<string> {
  tokenKey ??= ledgerOf(env).fetch(`${LEDGER}/key`).then((response) => {
    if (!response.ok) throw new Error(`the form's ledger answered ${response.status}`);
    return response.text();
  });
  // A failure is not kept: the next request asks again.
  tokenKey.catch(() => (tokenKey = undefined));
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
    return Promise.all(places.map(async (place, i) => ({ label: labels[i]!, token: await placeToken(secret, context.language, place.id) })));
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
    const natal: NatalChart = await client.natal({ name: VISITOR_NAME, date: query.date, time: query.time, place_id: query.placeId, lang: context.language });
    return natalPage(natal);
  });
}
