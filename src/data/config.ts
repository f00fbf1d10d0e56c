// Build configuration: the ASTRO_* environment (also read from `.env`) and `content/site.json`.
// Every bad value stops the build at once with a message that names the setting or the file and field.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { CLIENT_DEFAULTS, type ReportKind } from '../api/index.ts';
import { accountVariables, type AccountVariables } from './account-variables.ts';
import { findTextProblem } from './owner-text.ts';
import { calendarSchema } from './calendar-settings.ts';

export { accountVariables, type AccountVariables } from './account-variables.ts';

export const DEFAULTS = {
  // The client's own (src/api/options.ts): requests in flight at most, and milliseconds per request.
  concurrency: CLIENT_DEFAULTS.concurrency,
  timeoutMs: CLIENT_DEFAULTS.timeoutMs,
  contentDir: 'content',
  cacheDir: '.cache',
  outputDir: 'dist',
} as const;

export class ConfigError extends Error {
  readonly code = 'ASTRO_CONFIG_INVALID';
  /** The environment variable, or `file: field`, at fault. */
  readonly setting: string;
  constructor(setting: string, message: string) {
    super(`${setting}: ${message}`);
    this.name = 'ConfigError';
    this.setting = setting;
  }
}

const windowSchema = z.strictObject({
  past: z.int().min(0, 'must be a whole number of periods, 0 or more'),
  future: z.int().min(0, 'must be a whole number of periods, 0 or more'),
});

const LANGUAGE_TAG = 'must be a language tag such as "en" or "en-GB"';

const LANGUAGE_TAG_FORM = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** A BCP 47 tag as the site writes it (`en`, `pt-BR`), well-formed as Intl reads it (the pattern alone lets `en-abc12345x` through). */
export function isLanguageTag(tag: string): boolean {
  try {
    return LANGUAGE_TAG_FORM.test(tag) && new Intl.Locale(tag).toString().length > 0;
  } catch {
    return false;
  }
}

const languageTag = z.string().regex(LANGUAGE_TAG_FORM, LANGUAGE_TAG).refine(isLanguageTag, LANGUAGE_TAG);

/** A host name as DNS spells it: letters, digits and inner hyphens, dot-separated; no port, no wildcard. */
const HOST_NAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** A string matching `pattern`; missing or not, the one message says what is expected. */
const matching = (pattern: RegExp, message: string) => z.string({ error: message }).regex(pattern, message);

/** An https address on a host name, without credentials: its origin goes into the Content-Security-Policy. */
function httpsUrl(message: string) {
  return z
    .url({ protocol: /^https$/, hostname: HOST_NAME, error: message })
    .refine((address) => !new URL(address).username && !new URL(address).password, message);
}

const PLAUSIBLE_DOMAIN = 'must be the site\'s domain as added to Plausible, such as "horoscopes.example.com"';
/** Plausible's per-site script, as its dashboard's Site Installation names it: it knows its site, so no domain. */
const PLAUSIBLE_PER_SITE_SCRIPT = /\/js\/pa-[\w-]+\.js$/;

// Plausible's two forms, told apart by `domain`: given, the legacy script.js reads it from data-domain; left out, `src` is the per-site script. https://plausible.io/docs/script-update-guide
function plausibleForm({ domain, src }: { domain?: string; src?: string }, ctx: z.RefinementCtx): void {
  const perSite = src !== undefined && PLAUSIBLE_PER_SITE_SCRIPT.test(new URL(src).pathname);
  if (domain !== undefined && perSite) {
    ctx.addIssue({
      code: 'custom',
      path: ['domain'],
      message:
        'must be left out with Plausible\'s per-site script (a "src" ending in /js/pa-….js), which knows its site',
    });
  } else if (domain === undefined && src === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['domain'],
      message: `${PLAUSIBLE_DOMAIN}, or left out with "src" set to the per-site script, such as "https://plausible.io/js/pa-XXXXXXXX.js"`,
    });
  } else if (domain === undefined && !perSite) {
    ctx.addIssue({
      code: 'custom',
      path: ['src'],
      message:
        'must be Plausible\'s per-site script, such as "https://plausible.io/js/pa-XXXXXXXX.js", when "domain" is left out',
    });
  }
}

