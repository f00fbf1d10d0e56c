// The policy and headers are checked on a real, tiny Eleventy build: what matters is the `_headers` file and
// the meta element that end up in the output folder, not the strings in the module.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EleventyConfig } from '../../src/eleventy/eleventy-types.ts';
import { newEleventy } from '../../src/eleventy/new-eleventy.ts';
import securityHeadersPlugin, {
  CONTENT_SECURITY_POLICY,
  META_CONTENT_SECURITY_POLICY,
  SecurityHeadersError,
  contentSecurityPolicy,
  headersFor,
  metaContentSecurityPolicy,
  parseHeadersFile as parseRules,
  renderHeadersFile,
} from '../../src/eleventy/security-headers.ts';
import { writeSearchIndex } from '../../src/cli/builder/search-index.ts';
import { cloudflareHeaders, netlifyHeaders, parseHeadersFile } from '../helpers/headers-file.ts';
import { tempDir } from '../helpers/temp-dir.ts';

/** A year, and never revalidated: fingerprinted assets change name, not content. https://www.rfc-editor.org/rfc/rfc8246 */
const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');

/** Parses a policy into directive -> sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** The policy, written out here: a change to the module's directives must change this test too. */
const EXPECTED_POLICY = new Map([
  ['default-src', ["'self'"]],
  ['script-src', ["'self'"]],
  ['style-src', ["'self'"]],
  ['img-src', ["'self'"]],
  ['object-src', ["'none'"]],
  ['base-uri', ["'self'"]],
  ['form-action', ["'self'"]],
  ['frame-ancestors', ["'none'"]],
]);
const EXPECTED_META_POLICY = new Map([...EXPECTED_POLICY].filter(([name]) => name !== 'frame-ancestors'));
const EXPECTED_HEADERS = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'X-Frame-Options': 'DENY',
};

const decodeAttribute = (value: string) =>
  value
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe('CONTENT_SECURITY_POLICY', () => {
  const policy = directives(CONTENT_SECURITY_POLICY);

  it('is exactly the policy written out in this test, directive by directive', () => {
    expect(policy).toEqual(EXPECTED_POLICY);
  });

  it('refuses data: and blob: sources anywhere', () => {
    for (const [name, sources] of policy)
      expect(
        sources.filter((source) => /^(data|blob):$/i.test(source)),
        name,
      ).toEqual([]);
  });

  it('allows only the site itself, with no inline or remote script', () => {
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src') ?? policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('style-src') ?? policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    for (const [name, sources] of policy) {
      for (const source of sources) {
        expect(source, `${name}`).not.toMatch(/unsafe-|^\*$|^https?:|^\w+:\/\/|nonce-|sha\d+-/);
      }
    }
  });

  it('drops only the directives a meta element cannot carry from the meta form', () => {
    const meta = directives(META_CONTENT_SECURITY_POLICY);
    expect(meta).toEqual(EXPECTED_META_POLICY);
    expect(meta.has('frame-ancestors')).toBe(false);
    expect([...meta.keys()]).toEqual([...policy.keys()].filter((name) => name !== 'frame-ancestors'));
    expect(metaContentSecurityPolicy("default-src 'self'; report-uri /r; sandbox; Frame-Ancestors 'none'")).toBe(
      "default-src 'self'",
    );
  });
});

