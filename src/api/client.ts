/**
 * The Astrology Interpretation Service client; the interface it speaks is described in docs/service-api.md. It runs
 * on any fetch (transport.ts): the build's AstroClient (index.ts) gives it undici's, a Worker its runtime's own.
 * This file is the facade and its token handling:
 *
 * - Tokens: one lazy authentication per client, shared by concurrent first calls. A 401 on any other call
 *   means the token expired: the first request that sees generation N rejected renews it, the others that
 *   were rejected with generation N wait for that same renewal, then all replay.
 * - Waiting for a token happens outside the transport's limiter: holding a slot while waiting for an auth that
 *   itself needs a slot would deadlock.
 * - Clients given one session (short-lived clients of one account, as a Worker makes per request) share its token,
 *   its one sign-in in progress and the back-off after a failed one (SIGN_IN_BACKOFF): one sign-in per expiry.
 */
import { ASTRO_ERROR_CODES, AstroError, ClientErrors, statusLine } from './errors.ts';
import {
  AUTH_ENDPOINT,
  checkOptions,
  NATAL_ENDPOINT,
  PLACES_ENDPOINT,
  SIGN_IN_BACKOFF,
  type ClientEvent,
  type ClientOptions,
  type ClientSession,
  type ClientStats,
  type RetryOptions,
} from './options.ts';
import { reportBody, reportEndpoint, requireInteger, type ReportKind, type ReportParams } from './requests.ts';
import {
  authResponseSchema,
  checkEntry,
  natalChartSchema,
  parseJson,
  placesResponseSchema,
  reportEntrySchemas,
  reportsResponseSchema,
  requireOk,
  validate,
  type NatalChart,
  type NatalRequest,
  type Place,
  type ReportEntry,
} from './schemas.ts';
import { requestHeaders, Transport, type EventData, type RawResponse } from './transport.ts';

/** Requests sent with one token: in flight, and whether any of them was accepted (answered other than 401). */
interface TokenUse {
  pending: number;
  accepted: boolean;
  waiters: (() => void)[];
}

/** The client on the fetch its options give (the runtime's own unless given); AstroClient (index.ts) is the build's. */
export class ServiceClient {
  /** baseUrl without credentials or query, for messages. */
  readonly #displayBase: string;
  readonly #username: string;
  readonly #password: string;
  readonly #retry: Required<RetryOptions>;
  readonly #onEvent: ((event: ClientEvent) => void) | undefined;
  readonly #stats: ClientStats = { requests: 0, retries: 0, reauths: 0 };
  readonly #errors = new ClientErrors(() => this.#secrets());
  readonly #transport: Transport;

  #token: string | undefined;
  /** Every token ever issued, so that old ones are redacted too. */
  readonly #tokens = new Set<string>();
  /** Bumped on each successful authentication; a 401 is tied to the generation of the token it rejected. */
  #generation = 0;
  #authInFlight: Promise<void> | undefined;
  /** How the current token fares: a token that was ever accepted and then meets a 401 has expired. */
  #tokenUse: TokenUse = { pending: 0, accepted: false, waiters: [] };
  /** Wrong credentials do not fix themselves: every later call fails with the same error. */
  #authFailure: AstroError | undefined;
  readonly #session: ClientSession | undefined;
  readonly #timeoutMs: number;
  /** The caller's wait, which ends its wait for another client's sign-in too. */
  readonly #signal: AbortSignal | undefined;