// The cookieless services an owner may name, each with the settings its snippet needs; src/model/analytics.ts
// turns them into the script tag and the policy's additions (docs/analytics.md).
const analyticsSchema = z.discriminatedUnion(
  'provider',
  [
    z
      .strictObject({
        provider: z.literal('plausible'),
        domain: matching(HOST_NAME, PLAUSIBLE_DOMAIN).optional(),
        src: httpsUrl(
          'must be the https address of the script, such as "https://plausible.io/js/pa-XXXXXXXX.js"',
        ).optional(),
      })
      .superRefine(plausibleForm),
    z.strictObject({
      provider: z.literal('goatcounter'),
      code: matching(
        /^[a-z0-9](?:[a-z0-9-]{0,48}[a-z0-9])?$/,
        'must be the GoatCounter site code, such as "starlight" for starlight.goatcounter.com',
      ),
    }),
    z.strictObject({
      provider: z.literal('umami'),
      websiteId: matching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
        'must be the website ID Umami gives, such as "94db1cb1-74f4-4a40-ad6c-962362670409"',
      ),
      src: httpsUrl('must be the https address of the script, such as "https://cloud.umami.is/script.js"'),
      hostUrl: httpsUrl(
        'must be the https address the script sends to, such as "https://stats.example.com"',
      ).optional(),
    }),
    z.strictObject({
      provider: z.literal('cloudflare'),
      token: matching(
        /^[0-9a-f]{32}$/,
        'must be the 32-character token of Cloudflare\'s snippet, such as "0123456789abcdef0123456789abcdef"',
      ),
    }),
  ],
  {
    error: (issue) =>
      issue.code === 'invalid_union'
        ? 'must be "plausible", "goatcounter", "umami" or "cloudflare" (docs/analytics.md)'
        : 'must be an object naming its provider, such as {"provider": "plausible", "domain": "horoscopes.example.com"}',
  },
);

export type AnalyticsSettings = z.infer<typeof analyticsSchema>;

const CHART_FORM_LIMIT =
  'must be the most natal charts the service is asked for a day, a whole number from 1 to 100000';

const CHART_FORM_OBJECT =
  'must be an object such as {"dailyLimit": 500}: the most charts the service is asked for a day';
const CHART_FORM_UNKNOWN = 'is not a setting of chartForm (a misspelt one?); known: dailyLimit';
const chartFormSchema = z.strictObject(
  { dailyLimit: z.int({ error: CHART_FORM_LIMIT }).min(1, CHART_FORM_LIMIT).max(100_000, CHART_FORM_LIMIT) },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? CHART_FORM_UNKNOWN
        : issue.code === 'invalid_type'
          ? CHART_FORM_OBJECT
          : undefined,
  },
);

export type ChartFormSettings = z.infer<typeof chartFormSchema>;

const SITE_URL = 'must be the site\'s http or https address, such as "https://horoscopes.example.com"';

/**
 * Why `address` cannot be the site's address, or undefined. It is the base of every absolute link, written as it
 * is into pages, feeds (`xml:base`) and the sitemap: an absolute http(s) address, nothing the URL parser would
 * have to mend (spaces), and nothing a link appended to it would break (credentials, a query, a fragment).
 */
