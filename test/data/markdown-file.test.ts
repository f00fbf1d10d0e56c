// src/data/markdown-file.ts: an editor's broken front matter is reported at the line and column their editor shows.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMarkdownFile } from '../../src/data/markdown-file.ts';
import { tempDir } from '../helpers/temp-dir.ts';

describe('readMarkdownFile', () => {
  it('names the line and column of broken YAML in the file, the opening --- being line 1', async () => {
    const file = path.join(tempDir('markdown-file-'), 'about.md');
    // Line 4, column 7 is where `about: us` starts: a second mapping inside `slug`'s one-line value.
    await writeFile(file, '---\ntitle: About us\ndescription: Who writes here\nslug: about: us\n---\nHello.\n');
    await expect(readMarkdownFile(file, 'content/pages/about.md')).rejects.toThrow(
      'content/pages/about.md: front matter is not valid YAML at line 4, column 7 (Nested mappings are not allowed in compact mappings)',
    );
  });

  it('counts from the file with Windows line ends too', async () => {
    const file = path.join(tempDir('markdown-file-'), 'leo.md');
    // Line 3: a tab used as indentation, at its first column.
    await writeFile(file, '---\r\nfield: intro\r\n\tmode: append\r\n---\r\nText\r\n');
    await expect(readMarkdownFile(file, 'leo.md')).rejects.toThrow(/^leo\.md: front matter is not valid YAML at line 3, column 1 \(/);
  });
});
