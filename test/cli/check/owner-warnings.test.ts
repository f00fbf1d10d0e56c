// What `npm run check` says of the owner's files (src/cli/check/owner-warnings.ts): an editors' page that says
// there are no trackers, in its own language, while analytics is on, named by its file; nothing with analytics off.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerWarnings } from '../../../src/cli/check/owner-warnings.ts';
import type { SiteConfig } from '../../../src/data/config.ts';
import { tempDir } from '../../helpers/temp-dir.ts';

let root = '';
const page = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, 'content/pages', file)), { recursive: true });
  writeFileSync(path.join(root, 'content/pages', file), `---\ntitle: Page\n---\n${text}\n`);
};

beforeAll(() => {
  root = tempDir('owner-warnings-');
  page('privacy.md', 'This site contains no trackers or advertising.');
  page('about.md', 'We track the stars, not you.');
  page('es/privacidad.md', 'Este sitio no usa cookies ni contiene rastreadores. No hay ningún rastreador.');
  page('es/sobre.md', 'Escribimos sobre los astros.');
  page('de/datenschutz.md', 'Diese Website enthält keine Tracker.');
  page('pt-br/privacidade.md', 'Este site não tem nenhum rastreador.');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const warnings = (site: Partial<SiteConfig>) =>
  ownerWarnings({
    rootDir: root,
    cacheDir: path.join(root, '.cache'),
    contentDir: path.join(root, 'content'),
    site: { languages: ['en', 'es', 'pt-BR'], ...site } as SiteConfig,
  });
const line = (file: string, claim: string) =>
  `warning: ${file} says "${claim}", but analytics is on (goatcounter, content/site.json): every page runs its script; say so, or write {{ scripts }} for the sentence made from the settings (docs/analytics.md)`;

describe("the check's warnings on the owner's pages", () => {
  it('names each page that says "no trackers" in its language while analytics is on, and no other', () => {
    expect(warnings({ analytics: { provider: 'goatcounter', code: 'starlight' } })).toEqual([
      line('content/pages/privacy.md', 'no trackers'),
      line('content/pages/es/privacidad.md', 'ningún rastreador'),
      line('content/pages/pt-br/privacidade.md', 'nenhum rastreador'),
    ]);
  });

  it('says nothing with analytics off', () => {
    expect(warnings({})).toEqual([]);
  });
});
