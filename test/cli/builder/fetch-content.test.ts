// Which cache folder each language's answers and page dates live in: never another language's, and the folder a
// cache made before languages were told apart keeps serving the language it served.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheFolder } from '../../../src/cli/builder/fetch-content.ts';
import type { LanguageAccount } from '../../../src/data/config.ts';
import { tempDir } from '../../helpers/temp-dir.ts';

const URL = 'https://api.example.com/v1/';
/** cacheNamespace(URL), worked by hand: host and path, the slash as `_`. */
const PLAIN = 'api.example.com_v1';

const account = (language: string, apiUrl: string | undefined): LanguageAccount => ({
  language,
  apiUrl,
  username: 'user',
  password: 'secret',
  variables: { url: 'ASTRO_API_URL', username: 'ASTRO_API_USERNAME', password: 'ASTRO_API_PASSWORD' },
});

/** A cache as a build before the marker left it: answers and page dates in each folder, no marker. */
function oldCache(...folders: string[]): string {
  const dir = tempDir('cache-folder-');
  for (const folder of folders) {
    mkdirSync(path.join(dir, folder, 'weekly-reports'), { recursive: true });
    writeFileSync(path.join(dir, folder, 'page-dates.json'), '{}\n');
  }
  return dir;
}

/** The folder of each language of a site whose `languages` are `tags`, in order, default first. */
const folders = (dir: string, tags: string[]) =>
  Promise.all(tags.map((tag, i) => cacheFolder(dir, account(tag, URL), i === 0)));

describe('cacheFolder', () => {
  it('keeps a one-language English site in the folder it has, and marks the folder as English', async () => {
    const dir = oldCache(PLAIN);
    expect(await folders(dir, ['en'])).toEqual([PLAIN]);
    expect(readFileSync(path.join(dir, PLAIN, 'language.txt'), 'utf8')).toBe('en\n');
    expect(await folders(dir, ['en'])).toEqual([PLAIN]);
  });

  it('gives a site switched from English to Spanish on the same service a folder of its own', async () => {
    const dir = oldCache(PLAIN);
    await folders(dir, ['en']);
    expect(await folders(dir, ['es'])).toEqual([`${PLAIN}-es`]);
    expect(await folders(dir, ['en'])).toEqual([PLAIN]);
  });

  it('gives two accounts of two languages on one service two folders, whatever the order of the languages', async () => {
    const dir = oldCache(PLAIN, `${PLAIN}-es`);
    expect(await folders(dir, ['en', 'es'])).toEqual([PLAIN, `${PLAIN}-es`]);
    expect(await folders(dir, ['es', 'en'])).toEqual([`${PLAIN}-es`, PLAIN]);
    expect(await folders(dir, ['es'])).toEqual([`${PLAIN}-es`]);
    expect(await folders(dir, ['pt-BR', 'en'])).toEqual([`${PLAIN}-pt-br`, PLAIN]);
  });

  it('never gives the unmarked folder of an older two-language cache to its other language once it is listed first', async () => {
    const dir = oldCache(PLAIN, `${PLAIN}-es`);
    expect(await folders(dir, ['es', 'en'])).toEqual([`${PLAIN}-es`, `${PLAIN}-en`]);
  });

  it('gives each language of the sample service a folder of its own, English and a bare tag the one it had', async () => {
    const dir = oldCache();
    const sample = (tags: string[]) =>
      Promise.all(tags.map((tag, i) => cacheFolder(dir, account(tag, undefined), i === 0)));
    expect(await sample(['en', 'es', 'pt'])).toEqual(['sample-service', 'sample-service-es', 'sample-service-pt']);
    expect(await sample(['es', 'es-MX', 'en-GB', 'pt-BR'])).toEqual([
      'sample-service-es',
      'sample-service-es-mx',
      'sample-service-en-gb',
      'sample-service-pt-br',
    ]);
  });
});
