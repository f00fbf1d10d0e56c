import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import {
  LINK_REL,
  escapeHtml,
  isAllowedHref,
  normalizeHeadings,
  sanitizeEditorHtml,
  sanitizeReportHtml,
} from '../../src/data/sanitize.ts';
import { XSS_VECTORS } from '../fixtures/xss-vectors.ts';

interface ParsedElement {
  name: string;
  attribs: Record<string, string>;
}

/**
 * Parses `html` with a real HTML parser (htmlparser2, entities decoded, names lower-cased) and returns every
 * element and the decoded text. A string search for "<script" would miss attributes, entity tricks and unknown tags.
 */
function parseHtml(html: string): { elements: ParsedElement[]; text: string } {
  const elements: ParsedElement[] = [];
  let text = '';
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        elements.push({ name, attribs: { ...attribs } });
      },
      ontext(chunk) {
        text += chunk;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return { elements, text };
}

/** The scheme a browser would see: WHATWG URL parsing drops tab/newline anywhere and trims C0 controls and space. */
function browserScheme(href: string): string | undefined {
  const cleaned = href.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, ''); // eslint-disable-line no-control-regex
  return /^([a-z][a-z0-9+.-]*):/i.exec(cleaned)?.[1]?.toLowerCase();
}

/** The policy's allowed elements and their attributes, written out here: widening the code must change the test. */
const ALLOWED_TAGS = [
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'div',
  'strong',
  'em',
  'b',
  'i',
  'sup',
  'sub',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'blockquote',
  'a',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
];
const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'rel'],
  ol: ['start'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
};

/**
 * Parser-independent check of the serialized form: once every allowed tag token (in the exact shape sanitize-html
 * writes) is removed, no `<` or `>` may remain. So no other tag, comment, CDATA or processing instruction can
 * reach a browser, whatever its parser does with them.
 */
const ALLOWED_TOKEN = new RegExp(
  `<(?:/(?:${ALLOWED_TAGS.join('|')})|(?:${ALLOWED_TAGS.filter((t) => !['a', 'br', 'ol', 'th', 'td'].includes(t)).join('|')})|br /|ol(?: start="\\d+")?|t[hd](?: colspan="\\d+")?(?: rowspan="\\d+")?|a href="[^"<>]*" rel="${LINK_REL}")>`,
  'g',
);

function assertSafe(output: string, label: string, allowSameSite = false): void {
  const { elements } = parseHtml(output);
  for (const element of elements) {
    expect(ALLOWED_TAGS, `${label}: element <${element.name}> in ${JSON.stringify(output)}`).toContain(element.name);
    const names = Object.keys(element.attribs).sort();
    if (element.name === 'a') {
      expect(names, `${label}: attributes of <a> in ${JSON.stringify(output)}`).toEqual(['href', 'rel']);
      expect(element.attribs.rel).toBe(LINK_REL);
      const href = element.attribs.href!;
      const scheme = browserScheme(href);
      if (allowSameSite && scheme === undefined) {
        // A same-site relative link: must not be protocol-relative once the browser has cleaned it.
        expect(href.replace(/[\t\n\r]/g, '').trim(), `${label}: href ${JSON.stringify(href)}`).not.toMatch(/^[\\/]{2}/);
      } else {
        expect(['http', 'https', 'mailto'], `${label}: href ${JSON.stringify(href)}`).toContain(scheme);
      }
    } else {
      const allowed = ALLOWED_ATTRIBUTES[element.name] ?? [];
      for (const name of names)
        expect(allowed, `${label}: attribute ${name} of <${element.name}> in ${JSON.stringify(output)}`).toContain(
          name,
        );
    }
  }
  const leftover = output.replace(ALLOWED_TOKEN, '');
  expect(leftover, `${label}: raw < or > outside the allowed tags in ${JSON.stringify(output)}`).not.toMatch(/[<>]/);
}

