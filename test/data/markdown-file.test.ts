// src/data/markdown-file.ts: an editor's broken front matter is reported at the line and column their editor shows,
// and their Markdown never publishes a tag or an address hidden by characters XML forbids.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { readMarkdownFile, renderMarkdown } from '../../src/data/markdown-file.ts';
import { siteAddress } from '../../src/model/urls.ts';
import { tempDir } from '../helpers/temp-dir.ts';

describe('readMarkdownFile', () => {
  it('names the line and column of broken YAML in the file, the opening --- being line 1', async () => {
    const dir = tempDir('markdown-file-');
    // Line 4, column 7 is where `about: us` starts: a second mapping inside `slug`'s one-line value.
    await writeFile(
      path.join(dir, 'about.md'),
      '---\ntitle: About us\ndescription: Who writes here\nslug: about: us\n---\nHello.\n',
    );
    await expect(readMarkdownFile(dir, 'about.md', 'content/pages')).rejects.toThrow(
      'content/pages/about.md: front matter is not valid YAML at line 4, column 7 (Nested mappings are not allowed in compact mappings)',
    );
  });

  it('counts from the file with Windows line ends too', async () => {
    const dir = tempDir('markdown-file-');
    // Line 3: a tab used as indentation, at its first column.
    await writeFile(path.join(dir, 'leo.md'), '---\r\nfield: intro\r\n\tmode: append\r\n---\r\nText\r\n');
    await expect(readMarkdownFile(dir, 'leo.md', 'content/overrides')).rejects.toThrow(
      /^content\/overrides\/leo\.md: front matter is not valid YAML at line 3, column 1 \(/,
    );
  });
});

/** The element names and the decoded text a browser-like parser finds in `html`. */
function parse(html: string): { names: string[]; text: string; hrefs: string[] } {
  const names: string[] = [];
  const hrefs: string[] = [];
  let text = '';
  const parser = new Parser(
    {
      onopentag: (name, attribs) => {
        names.push(name);
        if (attribs.href !== undefined) hrefs.push(attribs.href);
      },
      ontext: (chunk) => (text += chunk),
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.end(html);
  return { names, text, hrefs };
}

describe('renderMarkdown', () => {
  // markdown-it does not take `<scr\u0001ipt>` for a tag: it escapes it, and once the character is stripped the
  // page would show the text `<script>alert(1)</script>`.
  it.each([
    '<scr\u0001ipt>alert(1)</scr\u0001ipt>',
    'Before <scr\u0001ipt>alert(1)</scr\u0001ipt> after',
    '<scr\u0000ipt>alert(1)</scr\u0000ipt>',
    '<scr\uFFFEipt>alert(1)</scr\uFFFFipt>',
  ])('publishes neither a script nor its text for %j', (markdown) => {
    const { names, text } = parse(renderMarkdown(markdown));
    expect(names).not.toContain('script');
    expect(text).not.toMatch(/script|alert|[<>]/);
  });

  it("keeps an editor's text around the stripped tag", () => {
    expect(renderMarkdown('Before <scr\u0001ipt>alert(1)</scr\u0001ipt> after')).toBe('<p>Before  after</p>\n');
  });

  // Raw HTML links in Markdown are parsed by the sanitizer, which decodes the references into U+FFFE and U+FFFF.
  it.each(['&#xFFFE;', '&#xFFFF;', '&#65534;', '&#65535;'])(
    'publishes no other scheme or host hidden by %s',
    (mark) => {
      const markdown = [
        `<a href="java${mark}script:alert(1)">a</a>`,
        `<a href="data${mark}:text/html,x">b</a>`,
        `<a href="vbscript${mark}:x">c</a>`,
        `<a href="/${mark}/evil.example/">d</a>`,
        `[e](java${mark}script:alert(1)) [f](/${mark}/evil.example/)`,
      ].join('\n\n');
      const { hrefs } = parse(renderMarkdown(markdown));
      for (const href of hrefs) expect(href).not.toMatch(/^(?:javascript|data|vbscript):|^\/\//i);
    },
  );
});

describe("an editor's root-relative link under the path of the site's url", () => {
  // Valid addresses whose path holds String.prototype.replace's patterns: the link stays one link, its text text.
  it.each([
    'https://horoscopes.example.com/$&/',
    'https://horoscopes.example.com/$1/',
    'https://horoscopes.example.com/$`/',
    "https://horoscopes.example.com/$'/",
  ])('is one link to the page under the path of %s', (url) => {
    const { pathPrefix } = siteAddress(url);
    const { names, text, hrefs } = parse(renderMarkdown('[focus](/c/autofocus/onfocus=alert(9401)//)', pathPrefix));
    expect(names).toEqual(['p', 'a']);
    expect(hrefs).toEqual([`${pathPrefix}c/autofocus/onfocus=alert(9401)//`]);
    expect(text.trim()).toBe('focus');
  });
});
