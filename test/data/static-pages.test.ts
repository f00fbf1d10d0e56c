import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readStaticPages, withPrivacyPage } from '../../src/data/static-pages.ts';
import { callsInChild } from '../helpers/in-child.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pages-'));
  await mkdir(dir, { recursive: true });
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const put = (name: string, text: string) => writeFile(path.join(dir, name), text);

describe('readStaticPages', () => {
  it('publishes each file at /{slug}/, sanitized, in footer order (order, then title)', async () => {
    await put('privacy.md', '---\ntitle: Privacy\norder: 2\n---\nNo cookies. <img src=x onerror=alert(1)>\n');
    await put('about.md', '---\ntitle: About us\ndescription: Who we are.\norder: 1\n---\n# Hello\n');
    await put('zeta.md', '---\ntitle: Imprint\n---\nText\n');
    const pages = await readStaticPages(dir);
    expect(pages.map((p) => [p.slug, p.url, p.title, p.order])).toEqual([
      ['about', '/about/', 'About us', 1],
      ['privacy', '/privacy/', 'Privacy', 2],
      ['zeta', '/zeta/', 'Imprint', 100],
    ]);
    expect(pages[0]!.description).toBe('Who we are.');
    // The page owns its h1: a Markdown h1 is demoted by the sanitizer.
    expect(pages[0]!.html).toBe('<h2>Hello</h2>\n');
    expect(pages[1]!.html).not.toMatch(/onerror|<img/);
  });

  it('a missing folder means no pages', async () => {
    expect(await readStaticPages(path.join(dir, 'nope'))).toEqual([]);
  });

  it.each(['leo', 'weekly', 'ascendant', 'charts', 'assets'])(
    "refuses a slug that collides with the site's own URLs: %s.md",
    async (slug) => {
      await put(`${slug}.md`, '---\ntitle: X\n---\nText\n');
      await expect(readStaticPages(dir)).rejects.toThrow(
        new RegExp(`content/pages/${slug}\\.md: /${slug}/ is already a page of the site`),
      );
    },
  );

  it("refuses a slug that is another published language's folder, and only then", async () => {
    await put('es.md', '---\ntitle: Español\n---\nText\n');
    await expect(readStaticPages(dir, 'content/pages', ['pt', 'es'])).rejects.toThrow(
      'content/pages/es.md: /es/ is the home page of the language "es" this site publishes; rename the file',
    );
    expect((await readStaticPages(dir, 'content/pages', ['pt'])).map((p) => p.url)).toEqual(['/es/']);
  });

  it('names the file for a bad slug or a missing title', async () => {
    await put('About Us.md', '---\ntitle: X\n---\n');
    await expect(readStaticPages(dir)).rejects.toThrow(/content\/pages\/About Us\.md: file name must be a slug/);
    await rm(path.join(dir, 'About Us.md'));
    await put('about.md', 'No front matter\n');
    await expect(readStaticPages(dir)).rejects.toThrow(/content\/pages\/about\.md: title: is required/);
  });

  it('refuses a page that links to a file outside the folder, or is a named pipe or a device, in one line', async () => {
    const pages = path.join(dir, 'pages');
    await mkdir(pages);
    await writeFile(path.join(dir, 'secret.md'), '---\ntitle: Secret\n---\nNot for publishing\n');
    await symlink(path.join(dir, 'secret.md'), path.join(pages, 'about.md'));
    await expect(readStaticPages(pages)).rejects.toThrow(
      'content/pages/about.md: is (or links to) a file outside content/pages; put the file itself in content/pages',
    );
    await rm(path.join(pages, 'about.md'));
    execFileSync('mkfifo', [path.join(pages, 'about.md')]);
    await symlink('/dev/zero', path.join(pages, 'zero.md'));
    const module = new URL('../../src/data/static-pages.ts', import.meta.url);
    expect(callsInChild(module, 'readStaticPages', [[pages]])).toEqual([
      'content/pages/about.md: is not a regular file (a folder, a device or a named pipe); put the file itself there',
    ]);
    await rm(path.join(pages, 'about.md'));
    expect(callsInChild(module, 'readStaticPages', [[pages]])).toEqual([
      'content/pages/zero.md: is (or links to) a file outside content/pages; put the file itself in content/pages',
    ]);
  });
});

describe('withPrivacyPage', () => {
  const analytics = { analytics: { provider: 'goatcounter' as const, code: 'starlight' } };
  const words = (title?: string) =>
    ({
      locale: 'it',
      file: 'content/i18n/it.json',
      ui: { privacy: title ? { title } : undefined },
    }) as unknown as Parameters<typeof withPrivacyPage>[3];
  const about = {
    slug: 'about',
    url: '/about/',
    title: 'Chi siamo',
    order: 1,
    html: '<p>Noi.</p>',
    file: 'content/pages/it/about.md',
  };

  it("adds a page made from the settings, titled in the language's words, where analytics is on and none is written", () => {
    expect(withPrivacyPage([about], 'content/pages/it', analytics, words('Privacy'))).toEqual([
      about,
      {
        slug: 'privacy',
        url: '/privacy/',
        title: 'Privacy',
        order: 100,
        html: '<p>{{ scripts }}</p>',
        file: 'content/pages/it/privacy.md',
      },
    ]);
  });

  it('keeps the pages as they are with analytics off, or with a privacy page written', () => {
    expect(withPrivacyPage([about], 'content/pages/it', {}, words('Privacy'))).toEqual([about]);
    const own = { ...about, slug: 'privacy', url: '/privacy/' };
    expect(withPrivacyPage([own], 'content/pages/it', analytics, words('Privacy'))).toEqual([own]);
  });

  it('refuses the build in one line naming the missing file when the words to make one are missing', () => {
    expect(() => withPrivacyPage([about], 'content/pages/it', analytics, words())).toThrow(
      'content/pages/it/privacy.md: is missing, and analytics is on (goatcounter, content/site.json): every it page runs its script; write that page, or add "privacy" messages with a "title" to content/i18n/it.json for one made from the settings (docs/analytics.md)',
    );
  });
});