describe('sanitizeReportHtml against the XSS corpus', () => {
  it('holds at least 80 vectors', () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(80);
  });

  it.each(XSS_VECTORS.map((v) => [v.name, v.html] as const))('%s', (name, html) => {
    const output = sanitizeReportHtml(html);
    assertSafe(output, name);
    // A fixed point: what we publish would come out unchanged if sanitized again (nothing left to "mutate").
    expect(sanitizeReportHtml(output)).toBe(output);
  });

  it.each(XSS_VECTORS.map((v) => [v.name, v.html] as const))('editor variant: %s', (name, html) => {
    const output = sanitizeEditorHtml(html);
    assertSafe(output, name, true);
    expect(sanitizeEditorHtml(output)).toBe(output);
  });

  // Raw-text, foreign and embedding elements: the browser would read their content differently from the
  // sanitizer's parser, so their content must not come back at all, not even as text.
  it.each([
    '<xmp><script>alert(1)</script></xmp>',
    '<xmp><p title="</xmp><img src=x onerror=alert(1)>"></xmp>',
    '<noembed><p title="</noembed><img src=x onerror=alert(1)>"></noembed>',
    '<noframes><p title="</noframes><img src=x onerror=alert(1)>"></noframes>',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
    '<plaintext><img src=x onerror=alert(1)>',
    '<textarea><p title="</textarea><img src=x onerror=alert(1)>"></textarea>',
    '<title><p title="</title><img src=x onerror=alert(1)>"></title>',
    '<iframe><p title="</iframe><img src=x onerror=alert(1)>"></iframe>',
    '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>',
    '<svg><style><img src=x onerror=alert(1)></style></svg>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
    '<template><img src=x onerror=alert(1)></template>',
    '<script>alert(1)</script>',
    '<style>body{background:url(javascript:alert(1))}</style>',
    '<object data="javascript:alert(1)">alert(1)</object>',
  ])('drops %s with its content', (html) => {
    const output = sanitizeReportHtml(`${html}<p>after</p>`);
    expect(output).not.toMatch(/alert|onerror/);
  });

  it('keeps the text of a refused link but not the link', () => {
    expect(sanitizeReportHtml('<p><a href="jav&#x09;ascript:alert(1)">Read more</a></p>')).toBe('<p>Read more</p>');
    expect(sanitizeReportHtml('<a href="/relative">here</a> and <a href="//evil.example/">there</a>')).toBe(
      'here and there',
    );
  });

  it('unwraps a refused link without disturbing the next, kept link', () => {
    // sanitize-html bookkeeping regression: the second </a> must stay </a>.
    const output = sanitizeReportHtml('<a href="javascript:x">bad</a> <a href="https://example.com/">good</a> tail');
    expect(output).toBe('bad <a href="https://example.com/" rel="noopener noreferrer">good</a> tail');
  });
});

describe('sanitizeReportHtml keeps harmless formatting', () => {
  it('leaves allowed markup unchanged', () => {
    const html =
      '<h2>Love</h2><p>A <strong>strong</strong>, <em>warm</em>, <b>bold</b> and <i>light</i> week.<br />New line.</p>' +
      '<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol><blockquote>Quote</blockquote>' +
      '<h3>h3</h3><h4>h4</h4><h5>h5</h5><h6>h6</h6>';
    expect(sanitizeReportHtml(html)).toBe(html);
  });

  it('demotes h1 to h2 because the page owns its h1', () => {
    expect(sanitizeReportHtml('<h1>Career</h1><p>x</p>')).toBe('<h2>Career</h2><p>x</p>');
  });

  it('keeps https, http and mailto links, with rel added and target removed', () => {
    expect(sanitizeReportHtml('<a href="https://example.com/a?b=1&amp;c=2" target="_blank">site</a>')).toBe(
      '<a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer">site</a>',
    );
    expect(sanitizeReportHtml('<a href="http://example.com/">plain</a>')).toBe(
      '<a href="http://example.com/" rel="noopener noreferrer">plain</a>',
    );
    expect(sanitizeReportHtml('<a href="mailto:editor@example.com">mail</a>')).toBe(
      '<a href="mailto:editor@example.com" rel="noopener noreferrer">mail</a>',
    );
    // An author's rel is replaced, never merged (no "opener" can sneak back).
    expect(sanitizeReportHtml('<a href="https://example.com/" rel="opener">x</a>')).toBe(
      '<a href="https://example.com/" rel="noopener noreferrer">x</a>',
    );
  });

  it('keeps entities and non-ASCII text', () => {
    expect(sanitizeReportHtml('<p>Tom &amp; Jerry: é, ü, ♈ Aries, 日本</p>')).toBe(
      '<p>Tom &amp; Jerry: é, ü, ♈ Aries, 日本</p>',
    );
    expect(sanitizeReportHtml('&eacute;&#9800;')).toBe('é♈');
  });

  it('keeps plain text intact (as rendered text)', () => {
    const plain = 'Mars < Venus & Jupiter > Saturn, "quoted" and \'single\'. A calm week.';
    const output = sanitizeReportHtml(plain);
    expect(parseHtml(output).text).toBe(plain);
    expect(parseHtml(output).elements).toEqual([]);
  });

  it('strips disallowed wrappers and every attribute but keeps their text, blocks staying blocks', () => {
    expect(sanitizeReportHtml('<div class="x"><span style="color:red">kept</span></div>')).toBe('<div>kept</div>');
  });

  it('treats null and undefined (natal housetext) as empty', () => {
    expect(sanitizeReportHtml(null)).toBe('');
    expect(sanitizeReportHtml(undefined)).toBe('');
  });
});