function siteUrlProblem(address: string): string | undefined {
  if (!/^https?:\/\/[^/?#]/.test(address) || /\s/.test(address) || !URL.canParse(address)) return SITE_URL;
  const url = new URL(address);
  if (url.username || url.password) return 'must not carry a user name or password; give the address readers visit';
  if (/[?#]/.test(address))
    return 'must not have a query ("?…") or a fragment ("#…"): every link of the site starts with it';
  // A path starting `//` would make every root-relative link a link to another host (`//x/leo/`).
  if (url.pathname.includes('//'))
    return 'must not have an empty folder ("//") in its path: write the path with single slashes';
  return undefined;
}

const DESCRIPTION =
  'is not a setting: each language\'s description is "site.description" in content/i18n/<language>.json; set it there instead';

const siteShape = {
  title: z.string().trim().min(1),
  url: z
    .string({ error: SITE_URL })
    .superRefine((address, ctx) => {
      const problem = siteUrlProblem(address);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((u) => u.replace(/\/+$/, '')),
  // One language (`language`), or several in one site (`languages`, the first at the root): docs/languages.md.
  language: languageTag.optional(),
  languages: z.array(languageTag).min(1, 'must list at least one language tag, the default first').optional(),
  periods: z.strictObject({
    weekly: windowSchema,
    monthly: windowSchema,
    yearly: windowSchema,
    ascendantYearly: windowSchema,
  }),
  // The site's X (Twitter) account for `twitter:site`, written `@name` or `name`. https://developer.x.com/en/docs/x-for-websites/cards/overview/markup
  twitter: z
    .string()
    .regex(/^@?[A-Za-z0-9_]{1,15}$/, 'must be an X (Twitter) handle such as "@starlight", 1 to 15 letters, digits or _')
    .transform((handle) => (handle.startsWith('@') ? handle : `@${handle}`))
    .optional(),
  // The owner's SVGs under content/ (site-logo.ts checks and sanitizes them): the header's logo, the browser tab's icon.
  logo: z.string().min(1).optional(),
  favicon: z.string().min(1).optional(),
  // Off unless named: then no page loads a script but the search page, which runs Pagefind from the site's own files.
  analytics: analyticsSchema.optional(),
  // Off unless named: the visitors' own birth-chart form, answered by the Cloudflare Worker (docs/deployment.md).
  chartForm: chartFormSchema.optional(),
  // What partners may carry (docs/syndication.md), on unless set to false: the JSON API, and the card that reads it.
  api: z.boolean({ error: 'must be true or false' }).optional(),
  card: z.boolean({ error: 'must be true or false' }).optional(),
  calendar: calendarSchema.optional(), // the sky's calendar, on unless false (docs/calendar.md)
};

const siteFields = z.strictObject(siteShape, {
  // A key the build does not read is most likely misspelt: say which there are.
  error: (issue) => {
    if (issue.code !== 'unrecognized_keys') return undefined;
    return issue.keys[0] === 'description'
      ? DESCRIPTION
      : `is not a setting; known: ${Object.keys(siteShape).join(', ')}`;
  },
});

const siteSchema = siteFields
  .superRefine((site, ctx) => {
    if (site.language !== undefined && site.languages !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['languages'],
        message: 'set "language" (one language) or "languages" (several), not both',
      });
    } else if (site.language === undefined && site.languages === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['language'],
        message: 'is required: a language tag such as "en" (or "languages": ["en", "es"])',
      });
    }
    // The form's Worker serves dist/ at its host's root (wrangler.jsonc's assets), so under a path its pages'
    // styles and its POST would be 404s. https://developers.cloudflare.com/workers/static-assets/
    const sitePath = URL.canParse(site.url) ? new URL(site.url).pathname.replace(/\/+$/, '') : '';
    if (site.chartForm && sitePath) {
      ctx.addIssue({
        code: 'custom',
        path: ['chartForm'],
        message: `needs "url" at a domain's root, not under "${sitePath}/": the form's Worker serves the site at its host's root; publish on a domain or subdomain of its own, or remove "chartForm" (docs/deployment.md)`,
      });
    }
    if (site.card === true && site.api === false) {
      ctx.addIssue({
        code: 'custom',
        path: ['card'],
        message: 'needs the JSON API it reads: remove "api": false, or set "card": false',
      });
    }
    // BCP 47 tags ignore case: "pt-br" is "pt-BR".
    const tags = site.languages ?? [];
    const folded = tags.map((tag) => tag.toLowerCase());
    folded.forEach((tag, i) => {
      const first = folded.indexOf(tag);
      if (first === i) return;
      const as = tags[first] === tags[i] ? '' : ` (as "${tags[first]}": language tags ignore case)`;
      ctx.addIssue({ code: 'custom', path: ['languages', i], message: `"${tags[i]}" is listed twice${as}` });
    });
  })
  // `language` is always the default language; `languages` is set only on a site of several.
  .transform(({ language, languages, ...rest }) => ({
    ...rest,
    language: languages?.[0] ?? language!,
    ...(languages ? { languages } : {}),
  }));

export type SiteConfig = z.infer<typeof siteSchema>;
export type PeriodWindows = Record<ReportKind, { past: number; future: number }>;

/** The service account one language's reports come from (docs/languages.md). */
export interface LanguageAccount {
  language: string;
  /** Undefined: the embedded sample service, in this language. */
  apiUrl: string | undefined;
  username: string;
  password: string;
  /** The environment variables it is read from: `ASTRO_API_URL_ES`, … (the plain ones for the default language). */
  variables: AccountVariables;
}

export interface BuildConfig {
  /** The default language's accounts and every other's, default first (one on a site of one language). */
  accounts: LanguageAccount[];
  concurrency: number;
  timeoutMs: number;
  /** Reference date, `YYYY-MM-DD` (UTC). */
  buildDate: string;
  offline: boolean;
  site: SiteConfig;
  rootDir: string;
  contentDir: string;
  cacheDir: string;
  outputDir: string;
}

/** Reads `.env` from `rootDir` when present. Variables already set in the environment win. */
export function loadDotEnv(rootDir: string): void {
  const file = path.join(rootDir, '.env');
  if (!existsSync(file)) return;
  try {
    // https://nodejs.org/docs/latest-v20.x/api/process.html#processloadenvfilepath
    process.loadEnvFile(file);
  } catch (error) {
    throw new ConfigError('.env', `cannot be read (${(error as Error).message})`);
  }
}

/**
 * An editor's JSON file checked against `schema`, every key and string first against the rule of owner-text.ts;
 * its first problem is one ConfigError naming the file (`label`, relative to the project) and the field:
 * `content/site.json: periods.weekly.past: must be …`.
 */
export function readJsonFile<T>(file: string, label: string, schema: z.ZodType<T>): T {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(label, `is not readable JSON (${(error as Error).message})`);
  }
  const text = findTextProblem(raw);
  if (text) throw new ConfigError(text.path ? `${label}: ${text.path}` : label, text.problem);
  // A schema may say more of its unknown keys (site.json lists its settings).
  const result = schema.safeParse(raw, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? 'is not a known key (a misspelt one?)' : undefined),
  });
  if (result.success) return result.data;
  // An unknown key comes first and is named itself, not its parent: it is most likely a misspelt one, and the
  // "missing" key beside it is the same key spelt right (`{"dailylimit": 500}` is not a missing `dailyLimit`).
  const issue = result.error.issues.find((i) => i.code === 'unrecognized_keys') ?? result.error.issues[0]!;
  const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]] : issue.path;
  throw new ConfigError(path.length ? `${label}: ${path.join('.')}` : label, issue.message);
}