describe('renderHeadersFile', () => {
  it('puts the security headers on every path and a year-long immutable cache on fingerprinted assets only', () => {
    const rules = parseHeadersFile(renderHeadersFile());
    // Exactly these headers, each with exactly this value.
    expect(rules['/*']).toEqual(EXPECTED_HEADERS);
    expect(rules['/assets/*']).toEqual({ 'Cache-Control': 'public, max-age=31536000, immutable' });
    // Netlify and Cloudflare merge every matching rule's values, so a Cache-Control under /* would be glued
    // onto the immutable one for assets.
    expect(rules['/*']!['Cache-Control']).toBeUndefined();
  });

  it("gives each language's fingerprinted assets the same year-long cache, and only those", () => {
    const text = renderHeadersFile({ languageFolders: ['/', '/es/', '/pt-br/'] });
    const rules = parseHeadersFile(text);
    // Every part of the search index, whether a build has it or not (src/model/search-parts.ts); the other
    // languages' folders as one placeholder.
    const chunks = (folder: string) =>
      ['pagefind', 'pagefind-closed', 'pagefind-quarters'].flatMap((bundle) =>
        ['fragment', 'index', 'filter'].map((name) => `${folder}${bundle}/${name}/*`),
      );
    expect(Object.keys(rules)).toEqual(['/*', '/assets/*', ...chunks('/'), '/:lang/assets/*', ...chunks('/:lang/')]);
    for (const host of [cloudflareHeaders, netlifyHeaders]) {
      for (const file of [
        '/assets/site.1a2b3c4d.css',
        '/es/assets/site.1a2b3c4d.css',
        '/pt-br/assets/site.1a2b3c4d.css',
      ]) {
        expect(host(text, file).get('cache-control'), `${host.name} ${file}`).toBe(IMMUTABLE_CACHE_CONTROL);
      }
      for (const page of ['/es/', '/es/leo/', '/pt-br/assets.html', '/es/x/assets/a.css'])
        expect(host(text, page).get('cache-control'), `${host.name} ${page}`).toBeUndefined();
    }
  });

  it('names only the search bundles the build writes', () => {
    const rules = Object.keys(
      parseHeadersFile(renderHeadersFile({ languageFolders: ['/', '/es/'], searchBundles: ['pagefind'] })),
    );
    expect(rules.filter((pattern) => pattern.includes('pagefind'))).toEqual([
      '/pagefind/fragment/*',
      '/pagefind/index/*',
      '/pagefind/filter/*',
      '/es/pagefind/fragment/*',
      '/es/pagefind/index/*',
      '/es/pagefind/filter/*',
    ]);
  });

  it("keeps under Cloudflare's 100 rules at eight languages, each path with the headers it has in a site of its language alone", () => {
    const folders = ['/', '/es/', '/fr/', '/de/', '/it/', '/pt-br/', '/nl/', '/pl/'];
    const options = (languages: string[]) => ({
      languageFolders: languages,
      searchPaths: languages.flatMap((folder) => [`${folder}search/`, `${folder}pagefind/pagefind-worker.js`]),
      apiPaths: languages.map((folder) => `${folder}api/v1/*`),
      embedPaths: languages.map((folder) => `${folder}embed/*`),
      policyAdditions: { 'connect-src': ['https://plausible.io'] },
    });
    const text = renderHeadersFile(options(folders));
    // https://developers.cloudflare.com/pages/configuration/headers/: "A project is limited to 100 header rules".
    expect(Object.keys(parseHeadersFile(text)).length).toBeLessThanOrEqual(100);
    const files = [
      '',
      'leo/',
      'search/',
      'pagefind/pagefind-worker.js',
      'pagefind/pagefind.js',
      'pagefind/index/en_1a2b.pf_index',
      'pagefind-closed/fragment/en_1a.pf_fragment',
      'pagefind-quarters/filter/en_2b.pf_filter',
      'assets/site.1a2b3c4d.css',
      'api/v1/index.json',
      'api/v1/leo/weekly/current.json',
      'embed/leo/weekly/',
      'embed/card.js',
      'leo/feed.json',
    ];
    for (const folder of folders) {
      const alone = renderHeadersFile(options(['/', folder]));
      for (const host of [cloudflareHeaders, netlifyHeaders]) {
        for (const file of files)
          expect(host(text, `${folder}${file}`), `${host.name} ${folder}${file}`).toEqual(
            host(alone, `${folder}${file}`),
          );
      }
      // The preview, `npm run serve:dist` and `npm run check` read the placeholder as the hosts do.
      for (const file of files) {
        const read = Object.entries(headersFor(parseRules(text), `${folder}${file}`)).map(([name, value]) => [
          name.toLowerCase(),
          value,
        ]);
        expect(new Map(read as [string, string][]), `headersFor ${folder}${file}`).toEqual(
          cloudflareHeaders(alone, `${folder}${file}`),
        );
      }
    }
  });

  it("gives the framed pages none of the owner's additions, which every other page has", () => {
    const text = renderHeadersFile({
      languageFolders: ['/', '/es/'],
      embedPaths: ['/embed/*', '/es/embed/*'],
      policyAdditions: { 'connect-src': ['https://plausible.io'], 'script-src': ['https://plausible.io'] },
    });
    for (const file of ['/embed/leo/weekly/', '/es/embed/leo/weekly/'])
      expect(cloudflareHeaders(text, file).get('content-security-policy'), file).not.toContain('plausible');
    expect(cloudflareHeaders(text, '/leo/').get('content-security-policy')).toContain('https://plausible.io');
  });

  it('lets any origin read the JSON API, in each language, cached an hour, and nothing else', () => {
    const text = renderHeadersFile({ languageFolders: ['/', '/es/'], apiPaths: ['/api/v1/*', '/es/api/v1/*'] });
    for (const host of [cloudflareHeaders, netlifyHeaders]) {
      for (const file of ['/api/v1/index.json', '/es/api/v1/leo/weekly/current.json']) {
        expect(host(text, file).get('access-control-allow-origin'), `${host.name} ${file}`).toBe('*');
        expect(host(text, file).get('cache-control'), `${host.name} ${file}`).toBe('public, max-age=3600');
      }
      for (const file of ['/', '/leo/feed.json', '/es/', '/apiary/', '/assets/site.1a2b3c4d.css']) {
        expect(host(text, file).get('access-control-allow-origin'), `${host.name} ${file}`).toBeUndefined();
      }
    }
    // A site without the API lets no other origin read anything.
    expect(renderHeadersFile({ languageFolders: ['/'] })).not.toContain('Access-Control');
  });

  it("sends the sky's calendar as text/calendar in each language, and nothing else so", () => {
    const text = renderHeadersFile({
      languageFolders: ['/', '/es/'],
      calendarPaths: ['/calendar/sky.ics', '/es/calendar/sky.ics'],
    });
    for (const host of [cloudflareHeaders, netlifyHeaders]) {
      for (const file of ['/calendar/sky.ics', '/es/calendar/sky.ics'])
        expect(host(text, file).get('content-type'), `${host.name} ${file}`).toBe('text/calendar; charset=utf-8');
      for (const file of ['/calendar/', '/es/calendar/2026-03/', '/leo/feed.xml'])
        expect(host(text, file).get('content-type'), `${host.name} ${file}`).toBeUndefined();
    }
    expect(renderHeadersFile({ languageFolders: ['/'] })).not.toContain('text/calendar');
  });

  it("lets any page frame the card's pages, in each language, and no other page of the site", () => {
    const text = renderHeadersFile({ languageFolders: ['/', '/es/'], embedPaths: ['/embed/*', '/es/embed/*'] });
    const framing = (policy: string | undefined) =>
      policy
        ?.split(';')
        .map((directive) => directive.trim())
        .find((directive) => directive.startsWith('frame-ancestors'));
    for (const file of ['/embed/leo/weekly/', '/es/embed/leo/yearly/']) {
      expect(framing(cloudflareHeaders(text, file).get('content-security-policy')), file).toBe('frame-ancestors *');
      // Cloudflare detaches X-Frame-Options there; where a host keeps it, browsers obey frame-ancestors instead.
      expect(cloudflareHeaders(text, file).get('x-frame-options'), file).toBeUndefined();
    }
    for (const file of ['/', '/leo/', '/es/leo/', '/embedded/']) {
      expect(framing(cloudflareHeaders(text, file).get('content-security-policy')), file).toBe(
        "frame-ancestors 'none'",
      );
      expect(cloudflareHeaders(text, file).get('x-frame-options'), file).toBe('DENY');
    }
    expect(renderHeadersFile({ languageFolders: ['/'] })).not.toContain('frame-ancestors *');
  });

  it('is read by `npm run serve:dist` and the preview as Cloudflare reads it, detached headers and all', () => {
    const text = renderHeadersFile({
      languageFolders: ['/', '/es/'],
      apiPaths: ['/api/v1/*'],
      embedPaths: ['/embed/*'],
      searchPaths: ['/search/'],
    });
    const rules = parseRules(text);
    const sent = (pathname: string) =>
      new Map(Object.entries(headersFor(rules, pathname)).map(([name, value]) => [name.toLowerCase(), value]));
    for (const pathname of [
      '/',
      '/leo/',
      '/es/leo/',
      '/embed/leo/weekly/',
      '/api/v1/index.json',
      '/search/',
      '/assets/site.1a2b3c4d.css',
      '/es/assets/x.css',
    ]) {
      expect(sent(pathname), pathname).toEqual(cloudflareHeaders(text, pathname));
    }
    // A header set twice is joined; `! Name` removes what came before it, not what comes after.
    const twice = parseRules('/*\n  Vary: Accept\n  X-A: 1\n/x/*\n  Vary: Origin\n  ! X-A\n/x/y\n  X-A: 2\n');
    expect(headersFor(twice, '/x/y')).toEqual({ Vary: 'Accept, Origin', 'X-A': '2' });
  });

  it('takes other fingerprinted folders and rejects patterns that are not URL paths', () => {
    const rules = parseHeadersFile(renderHeadersFile({ immutablePaths: ['/assets/*', '/fonts/*'] }));
    expect(rules['/fonts/*']).toEqual({ 'Cache-Control': IMMUTABLE_CACHE_CONTROL });
    expect(() => renderHeadersFile({ immutablePaths: ['assets/*'] })).toThrow(SecurityHeadersError);
    // A space would split the _headers line into a path and a stray header name.
    expect(() => renderHeadersFile({ immutablePaths: ['/a b/*'] })).toThrow(
      expect.objectContaining({
        code: 'SECURITY_HEADERS_INVALID_OPTION',
        message: expect.stringContaining('immutablePaths: "/a b/*"'),
      }),
    );
  });
});