describe('sanitizeEditorHtml', () => {
  it('keeps same-site relative links that editors write', () => {
    expect(sanitizeEditorHtml('<a href="/aries/">Aries</a> <a href="#top">top</a> <a href="../x">x</a>')).toBe(
      '<a href="/aries/" rel="noopener noreferrer">Aries</a> <a href="#top" rel="noopener noreferrer">top</a> <a href="../x" rel="noopener noreferrer">x</a>',
    );
  });
  it('still refuses protocol-relative and script links', () => {
    expect(
      sanitizeEditorHtml(
        '<a href="//evil.example/">a</a><a href="/\\evil.example/">b</a><a href=" /&#x09;/evil.example">c</a><a href="javascript:alert(1)">d</a>',
      ),
    ).toBe('abcd');
  });
});

describe("sanitizeEditorHtml under the path of the site's url", () => {
  it('puts root-relative links under the path, and leaves every other link as it is', () => {
    const html =
      '<a href="/about/">a</a> <a href="/">b</a> <a href="#top">c</a> <a href="../x">d</a> <a href="https://x.org/about/">e</a> <a href="//x.org/">f</a>';
    const links = parseHtml(sanitizeEditorHtml(html, { pathPrefix: '/horoscopes/' })).elements.map(
      (element) => element.attribs.href,
    );
    expect(links).toEqual(['/horoscopes/about/', '/horoscopes/', '#top', '../x', 'https://x.org/about/']);
  });

  // A browser strips leading spaces and any tab or line break from an href (WHATWG URL parsing), so these are
  // root-relative links too: published as written, they would miss the path and end at the domain's 404.
  it.each([' /about/', '\n/about/', '\t/about/ ', '/ab\nout/'])('puts %j under the path too, cleaned', (href) => {
    const html = `<a href="${href}">about</a>`;
    const links = parseHtml(sanitizeEditorHtml(html, { pathPrefix: '/horoscopes/' })).elements.map(
      (element) => element.attribs.href,
    );
    expect(links).toEqual(['/horoscopes/about/']);
  });

  // A replacement pattern in the path (String.prototype.replace's `$&`, `$1`, `` $` ``, `$'`) must stay text: put
  // into the HTML by a pattern replacement, `$&` brought the matched markup back and made an attribute of the rest.
  const hostile = '<p><a href="/c/autofocus/onfocus=alert(9401)//">focus</a></p>';
  it.each(['/$&/', '/$1/', '/$`/', "/$'/", "/a$&b$1c$`d$'e$$/"])(
    'keeps the path %s as it is, in the one link it makes',
    (pathPrefix) => {
      const { elements, text } = parseHtml(sanitizeEditorHtml(hostile, { pathPrefix }));
      expect(elements).toEqual([
        { name: 'p', attribs: {} },
        { name: 'a', attribs: { href: `${pathPrefix}c/autofocus/onfocus=alert(9401)//`, rel: LINK_REL } },
      ]);
      expect(text).toBe('focus');
    },
  );
});

