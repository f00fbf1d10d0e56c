// src/data/ascii-json.ts: JSON that decodes as ASCII and parses back to exactly the value written.
import { describe, expect, it } from 'vitest';
import { asciiJson, decodeText } from '../../src/data/ascii-json.ts';

describe('asciiJson', () => {
  const value = {
    label: 'November 16 – 22, 2026',
    french: 'Bélier, Gémeaux, Capricorne',
    glyphs: '♈︎ ♉ 🌕',
    separators: 'a\u2028b\u2029c\u007fd',
    loneSurrogates: '\ud800 x \udfff',
    html: '<p>Tom &amp; Jerry\'s "quote"</p>',
    nested: [{ n: 1, t: 'ü' }, null, true],
  };

  it('writes nothing outside ASCII', () => {
    const text = asciiJson(value);
    expect(text).not.toMatch(/[\u0080-\uffff]/);
    expect(text).toContain('\\u2013');
  });

  it('parses back to the same value, and to what JSON.stringify would have given', () => {
    expect(JSON.parse(asciiJson(value))).toEqual(value);
    expect(JSON.parse(asciiJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
  });

  it('leaves ASCII-only JSON as JSON.stringify writes it', () => {
    const plain = { a: 'x "y" \\ z', b: [1, 2.5, null] };
    expect(asciiJson(plain)).toBe(JSON.stringify(plain));
  });
});

describe('decodeText', () => {
  it('reads ASCII and UTF-8 files alike, each to its text', () => {
    const ascii = asciiJson({ label: 'Bélier – ♈' });
    expect(decodeText(Buffer.from(ascii, 'utf8'))).toBe(ascii);
    expect(decodeText(Buffer.from('Bélier – ♈ 🌕', 'utf8'))).toBe('Bélier – ♈ 🌕');
    expect(decodeText(Buffer.alloc(0))).toBe('');
  });
});
