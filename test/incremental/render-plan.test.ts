// The renderer's fingerprint: any change to what renders the model renders every page; an editor's per-page file
// (a chart, an override, a static page) is the model's business and leaves it as it is.
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rendererFingerprint } from '../../src/incremental/render-plan.ts';
import { copyProject } from '../helpers/project-copy.ts';
import { removeDir } from '../helpers/remove-dir.ts';

let project = '';
beforeAll(() => {
  project = copyProject();
  writeFileSync(path.join(project, 'package-lock.json'), '{"lockfileVersion": 3}');
});
afterAll(() => removeDir(project));

const print = () => rendererFingerprint(project, path.join(project, 'content'));
const touch = (relative: string) => {
  mkdirSync(path.dirname(path.join(project, relative)), { recursive: true });
  appendFileSync(path.join(project, relative), '\n');
};

describe('rendererFingerprint', () => {
  it.each([
    'templates/_layouts/base.njk',
    'templates/assets/site.css',
    '.eleventy.js',
    'src/model/seo.ts',
    'package-lock.json',
    'content/site.json',
    'content/i18n/en.json',
    'content/signs.json',
    'content/logo.svg',
    'content/theme.css',
    'content/fonts/inter.woff2',
  ])('changes with %s', (file) => {
    const before = print();
    touch(file);
    expect(print()).not.toBe(before);
  });

  it.each(['content/charts/frida-kahlo.md', 'content/overrides/weekly/2026-w47/leo.md', 'content/pages/about.md'])(
    'stays with %s',
    (file) => {
      const before = print();
      touch(file);
      expect(print()).toBe(before);
    },
  );

  it('is the same for the same files, and changes with a file added', () => {
    expect(print()).toBe(print());
    const before = print();
    writeFileSync(path.join(project, 'templates/extra.njk'), 'x');
    expect(print()).not.toBe(before);
  });
});