/** `label` is how the file is named in messages (relative to the project). */
function readSiteConfig(file: string, label = file): SiteConfig {
  return readJsonFile(file, label, siteSchema);
}

function parseDate(name: string, value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = match ? new Date(Date.UTC(+match[1]!, +match[2]! - 1, +match[3]!)) : undefined;
  if (!match || !date || date.toISOString().slice(0, 10) !== value) {
    throw new ConfigError(name, `"${value}" is not a calendar date in the form YYYY-MM-DD`);
  }
  return value;
}

export function parsePositiveInt(name: string, value: string, max: number): number {
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1 || Number(value) > max) {
    throw new ConfigError(name, `"${value}" must be a whole number from 1 to ${max}`);
  }
  return Number(value);
}

function parseFlag(name: string, value: string): boolean {
  const v = value.trim().toLowerCase();
  if (['', '0', 'false', 'no', 'off'].includes(v)) return false;
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  throw new ConfigError(name, `"${value}" must be 1 or 0`);
}

function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

function checkApiUrl(name: string, apiUrl: string): string {
  let parsed: URL;
  try {
    parsed = new URL(apiUrl);
  } catch {
    throw new ConfigError(name, `"${apiUrl}" is not an absolute URL (for example https://api.example.com)`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new ConfigError(name, `"${apiUrl}" must start with https:// or http://`);
  }
  return apiUrl;
}

/**
 * Each language's account. Another language's service defaults to the default language's; a language with a
 * service and no account stops the build: its pages must never be written by another language's account.
 */
export function languageAccounts(
  languages: readonly string[],
  env: NodeJS.ProcessEnv,
  offline: boolean,
): LanguageAccount[] {
  const get = (name: string) => env[name]?.trim() ?? '';
  const defaultUrl = get('ASTRO_API_URL') ? checkApiUrl('ASTRO_API_URL', get('ASTRO_API_URL')) : undefined;
  return languages.map((language, i) => {
    const variables = accountVariables(language, i === 0);
    const own = i === 0 ? undefined : get(variables.url) || undefined;
    const apiUrl = own === undefined ? defaultUrl : checkApiUrl(variables.url, own);
    const account = {
      language,
      apiUrl,
      username: get(variables.username),
      password: env[variables.password] ?? '',
      variables,
    };
    if (apiUrl && !offline) {
      const urlName = own === undefined ? 'ASTRO_API_URL' : variables.url;
      if (i === 0) {
        if (!account.username) throw new ConfigError(variables.username, `is required when ${urlName} is set`);
        if (!account.password) throw new ConfigError(variables.password, `is required when ${urlName} is set`);
      } else {
        const why = `the ${language} pages come from their own account of the service at ${urlName} (docs/languages.md)`;
        if (!account.username) throw new ConfigError(variables.username, `is not set: ${why}`);
        if (!account.password) throw new ConfigError(variables.password, `is not set: ${why}`);
      }
    }
    return account;
  });
}

/** Each of `languages` must have its words in content/i18n/ (its own file, or its primary language's). */
function checkLanguagesHaveWords(contentDir: string, languages: readonly string[] | undefined): void {
  if (!languages) return;
  let files: string[] = [];
  try {
    files = readdirSync(path.join(contentDir, 'i18n'))
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -5));
  } catch {
    // No folder: every tag is unknown.
  }
  languages.forEach((tag, i) => {
    if (files.includes(tag) || files.includes(tag.split('-')[0]!)) return;
    throw new ConfigError(
      `${DEFAULTS.contentDir}/site.json: languages.${i}`,
      `"${tag}" has no message file in content/i18n/ (available: ${files.sort().join(', ') || 'none'})`,
    );
  });
}