describe('sanitizeEditorHtml checks a link as it will be published', () => {
  // The parser decodes these references into U+FFFE and U+FFFF, which XML forbids and the sanitizer removes from
  // its output: checked with them in, each address looked relative and came out as another scheme or host.
  const hidden = ['&#xFFFE;', '&#xFFFF;', '&#65534;', '&#65535;'];
  const addresses = (mark: string) => [
    `java${mark}script:alert(1)`,
    `data${mark}:text/html,x`,
    `vb${mark}script:x`,
    `/${mark}/evil.example/`,
    `${mark}//evil.example/`,
  ];
  it.each(hidden.flatMap((mark) => addresses(mark)))('refuses %j', (href) => {
    const output = sanitizeEditorHtml(`<p><a href="${href}">x</a></p>`);
    expect(output).toBe('<p>x</p>');
    expect(sanitizeReportHtml(`<p><a href="${href}">x</a></p>`)).toBe('<p>x</p>');
  });
  it('publishes a kept address without the characters XML forbids', () => {
    expect(sanitizeEditorHtml('<a href="/ar&#xFFFE;ies/">a</a>')).toBe(
      '<a href="/aries/" rel="noopener noreferrer">a</a>',
    );
  });
  it('strips those characters before parsing, so they cannot hide a tag name and leave its content as text', () => {
    expect(sanitizeEditorHtml('<p>a<scr\u0001ipt>alert(1)</scr\u0001ipt>b</p>')).toBe('<p>ab</p>');
  });
});

describe('isAllowedHref', () => {
  it.each([
    'https://example.com/',
    'http://example.com',
    'mailto:a@example.com',
    ' https://example.com/ ',
    'HTTPS://EXAMPLE.COM/',
  ])('accepts %s', (href) => expect(isAllowedHref(href)).toBe(true));
  it.each([
    'javascript:alert(1)',
    'jav\tascript:alert(1)',
    '\u0001javascript:alert(1)',
    'data:text/html,x',
    'vbscript:x',
    '/relative',
    '//host/x',
    '#top',
    'ftp://example.com/',
    'tel:123',
    '',
  ])('refuses %j', (href) => expect(isAllowedHref(href)).toBe(false));
});

describe('isAllowedHref with same-site links (editors)', () => {
  const sameSite = { allowSameSite: true };
  it.each(['/about/', '/weekly/2026-w47/leo/', '#top', 'privacy/', '?q=1'])('accepts %j', (href) =>
    expect(isAllowedHref(href, sameSite)).toBe(true),
  );
  // A browser reads each of these as another host: protocol-relative, once it has dropped tabs and newlines,
  // turned backslashes into slashes and trimmed leading spaces and controls.
  it.each([
    'java\uFFFEscript:alert(1)',
    '/\uFFFF/host',
    '//host/x',
    '/\\host/x',
    '\\\\host',
    ' /\t/host',
    '\t//host',
    '/\n/host',
    '\u0001//host',
    'javascript:alert(1)',
    'JaVaScRiPt:x',
    'data:text/html,x',
  ])('refuses %j', (href) => expect(isAllowedHref(href, sameSite)).toBe(false));
});

describe('escapeHtml', () => {
  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`<script>alert("x") & 'y'</script>`)).toBe(
      '&lt;script&gt;alert(&quot;x&quot;) &amp; &#39;y&#39;&lt;/script&gt;',
    );
  });
  it("escapes a backslash as the templates' autoescape does (Nunjucks: &#92;), so a function prints what a template would", () => {
    expect(escapeHtml('C:\\Charts')).toBe('C:&#92;Charts');
  });
  it('leaves other text alone', () => {
    expect(escapeHtml('Bélier ♈')).toBe('Bélier ♈');
  });
});

