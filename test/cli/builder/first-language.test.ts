// The lines a change of the first language prints, on editors' folders made here: a move is advised only onto a
// place that is free, never over a file a language already publishes.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { firstLanguageChange } from '../../../src/cli/builder/first-language.ts';
import { removeDir } from '../../helpers/remove-dir.ts';

let contentDir = '';
afterEach(() => removeDir(path.dirname(contentDir)));

function content(files: string[]): string {
  contentDir = path.join(mkdtempSync(path.join(tmpdir(), 'first-language-')), 'content');
  for (const file of files) {
    mkdirSync(path.dirname(path.join(contentDir, file)), { recursive: true });
    writeFileSync(path.join(contentDir, file), '---\ntitle: A page\n---\nText.\n');
  }
  return contentDir;
}

describe('the lines for a change of the first language', () => {
  it('advises no move onto a page the old first language already has in its folder', () => {
    const dir = content(['pages/about.md', 'pages/it/about.md', 'pages/de/about.md']);
    const { lines, record } = firstLanguageChange({ language: 'de' }, ['it', 'de'], dir);
    expect(lines).toEqual([
      "warning: content/pages/it/about.md now publishes at the site's root, in it, the first language",
      'warning: content/pages/de/about.md now publishes under /de/, in de, no longer the first language',
      'warning: content/pages/about.md is not published: it, the first language, has its own folder content/pages/it/: content/pages/de/about.md is there already: keep what you need of this one in it, then remove this one',
    ]);
    expect(record).toEqual({ language: 'it' });
  });

  it('advises the move into the old first language when its folder is free, and keeps the files for the check', () => {
    const dir = content(['pages/about.md', 'overrides/weekly/2026-w47/leo.md']);
    const { lines, record } = firstLanguageChange({ language: 'de' }, ['it', 'de'], dir);
    expect(lines).toEqual([
      'warning: content/overrides/weekly/2026-w47/leo.md now publishes in it, the first language, where the last build published it in de: move it to content/overrides/de/weekly/2026-w47/leo.md to keep it in de',
      'warning: content/pages/about.md now publishes in it, the first language, where the last build published it in de: move it to content/pages/de/about.md to keep it in de',
    ]);
    expect(record).toEqual({
      language: 'it',
      moved: { from: 'de', files: ['content/overrides/weekly/2026-w47/leo.md', 'content/pages/about.md'] },
    });
  });

  it('says nothing without a change, unless the first language leaves root files unpublished', () => {
    const dir = content(['pages/about.md', 'pages/it/contatti.md']);
    expect(firstLanguageChange({ language: 'it' }, ['it', 'de'], dir).lines).toEqual([
      'warning: content/pages/about.md is not published: it, the first language, has its own folder content/pages/it/: move it into the folder of the language it is written in (content/pages/{tag}/), or remove it',
    ]);
    expect(firstLanguageChange(undefined, ['de', 'it'], dir).lines).toEqual([]);
  });
});