describe("Pagefind's files in _headers", () => {
  // A real index in two parts, for Pagefind's real file names: the main bundle and a closed year's, one page each;
  // then again with one page changed.
  const page = (text: string) =>
    `<!doctype html><html lang="en"><head><title>x</title></head><body><main data-pagefind-body><p>${text}</p><span data-pagefind-filter="kind">weekly</span></main></body></html>`;
  async function bundle(dir: string, texts: string[]): Promise<Map<string, string>> {
    const pages = texts.map((_text, i) => `p${i}/index.html`);
    texts.forEach(
      (text, i) => (
        fs.mkdirSync(path.join(dir, `p${i}`), { recursive: true }),
        fs.writeFileSync(path.join(dir, pages[i]!), page(text))
      ),
    );
    const parts = [
      { folder: 'pagefind', pages: pages.slice(0, 1) },
      { folder: 'pagefind-closed', pages: pages.slice(1) },
    ];
    const files = await writeSearchIndex({ outputDir: dir, parts, files: {}, renderer: '' });
    return new Map(Object.entries(files).map(([file, { sha256 }]) => [`/${file}`, sha256]));
  }

  it('caches the files named after their content for a year, in every part, and no file that keeps its name when its content changes', async () => {
    const root = tempDir('pagefind-headers-');
    const before = await bundle(path.join(root, 'before'), ['Mercury retrograde.', 'Venus enters Libra.']);
    const after = await bundle(path.join(root, 'after'), ['Mercury retrograde.', 'Mars enters Leo.']);
    const text = renderHeadersFile({ languageFolders: ['/', '/es/'] });
    const chunk = /\/pagefind(-closed)?\/(fragment|index|filter)\/[a-z]+_[0-9a-f]+\.pf_[a-z]+$/;
    for (const host of [cloudflareHeaders, netlifyHeaders]) {
      const cached = (file: string) => host(text, file).get('cache-control');
      for (const folder of ['/', '/es/']) {
        for (const [file, content] of [...before, ...after]) {
          const changed = [before.get(file), after.get(file)].some((other) => other !== undefined && other !== content);
          if (changed)
            expect(cached(`${folder}${file.slice(1)}`), `${host.name} ${folder}${file.slice(1)}`).toBeUndefined();
        }
        const files = [...before.keys()].map((file) => `${folder}${file.slice(1)}`);
        const immutable = files.filter((file) => cached(file) === IMMUTABLE_CACHE_CONTROL);
        expect(
          immutable.filter((file) => !chunk.test(file)),
          host.name,
        ).toEqual([]);
        // Every chunk of both parts is cached.
        expect(
          files.filter((file) => chunk.test(file) && !immutable.includes(file)),
          host.name,
        ).toEqual([]);
        expect(new Set(immutable.map((file) => file.split('/').slice(-3, -1).join('/'))), host.name).toEqual(
          new Set([
            'pagefind/fragment',
            'pagefind/index',
            'pagefind/filter',
            'pagefind-closed/fragment',
            'pagefind-closed/index',
            'pagefind-closed/filter',
          ]),
        );
        for (const file of [
          'pagefind/pagefind-entry.json',
          'pagefind/pagefind.js',
          'pagefind/pagefind-worker.js',
          'pagefind/parts.json',
          'pagefind-closed/pagefind-entry.json',
        ])
          expect(cached(`${folder}${file}`), `${host.name} ${file}`).toBeUndefined();
      }
    }
  });
});