describe('sanitizeReportHtml keeps odd but harmless markup readable', () => {
  it('keeps the text of a service that writes divs, a table, sup, a numbered list and rules apart', () => {
    // Written the way another service might write a report; the expected output is worked out by hand from the
    // policy: blocks stay blocks (sectioning elements become bare divs), cells keep only small spans, lists keep
    // a small `start`, a stray list item becomes a div, and nothing keeps a class, style or handler.
    const service = [
      '<section class="report"><div>Block one</div><div style="color:red">Block two</div></section>',
      '<table border="1"><caption>Ratings</caption><tr><th colspan="2" onclick="x()">This week</th></tr>',
      '<tr><td>Love</td><td rowspan="0">4/5</td></tr><tr><td>Money</td><td>3/5</td></tr></table>',
      '<hr><p>Mercury<sup>&#9791;</sup> turns direct.</p><ol start="3" type="i"><li>Rest</li><li>Act</li></ol>',
      '<li draggable ondrag="alert(1)">A stray item</li><dl><dt>Colour</dt><dd>Gold</dd></dl>',
    ].join('');
    expect(sanitizeReportHtml(service)).toBe(
      [
        '<div><div>Block one</div><div>Block two</div></div>',
        '<table><caption>Ratings</caption><tr><th colspan="2">This week</th></tr>',
        '<tr><td>Love</td><td>4/5</td></tr><tr><td>Money</td><td>3/5</td></tr></table>',
        '<hr /><p>Mercury<sup>\u263F</sup> turns direct.</p><ol start="3"><li>Rest</li><li>Act</li></ol>',
        '<div>A stray item</div><dl><dt>Colour</dt><dd>Gold</dd></dl>',
      ].join(''),
    );
  });

  it('keeps list items, terms and cells only inside their list, definition list or table', () => {
    expect(sanitizeReportHtml('<li>one</li><li>two</li>')).toBe('<div>one</div><div>two</div>');
    expect(sanitizeReportHtml('<ul><li>kept</li></ul><li>stray</li>')).toBe('<ul><li>kept</li></ul><div>stray</div>');
    expect(sanitizeReportHtml('<dd>term</dd><tr><td>cell</td></tr>')).toBe('<div>term</div><div><div>cell</div></div>');
    expect(sanitizeReportHtml('<ol start="0"><li>a</li></ol><ol start="12345"><li>b</li></ol>')).toBe(
      '<ol><li>a</li></ol><ol><li>b</li></ol>',
    );
  });

  it('drops the characters XML forbids, so the feeds that carry the text stay readable', () => {
    expect(sanitizeReportHtml('<p>a\u0001b\u000Bc\u000Cd\u001Fe\uFFFEf\uFFFFg\uD800h\uDC00i</p>')).toBe(
      '<p>abcdefghi</p>',
    );
    expect(sanitizeReportHtml('<p>tab\tline\nmoon \u{1F315}</p>')).toBe('<p>tab\tline\nmoon \u{1F315}</p>');
  });
});

describe('normalizeHeadings', () => {
  it('normalizeHeadings makes levels consecutive from the top level', () => {
    expect(normalizeHeadings('<h4>a</h4><h6>b</h6>', 2)).toBe('<h2>a</h2><h3>b</h3>');
    expect(normalizeHeadings('<h2>a</h2><h3>b</h3>', 2)).toBe('<h2>a</h2><h3>b</h3>');
    expect(normalizeHeadings('<p>none</p>', 3)).toBe('<p>none</p>');
    expect(normalizeHeadings('<h1>a</h1><h2>b</h2><hr><header>c</header>', 2)).toBe(
      '<h2>a</h2><h3>b</h3><hr><header>c</header>',
    );
    expect(normalizeHeadings('<h2>a</h2><h3>b</h3><h4>c</h4><h5>d</h5><h6>e</h6>', 3)).toBe(
      '<h3>a</h3><h4>b</h4><h5>c</h5><h6>d</h6><h6>e</h6>',
    );
  });

  it('normalizeHeadings keeps the order of levels, whatever order they appear in (worked by hand)', () => {
    expect(normalizeHeadings('<h6>f</h6><h3>c</h3><h5>e</h5>', 2)).toBe('<h4>f</h4><h2>c</h2><h3>e</h3>');
    expect(normalizeHeadings('<h5>a</h5><h5>b</h5><h1>c</h1>', 3)).toBe('<h4>a</h4><h4>b</h4><h3>c</h3>');
    expect(normalizeHeadings('<h2>a</h2><h4>b</h4><h6>c</h6>', 1)).toBe('<h1>a</h1><h2>b</h2><h3>c</h3>');
    expect(normalizeHeadings('<h1>a</h1><h2>b</h2><h3>c</h3><h4>d</h4><h5>e</h5><h6>f</h6>', 4)).toBe(
      '<h4>a</h4><h5>b</h5><h6>c</h6><h6>d</h6><h6>e</h6><h6>f</h6>',
    );
    expect(normalizeHeadings('<h3>x</h3>', 6)).toBe('<h6>x</h6>');
  });
});
