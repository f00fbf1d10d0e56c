// The XML reader npm run check parses feeds and sitemaps with: what is well-formed passes, read as written, and
// each way of not being well-formed fails with a message saying where.
import { describe, expect, it } from 'vitest';
import { childText, parseXml } from '../../../src/cli/check/xml.ts';

describe('parseXml', () => {
  it('reads a feed: declaration, attributes, entities, CDATA, comments and self-closing elements', () => {
    const feed = parseXml(
      '<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">\n<!-- a comment -->\n<title>Leo &amp; Virgo &#x2014; &#8212;</title>\n<link href=\'https://s.example/leo/\' rel="self"/>\n<content type="html"><![CDATA[<p>raw</p>]]></content>\n</feed>\n',
    );
    expect(feed.name).toBe('feed');
    expect(childText(feed, 'title')).toBe('Leo & Virgo \u2014 \u2014');
    expect(feed.children.map((child) => [child.name, child.attribs])).toEqual([
      ['title', {}],
      ['link', { href: 'https://s.example/leo/', rel: 'self' }],
      ['content', { type: 'html' }],
    ]);
    expect(childText(feed, 'content')).toBe('<p>raw</p>');
  });

  it.each([
    ['<feed><title>x</feed>', '</feed> closes <title>'],
    ['<feed><title>x</title>', 'unclosed <feed>'],
    ['<feed>a < b</feed>', 'bad tag at 9'],
    ['<feed a="<"/>', 'raw < in feed@a'],
    ['<feed>&nbsp;</feed>', 'bad entity in text of <feed>: &nbsp;'],
    ['<feed a="1" a="2"/>', 'duplicate attribute a'],
    ['<feed a=1/>', 'unquoted attribute a'],
    ['<feed/><feed/>', 'content after the root element at 7'],
    ['<feed>&#1;</feed>', 'reference to a disallowed character in text of <feed>: &#1;'],
    // Noncharacters XML forbids too, which strict parsers reject (https://www.w3.org/TR/xml/#charsets).
    ['<feed>&#xFFFF;</feed>', 'reference to a disallowed character in text of <feed>: &#xFFFF;'],
    ['<feed a="&#xFFFE;"/>', 'reference to a disallowed character in feed@a: &#xFFFE;'],
    ['<feed>\u0001</feed>', 'character U+0001 at 6'],
  ])('rejects %j: %s', (xml, message) => {
    expect(() => parseXml(xml)).toThrow(message);
  });
});