describe('securityHeadersPlugin in an Eleventy build', () => {
  let dir: string;
  let output: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'security-headers-'));
    const input = path.join(dir, 'src');
    output = path.join(dir, 'dist');
    fs.mkdirSync(path.join(input, '_includes'), { recursive: true });
    // An empty config file, so the project's .eleventy.js (found from the working directory) stays out of it.
    fs.writeFileSync(path.join(dir, 'eleventy.config.mjs'), 'export default function () {}\n');
    fs.writeFileSync(
      path.join(input, '_includes', 'base.njk'),
      '<!doctype html><html><head><meta charset="utf-8">\n' +
        '<meta http-equiv="Content-Security-Policy" content="{{ csp }}">\n<title>t</title></head><body>{{ content | safe }}</body></html>\n',
    );
    fs.writeFileSync(
      path.join(input, 'index.njk'),
      '---\nlayout: base.njk\n---\n<p>pages: {{ collections.all | length }}</p>\n',
    );
    fs.writeFileSync(path.join(input, 'about.njk'), '---\nlayout: base.njk\n---\n<p>about</p>\n');
    const eleventy = newEleventy(input, output, {
      quietMode: true,
      configPath: path.join(dir, 'eleventy.config.mjs'),
      config(eleventyConfig: EleventyConfig) {
        eleventyConfig.addPlugin(securityHeadersPlugin);
      },
    });
    await eleventy.write();
  });

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes _headers at the root of the output folder', () => {
    const rules = parseHeadersFile(fs.readFileSync(path.join(output, '_headers'), 'utf8'));
    expect(rules['/*']).toEqual(EXPECTED_HEADERS);
    expect(rules['/assets/*']?.['Cache-Control']).toBe(IMMUTABLE_CACHE_CONTROL);
  });

  it('gives every page the meta policy, without frame-ancestors', () => {
    for (const page of ['index.html', 'about/index.html']) {
      const html = fs.readFileSync(path.join(output, page), 'utf8');
      const match = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html);
      expect(match, page).not.toBeNull();
      expect(directives(decodeAttribute(match![1]!))).toEqual(EXPECTED_META_POLICY);
      expect(decodeAttribute(match![1]!)).toContain("default-src 'self'");
      expect(match![1]).not.toContain('frame-ancestors');
    }
  });

  it('keeps _headers out of collections (it is not a page)', () => {
    expect(fs.readFileSync(path.join(output, 'index.html'), 'utf8')).toContain('pages: 2');
  });
});

