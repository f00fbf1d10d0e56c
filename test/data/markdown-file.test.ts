import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/data/markdown-file.ts';

/** The element names and the decoded text a browser-like parser finds in `html`. */
function parse(html: string): { names: string[]; text: string; hrefs: string[] } {
  const names: string[] = [];
  const hrefs: string[] = [];
  let text = '';
  const parser = new Parser({
    onopentag: (name, attribs) => {
      names.push(name);
      if (attribs.href !== undefined) hrefs.push(attribs.href);
    },
    ontext: (chunk) => (text += chunk),
  }, { decodeEntities: true, lowerCaseTags: true });
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

  it('keeps an editor\'s text around the stripped tag', () => {
    expect(renderMarkdown('Before <scr\u0001ipt>alert(1)</scr\u0001ipt> after')).toBe('<p>Before  after</p>\n');
  });

  // Raw HTML links in Markdown are parsed by the sanitizer, which decodes the references into U+FFFE and U+FFFF.
  it.each(['&#xFFFE;', '&#xFFFF;', '&#65534;', '&#65535;'])('publishes no other scheme or host hidden by %s', (mark) => {
    const markdown = [
      `<a href="java${mark}script:alert(1)">a</a>`,
      `<a href="data${mark}:text/html,x">b</a>`,
      `<a href="vbscript${mark}:x">c</a>`,
      `<a href="/${mark}/evil.example/">d</a>`,
      `[e](java${mark}script:alert(1)) [f](/${mark}/evil.example/)`,
    ].join('\n\n');
    const { hrefs } = parse(renderMarkdown(markdown));
    for (const href of hrefs) expect(href).not.toMatch(/^(?:javascript|data|vbscript):|^\/\//i);
  });
});