/**
 * Builds the configuration from an environment (defaults to `process.env`) and `content/site.json`. With
 * `defaultAccountOnly` (commands that ask the service for no language's pages) only the default language's
 * account is read and required.
 */
export function loadConfig(
  rootDir: string,
  env: NodeJS.ProcessEnv = process.env,
  { defaultAccountOnly = false } = {},
): BuildConfig {
  const get = (name: string) => env[name]?.trim() ?? '';
  const offline = parseFlag('ASTRO_OFFLINE', get('ASTRO_OFFLINE'));
  const contentDir = path.resolve(rootDir, DEFAULTS.contentDir);
  const site = readSiteConfig(path.join(contentDir, 'site.json'), `${DEFAULTS.contentDir}/site.json`);
  checkLanguagesHaveWords(contentDir, site.languages);
  const accounts = languageAccounts(
    defaultAccountOnly ? [site.language] : (site.languages ?? [site.language]),
    env,
    offline,
  );
  return {
    accounts,
    concurrency: get('ASTRO_CONCURRENCY')
      ? parsePositiveInt('ASTRO_CONCURRENCY', get('ASTRO_CONCURRENCY'), 64)
      : DEFAULTS.concurrency,
    timeoutMs: get('ASTRO_TIMEOUT_MS')
      ? parsePositiveInt('ASTRO_TIMEOUT_MS', get('ASTRO_TIMEOUT_MS'), 600_000)
      : DEFAULTS.timeoutMs,
    buildDate: get('ASTRO_BUILD_DATE') ? parseDate('ASTRO_BUILD_DATE', get('ASTRO_BUILD_DATE')) : todayUtc(),
    offline,
    site,
    rootDir,
    contentDir,
    cacheDir: path.resolve(rootDir, DEFAULTS.cacheDir),
    outputDir: path.resolve(rootDir, DEFAULTS.outputDir),
  };
}