describe('a policy with additions (an analytics service)', () => {
  const ADDITIONS = {
    'script-src': ['https://gc.zgo.at'],
    'connect-src': ['https://starlight.goatcounter.com'],
    'img-src': ['https://starlight.goatcounter.com'],
  };
  /** The policy above with these origins, and connect-src, which it lacked, starting from 'self' as default-src did. */
  const EXPECTED_WITH_ADDITIONS = new Map([
    ...EXPECTED_POLICY,
    ['script-src', ["'self'", 'https://gc.zgo.at']],
    ['img-src', ["'self'", 'https://starlight.goatcounter.com']],
    ['connect-src', ["'self'", 'https://starlight.goatcounter.com']],
  ]);
  const EXPECTED_META_WITH_ADDITIONS = new Map(
    [...EXPECTED_WITH_ADDITIONS].filter(([name]) => name !== 'frame-ancestors'),
  );
  let dir: string;
  let output: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'security-headers-additions-'));
    const input = path.join(dir, 'src');
    output = path.join(dir, 'dist');
    fs.mkdirSync(input);
    fs.writeFileSync(path.join(dir, 'eleventy.config.mjs'), 'export default function () {}\n');
    fs.writeFileSync(
      path.join(input, 'index.njk'),
      '<meta http-equiv="Content-Security-Policy" content="{{ csp }}">\n',
    );
    const eleventy = newEleventy(input, output, {
      quietMode: true,
      configPath: path.join(dir, 'eleventy.config.mjs'),
      config(eleventyConfig: EleventyConfig) {
        eleventyConfig.addPlugin(securityHeadersPlugin, { policyAdditions: async () => ADDITIONS });
      },
    });
    await eleventy.write();
  });

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('puts exactly those origins into _headers, and nothing wider', () => {
    const rules = parseHeadersFile(fs.readFileSync(path.join(output, '_headers'), 'utf8'));
    expect(directives(rules['/*']!['Content-Security-Policy']!)).toEqual(EXPECTED_WITH_ADDITIONS);
    expect({ ...rules['/*'], 'Content-Security-Policy': '' }).toEqual({
      ...EXPECTED_HEADERS,
      'Content-Security-Policy': '',
    });
    expect(rules['/assets/*']).toEqual({ 'Cache-Control': IMMUTABLE_CACHE_CONTROL });
  });

  it('puts the same origins into the meta policy', () => {
    const match = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(
      fs.readFileSync(path.join(output, 'index.html'), 'utf8'),
    );
    expect(directives(decodeAttribute(match![1]!))).toEqual(EXPECTED_META_WITH_ADDITIONS);
  });

  it.each([
    "'unsafe-inline'",
    '*',
    'https:',
    'https://*.example.com',
    'http://stats.example.com',
    'https://stats.example.com/js/',
    "https://a.example.com; script-src 'unsafe-inline'",
  ])('refuses to add %s, which is no single https origin', (source) => {
    expect(() => contentSecurityPolicy({ 'script-src': [source] })).toThrow(SecurityHeadersError);
  });

  it.each(['default-src', "script-src 'unsafe-inline'; img-src", 'sandbox'])(
    'refuses to add to %s, which is no single fetch directive',
    (name) => {
      expect(() => contentSecurityPolicy({ [name]: ['https://stats.example.com'] })).toThrow(SecurityHeadersError);
    },
  );
});

