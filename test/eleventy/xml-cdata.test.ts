import { describe, expect, it } from 'vitest';
import { cdataSection } from '../../src/eleventy/xml-cdata.ts';
import { parseXml } from '../helpers/xml.ts';

describe('cdataSection', () => {
  it('carries HTML as it is, markup, entities and quotes included', () => {
    const html = '<p class="a">Fish &amp; chips, 5 &lt; 6 &gt; 4 and "quotes" \'too\'</p>';
    expect(cdataSection(html)).toBe(`<![CDATA[${html}]]>`);
    expect(parseXml(`<content>${cdataSection(html)}</content>`).text).toBe(html);
  });

  it('splits ]]>, which would end the section early, so the text comes back whole', () => {
    const html = '<p>a]]>b]]]]>c</p>]]>';
    const xml = `<content>${cdataSection(html)}</content>`;
    expect(parseXml(xml).text).toBe(html);
  });

  it('drops the characters XML 1.0 forbids, keeping tabs and newlines', () => {
    expect(parseXml(`<content>${cdataSection('a\u0000b\u0008c\u000Bd\te\nf\rg\uFFFE')}</content>`).text).toBe('abcd\te\nf\rg');
  });
});
