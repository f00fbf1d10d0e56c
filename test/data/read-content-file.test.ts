import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readContentFile } from '../../src/data/read-content-file.ts';
import { callsInChild } from '../helpers/in-child.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const root = tempDir('read-content-file-');
const content = path.join(root, 'content');
mkdirSync(path.join(content, 'brand'), { recursive: true });
mkdirSync(path.join(root, 'content-old'));
writeFileSync(path.join(content, 'brand', 'logo.svg'), 'inside');
writeFileSync(path.join(root, 'content-old', 'logo.svg'), 'outside');
writeFileSync(path.join(content, 'ten.txt'), '0123456789');
execFileSync('mkfifo', [path.join(content, 'pipe.svg')]);
symlinkSync('/dev/zero', path.join(content, 'zero.svg'));
symlinkSync('/dev/urandom', path.join(content, 'random.svg'));
symlinkSync('pipe.svg', path.join(content, 'to-pipe.svg'));
symlinkSync(path.join(root, 'content-old', 'logo.svg'), path.join(content, 'old.svg'));
symlinkSync('brand/logo.svg', path.join(content, 'same.svg'));
symlinkSync('nowhere.svg', path.join(content, 'dangling.svg'));

const helper = new URL('../../src/data/read-content-file.ts', import.meta.url);
const options = (name: string) => ({
  label: `content/site.json: logo (content/${name})`,
  folderLabel: 'content/',
  maxBytes: 1_000_000_000,
});

const read = (name: string, maxBytes = 100) => readContentFile(content, name, { ...options(name), maxBytes });

describe('readContentFile', () => {
  it('reads a regular file inside the folder, directly or through a link that stays inside', () => {
    expect(read('brand/logo.svg').toString()).toBe('inside');
    expect(read('same.svg').toString()).toBe('inside');
  });

  // Read, each would block the build or never end: callsInChild fails instead of hanging when one is read.
  it('refuses named pipes and devices, directly or by a link, without reading them', () => {
    const outside = 'is (or links to) a file outside content/; put the file itself in content/';
    const notFile = 'is not a regular file (a folder, a device or a named pipe); put the file itself there';
    const names = ['pipe.svg', 'to-pipe.svg', 'zero.svg', 'random.svg'];
    expect(
      callsInChild(
        helper,
        'readContentFile',
        names.map((name) => [content, name, options(name)]),
      ),
    ).toEqual([
      `content/site.json: logo (content/pipe.svg): ${notFile}`,
      `content/site.json: logo (content/to-pipe.svg): ${notFile}`,
      `content/site.json: logo (content/zero.svg): ${outside}`,
      `content/site.json: logo (content/random.svg): ${outside}`,
    ]);
  });

  it('refuses a device inside the folder it is asked for', () => {
    expect(
      callsInChild(helper, 'readContentFile', [['/dev', 'zero', { ...options('zero'), label: '/dev/zero' }]]),
    ).toEqual(['/dev/zero: is not a regular file (a folder, a device or a named pipe); put the file itself there']);
  });

  it("refuses a file outside the folder, by a link or by its name, even one whose path starts like the folder's", () => {
    const outside = 'is (or links to) a file outside content/; put the file itself in content/';
    expect(() => read('old.svg')).toThrow(`content/site.json: logo (content/old.svg): ${outside}`);
    expect(() => read('../content-old/logo.svg')).toThrow(outside);
    expect(() => read('zero.svg')).toThrow(outside);
  });

  it('stops reading after the limit: the limit itself is accepted, one byte more refused', () => {
    expect(read('ten.txt', 10).toString()).toBe('0123456789');
    expect(() => read('ten.txt', 9)).toThrow('content/site.json: logo (content/ten.txt): is larger than 9 bytes');
  });

  it('counts what it reads, not the size the file system gives (a /proc file says 0 bytes)', () => {
    const options = { label: '/proc/self/status', folderLabel: '/proc/self', maxBytes: 10 };
    expect(() => readContentFile('/proc/self', 'status', options)).toThrow(
      '/proc/self/status: is larger than 10 bytes',
    );
  });

  it('says when there is no such file, or the link leads nowhere', () => {
    expect(() => read('nope.svg')).toThrow('content/site.json: logo (content/nope.svg): no such file');
    expect(() => read('dangling.svg')).toThrow('content/site.json: logo (content/dangling.svg): no such file');
  });
});