describe("the project's templates work under the policy", () => {
  const templatesDir = path.join(PROJECT_ROOT, 'templates');
  const templates = fs
    .readdirSync(templatesDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(njk|html)$/.test(file))
    .map((file) => ({
      file: path.join('templates', file),
      text: fs.readFileSync(path.join(templatesDir, file), 'utf8'),
    }));

  it('every layout with a <head> carries the meta policy from `csp`', () => {
    const heads = templates.filter(({ text }) => /<head[\s>]/i.test(text));
    expect(heads.length).toBeGreaterThan(0);
    for (const { file, text } of heads) {
      // The search page's own policy where the model says the page is the search page, the site's everywhere else
      // (the framed card's page has its own, without analytics: it loads no script). The API's page, a template of
      // its own, is never the search page.
      const policy = file.endsWith('api-index.njk')
        ? /<meta http-equiv="Content-Security-Policy" content="\{\{ csp \}\}">/
        : /<meta http-equiv="Content-Security-Policy" content="(\{% if meta\.search %\}\{\{ searchCsp \}\}\{% else %\}\{\{ csp \}\}\{% endif %\}|\{\{ embedCsp \}\})">/;
      expect(text, file).toMatch(policy);
    }
  });

  it('no template uses what the policy blocks: inline script, event handlers, style attributes or <style>', () => {
    expect(templates.map(({ file }) => file)).toContain(path.join('templates', '_layouts', 'base.njk'));
    for (const { file, text } of templates) {
      // JSON-LD blocks are data, never executed, so script-src does not apply to them.
      expect(text, file).not.toMatch(/<script(?![^>]*\bsrc=)(?![^>]*\btype="application\/ld\+json")[^>]*>/i);
      expect(text, file).not.toMatch(/\son[a-z]+\s*=/i);
      expect(text, file).not.toMatch(/\sstyle\s*=/i);
      expect(text, file).not.toMatch(/<style[\s>]/i);
      // Remote scripts, images and stylesheets (links to other sites are fine: navigation is not restricted).
      expect(text, file).not.toMatch(/\ssrc\s*=\s*["']?(https?:)?\/\//i);
      expect(text, file).not.toMatch(/<link\b(?=[^>]*\brel=["']?stylesheet)[^>]*\bhref\s*=\s*["']?(https?:)?\/\//i);
    }
  });
});

describe("the search page's policy", () => {
  const ADDITIONS = { 'script-src': ['https://plausible.io'], 'connect-src': ['https://plausible.io'] };
  /** The site's policy as it is on every other page (analytics on), and the search page's: WebAssembly besides. */
  const SITE_POLICY =
    "default-src 'self'; script-src 'self' https://plausible.io; style-src 'self'; img-src 'self'; object-src 'none'; base-uri 'self'; " +
    "form-action 'self'; frame-ancestors 'none'; connect-src 'self' https://plausible.io";
  const SEARCH_POLICY = SITE_POLICY.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'");
  /** Each language's search page and Pagefind's worker, which runs the WebAssembly under its own file's policy. */
  const SEARCH_PATHS = ['/search/', '/pagefind/pagefind-worker.js', '/es/search/', '/es/pagefind/pagefind-worker.js'];
  let dir: string;
  let output: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'security-headers-search-'));
    const input = path.join(dir, 'src');
    output = path.join(dir, 'dist');
    fs.mkdirSync(path.join(input, 'search'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'eleventy.config.mjs'), 'export default function () {}\n');
    fs.writeFileSync(
      path.join(input, 'index.njk'),
      '<meta http-equiv="Content-Security-Policy" content="{{ csp }}">\n',
    );
    fs.writeFileSync(
      path.join(input, 'search', 'index.njk'),
      '<meta http-equiv="Content-Security-Policy" content="{{ searchCsp }}">\n',
    );
    const eleventy = newEleventy(input, output, {
      quietMode: true,
      configPath: path.join(dir, 'eleventy.config.mjs'),
      config(eleventyConfig: EleventyConfig) {
        eleventyConfig.addPlugin(securityHeadersPlugin, {
          policyAdditions: async () => ADDITIONS,
          searchPaths: async () => SEARCH_PATHS,
        });
      },
    });
    await eleventy.write();
  });

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const metaPolicy = (file: string) =>
    decodeAttribute(
      /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(
        fs.readFileSync(path.join(output, file), 'utf8'),
      )![1]!,
    );

  it("differs from every other page's only by 'wasm-unsafe-eval' in script-src, in the meta element", () => {
    expect(metaPolicy('index.html')).toBe(SITE_POLICY.replace("; frame-ancestors 'none'", ''));
    expect(metaPolicy('search/index.html')).toBe(SEARCH_POLICY.replace("; frame-ancestors 'none'", ''));
  });

  it("and in _headers, for each language's search page and worker alone, detaching the site-wide policy there", () => {
    const rules = parseHeadersFile(fs.readFileSync(path.join(output, '_headers'), 'utf8'));
    expect(rules['/*']!['Content-Security-Policy']).toBe(SITE_POLICY);
    const searchRule = { '! Content-Security-Policy': '', 'Content-Security-Policy': SEARCH_POLICY };
    for (const page of SEARCH_PATHS) expect(rules[page], page).toEqual(searchRule);
    expect(
      Object.keys(rules).filter((rule) => !/\/pagefind(-closed|-quarters)?\//.test(rule) || rule.endsWith('.js')),
    ).toEqual(['/*', ...SEARCH_PATHS, '/assets/*']);
  });

  it("sends exactly one policy per path on Cloudflare Pages and on Netlify: the search page's on search pages alone", () => {
    const text = fs.readFileSync(path.join(output, '_headers'), 'utf8');
    for (const host of [cloudflareHeaders, netlifyHeaders]) {
      // A policy holds no comma: one joined to another would.
      for (const page of SEARCH_PATHS) {
        expect(host(text, page).get('content-security-policy'), `${host.name} ${page}`).toBe(SEARCH_POLICY);
        expect(host(text, page).get('x-content-type-options'), `${host.name} ${page}`).toBe('nosniff');
      }
      for (const page of [
        '/',
        '/es/',
        '/weekly/2026-w47/leo/',
        '/search/index.json',
        '/assets/site.css',
        '/pagefind/pagefind.js',
      ]) {
        expect(host(text, page).get('content-security-policy'), `${host.name} ${page}`).toBe(SITE_POLICY);
      }
    }
  });

  it("refuses 'wasm-unsafe-eval' anywhere but script-src", () => {
    expect(() => contentSecurityPolicy({ 'connect-src': ["'wasm-unsafe-eval'"] })).toThrow(SecurityHeadersError);
  });
});
