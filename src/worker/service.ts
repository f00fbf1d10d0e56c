// The service as the Worker uses it: one client per language's account for the isolate's life (so one sign-in
// serves every chart it answers, and the client renews the token once on a 401), place suggestions and natal
// answers through the Cache API under digests, and the daily cap on calls to the service.
import { FetchClient } from '../api/fetch-client.ts';
import type { NatalChart } from '../api/schemas.ts';
import { accountVariables } from '../data/account-variables.ts';
import { natalPage, type NatalPage } from '../data/natal-page.ts';
import type { Env } from './env.ts';
import { runtime } from './env.ts';
import { digest, placeToken } from './place-token.ts';

/** How long answers are kept: the same sky for the same input, so long; suggestions change with the service's data. */
const CACHE_SECONDS = { natal: 30 * 86_400, places: 86_400 };

/** A Worker has seconds, not a build's minutes: one retry, soon, and a short wait for an answer. */
const CLIENT_LIMITS = { timeoutMs: 8000, retry: { maxRetries: 1, minDelayMs: 200, maxDelayMs: 1000 } };

/** The placeholder the service gets for the visitor's name: no name is asked, none is sent. */
export const VISITOR_NAME = 'Visitor';

export interface Account {
  url: string;
  username: string;
  password: string;
  /** ASTRO_TIMEOUT_MS, as for the build; else CLIENT_LIMITS'. */
  timeoutMs?: number;
}

const clients = new Map<string, FetchClient>();

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

function clientFor(account: Account): FetchClient {
  const key = `${account.url}\0${account.username}\0${account.password}\0${account.timeoutMs}`;
  let client = clients.get(key);
  if (!client) {
    client = new FetchClient({ baseUrl: account.url, username: account.username, password: account.password, concurrency: 4, ...CLIENT_LIMITS, ...(account.timeoutMs ? { timeoutMs: account.timeoutMs } : {}) });
    clients.set(key, client);
  }
  return client;
}

/** A cache key under the site's own origin, named by a digest. */
function cacheKey(origin: string, kind: string, hex: string): string {
  return `${origin}/.chart-form-cache/${kind}/${hex}`;
}

async function cached<T>(key: string, seconds: number, make: () => Promise<T>): Promise<{ value: T; hit: boolean }> {
  const hit = await runtime.caches.default.match(key);
  if (hit) return { value: (await hit.json()) as T, hit: true };
  const value = await make();
  await runtime.caches.default.put(key, new Response(JSON.stringify(value), { headers: { 'Cache-Control': `max-age=${seconds}`, 'Content-Type': 'application/json' } }));
  return { value, hit: false };
}

export interface Suggestion {
  label: string;
  token: string;
}

/** The places matching `query`, most populous first, each with the token the form sends back. */
export async function suggestPlaces(origin: string, account: Account, language: string, query: string, dailyLimit: number, today: string): Promise<Suggestion[]> {
  const key = cacheKey(origin, 'places', await digest('places', language, query.toLowerCase()));
  const { value } = await cached(key, CACHE_SECONDS.places, async () => {
    await countCall(origin, dailyLimit, today);
    const places = await clientFor(account).places(query);
    return Promise.all(places.slice(0, 10).map(async (place) => ({
      label: [place.name, place.admin1_code, place.country_code].filter((part) => part !== '').join(', '),
      token: await placeToken(account.password, place.id),
    })));
  });
  return value;
}

/** Thrown past the daily cap: the form says so, the rest of the site is untouched. */
export class DailyLimitError extends Error {}

/**
 * Calls to the service today, kept in the Cache API: per data centre and approximate under concurrent requests,
 * which is what a cap against runaway costs needs. https://developers.cloudflare.com/workers/runtime-apis/cache/
 */
async function countCall(origin: string, limit: number, today: string): Promise<void> {
  const key = cacheKey(origin, 'calls', today);
  const hit = await runtime.caches.default.match(key);
  const calls = hit ? Number(await hit.text()) || 0 : 0;
  if (calls >= limit) throw new DailyLimitError();
  await runtime.caches.default.put(key, new Response(String(calls + 1), { headers: { 'Cache-Control': 'max-age=86400' } }));
}

export interface NatalQuery {
  date: string;
  time: string;
  placeId: number;
  language: string;
}

/** The natal chart as the site shows it (sanitized), from the cache when the same chart was drawn before. */
export async function natalChart(origin: string, account: Account, query: NatalQuery, dailyLimit: number, today: string): Promise<NatalPage> {
  const key = cacheKey(origin, 'natal', await digest('natal', query.date, query.time, String(query.placeId), query.language));
  const { value } = await cached(key, CACHE_SECONDS.natal, async () => {
    await countCall(origin, dailyLimit, today);
    const natal: NatalChart = await clientFor(account).natal({ name: VISITOR_NAME, date: query.date, time: query.time, place_id: query.placeId, lang: query.language });
    return natalPage(natal);
  });
  return value;
}