  constructor(options: ClientOptions) {
    const settings = checkOptions(options);
    this.#timeoutMs = settings.timeoutMs;
    this.#signal = settings.signal;
    // 'https://x/y/' and 'https://x/y' both mean the paths live under /y.
    this.#displayBase = `${settings.base.origin}${settings.base.pathname.replace(/\/+$/, '')}`;
    this.#username = settings.username;
    this.#password = settings.password;
    this.#retry = settings.retry;
    this.#onEvent = settings.onEvent;
    this.#session = settings.session;
    if (settings.session?.token) {
      // A token another client was issued: this one starts signed in, and a 401 renews it as for its own.
      this.#token = settings.session.token;
      this.#tokens.add(this.#token);
      this.#generation = 1;
    }
    this.#transport = new Transport(settings, this.#displayBase, this.#errors, {
      stats: this.#stats,
      emit: (event) => this.#emit(event),
    });
  }

  /** Counters for the build summary; a live view, read it any time. */
  get stats(): Readonly<ClientStats> {
    return this.#stats;
  }

  // ---- Public endpoints ----

  /** Authenticates once (later calls resolve at once); the other methods call it lazily. */
  authenticate(): Promise<void> {
    return this.#guard(AUTH_ENDPOINT, async () => {
      if (this.#generation === 0) await this.#renew(0, undefined);
    });
  }

  /** All-signs form (no sign_id sent): the `reports` array, each entry checked against the request. */
  reports(kind: ReportKind, params: ReportParams): Promise<ReportEntry[]> {
    const endpoint = reportEndpoint(kind);
    return this.#guard(endpoint, async () => {
      const body = reportBody(this.#errors, kind, endpoint, params);
      const data = await this.#callJson(endpoint, body);
      const { reports } = validate(this.#errors, endpoint, reportsResponseSchema(kind), data);
      // Which signs the array covers (all twelve? duplicates?) is left to the caller, which completes a partial
      // answer with single-sign requests (docs/service-api.md#assumptions).
      reports.forEach((entry, index) => checkEntry(this.#errors, endpoint, `reports[${index}]`, entry, body));
      return reports;
    });
  }

  /** Single-sign form (sign_id sent): a bare entry, checked against the request including its sign_id. */
  report(kind: ReportKind, params: ReportParams, signId: number): Promise<ReportEntry> {
    const endpoint = reportEndpoint(kind);
    return this.#guard(endpoint, async () => {
      const body = reportBody(this.#errors, kind, endpoint, params);
      requireInteger(this.#errors, endpoint, 'sign_id', signId, 0, 11);
      body.sign_id = signId;
      const data = await this.#callJson(endpoint, body);
      const entry = validate(this.#errors, endpoint, reportEntrySchemas[kind], data);
      checkEntry(this.#errors, endpoint, '', entry, body);
      return entry;
    });
  }

  /**
   * Places matching `name`, most populous first. The no-match answer is not described: both `{ data: [] }`
   * and a 404 from /api/places are taken as "no places" and return [] (docs/service-api.md#assumptions).
   */
  places(name: string): Promise<Place[]> {
    return this.#guard(PLACES_ENDPOINT, async () => {
      if (typeof name !== 'string' || name.trim() === '') {
        throw this.#errors.invalidArgument(
          PLACES_ENDPOINT,
          'name',
          `must be a non-empty string, received ${JSON.stringify(name)}`,
        );
      }
      const response = await this.#authorized(PLACES_ENDPOINT, JSON.stringify({ name }));
      if (response.status === 404) return [];
      const data = parseJson(
        this.#errors,
        PLACES_ENDPOINT,
        requireOk(this.#errors, PLACES_ENDPOINT, response, this.#retry.maxDelayMs),
      );
      return validate(this.#errors, PLACES_ENDPOINT, placesResponseSchema, data).data;
    });
  }

  /** Natal chart (docs/service-api.md#natal-charts). All five request fields are sent: which are required is not described. */
  natal(req: NatalRequest): Promise<NatalChart> {
    return this.#guard(NATAL_ENDPOINT, async () => {
      if (req === null || typeof req !== 'object')
        throw this.#errors.invalidArgument(NATAL_ENDPOINT, 'request', 'must be an object');
      for (const key of ['name', 'lang'] as const) {
        if (typeof req[key] !== 'string')
          throw this.#errors.invalidArgument(NATAL_ENDPOINT, key, `must be a string, received ${typeof req[key]}`);
      }
      if (typeof req.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(req.date)) {
        throw this.#errors.invalidArgument(
          NATAL_ENDPOINT,
          'date',
          `must be YYYY-MM-DD, received ${JSON.stringify(req.date)}`,
        );
      }
      if (typeof req.time !== 'string' || !/^\d{2}:\d{2}$/.test(req.time)) {
        throw this.#errors.invalidArgument(
          NATAL_ENDPOINT,
          'time',
          `must be HH:MM, received ${JSON.stringify(req.time)}`,
        );
      }
      requireInteger(this.#errors, NATAL_ENDPOINT, 'place_id', req.place_id);
      const body = { name: req.name, date: req.date, time: req.time, place_id: req.place_id, lang: req.lang };
      const data = await this.#callJson(NATAL_ENDPOINT, body);
      return validate(this.#errors, NATAL_ENDPOINT, natalChartSchema, data);
    });
  }

  /** Stops new calls and closes the connections once the requests in flight are done. */
  async close(): Promise<void> {
    if (this.#transport.closed) return;
    await this.#transport.close();
  }

  // ---- Token handling ----

  /**
   * Authenticates unless a token newer than `seenGeneration` exists already. Concurrent callers share one
   * authentication. `expiredAt` names the endpoint whose 401 asked for the renewal (undefined for the first).
   */
  #renew(seenGeneration: number, expiredAt: string | undefined): Promise<void> {
    if (this.#authFailure) return Promise.reject(this.#authFailure);
    if (this.#generation > seenGeneration) return Promise.resolve();
    if (!this.#authInFlight) {
      if (expiredAt !== undefined) {
        this.#stats.reauths += 1;
        this.#emit({ type: 'reauth', endpoint: expiredAt });
      }
      this.#authInFlight = (this.#session ? this.#sharedSignIn(this.#session) : this.#fetchToken()).finally(() => {
        this.#authInFlight = undefined;
      });
    }
    return this.#authInFlight;
  }

  async #fetchToken(): Promise<void> {
    const body = JSON.stringify({ username: this.#username, password: this.#password });
    const response = await this.#transport.exchange(AUTH_ENDPOINT, body, () => requestHeaders(undefined));
    if (response === undefined) throw new Error('unreachable: auth headers are always ready');
    if (response.status === 401 || response.status === 403) {
      if (this.#session) delete this.#session.token;
      this.#authFailure = this.#errors.error(
        ASTRO_ERROR_CODES.AUTH_FAILED,
        AUTH_ENDPOINT,
        `authentication failed for ${this.#displayBase}: ${AUTH_ENDPOINT} answered ${statusLine(response.status)} (check the username and password)`,
        { status: response.status },
      );
      throw this.#authFailure;
    }
    const data = parseJson(
      this.#errors,
      AUTH_ENDPOINT,
      requireOk(this.#errors, AUTH_ENDPOINT, response, this.#retry.maxDelayMs),
    );
    const token = (data as { accessToken?: unknown } | null)?.accessToken;
    if (token === undefined || token === null || token === '') {
      // A successful sign-in answer holds accessToken (docs/service-api.md#signing-in); without it, it failed.
      this.#authFailure = this.#errors.error(
        ASTRO_ERROR_CODES.AUTH_FAILED,
        AUTH_ENDPOINT,
        `authentication failed for ${this.#displayBase}: ${AUTH_ENDPOINT} answered ${statusLine(response.status)} without an accessToken`,
        { status: response.status, field: 'accessToken' },
      );
      throw this.#authFailure;
    }
    const { accessToken } = validate(this.#errors, AUTH_ENDPOINT, authResponseSchema, data);
    this.#adopt(accessToken);
    if (this.#session) this.#session.token = accessToken;
  }

  /** Sends with `token` from now on: a new generation, whose 401s ask for another renewal. */
  #adopt(token: string): void {
    this.#token = token;
    this.#tokens.add(token);
    this.#tokenUse = { pending: 0, accepted: false, waiters: [] };
    this.#generation += 1;
  }

  /**
   * A token through `session`: one newer than this client's if another client was issued it, else the sign-in
   * under way, waited for; else, unless the session backs off after a failed one, a sign-in of this client's,
   * which the others wait for. A sign-in whose client is cancelled with no word never settles: the others stop
   * waiting for it after one timeout and sign in themselves.
   */
  async #sharedSignIn(session: ClientSession): Promise<void> {
    for (;;) {
      if (session.token !== undefined && session.token !== this.#token) return this.#adopt(session.token);
      const now = Date.now();
      if (session.failed && now < session.failed.until) throw session.failed.error;
      const other = session.signIn;
      if (!other || now >= other.until) break;
      await this.#waitFor(other.done, other.until - now);
      if (this.#signal?.aborted)
        throw this.#errors.error(
          ASTRO_ERROR_CODES.ABORTED,
          AUTH_ENDPOINT,
          `${AUTH_ENDPOINT}: the caller stopped waiting`,
          {},
        );
    }
    const done = this.#fetchToken();
    const mine = { done: done.catch(() => {}), until: Date.now() + this.#timeoutMs };
    session.signIn = mine;
    try {
      await done;
      delete session.failed;
    } catch (error) {
      // A caller that gave up before anything was sent says nothing of the service.
      if (!(error instanceof AstroError && error.code === ASTRO_ERROR_CODES.ABORTED && !error.attempts)) {
        const failures = (session.failed?.failures ?? 0) + 1;
        const backoffMs = Math.min(SIGN_IN_BACKOFF.maxMs, SIGN_IN_BACKOFF.firstMs * 2 ** (failures - 1));
        session.failed = { error: error as AstroError, until: Date.now() + backoffMs, failures };
      }
      throw error;
    } finally {
      if (session.signIn === mine) delete session.signIn;
    }
  }

  /** Waits for `done` to settle, `ms` at most, or until the caller's wait ends. */
  async #waitFor(done: Promise<unknown>, ms: number): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let wake = () => {};
    const over = new Promise<void>((resolve) => {
      wake = () => resolve();
      timer = setTimeout(wake, ms);
      if (this.#signal?.aborted) wake();
      else this.#signal?.addEventListener('abort', wake, { once: true });
    });
    await Promise.race([done, over]);
    clearTimeout(timer);
    this.#signal?.removeEventListener('abort', wake);
  }

  /** Waits for a usable token: the first authentication, or a renewal that is under way. */
  async #currentToken(): Promise<void> {
    if (this.#generation === 0) await this.#renew(0, undefined);
    while (this.#authInFlight) await this.#authInFlight;
    if (this.#authFailure) throw this.#authFailure;
  }

  /**
   * One authorized exchange with token renewal. A 401 for generation N renews (shared with every other
   * request rejected with N) and replays; if someone else renewed meanwhile, the replay uses their token.
   * A replay that meets a 401 again renews again only if its token was accepted by some request in between
   * (it expired through use, as long builds see); a fresh token that is never accepted means the service
   * rejects our tokens, and the request stops with ASTRO_TOKEN_REJECTED. Each renewal thus needs the previous
   * token to have served at least one request, so the loop always ends.
   */
  async #authorized(endpoint: string, body: string): Promise<RawResponse> {
    let renewedForThisRequest = false;
    for (;;) {
      await this.#currentToken();
      let generation = 0;
      let use: TokenUse | undefined;
      let response: RawResponse | undefined;
      try {
        // Headers are made when the request gets its slot, not when it queued for one: a renewal may have
        // finished meanwhile. If one is still running, give the slot back and wait for it rather than send a
        // token that is known to be expired.
        response = await this.#transport.exchange(endpoint, body, () => {
          if (this.#authInFlight || this.#token === undefined) return undefined;
          generation = this.#generation;
          use = this.#tokenUse;
          use.pending += 1;
          return requestHeaders(this.#token);
        });
      } finally {
        if (use) this.#settleUse(use, response !== undefined && response.status !== 401);
      }
      if (response === undefined || use === undefined) continue;
      if (response.status !== 401) return response;
      if (this.#generation > generation) continue;
      if (renewedForThisRequest && !use.accepted && use.pending > 0) {
        // Other requests with this token are still out: if one of them is accepted, the token did work and
        // this 401 is an expiry (e.g. a token good for N requests), not a rejection. Wait to know which.
        await new Promise<void>((resolve) => use?.waiters.push(resolve));
        if (this.#generation > generation) continue;
      }
      if (renewedForThisRequest && !use.accepted) {
        throw this.#errors.error(
          ASTRO_ERROR_CODES.TOKEN_REJECTED,
          endpoint,
          `${endpoint} answered 401 Unauthorized again right after the access token was renewed: the service rejects fresh tokens for ${this.#displayBase}`,
          { status: 401, attempts: response.attempts },
        );
      }
      renewedForThisRequest = true;
      await this.#renew(generation, endpoint);
    }
  }

  #settleUse(use: TokenUse, accepted: boolean): void {
    use.pending -= 1;
    if (accepted) use.accepted = true;
    if (use.pending === 0 || use.accepted) {
      for (const wake of use.waiters.splice(0)) wake();
    }
  }

  async #callJson(endpoint: string, body: object): Promise<unknown> {
    const response = await this.#authorized(endpoint, JSON.stringify(body));
    return parseJson(this.#errors, endpoint, requireOk(this.#errors, endpoint, response, this.#retry.maxDelayMs));
  }

  #secrets(): string[] {
    return [this.#password, ...this.#tokens];
  }

  /** Runs a public call: every failure leaves as an AstroError and is reported as an 'error' event. */
  async #guard<T>(endpoint: string, run: () => Promise<T>): Promise<T> {
    try {
      if (this.#transport.closed) throw this.#errors.closed(endpoint);
      return await run();
    } catch (error) {
      const failure =
        error instanceof AstroError
          ? error
          : this.#errors.error(
              ASTRO_ERROR_CODES.NETWORK,
              endpoint,
              `${endpoint}: request failed (${(error as Error)?.message ?? String(error)})`,
              {
                cause: error,
              },
            );
      const event: EventData = { type: 'error', endpoint, code: failure.code };
      if (failure.status !== undefined) event.status = failure.status;
      this.#emit(event);
      throw failure;
    }
  }

  #emit(event: EventData): void {
    if (!this.#onEvent) return;
    try {
      this.#onEvent({ ...event, inFlight: this.#transport.inFlight });
    } catch {
      // A broken progress display must not break the build.
    }
  }
}
