import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { accountVariables, loadConfig } from '../../src/data/config.ts';
import { tempDir } from '../helpers/temp-dir.ts';
import { configFailure } from '../helpers/config-failure.ts';

const goodSite = {
  title: 'T',
  url: 'https://example.com/',
  language: 'en',
  periods: {
    weekly: { past: 4, future: 1 },
    monthly: { past: 2, future: 1 },
    yearly: { past: 1, future: 1 },
    ascendantYearly: { past: 1, future: 1 },
  },
};

function project(site: unknown = goodSite): string {
  const root = tempDir('astro-config-');
  mkdirSync(path.join(root, 'content'));
  writeFileSync(path.join(root, 'content', 'site.json'), typeof site === 'string' ? site : JSON.stringify(site));
  return root;
}

const failure = configFailure;

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig(project(), {});
    expect(config).toMatchObject({ concurrency: 4, timeoutMs: 30_000, offline: false });
    expect(config.accounts[0]!.apiUrl).toBeUndefined();
    expect(config.buildDate).toBe(new Date().toISOString().slice(0, 10));
    expect(config.site.url).toBe('https://example.com');
  });

  it('reads every ASTRO_* variable', () => {
    const config = loadConfig(project(), {
      ASTRO_API_URL: 'https://api.example.com/base',
      ASTRO_API_USERNAME: 'u',
      ASTRO_API_PASSWORD: 'p',
      ASTRO_CONCURRENCY: '6',
      ASTRO_BUILD_DATE: '2024-02-29',
      ASTRO_TIMEOUT_MS: '500',
      ASTRO_OFFLINE: '1',
    });
    expect(config).toMatchObject({ concurrency: 6, buildDate: '2024-02-29', timeoutMs: 500, offline: true });
    expect(config.accounts[0]).toMatchObject({ apiUrl: 'https://api.example.com/base', username: 'u', password: 'p' });
  });

  it.each([
    ['ASTRO_BUILD_DATE', '2026-02-30'],
    ['ASTRO_BUILD_DATE', 'tomorrow'],
    ['ASTRO_BUILD_DATE', '2026-1-5'],
    ['ASTRO_CONCURRENCY', '0'],
    ['ASTRO_CONCURRENCY', '-2'],
    ['ASTRO_CONCURRENCY', 'four'],
    ['ASTRO_TIMEOUT_MS', '0'],
    ['ASTRO_OFFLINE', 'maybe'],
    ['ASTRO_API_URL', 'not a url'],
    ['ASTRO_API_URL', 'ftp://x.example'],
  ])('stops at a bad %s (%s) and names the setting', (name, value) => {
    const error = failure(() => loadConfig(project(), { [name]: value }));
    expect(error.setting).toBe(name);
    expect(error.message).toContain(name);
    expect(error.message).toContain(value);
  });

  it('asks for credentials when a service is configured, and never echoes the password', () => {
    expect(failure(() => loadConfig(project(), { ASTRO_API_URL: 'https://a.example' })).setting).toBe(
      'ASTRO_API_USERNAME',
    );
    const error = failure(() => loadConfig(project(), { ASTRO_API_URL: 'https://a.example', ASTRO_API_USERNAME: 'u' }));
    expect(error.setting).toBe('ASTRO_API_PASSWORD');

    // Every error raised while the password is set: nothing printed from them may carry it.
    const password = 'pw-9f3kQ7-never-shown';
    const withPassword = { ASTRO_API_URL: 'https://a.example', ASTRO_API_USERNAME: 'u', ASTRO_API_PASSWORD: password };
    const errors = [
      failure(() => loadConfig(project(), { ...withPassword, ASTRO_API_USERNAME: '' })),
      failure(() => loadConfig(project(), { ...withPassword, ASTRO_CONCURRENCY: 'four' })),
      failure(() => loadConfig(project(), { ...withPassword, ASTRO_OFFLINE: 'maybe' })),
      failure(() => loadConfig(project('{ not json'), withPassword)),
    ];
    expect(errors.map((e) => e.setting)).toEqual([
      'ASTRO_API_USERNAME',
      'ASTRO_CONCURRENCY',
      'ASTRO_OFFLINE',
      'content/site.json',
    ]);
    for (const e of errors) {
      // inspect() is what console.error prints: message, stack and own properties.
      for (const shown of [e.message, String(e), inspect(e), JSON.stringify(e)])
        expect(shown, e.setting).not.toContain(password);
    }
  });

  it('takes an optional X (Twitter) handle, with or without its @, and names a malformed one', () => {
    expect(loadConfig(project(goodSite), {}).site.twitter).toBeUndefined();
    expect(loadConfig(project({ ...goodSite, twitter: 'starlight_news' }), {}).site.twitter).toBe('@starlight_news');
    expect(loadConfig(project({ ...goodSite, twitter: '@Starlight' }), {}).site.twitter).toBe('@Starlight');
    for (const bad of ['star light', '@', 'a-b', 'sixteen_letters_', 'https://x.com/starlight']) {
      expect(failure(() => loadConfig(project({ ...goodSite, twitter: bad }), {})).message, bad).toContain(
        'content/site.json: twitter: must be an X (Twitter) handle',
      );
    }
  });

  it('names the file and field of a bad content/site.json', () => {
    const negative = structuredClone(goodSite);
    negative.periods.weekly.past = -1;
    const error = failure(() => loadConfig(project(negative), {}));
    expect(error.message).toContain('content/site.json: periods.weekly.past');

    const missing = structuredClone(goodSite) as Partial<typeof goodSite>;
    delete missing.url;
    expect(failure(() => loadConfig(project(missing), {})).message).toContain('content/site.json: url');

    const fractional = structuredClone(goodSite);
    fractional.periods.monthly.future = 1.5;
    expect(failure(() => loadConfig(project(fractional), {})).message).toContain('periods.monthly.future');

    expect(failure(() => loadConfig(project('{ not json'), {})).message).toContain('content/site.json');
  });

  // The address goes into every absolute link, feed and sitemap: only a web address can be one.
  it.each([
    'ftp://example.com/',
    'javascript:alert(1)//x',
    'javascript://example.com/%0Aalert(1)',
    'file:///etc/passwd',
    'data:text/html,x',
    'example.com',
  ])('refuses the site url %s in one line naming the field', (url) => {
    const message = failure(() => loadConfig(project({ ...goodSite, url }), {})).message;
    expect(message).toBe(
      'content/site.json: url: must be the site\'s http or https address, such as "https://horoscopes.example.com"',
    );
    expect(message).not.toContain('\n');
  });

  // Addresses the URL parser mends or reads as harmless, each of which would go into every absolute link as written:
  // an empty host (parsed as `https://host/`), a password with no user name, an empty query or fragment (`url.search`
  // and `url.hash` are both empty), and an empty folder past the path's start.
  const QUERY = 'must not have a query ("?…") or a fragment ("#…"): every link of the site starts with it';
  it.each([
    [
      'https:///horoscopes.example.com/',
      'must be the site\'s http or https address, such as "https://horoscopes.example.com"',
    ],
    [
      'https://:secret@horoscopes.example.com/',
      'must not carry a user name or password; give the address readers visit',
    ],
    ['https://horoscopes.example.com/?', QUERY],
    ['https://horoscopes.example.com/#', QUERY],
    [
      'https://horoscopes.example.com/a//b/',
      'must not have an empty folder ("//") in its path: write the path with single slashes',
    ],
  ])('refuses the site url %s in one line saying why', (url, why) => {
    const message = failure(() => loadConfig(project({ ...goodSite, url }), {})).message;
    expect(message).toBe(`content/site.json: url: ${why}`);
  });

  it('accepts an http or https address, without its trailing slash', () => {
    expect(loadConfig(project({ ...goodSite, url: 'http://example.com/stars/' }), {}).site.url).toBe(
      'http://example.com/stars',
    );
  });

  it("has no analytics unless site.json names one, and reads each provider's settings", () => {
    expect(loadConfig(project(), {}).site.analytics).toBeUndefined();
    const umami = {
      provider: 'umami',
      websiteId: '94db1cb1-74f4-4a40-ad6c-962362670409',
      src: 'https://cloud.umami.is/script.js',
    };
    expect(loadConfig(project({ ...goodSite, analytics: umami }), {}).site.analytics).toEqual(umami);
    const plausible = { provider: 'plausible', src: 'https://plausible.io/js/pa-AbC123_x-9.js' };
    expect(loadConfig(project({ ...goodSite, analytics: plausible }), {}).site.analytics).toEqual(plausible);
  });

  // Every bad analytics setting stops the build in one line naming the field, and what it should be.
  it.each([
    [
      { provider: 'matomo' },
      'analytics.provider: must be "plausible", "goatcounter", "umami" or "cloudflare" (docs/analytics.md)',
    ],
    [
      { domain: 'horoscopes.example.com' },
      'analytics.provider: must be "plausible", "goatcounter", "umami" or "cloudflare" (docs/analytics.md)',
    ],
    [
      'plausible',
      'analytics: must be an object naming its provider, such as {"provider": "plausible", "domain": "horoscopes.example.com"}',
    ],
    [
      { provider: 'plausible' },
      'analytics.domain: must be the site\'s domain as added to Plausible, such as "horoscopes.example.com", or left out with "src" set to the per-site script, such as "https://plausible.io/js/pa-XXXXXXXX.js"',
    ],
    // Plausible's two forms: the per-site script knows its site; the legacy script needs the domain.
    [
      { provider: 'plausible', domain: 'horoscopes.example.com', src: 'https://plausible.io/js/pa-AbC123.js' },
      'analytics.domain: must be left out with Plausible\'s per-site script (a "src" ending in /js/pa-….js), which knows its site',
    ],
    [
      { provider: 'plausible', src: 'https://plausible.io/js/script.js' },
      'analytics.src: must be Plausible\'s per-site script, such as "https://plausible.io/js/pa-XXXXXXXX.js", when "domain" is left out',
    ],
    [
      { provider: 'plausible', src: 'http://plausible.io/js/pa-AbC123.js' },
      'analytics.src: must be the https address of the script, such as "https://plausible.io/js/pa-XXXXXXXX.js"',
    ],
    [
      { provider: 'plausible', domain: 'https://horoscopes.example.com/' },
      'analytics.domain: must be the site\'s domain as added to Plausible, such as "horoscopes.example.com"',
    ],
    [
      { provider: 'plausible', domain: 'horoscopes.example.com', src: 'http://stats.example.com/js/script.js' },
      'analytics.src: must be the https address of the script, such as "https://plausible.io/js/pa-XXXXXXXX.js"',
    ],
    // A wildcard host would put `*` into the policy.
    [
      { provider: 'plausible', domain: 'horoscopes.example.com', src: 'https://*.example.com/js/script.js' },
      'analytics.src: must be the https address of the script, such as "https://plausible.io/js/pa-XXXXXXXX.js"',
    ],
    [
      { provider: 'plausible', domain: 'horoscopes.example.com', scr: 'https://stats.example.com/js/script.js' },
      'analytics.scr: is not a known key (a misspelt one?)',
    ],
    [
      { provider: 'goatcounter', code: 'https://starlight.goatcounter.com' },
      'analytics.code: must be the GoatCounter site code, such as "starlight" for starlight.goatcounter.com',
    ],
    [
      { provider: 'umami', websiteId: '94db1cb1-74f4-4a40-ad6c-962362670409' },
      'analytics.src: must be the https address of the script, such as "https://cloud.umami.is/script.js"',
    ],
    [
      { provider: 'umami', websiteId: 'my-site', src: 'https://cloud.umami.is/script.js' },
      'analytics.websiteId: must be the website ID Umami gives, such as "94db1cb1-74f4-4a40-ad6c-962362670409"',
    ],
    [
      { provider: 'cloudflare' },
      'analytics.token: must be the 32-character token of Cloudflare\'s snippet, such as "0123456789abcdef0123456789abcdef"',
    ],
  ])('refuses the analytics setting %j in one line naming the field', (analytics, expected) => {
    const message = failure(() => loadConfig(project({ ...goodSite, analytics }), {})).message;
    expect(message).toBe(`content/site.json: ${expected}`);
  });

  it('has no chart form unless site.json names one, and reads its daily limit', () => {
    expect(loadConfig(project(), {}).site.chartForm).toBeUndefined();
    expect(loadConfig(project({ ...goodSite, chartForm: { dailyLimit: 500 } }), {}).site.chartForm).toEqual({
      dailyLimit: 500,
    });
  });

  it.each([
    [true, 'chartForm: must be an object such as {"dailyLimit": 500}: the most charts the service is asked for a day'],
    [
      {},
      'chartForm.dailyLimit: must be the most natal charts the service is asked for a day, a whole number from 1 to 100000',
    ],
    [
      { dailyLimit: 0 },
      'chartForm.dailyLimit: must be the most natal charts the service is asked for a day, a whole number from 1 to 100000',
    ],
    [
      { dailyLimit: 100_001 },
      'chartForm.dailyLimit: must be the most natal charts the service is asked for a day, a whole number from 1 to 100000',
    ],
    [
      { dailyLimit: 2.5 },
      'chartForm.dailyLimit: must be the most natal charts the service is asked for a day, a whole number from 1 to 100000',
    ],
    [
      { dailyLimit: 10, perHour: 5 },
      'chartForm.perHour: is not a setting of chartForm (a misspelt one?); known: dailyLimit',
    ],
    // A misspelt key is named as unknown, not reported as the right spelling missing.
    [{ dailylimit: 500 }, 'chartForm.dailylimit: is not a setting of chartForm (a misspelt one?); known: dailyLimit'],
  ])('refuses the chart form setting %j in one line naming the field', (chartForm, expected) => {
    expect(failure(() => loadConfig(project({ ...goodSite, chartForm }), {})).message).toBe(
      `content/site.json: ${expected}`,
    );
  });

  it('refuses the chart form on a site under a path, which its Worker cannot serve, in one line naming both settings', () => {
    const underPath = { ...goodSite, url: 'https://example.github.io/horoscopo/', chartForm: { dailyLimit: 500 } };
    expect(failure(() => loadConfig(project(underPath), {})).message).toBe(
      'content/site.json: chartForm: needs "url" at a domain\'s root, not under "/horoscopo/": the form\'s Worker serves the site at its host\'s root; publish on a domain or subdomain of its own, or remove "chartForm" (docs/deployment.md)',
    );
    // Either alone is fine; a root with a trailing slash is still the root.
    expect(loadConfig(project({ ...underPath, chartForm: undefined }), {}).site.url).toBe(
      'https://example.github.io/horoscopo',
    );
    expect(loadConfig(project({ ...underPath, url: 'https://stars.example.com/' }), {}).site.chartForm).toEqual({
      dailyLimit: 500,
    });
  });

  it('names a misspelt key before the required one it stands for, at any depth', () => {
    const { weekly, ...others } = goodSite.periods;
    expect(
      failure(() => loadConfig(project({ ...goodSite, periods: { ...others, Weekly: weekly } }), {})).message,
    ).toBe('content/site.json: periods.Weekly: is not a known key (a misspelt one?)');
    const { title, ...untitled } = goodSite;
    expect(failure(() => loadConfig(project({ ...untitled, titel: title }), {})).message).toMatch(
      /^content\/site\.json: titel: is not a setting; known: title, url, /,
    );
  });

  it('publishes the API and the card unless site.json switches them off, and refuses a card without the API', () => {
    expect(loadConfig(project(), {}).site).not.toHaveProperty('api');
    expect(loadConfig(project({ ...goodSite, api: false }), {}).site).toMatchObject({ api: false });
    expect(loadConfig(project({ ...goodSite, card: false }), {}).site).toMatchObject({ card: false });
    expect(failure(() => loadConfig(project({ ...goodSite, api: 'no' }), {})).message).toBe(
      'content/site.json: api: must be true or false',
    );
    expect(failure(() => loadConfig(project({ ...goodSite, api: false, card: true }), {})).message).toBe(
      'content/site.json: card: needs the JSON API it reads: remove "api": false, or set "card": false',
    );
  });

  it.each(['english', 'en_US', 'en-a1'])(
    'rejects the language %s, which is no BCP 47 tag, naming the field',
    (language) => {
      const error = failure(() => loadConfig(project({ ...goodSite, language }), {}));
      expect(error.message).toContain('content/site.json: language: must be a language tag such as "en" or "en-GB"');
    },
  );

  describe('several languages', () => {
    /** A project whose content/i18n/ has the words of en, es and pt (the check reads the file names only). */
    function multilingual(site: unknown): string {
      const root = project(site);
      mkdirSync(path.join(root, 'content', 'i18n'));
      for (const tag of ['en', 'es', 'pt']) writeFileSync(path.join(root, 'content', 'i18n', `${tag}.json`), '{}');
      return root;
    }
    const { language: _one, ...noLanguage } = goodSite;
    const two = { ...noLanguage, languages: ['en', 'es'] };

    it('takes the first of languages as the default, and keeps a site of one language as it was', () => {
      const config = loadConfig(multilingual(two), {});
      expect(config.site.language).toBe('en');
      expect(config.site.languages).toEqual(['en', 'es']);
      expect(config.accounts.map((a) => [a.language, a.apiUrl])).toEqual([
        ['en', undefined],
        ['es', undefined],
      ]);
      const single = loadConfig(multilingual(goodSite), {});
      expect(single.site).not.toHaveProperty('languages');
      expect(single.accounts.map((a) => a.language)).toEqual(['en']);
    });

    it("takes a region's words from its language's file (pt-BR → pt.json)", () => {
      expect(loadConfig(multilingual({ ...noLanguage, languages: ['en', 'pt-BR'] }), {}).site.languages).toEqual([
        'en',
        'pt-BR',
      ]);
    });

    it.each([
      [
        { ...two, language: 'en' },
        'content/site.json: languages: set "language" (one language) or "languages" (several), not both',
      ],
      [{ ...noLanguage, languages: ['en', 'es', 'es'] }, 'content/site.json: languages.2: "es" is listed twice'],
      [
        { ...noLanguage, languages: ['en', 'pt-BR', 'pt-br'] },
        'content/site.json: languages.2: "pt-br" is listed twice (as "pt-BR": language tags ignore case)',
      ],
      [
        { ...noLanguage, languages: ['en', 'xx'] },
        'content/site.json: languages.1: "xx" has no message file in content/i18n/ (available: en, es, pt)',
      ],
      [
        { ...noLanguage, languages: ['en', 'en_GB'] },
        'content/site.json: languages.1: must be a language tag such as "en" or "en-GB"',
      ],
      [
        { ...noLanguage, languages: [] },
        'content/site.json: languages: must list at least one language tag, the default first',
      ],
      [
        noLanguage,
        'content/site.json: language: is required: a language tag such as "en" (or "languages": ["en", "es"])',
      ],
    ])('refuses a bad language list in one line naming the field (%#)', (site, message) => {
      expect(failure(() => loadConfig(multilingual(site), {})).message).toBe(message);
    });

    it("names each language's variables after its tag, upper-cased, - as _", () => {
      expect(accountVariables('en', true)).toEqual({
        url: 'ASTRO_API_URL',
        username: 'ASTRO_API_USERNAME',
        password: 'ASTRO_API_PASSWORD',
      });
      expect(accountVariables('es', false)).toEqual({
        url: 'ASTRO_API_URL_ES',
        username: 'ASTRO_API_USERNAME_ES',
        password: 'ASTRO_API_PASSWORD_ES',
      });
      expect(accountVariables('pt-BR', false).username).toBe('ASTRO_API_USERNAME_PT_BR');
      expect(accountVariables('zh-Hant-TW', false)).toEqual({
        url: 'ASTRO_API_URL_ZH_HANT_TW',
        username: 'ASTRO_API_USERNAME_ZH_HANT_TW',
        password: 'ASTRO_API_PASSWORD_ZH_HANT_TW',
      });
    });

    // languageAccounts reads no URL of its own for the default language (`i === 0 ? undefined`): one would be the
    // plain ASTRO_API_URL again (accountVariables), so no test can tell that guard from its absence.
    it("reads each language's account, its service defaulting to the default language's", () => {
      const env = {
        ASTRO_API_URL: 'https://en.example',
        ASTRO_API_USERNAME: 'en-user',
        ASTRO_API_PASSWORD: 'en-pw',
        // The default language's account is the plain variables', whatever its tag's would say.
        ASTRO_API_URL_EN: 'https://not-read.example',
        ASTRO_API_USERNAME_EN: 'not-read',
        ASTRO_API_USERNAME_ES: 'es-user',
        ASTRO_API_PASSWORD_ES: 'es-pw',
        ASTRO_API_URL_PT: 'https://pt.example',
        ASTRO_API_USERNAME_PT: 'pt-user',
        ASTRO_API_PASSWORD_PT: 'pt-pw',
      };
      const config = loadConfig(multilingual({ ...noLanguage, languages: ['en', 'es', 'pt'] }), env);
      expect(
        config.accounts.map(({ language, apiUrl, username, password }) => ({ language, apiUrl, username, password })),
      ).toEqual([
        { language: 'en', apiUrl: 'https://en.example', username: 'en-user', password: 'en-pw' },
        { language: 'es', apiUrl: 'https://en.example', username: 'es-user', password: 'es-pw' },
        { language: 'pt', apiUrl: 'https://pt.example', username: 'pt-user', password: 'pt-pw' },
      ]);
    });

    it('stops naming the variable of a language whose account is missing, never borrowing the default one', () => {
      const env = { ASTRO_API_URL: 'https://en.example', ASTRO_API_USERNAME: 'en-user', ASTRO_API_PASSWORD: 'en-pw' };
      const error = failure(() => loadConfig(multilingual(two), env));
      expect(error.setting).toBe('ASTRO_API_USERNAME_ES');
      expect(error.message).toMatch(/^ASTRO_API_USERNAME_ES: is not set: the es pages come from their own account/);
      expect(failure(() => loadConfig(multilingual(two), { ...env, ASTRO_API_USERNAME_ES: 'es-user' })).setting).toBe(
        'ASTRO_API_PASSWORD_ES',
      );
      expect(
        failure(() => loadConfig(multilingual(two), { ...env, ASTRO_API_URL_ES: 'ftp://es.example' })).setting,
      ).toBe('ASTRO_API_URL_ES');
      // Offline, no request is sent: no account is needed.
      expect(loadConfig(multilingual(two), { ...env, ASTRO_OFFLINE: '1' }).accounts[1]!.username).toBe('');
    });
  });
});
