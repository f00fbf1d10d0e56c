// A site owner's copy, made theirs as the README and docs tell them: their title and address (a GitHub project
// page, under a path), Spanish first and English, a logo, a colour, analytics, a chart of their own for the three
// samples, their own page and overrides, edited words and other archive windows. It builds, and `npm run check`
// (what the rebuild workflow runs before it deploys) finds nothing wrong in what it wrote.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, runScript, type ScriptRun } from '../helpers/project-copy.ts';
import { removeDir } from '../helpers/remove-dir.ts';

const LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><circle cx="20" cy="20" r="16" fill="#b3261e"/></svg>\n';
const SPANISH_DESCRIPTION = 'Horóscopos semanales de Luna y Sol para los doce signos.';
const ENGLISH_DESCRIPTION = 'Weekly horoscopes from Luna & Sol for all twelve signs.';

let project: string;
let build: ScriptRun;
let check: ScriptRun;
const file = (relative: string) => path.join(project, relative);
const write = (relative: string, text: string) => {
  mkdirSync(path.dirname(file(relative)), { recursive: true });
  writeFileSync(file(relative), text);
};
const editJson = (relative: string, change: (json: Record<string, Record<string, unknown>>) => void) => {
  const json = JSON.parse(readFileSync(file(relative), 'utf8')) as Record<string, Record<string, unknown>>;
  change(json);
  writeFileSync(file(relative), JSON.stringify(json, null, 2));
};
const published = (relative: string) => readFileSync(file(`dist/${relative}`), 'utf8');
/** Atom carries an entry's HTML as escaped text. */
const escaped = (html: string) =>
  html.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The customisations of the owner's copy, each as the docs describe it. */
function makeItTheirs(): void {
  write(
    'content/site.json',
    JSON.stringify({
      title: 'Luna & Sol',
      url: 'https://example.github.io/horoscopes/',
      languages: ['es', 'en'],
      logo: 'logo.svg',
      analytics: { provider: 'goatcounter', code: 'lunaysol' },
      periods: {
        weekly: { past: 1, future: 0 },
        monthly: { past: 0, future: 1 },
        yearly: { past: 0, future: 0 },
        ascendantYearly: { past: 0, future: 0 },
      },
    }),
  );
  write('content/logo.svg', LOGO);
  writeFileSync(
    file('content/theme.css'),
    readFileSync(file('content/theme.css'), 'utf8').replace('--accent: #5b3fa8;', '--accent: #8a1c14;'),
  );
  editJson('content/i18n/es.json', (es) => (es.site!.description = SPANISH_DESCRIPTION));
  editJson('content/i18n/en.json', (en) => {
    en.site!.description = ENGLISH_DESCRIPTION;
    en.home!.thisWeek = 'The week ahead, sign by sign';
  });
  for (const folder of ['charts', 'pages', 'overrides']) rmSync(file(`content/${folder}`), { recursive: true });
  write(
    'content/charts/ada-lovelace.md',
    '---\nname: Ada Lovelace\ndate: 1815-12-10\ntime: "12:00"\nplace: London\n---\nMathematician. [Sobre nosotros](/sobre/).\n',
  );
  write('content/pages/sobre.md', '---\ntitle: Sobre nosotros\n---\nEscríbenos. Los [horóscopos de Leo](/leo/).\n');
  write('content/pages/en/sobre.md', '---\ntitle: About us\n---\nWrite to us. [Leo](/en/leo/).\n');
  // The privacy page as shipped, its sentence made from the settings, in Spanish; and one of the owner's own, in English.
  write('content/pages/privacidad.md', '---\ntitle: Privacidad\n---\n{{ scripts }}\n');
  write('content/pages/en/privacy.md', '---\ntitle: Privacy\n---\nThis site uses no trackers at all.\n');
  write(
    'content/overrides/weekly/2026-w47/leo.md',
    '---\nfield: text\nmode: append\n---\nNota de la redacción: [sobre nosotros](/sobre/).\n',
  );
  write(
    'content/overrides/en/weekly/2026-w47/leo.md',
    '---\nfield: text\nmode: append\n---\nFrom the editors: [about us](/en/sobre/).\n',
  );
}

beforeAll(async () => {
  project = copyProject();
  makeItTheirs();
  build = await runScript(project, 'build.ts', { ASTRO_BUILD_DATE: '2026-11-22' }).done;
  check = await runScript(project, 'check.ts', {}).done;
});
afterAll(() => removeDir(project));

describe("an owner's customised copy", () => {
  it('builds, and the check the workflow runs before deploying finds nothing wrong', () => {
    expect(build.stderr).not.toMatch(/warning|error/i);
    expect(build.code).toBe(0);
    // But for the owner's page that says what analytics makes untrue.
    expect(check.stderr).toBe(
      'warning: content/pages/en/privacy.md says "no trackers", but analytics is on (goatcounter, content/site.json): every page runs its script; say so, or write {{ scripts }} for the sentence made from the settings (docs/analytics.md)\n',
    );
    expect(check.stdout).toMatch(/no problem found\.\n$/);
    expect(check.code).toBe(0);
  });

  it("publishes the owner's words in each language, and their links under the site's path in pages and feeds", () => {
    expect(published('index.html')).toContain(`<meta name="description" content="${SPANISH_DESCRIPTION}">`);
    expect(published('en/index.html')).toContain(
      `<meta name="description" content="${ENGLISH_DESCRIPTION.replace('&', '&amp;')}">`,
    );
    expect(published('en/index.html')).toContain('The week ahead, sign by sign');
    expect(published('weekly/2026-w47/leo/index.html')).toContain('href="/horoscopes/sobre/"');
    expect(published('en/weekly/2026-w47/leo/index.html')).toContain('href="/horoscopes/en/sobre/"');
    expect(published('leo/feed.xml')).toContain(escaped('<a href="/horoscopes/sobre/"'));
    expect(published('en/leo/feed.xml')).toContain(escaped('<a href="/horoscopes/en/sobre/"'));
    expect(published('charts/ada-lovelace/index.html')).toContain('href="/horoscopes/sobre/"');
  });

  it("names the analytics service on the privacy page, with its privacy policy, and leaves the owner's own page as written", () => {
    expect(published('privacidad/index.html')).toContain(
      '<p>Este sitio no usa cookies ni muestra publicidad. Cuenta las visitas con GoatCounter, cuyo script se ejecuta en todas las páginas sin cookies (<a href="https://www.goatcounter.com/help/privacy">su política de privacidad</a>).</p>',
    );
    expect(published('privacidad/index.html')).not.toContain('rastreadores');
    expect(published('en/privacy/index.html')).toContain('<p>This site uses no trackers at all.</p>');
  });

  it('says robots.txt under a path is not read by crawlers', () => {
    expect(build.stdout).toMatch(/robots\.txt.*docs\/deployment\.md/);
  });
});
